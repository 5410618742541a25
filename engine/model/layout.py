"""Island set-up: which physical boards fill a scenario's board slots, and the squares
that result once the cards are laid on top.  Pure functions, no game state.

The rulebook has the team draw the island boards at set-up; a scenario only says
each slot's size, face and (for a fire face) the edge carrying the strip.  So set-up
is two steps, shared by the rules engine, the COMP1110 interop and the studio:

1. :func:`draw_board_choices` picks, for every slot, a physical board of the right
   size that no other slot uses, and its rotation: a fire face's rotation follows from
   its ``fire_edge``; a plain face gets a random rotation that keeps the slot's
   footprint (any for large boards, 0/2 for horizontal and 1/3 for vertical small
   ones).  Pinned slots (``BoardSlot.pin``) keep their board and rotation.
   :func:`fixed_board_choices` is the deterministic variant (lowest-numbered unused
   board, first allowed rotation) for previews and reproducible imports.
2. :func:`compose_island` lays the chosen board faces into their slots (through
   ``BoardSlot.terrain``), then the cards in NOTATION §9.4 order whatever their order
   in the scenario: fire cards, then location cards, then raft cards.  Later layers
   overwrite earlier ones square by square.

The result, an :class:`IslandLayout`, says per square: whether it is on the island,
its terrain colour (``None`` off the island, on printed fire and on raft squares),
fire (board strips, fire cards, fire printed on location cards), raft destinations
(colour, ``None`` = any colour) and blocked raft art, plus the cats' starting squares
and the board choices.  Errors (too few boards, a bad pin, a card missing from the
catalog or reaching off the island) raise :class:`LayoutError` naming the slot or card
and the fix; a scenario without validation errors should never raise one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Mapping, Sequence

from engine.model.card_paths import turn_exits
from engine.model.catalog import LETTER_TO_TERRAIN, RAFT_BLOCKED, Catalog, IslandBoard
from engine.model.geometry import Grid, Square, square_text
from engine.model.scenario import CARD_SIZE, BoardSlot, CardPlacement, Scenario
from engine.model.special_boards import OUTLINE_OFF, outline_of

__all__ = [
    "BoardChoice",
    "IslandLayout",
    "LayoutError",
    "PlacedRescue",
    "compose_island",
    "draw_board_choices",
    "fitting_boards",
    "fixed_board_choices",
    "footprint_rotations",
]

CARD_LAYERS = ("fire", "location", "raft")  # NOTATION §9.4: later layers overwrite


class LayoutError(ValueError):
    """The scenario cannot be set up with this catalog; the message names the slot or
    card and the fix."""


@dataclass(frozen=True)
class BoardChoice:
    """The physical board (catalog id, e.g. ``"L2"``) in one slot and its rotation in
    clockwise quarter turns of the face's north form."""

    board: str
    rotation: int


@dataclass(frozen=True)
class PlacedRescue:
    """A location card's rescue strip on the grid: the edges (square, side ``NESW``)
    a cat of ``colour`` crosses only while another cat of it stands on ``circle``."""

    colour: str
    edges: tuple[tuple[Square, str], ...]
    circle: Square


@dataclass(frozen=True)
class IslandLayout:
    """The island as set up: boards and cards composed, before any play."""

    rows: int
    cols: int
    island: frozenset[Square]
    terrain: Mapping[Square, str]  # island squares showing a colour; see terrain_at
    fire: frozenset[Square]
    rafts: Mapping[Square, str | None]  # destination squares: colour, None = any colour
    raft_blocked: frozenset[Square]  # raft art no cat may use (the card's centre)
    cats: tuple[tuple[str, Square], ...]  # (colour, start square) in card order
    choices: tuple[BoardChoice, ...]  # per board slot, in the scenario's slot order
    oshax: Mapping[Square, str] = field(default_factory=dict)  # visible Oshax path exits (NESW letters)
    rescues: tuple[PlacedRescue, ...] = ()  # rescue-friend strips as laid

    def terrain_at(self, square: Square) -> str | None:
        """``'blue'`` .. ``'purple'``; None off the island, on fire and on raft squares."""
        return self.terrain.get(square)

    def raft_squares(self) -> frozenset[Square]:
        return frozenset(self.rafts) | self.raft_blocked


def footprint_rotations(slot: BoardSlot) -> tuple[int, ...]:
    """Rotations of the board's north form that fill exactly this slot (a special
    board's slot names its own turn: its outline need not be symmetric)."""
    if slot.special:
        return (slot.turns % 4,)
    if slot.size == "large":
        return (0, 1, 2, 3)
    return (1, 3) if slot.orientation == "vertical" else (0, 2)


def _slot_name(index: int, slot: BoardSlot) -> str:
    return f"board slot {index + 1} ({slot.size} {slot.face} face at {square_text(slot.at)})"


def _fixed_rotation(index: int, slot: BoardSlot) -> int | None:
    """The rotation the slot itself determines (fire edge or pin), checked against
    the footprint; None when it is free (an unpinned plain face)."""
    turns = slot.rotation()
    if turns is None:
        return None
    if turns not in footprint_rotations(slot):
        if slot.face == "fire":
            fix = f"fire edge '{slot.fire_edge}' is not a short edge; use {' or '.join(slot.allowed_fire_edges())}"
        else:
            fix = f"pinned rotation {turns} does not fill the slot; use one of {footprint_rotations(slot)}"
        raise LayoutError(f"{_slot_name(index, slot)}: {fix}")
    return turns


def _choose(scenario: Scenario, catalog: Catalog, rng: random.Random | None) -> tuple[BoardChoice, ...]:
    pinned = {slot.pin.board for slot in scenario.boards if slot.pin is not None}
    used: set[str] = set()
    out: list[BoardChoice] = []
    for i, slot in enumerate(scenario.boards):
        turns = _fixed_rotation(i, slot)
        if slot.pin is not None:
            board_id = slot.pin.board
        else:
            free = [b.id for b in fitting_boards(slot, catalog) if b.id not in used and b.id not in pinned]
            if not free:
                if slot.special:
                    raise LayoutError(
                        f"{_slot_name(i, slot)}: no unused board of shape '{slot.shape}' shows this "
                        f"outline on its {slot.face} face; add one to a catalog or re-place the board "
                        "from the palette"
                    )
                have = len(catalog.boards_of_size(slot.size))
                need = sum(1 for s in scenario.boards if s.size == slot.size)
                raise LayoutError(
                    f"{_slot_name(i, slot)}: no unused {slot.size} board left (the scenario needs {need}, "
                    f"the catalog has {have}); remove a {slot.size} slot"
                )
            board_id = free[0] if rng is None else rng.choice(free)
        if turns is None:
            options = footprint_rotations(slot)
            turns = options[0] if rng is None else rng.choice(options)
        used.add(board_id)
        out.append(BoardChoice(board_id, turns))
    return tuple(out)


def draw_board_choices(scenario: Scenario, catalog: Catalog, rng: random.Random) -> tuple[BoardChoice, ...]:
    """Draw a board and rotation for every slot at random, as the rulebook's set-up does.
    The RNG is consulted slot by slot (board, then plain-face rotation) for replays."""
    return _choose(scenario, catalog, rng)


def fixed_board_choices(scenario: Scenario, catalog: Catalog) -> tuple[BoardChoice, ...]:
    """Deterministic choices: the first unused board of each size, first allowed rotation."""
    return _choose(scenario, catalog, None)


def _check_choices(scenario: Scenario, catalog: Catalog, choices: Sequence[BoardChoice]) -> None:
    if len(choices) != len(scenario.boards):
        raise LayoutError(
            f"{len(choices)} board choices for {len(scenario.boards)} board slots; give one choice per slot"
        )
    seen: dict[str, int] = {}
    for i, (slot, choice) in enumerate(zip(scenario.boards, choices)):
        board = catalog.board(choice.board)
        if board is None:
            raise LayoutError(
                f"{_slot_name(i, slot)}: board '{choice.board}' is not in the catalog; pick another board"
            )
        if board.size != slot.size:
            raise LayoutError(
                f"{_slot_name(i, slot)}: board '{choice.board}' is {board.size}; pick a {slot.size} board"
            )
        if slot.special and board not in fitting_boards(slot, catalog):
            raise LayoutError(
                f"{_slot_name(i, slot)}: board '{choice.board}' does not show the slot's outline of "
                f"shape '{slot.shape}' on its {slot.face} face; pick a board of that shape"
            )
        if choice.board in seen:
            raise LayoutError(
                f"{_slot_name(i, slot)}: board '{choice.board}' is already used by slot {seen[choice.board] + 1}; "
                "each physical board can be used once"
            )
        seen[choice.board] = i
        if slot.pin is not None and slot.pin.board != choice.board:
            raise LayoutError(f"{_slot_name(i, slot)}: the slot is pinned to '{slot.pin.board}', not '{choice.board}'")
        fixed = _fixed_rotation(i, slot)
        allowed = (fixed,) if fixed is not None else footprint_rotations(slot)
        if choice.rotation % 4 not in allowed:
            raise LayoutError(
                f"{_slot_name(i, slot)}: rotation {choice.rotation} is not allowed here; use one of {allowed}"
            )


def _card_name(index: int, card: CardPlacement) -> str:
    ident = f" {card.ident}" if card.ident else ""
    return f"card {index + 1} ({card.kind}{ident} at {square_text(card.at)})"


def compose_island(scenario: Scenario, catalog: Catalog, choices: Sequence[BoardChoice]) -> IslandLayout:
    """Lay the chosen boards and the scenario's cards out on the grid."""
    _check_choices(scenario, catalog, choices)
    letters: dict[Square, str] = {}
    for slot, choice in zip(scenario.boards, choices):
        grid = slot.terrain(catalog, rotation=choice.rotation % 4, board_id=choice.board)
        assert grid is not None  # _check_choices proved the board exists
        _paint(letters, slot.at, grid)
    island = frozenset(letters)

    rafts: dict[Square, str | None] = {}
    blocked: set[Square] = set()
    cats: list[tuple[str, Square]] = []
    paths: dict[Square, str] = {}
    rescues: list[PlacedRescue] = []
    for kind in CARD_LAYERS:
        for i, card in scenario.cards_of(kind):
            grid = card.grid(catalog)
            if grid is None:
                raise LayoutError(
                    f"{_card_name(i, card)}: the catalog has no {kind} card '{card.ident}'; pick a card it lists"
                )
            outside = [sq for sq in card.squares() if sq not in island]
            if outside:
                raise LayoutError(
                    f"{_card_name(i, card)}: square {square_text(outside[0])} is off the island; move the card onto the boards"
                )
            covered = set(card.squares())
            blocked -= covered
            rafts = {sq: colour for sq, colour in rafts.items() if sq not in covered}
            cats = [(colour, sq) for colour, sq in cats if sq not in covered]
            _lay_paths(paths, rescues, card, catalog, covered)
            if kind == "raft":
                _paint(letters, card.at, (RAFT_BLOCKED * CARD_SIZE,) * CARD_SIZE)
                rafts.update(card.destinations(catalog))
                blocked |= covered - set(rafts)
            else:
                _paint(letters, card.at, grid)
                cats.extend(card.cat_starts(catalog))

    terrain = {sq: LETTER_TO_TERRAIN[ch] for sq, ch in letters.items() if ch in LETTER_TO_TERRAIN and ch != "f"}
    rows, cols = scenario.extent()
    return IslandLayout(
        rows=rows,
        cols=cols,
        island=island,
        terrain=terrain,
        fire=frozenset(sq for sq, ch in letters.items() if ch == "f"),
        rafts=rafts,
        raft_blocked=frozenset(blocked),
        cats=tuple(cats),
        choices=tuple(choices),
        oshax=paths,
        rescues=tuple(rescues),
    )


def _lay_paths(paths: dict[Square, str], rescues: list[PlacedRescue], card: CardPlacement, catalog: Catalog,
               covered: set[Square]) -> None:  # fmt: skip
    """The card's Oshax paths and rescue strips replace what it covers (the top card's show)."""
    for sq in covered:
        paths.pop(sq, None)
    rescues[:] = [r for r in rescues if not any(sq in covered for sq, _ in r.edges)]
    printed = card.printed_card(catalog)
    if printed is None:
        return
    for sq, exits in printed.oshax:
        paths[card.to_grid_square(sq)] = turn_exits(exits, card.rotation)
    for strip in getattr(printed, "rescue", ()):
        edges = tuple((card.to_grid_square(sq), turn_exits(side, card.rotation)) for sq, side in strip.edges)
        rescues.append(PlacedRescue(strip.colour, edges, card.to_grid_square(strip.circle)))


def _paint(letters: dict[Square, str], at: Square, grid: Grid) -> None:
    letters.update(_painted(at, tuple(grid)))


@lru_cache(maxsize=4096)  # the same boards and cards are laid again at every game set-up
def _painted(at: Square, grid: Grid) -> dict[Square, str]:
    """The squares ``grid`` paints at ``at`` (read-only: callers copy it)."""
    out: dict[Square, str] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != OUTLINE_OFF:  # a special board's '.' squares are not part of the island
                out[(at[0] + r, at[1] + c)] = ch
    return out


def fitting_boards(slot: BoardSlot, catalog: Catalog) -> tuple[IslandBoard, ...]:
    """The catalog boards that may fill ``slot``: of its size; for a special slot, of
    its shape and showing exactly its outline (fire included) on its face."""
    boards = catalog.boards_of_size(slot.size, slot.shape)
    if not slot.special:
        return boards
    return tuple(b for b in boards if outline_of(b.face(slot.face)) == tuple(slot.outline))
