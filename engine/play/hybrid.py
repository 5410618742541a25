"""Hybrid fire tiles (Kickstarter pack, "Hybrid fire tiles" and "Placement rules";
RULINGS KS-4, PL-9, FB-2, WT-2, C17).

A hybrid tile is catalog data (:class:`engine.model.catalog.FireTile` with ``hybrid``):
``cells`` are every square of the tile, ``safe_spots`` the cells that show a terrain
instead of fire.  The real shapes and colours are unknown (C17): the product reads them
from catalogs and tests use fixture tiles.

- A cat crosses a safe spot of its own colour like any square of its terrain; the
  tile's other squares are fire (:func:`engine.play.reach.walkable`).
- Placement: the whole tile follows the fire-tile rules (on the island, off fire, cats,
  rafts and Kickstarter tokens); it needs one **fire** square touching existing fire,
  even if a safe spot leaves other fire squares of the tile unconnected.
- Nothing is ever placed on any part of a hybrid tile, safe spots included
  (``Position.safe_any`` blocks cards and tiles).
- Existing fire for adjacency is fire squares only: a safe spot is not fire.
- Water (WT-1 and the Kickstarter water token) returns a hybrid tile to the bag like
  any fire tile: WT-2 infers "yes" (hybrid tiles "count as fire tiles").
- They go into the bag only when the scenario says so (``rules.hybrid_fire_tiles``,
  FB-2) or in expert mode; asked for with no hybrid tile in any catalog, the game is
  refused naming the missing data (:func:`engine.play.support.unplayed_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

from engine.model.catalog import FireTile
from engine.model.geometry import cells_extent, transform_cells
from engine.model.scenario import Scenario
from engine.play.actions import PlaceFire
from engine.play.bitboard import BitGrid, TileShape
from engine.play.island import TERRAIN_INDEX, Island


class TileLayer(Protocol):
    """What laying and lifting a fire tile reads and changes of a position (a
    :class:`~engine.play.position.Position` has all of it; a protocol, so this module
    does not import the position that imports it)."""

    island: Island
    tiles_placed: dict[str, tuple[int, PlaceFire]]
    tile_fire: int
    fire: int
    safe: list[int]
    safe_any: int
    bag: list[str]


@dataclass(frozen=True)
class TileParts:
    """One orientation of a tile split into fire and safe spots, anchored at bit 0."""

    fire: int
    fire_offsets: tuple[int, ...]
    safe: tuple[tuple[int, int], ...]  # (terrain index, mask)


@cache
def tile_parts(grid: BitGrid, tile: FireTile, flipped: bool, rotation: int) -> TileParts:
    h, w = cells_extent(tile.cells)
    spots = dict(tile.safe_spots)
    fire_cells = transform_cells([c for c in tile.cells if c not in spots], h, w, flipped, rotation)
    safe: dict[int, int] = {}
    for cell, terrain in tile.safe_spots:
        (placed,) = transform_cells([cell], h, w, flipped, rotation)
        ti = TERRAIN_INDEX[terrain]
        safe[ti] = safe.get(ti, 0) | grid.shape([placed])
    offsets = tuple(r * grid.stride + c for r, c in fire_cells)
    return TileParts(grid.shape(fire_cells), offsets, tuple(sorted(safe.items())))


def is_hybrid(tile: FireTile) -> bool:
    return tile.hybrid and bool(tile.safe_spots)


def anchors(grid: BitGrid, tile: FireTile, shape: TileShape, free: int, touch: int) -> int:
    """Anchors where a hybrid tile in ``shape``'s orientation lies in ``free`` with at
    least one of its fire squares in ``touch`` (PL-9)."""
    o = shape.orientation
    ok = grid.shape_anchors(shape.offsets, o.height, o.width, free)
    if not ok:
        return 0
    hit = 0
    for off in tile_parts(grid, tile, shape.flipped, shape.rotation).fire_offsets:
        hit |= touch >> off
    return ok & hit


def fire_part(state: TileLayer, action: PlaceFire, mask: int) -> int:
    """The fire squares of a placement whose full footprint is ``mask``."""
    tile = state.island.tiles[action.tile]
    if not is_hybrid(tile):
        return mask
    grid = state.island.grid
    parts = tile_parts(grid, tile, bool(action.flipped), action.rotation % 4)
    return parts.fire << (action.at[0] * grid.stride + action.at[1])


def lay(state: TileLayer, action: PlaceFire, mask: int) -> None:
    """Put a placed tile's fire and safe spots on the position (``mask``: all of it)."""
    tile = state.island.tiles[action.tile]
    state.tiles_placed[action.tile] = (mask, action)
    if not is_hybrid(tile):
        state.tile_fire |= mask
        state.fire |= mask
        return
    grid = state.island.grid
    shift = action.at[0] * grid.stride + action.at[1]
    parts = tile_parts(grid, tile, bool(action.flipped), action.rotation % 4)
    fire = parts.fire << shift
    state.tile_fire |= fire
    state.fire |= fire
    for ti, spot in parts.safe:
        state.safe[ti] |= spot << shift
        state.safe_any |= spot << shift


def remove(state: TileLayer, tile: str) -> None:
    """Return a placed tile to the bag (water, WT-1 / WT-3; hybrid tiles too, WT-2)."""
    mask, _ = state.tiles_placed.pop(tile)
    state.tile_fire &= ~mask
    state.fire = state.island.fixed_fire | state.tile_fire
    if state.safe_any & mask:
        state.safe = [s & ~mask for s in state.safe]
        state.safe_any &= ~mask
    order = state.island.tile_order
    state.bag.append(tile)
    state.bag.sort(key=order.__getitem__)


def safe_within(state: TileLayer, fire: int) -> int:
    """Safe spots of the hybrid tiles still on the island if ``fire`` were the fire
    (the cut-off analysis removes tiles hypothetically)."""
    if not state.safe_any or fire == state.fire:
        return state.safe_any
    out = 0
    for mask, _ in state.tiles_placed.values():
        if mask & state.safe_any and mask & fire:
            out |= mask & state.safe_any
    return out


def wants_hybrid(scenario: Scenario) -> bool:
    """Whether the bag holds the hybrid tiles: the scenario opts in (FB-2), or expert
    mode requires them (KS-6)."""
    return scenario.rules.hybrid_fire_tiles or scenario.plays_expert


__all__ = ["TileLayer", "TileParts", "anchors", "fire_part", "is_hybrid", "lay", "remove", "safe_within",
           "tile_parts", "wants_hybrid"]  # fmt: skip
