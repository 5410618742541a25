"""The plain move targets :func:`engine.play.reach.move_targets` must equal."""

from __future__ import annotations

from engine.play.position import Position
from engine.play.reach import raft_entries, walkable


def plain_move_targets(state: Position, cat: int) -> int:
    """MV-1 .. MV-5 without a move limit, from scratch: the cat's terrain (fire aside)
    filled from its square, plus the raft squares it may step onto, less occupied squares."""
    island = state.island
    ci = island.cat_terrain[cat]
    region = island.grid.flood(1 << state.cat_sq[cat], walkable(state, ci) & ~state.fire)
    return (region | raft_entries(state, ci, region)) & ~state.cat_mask & ~island.white_starts
