"""The plain fire-tile anchors :func:`engine.play.legal.fire_anchor_sets` must equal: every
orientation of the pending tile placed with ``BitGrid.shape_anchors`` on its own."""

from __future__ import annotations

from engine.play.bitboard import TileShape
from engine.play.state import GameState


def plain_fire_anchor_sets(state: GameState) -> list[tuple[TileShape, int]]:
    """Per orientation of the pending tile (in ``tile_shapes`` order), the anchors where it
    lies on free squares and touches fire; orientations without one left out."""
    assert state.pending is not None
    grid = state.island.grid
    free = state.island.land & ~(state.fire | state.cat_mask | state.island.raft | state.safe_any)
    touch = grid.neighbours(state.fire)
    plain = []
    for shape in grid.tile_shapes(state.island.tiles[state.pending.tile]):
        o = shape.orientation
        anchors = grid.shape_anchors(shape.offsets, o.height, o.width, free, touch)
        if anchors:
            plain.append((shape, anchors))
    return plain
