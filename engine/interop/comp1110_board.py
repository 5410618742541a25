"""COMP1110 board strings as the engine's :class:`~engine.play.island.Island` and back
(``../shared/reference/COMP1110-NOTATION.md`` §3), for game states whose terrain is
whatever the board string says rather than a scenario's set-up.

Reading: :func:`~engine.interop.comp1110_challenge.parse_board_string` checks the
string; every square but ``n`` is island; terrain letters (uppercase under a cat) go
to the per-terrain bitsets; ``f`` is fire; each ``o`` and its eight neighbours on the
board are raft squares (§3.2): a terrain letter there is a destination of that colour,
``w``/``W`` one any cat may use, and nothing else lies on them.  A raft whose eight
squares are all wild is boarded from any side, like raft A (rulebook "Raft cards").
Cats stand where the uppercase letters are; a ``W`` cat's colour is not in the board,
so it comes from the exhausted-cats entry naming that square, if any.

Writing inverts it from a :class:`~engine.play.state.GameState`: fire first, then raft
squares (``o``, ``w``/``W``, destination colours), then terrain, uppercase under a cat.
"""

from __future__ import annotations

from typing import Sequence

from engine.model.catalog import TERRAINS, Catalog
from engine.model.geometry import Square
from engine.model.scenario import RuleOptions, Scenario
from engine.play.bitboard import BitGrid, bit_grid, iter_bits
from engine.play.island import TERRAIN_INDEX, Island
from engine.play.state import GameState

from .comp1110_challenge import TERRAIN_NOTATION, UNKNOWN_CAT, BoardSquare, parse_board_string

__all__ = ["BOARD_SCENARIO", "UNKNOWN_COLOUR", "island_from_board", "write_board"]

UNKNOWN_COLOUR = "unknown"  # a cat on a wild raft square with no exhausted entry: never moves again
NOT_ISLAND = "n"
# The Island's scenario: a board string is not a scenario, but the model wants one.
BOARD_SCENARIO = Scenario(
    id="comp1110-game-state",
    name="COMP1110 game state",
    notes="Built from a COMP1110 board string; the terrain is the string's, square by square.",
    rules=RuleOptions(players=(1,)),
)


def _raft_card(grid: BitGrid, centre: int) -> int:
    """The 3x3 raft card around a centre bit, clipped to the board."""
    r, c = grid.square(centre)
    return grid.mask(
        (r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if 0 <= r + dr < grid.rows and 0 <= c + dc < grid.cols
    )


def _boarding(grid: BitGrid, centres: int, wild: int) -> tuple[tuple[int, int], ...]:
    """Open rafts: every raft whose eight squares on the board are all wild."""
    out = []
    for centre in iter_bits(centres):
        card = _raft_card(grid, centre)
        if card & ~(1 << centre) == card & wild:
            out.append((card, card & wild))
    return tuple(out)


def island_from_board(
    board: str, catalog: Catalog, *, decks: Sequence[str], colours: Sequence[tuple[str, Square]] = ()
) -> Island:
    """The island a board string shows.  ``decks`` are the engine deck names in play;
    ``colours`` are exhausted-cat entries ``(colour, square)``, which name the colour of
    a ``W`` cat.  ValueError says what is wrong with the string."""
    rows = parse_board_string(board)
    grid = bit_grid(len(rows), len(rows[0]))
    centres = grid.mask((r, c) for r, row in enumerate(rows) for c, sq in enumerate(row) if sq.raft_centre)
    raft = 0
    for centre in iter_bits(centres):
        raft |= _raft_card(grid, centre)
    named = dict((square, colour) for colour, square in colours)
    terrain = [0] * len(TERRAINS)
    dest = [0] * len(TERRAINS)
    land = fire = wild = 0
    cats: list[tuple[str, int]] = []
    for r, row in enumerate(rows):
        for c, sq in enumerate(row):
            bit = grid.bit((r, c))
            if sq == BoardSquare():  # 'n': not part of the island
                continue
            land |= bit
            if sq.fire:
                fire |= bit
            elif sq.wild:
                if not raft & bit:
                    raise ValueError(f"board string: wild square {'W' if sq.cat else 'w'} at ({r}, {c}) is not next to a raft centre 'o'")
                wild |= bit
            elif sq.terrain is not None:
                (dest if raft & bit else terrain)[TERRAIN_INDEX[sq.terrain]] |= bit
            if sq.cat is not None:
                colour = named.get((r, c), UNKNOWN_COLOUR) if sq.cat == UNKNOWN_CAT else sq.cat
                cats.append((colour, grid.index((r, c))))
    tiles = {t.id: t for t in catalog.fire_tiles.values() if not t.hybrid}
    return Island(
        scenario=BOARD_SCENARIO,
        catalog=catalog,
        choices=(),
        grid=grid,
        land=land,
        fixed_fire=fire,
        raft=raft & land,
        dest=tuple(d | wild for d in dest),
        boarding=_boarding(grid, centres, wild),
        start_terrain=tuple(terrain),
        cat_colours=tuple(colour for colour, _ in cats),
        # a cat of unknown colour stands on a wild raft square and never moves: its
        # terrain index is never consulted
        cat_terrain=tuple(TERRAIN_INDEX.get(colour, 0) for colour, _ in cats),
        cat_starts=tuple(index for _, index in cats),
        cards={card.key: card for deck in decks for card in catalog.decks[deck]},
        decks=tuple(decks),
        tiles=tiles,
        tile_order={tid: i for i, tid in enumerate(tiles)},
    )


def _letter(state: GameState, bit: int, wild: int) -> str:
    island = state.island
    cat = bool(state.cat_mask & bit)
    if not island.land & bit:
        return NOT_ISLAND
    if state.fire & bit:
        return "f"
    if island.raft & bit:
        if wild & bit:
            return "W" if cat else "w"
        colour = next((t for t, m in zip(TERRAINS, island.dest) if m & bit), None)
    else:
        colour = next((t for t, m in zip(TERRAINS, state.terrain) if m & bit), None)
    if colour is None:
        if island.raft & bit and not cat:
            return "o"
        raise ValueError(f"board string: square {list(island.grid.square(bit.bit_length() - 1))} shows no colour")
    letter = TERRAIN_NOTATION[colour]
    return letter.upper() if cat else letter


def write_board(state: GameState) -> str:
    """The board string of an engine state built by :func:`island_from_board`."""
    grid = state.island.grid
    wild = state.island.dest[0]
    for m in state.island.dest[1:]:
        wild &= m
    return "".join(
        "".join(_letter(state, grid.bit((r, c)), wild) for c in range(grid.cols)) + "\n" for r in range(grid.rows)
    )
