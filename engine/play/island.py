"""The static half of a game: the island as it was set up, as bit masks.

An :class:`Island` is built once per game from an :class:`engine.model.layout.IslandLayout`
and shared (never copied) by every clone of the game state.  It holds what play never
changes: the island squares, permanent fire (board strips, fire cards, fire printed on
location cards), raft squares and destinations, the cats' colours and starting
squares, and lookup tables for the component catalog.

Rafts: a cat may end on a destination of its colour or an any-colour one, entering it
as the last step of its move (MV-3, MV-4).  A raft card with no coloured destination
(raft A) is *boarded from any side* instead: "as soon as a cat is immediately adjacent
to the raft card it may move onto it" (rulebook "Raft cards"), so a cat next to any
square of the card may end on any free destination of that card (8, as in U1's model).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Mapping

from engine.model.card_paths import EXIT_LETTERS
from engine.model.catalog import CAT_COLOURS, RAFT_ANY, RAFT_BLOCKED, TERRAINS, Catalog, FireTile, PathwayCard
from engine.model.geometry import Square, cells_extent, square_text, transform_cells
from engine.model.layout import BoardChoice, IslandLayout, PlacedRescue
from engine.model.scenario import Scenario
from engine.play.actions import PlaceFire
from engine.play.bitboard import CARD, BitGrid, bit_grid, window_mask
from engine.play.outcome import IllegalAction

TERRAIN_INDEX: dict[str, int] = {t: i for i, t in enumerate(TERRAINS)}
CAT_INDEX: dict[str, int] = {t: i for i, t in enumerate(CAT_COLOURS)}  # white = len(TERRAINS): no terrain


class UnsupportedScenario(ValueError):
    """The scenario uses something the engine does not model yet; the message says what.
    ``why`` is the message without the scenario's name, for a list that names it already."""

    def __init__(self, message: str, why: str | None = None) -> None:
        super().__init__(message)
        self.why = why or message


@dataclass(frozen=True, eq=False)
class Island:
    scenario: Scenario
    catalog: Catalog
    choices: tuple[BoardChoice, ...]
    grid: BitGrid
    land: int  # every island square
    fixed_fire: int  # fire that water cannot remove (WT-2)
    raft: int  # every square of every raft card: nothing is placed there (PL-7)
    dest: tuple[int, ...]  # per terrain index: destinations a cat of that colour may use
    boarding: tuple[tuple[int, int], ...]  # open rafts (raft A): (card squares, free-for-all destinations)
    start_terrain: tuple[int, ...]  # per terrain index, at set-up
    cat_colours: tuple[str, ...]
    cat_terrain: tuple[int, ...]
    cat_starts: tuple[int, ...]  # bit index per cat
    cards: Mapping[str, PathwayCard]  # "deck:id" -> card
    decks: tuple[str, ...]
    tiles: Mapping[str, FireTile]
    tile_order: Mapping[str, int]  # the bag's canonical order (catalog order)
    iconless: int = 0  # icon-less squares of rafts with coloured destinations (RuleSet.iconless_raft_squares, C11)

    # Oshax paths and rescue strips (engine.play.links); defaults keep islands built elsewhere path-free
    oshax: tuple[int, int, int, int] = (0, 0, 0, 0)  # visible path exits at set-up, per side N E S W
    path_cards: frozenset[str] = frozenset()  # pathway cards ("deck:id") that carry an Oshax path
    white_starts: int = 0  # white cats' start spots: no other cat may end a move there (MV-5)
    rescues: tuple[tuple[int, int, int, int], ...] = ()  # (terrain index, east sides, south sides, circle bit)

    @classmethod
    def from_layout(cls, scenario: Scenario, catalog: Catalog, layout: IslandLayout, hybrid: bool = False) -> "Island":
        for colour, square in layout.cats:
            if colour not in CAT_INDEX:
                raise UnsupportedScenario(
                    f"scenario '{scenario.id}': the {colour} cat starting on "
                    f"{square_text(square)} is no cat colour; fix the location card"
                )
        grid = bit_grid(layout.rows, layout.cols)
        land = grid.mask(layout.island)  # checked: every other square of the layout is an island square
        stride = grid.stride
        terrain = [0] * len(TERRAINS)
        for (r, c), colour in layout.terrain.items():
            terrain[TERRAIN_INDEX[colour]] |= 1 << (r * stride + c)
        by_colour: dict[str | None, int] = dict.fromkeys([None, *CAT_COLOURS], 0)
        for (r, c), raft_colour in layout.rafts.items():
            by_colour[raft_colour] = by_colour.get(raft_colour, 0) | 1 << (r * stride + c)
        wild = by_colour[None]
        dest = tuple(wild | by_colour[t] for t in CAT_COLOURS)
        for colour, square in layout.cats:
            if colour != "white" and layout.terrain_at(square) != colour:
                raise UnsupportedScenario(
                    f"scenario '{scenario.id}': the {colour} cat starts on {square_text(square)}, which shows "
                    f"{layout.terrain_at(square) or 'no terrain'}; check the location card"
                )
        boarding = []
        open_rafts = 0
        for _, card in scenario.cards_of("raft"):
            raft_card = card.raft_card(catalog)
            if raft_card is not None and set("".join(raft_card.grid)) <= {RAFT_ANY, RAFT_BLOCKED}:
                squares = grid.mask(card.squares())
                boarding.append((squares, squares & wild))
                open_rafts |= squares
        cards, tiles, tile_order = _catalog_tables(catalog, hybrid)
        return cls(
            scenario=scenario,
            catalog=catalog,
            choices=tuple(layout.choices),
            grid=grid,
            land=land,
            fixed_fire=sum(1 << (r * stride + c) for r, c in layout.fire),
            raft=sum(by_colour.values()) | sum(1 << (r * stride + c) for r, c in layout.raft_blocked),
            dest=dest,
            boarding=tuple(boarding),
            start_terrain=tuple(terrain),
            cat_colours=tuple(colour for colour, _ in layout.cats),
            cat_terrain=tuple(CAT_INDEX[colour] for colour, _ in layout.cats),
            cat_starts=tuple(grid.index(sq) for _, sq in layout.cats),
            cards=cards,
            decks=tuple(catalog.decks),
            tiles=tiles,
            tile_order=tile_order,
            iconless=wild & ~open_rafts,
            oshax=_exit_masks(grid, layout.oshax),
            path_cards=frozenset(c.key for cards in catalog.decks.values() for c in cards if c.oshax),
            white_starts=grid.mask(sq for colour, sq in layout.cats if colour == "white"),
            rescues=tuple(_rescue_masks(grid, r) for r in layout.rescues),
        )

    # --- footprints ----------------------------------------------------------------
    def anchored(self, at: tuple[int, int], height: int, width: int, shape: int, what: str) -> int:
        """``shape`` (a mask anchored at the origin) moved to ``at``; raises
        :class:`IllegalAction` when its ``height`` x ``width`` box leaves the grid."""
        grid = self.grid
        r, c = at
        if r < 0 or c < 0 or r + height > grid.rows or c + width > grid.cols:
            raise IllegalAction(
                "off-island", f"{what} at {square_text(at)} would hang off the island; place it fully on the boards"
            )
        return shape << (r * grid.stride + c)

    def card_mask(self, at: tuple[int, int]) -> int:
        """The 3x3 squares of a card whose top-left square is ``at``."""
        return self.anchored(at, CARD, CARD, window_mask(self.grid), "a card")

    def tile_mask(self, action: PlaceFire) -> int:
        """The squares a fire tile placement covers (rotated, flipped, anchored)."""
        tile = self.tiles.get(action.tile)
        if tile is None:
            raise IllegalAction("wrong-tile", f"there is no fire tile '{action.tile}'")
        oh, ow, shape = _placed_tile(self.grid, tile.cells, bool(action.flipped), action.rotation % 4)
        return self.anchored(action.at, oh, ow, shape, f"fire tile {action.tile}")


_TABLES: dict[tuple[int, bool], tuple[Catalog, tuple[dict[str, PathwayCard], dict[str, FireTile], dict[str, int]]]] = {}


def _catalog_tables(
    catalog: Catalog, hybrid: bool
) -> tuple[dict[str, PathwayCard], dict[str, FireTile], dict[str, int]]:
    """The card, fire tile and bag-order lookups of a catalog, built once per catalog
    object (catalogs are frozen) and shared, read-only, by every island."""
    cached = _TABLES.get((id(catalog), hybrid))
    if cached is not None and cached[0] is catalog:
        return cached[1]
    tiles = {t.id: t for t in catalog.fire_tiles.values() if hybrid or not t.hybrid}
    tables = (
        {c.key: c for cards in catalog.decks.values() for c in cards},
        tiles,
        {tid: i for i, tid in enumerate(tiles)},
    )
    _TABLES[(id(catalog), hybrid)] = (catalog, tables)
    return tables


@cache
def _placed_tile(grid: BitGrid, cells: tuple[Square, ...], flipped: bool, rotation: int) -> tuple[int, int, int]:
    """Height, width and bit-0 shape of a tile in one orientation (built once per grid)."""
    h, w = cells_extent(cells)
    placed = transform_cells(cells, h, w, flipped, rotation)
    oh, ow = cells_extent(placed)
    return oh, ow, grid.shape(placed)


def _exit_masks(grid: BitGrid, exits: Mapping[Square, str]) -> tuple[int, int, int, int]:
    """Per side (N, E, S, W): the squares whose Oshax path leaves by that side."""
    out = [0, 0, 0, 0]
    for square, letters in exits.items():
        for letter in letters:
            out[EXIT_LETTERS.index(letter)] |= grid.bit(square)
    return out[0], out[1], out[2], out[3]


def _rescue_masks(grid: BitGrid, rescue: PlacedRescue) -> tuple[int, int, int, int]:
    """A strip as link masks: bit of the square west of (east side) or north of (south
    side) each side the strip lies along."""
    east = south = 0
    for (r, c), side in rescue.edges:
        if side == "E" and c + 1 < grid.cols:
            east |= grid.bit((r, c))
        elif side == "W" and c > 0:
            east |= grid.bit((r, c - 1))
        elif side == "S" and r + 1 < grid.rows:
            south |= grid.bit((r, c))
        elif side == "N" and r > 0:
            south |= grid.bit((r - 1, c))
    return TERRAIN_INDEX[rescue.colour], east, south, grid.bit(rescue.circle)
