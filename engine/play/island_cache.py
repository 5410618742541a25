"""Islands at game set-up, built once per scenario and board draw (issue 11 item 7).

A random playout is a few milliseconds; composing the island square by square
(:func:`engine.model.layout.compose_island`, then :meth:`Island.from_layout`) was a
fifth of it.  The set-up draws a physical board and rotation for every slot, so a
scenario of four slots has thousands of islands and the same one rarely comes twice.
But the cards lie on top of the boards, and nothing the cards do depends on which
board lies under them (the cards' squares, rafts, cats, Oshax paths and rescue strips
come from the cards alone).  So per scenario and catalog the island is composed once
the slow way (the *base*), and per draw only the board squares no card covers change:

    land    = the union of the boards' squares (the cards must lie on it);
    terrain = the boards' terrain off the cards, the base's terrain on them;
    fire    = the boards' printed fire off the cards, the base's fire on them.

Each board face in a slot is turned into per-letter masks once (:func:`_board_masks`).
``tests/engine/test_island_cache.py`` compares the result with the slow path, field by
field, for every bundled scenario over many draws and for special boards.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.model.catalog import LETTER_TO_TERRAIN, TERRAINS, Catalog
from engine.model.geometry import Grid, Square
from engine.model.layout import BoardChoice, _check_choices, compose_island
from engine.model.scenario import Scenario
from engine.model.special_boards import OUTLINE_OFF
from engine.play.bitboard import BitGrid
from engine.play.hybrid import wants_hybrid
from engine.play.island import TERRAIN_INDEX, Island

FIRE_LETTER = "f"
TERRAIN_LETTERS: dict[str, int] = {ch: TERRAIN_INDEX[t] for ch, t in LETTER_TO_TERRAIN.items() if t in TERRAIN_INDEX}
SLOW_KEPT = 256  # islands of the slow path kept (per scenario, catalog and draw)
BASES_KEPT = 64  # scenarios whose base island is kept


_BoardKey = tuple[int, str, int]
_Masks = tuple[int, int, tuple[int, ...]]

# Keyed by object identity, the objects kept alongside so that an id is never reused while its entry lives.
_ISLANDS: dict[tuple[int, int, tuple[BoardChoice, ...]], tuple[Scenario, Catalog, Island]] = {}
_BASES: dict[tuple[int, int], tuple[Scenario, Catalog, "_Base"]] = {}


class _Base:
    """What every draw of one scenario shares: the island composed for one draw, and
    the squares the cards cover with the terrain and fire they show there."""

    __slots__ = ("island", "covered", "painted", "terrain", "fire", "boards")

    def __init__(
        self, island: Island, covered: int, painted: int, boards: dict[_BoardKey, _Masks] | None = None
    ) -> None:
        self.island = island
        self.covered = covered  # every square of every card: on the island in any draw
        self.painted = painted  # the squares the cards paint over the boards
        self.terrain = tuple(m & painted for m in island.start_terrain)
        self.fire = island.fixed_fire & painted
        # (slot index, board, quarter turns) -> the board's masks there: shared by the bases of equal scenarios
        self.boards: dict[_BoardKey, _Masks] = {} if boards is None else boards


def set_up_island(scenario: Scenario, catalog: Catalog, choices: tuple[BoardChoice, ...]) -> Island:
    """The island of ``scenario`` with these board choices, as
    ``Island.from_layout(scenario, catalog, compose_island(scenario, catalog, choices))``
    gives it (and raising what that raises), built from the scenario's base island and
    the boards' masks.  Islands are immutable; a scenario or catalog is frozen (an
    edited one is a new object), so they are kept per object."""
    base = _base(scenario, catalog, choices)
    island = base.island
    if choices == island.choices:
        return island
    _check_choices(scenario, catalog, choices)  # what compose_island refuses, it refuses here (LayoutError)
    grid = island.grid
    land = fire = 0
    terrain = [0] * len(TERRAINS)
    boards = base.boards
    for index, (slot, choice) in enumerate(zip(scenario.boards, choices)):
        key = (index, choice.board, choice.rotation % 4)
        masks = boards.get(key)
        if masks is None:
            painted = slot.terrain(catalog, rotation=choice.rotation % 4, board_id=choice.board)
            assert painted is not None  # _check_choices proved the board exists
            masks = boards[key] = _board_masks(grid, slot.at, painted)
        b_land, b_fire, b_terrain = masks
        keep = ~b_land  # a later board overwrites an earlier one square by square
        land |= b_land
        fire = (fire & keep) | b_fire
        terrain = [(t & keep) | b for t, b in zip(terrain, b_terrain)]
    if base.covered & ~land or land != island.land:  # a card off the island (the slow path says so), another outline
        return _slow(scenario, catalog, choices)
    off = ~base.painted
    return replace(
        island,
        choices=choices,
        fixed_fire=(fire & off) | base.fire,
        start_terrain=tuple((t & off) | b for t, b in zip(terrain, base.terrain)),
    )


def _base(scenario: Scenario, catalog: Catalog, choices: tuple[BoardChoice, ...]) -> _Base:
    """The scenario's base (composed the slow way with ``choices`` the first time)."""
    key = (id(scenario), id(catalog))
    cached = _BASES.get(key)
    if cached is not None and cached[0] is scenario and cached[1] is catalog:
        return cached[2]
    for kept_scenario, kept_catalog, kept in list(_BASES.values()):
        # an equal copy (the difficulty estimate reads the scenario again for every task): its base, rebuilt
        # around this object, since an island names its scenario
        if kept_catalog is catalog and kept_scenario == scenario:
            base = _Base(replace(kept.island, scenario=scenario), kept.covered, kept.painted, kept.boards)
            _keep(key, scenario, catalog, base)
            return base
    island = _slow(scenario, catalog, choices)  # raises for a scenario that cannot be set up
    covered = painted = 0
    grid = island.grid
    for card in scenario.cards:
        covered |= grid.mask(card.squares())
        shown = card.grid(catalog)
        if card.kind == "raft" or shown is None:
            painted |= grid.mask(card.squares())
        else:
            painted |= grid.mask(sq for sq, _ in _squares(card.at, shown))
    base = _Base(island, covered, painted)
    _keep(key, scenario, catalog, base)
    return base


def _keep(key: tuple[int, int], scenario: Scenario, catalog: Catalog, base: _Base) -> None:
    if len(_BASES) >= BASES_KEPT:
        del _BASES[next(iter(_BASES))]
    _BASES[key] = (scenario, catalog, base)


@lru_cache(maxsize=1024)
def _board_masks(grid: BitGrid, at: Square, painted: Grid) -> tuple[int, int, tuple[int, ...]]:
    """``(land, printed fire, terrain masks)`` of a board grid laid at ``at``."""
    land = fire = 0
    terrain = [0] * len(TERRAINS)
    for (r, c), ch in _squares(at, painted):
        bit = 1 << (r * grid.stride + c)
        land |= bit
        if ch == FIRE_LETTER:
            fire |= bit
        elif ch in TERRAIN_LETTERS:
            terrain[TERRAIN_LETTERS[ch]] |= bit
    return land, fire, tuple(terrain)


def _squares(at: Square, painted: Grid) -> list[tuple[Square, str]]:
    """The squares a board grid paints at ``at`` (as compose_island paints them)."""
    top, left = at
    return [((top + r, left + c), ch) for r, row in enumerate(painted) for c, ch in enumerate(row) if ch != OUTLINE_OFF]


def _slow(scenario: Scenario, catalog: Catalog, choices: tuple[BoardChoice, ...]) -> Island:
    """Compose the island square by square (kept for the last few draws)."""
    key = (id(scenario), id(catalog), choices)
    cached = _ISLANDS.get(key)
    if cached is not None and cached[0] is scenario and cached[1] is catalog:
        return cached[2]
    layout = compose_island(scenario, catalog, choices)
    island = Island.from_layout(scenario, catalog, layout, hybrid=wants_hybrid(scenario))
    if len(_ISLANDS) >= SLOW_KEPT:
        del _ISLANDS[next(iter(_ISLANDS))]  # the oldest entry
    _ISLANDS[key] = (scenario, catalog, island)
    return island


def card_painted(scenario: Scenario, catalog: Catalog, choices: tuple[BoardChoice, ...]) -> int:
    """The squares the scenario's cards paint over the boards: the same in every draw
    (the rest of the land shows the drawn boards)."""
    return _base(scenario, catalog, choices).painted


__all__ = ["card_painted", "set_up_island"]
