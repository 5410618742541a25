"""The heuristic water step and the most a changed square can save, the plain way:
what ``HeuristicBot._water`` and ``Routes.most_saved`` must give."""

from __future__ import annotations

from engine.bots.routes import FAR, Routes
from engine.bots.routes import targets as routes_targets
from engine.bots.ways import Ways
from engine.bots.weights import WATER_GAIN
from engine.play.actions import Action, UseWater
from engine.play.state import GameState


def plain_water(state: GameState, base: int) -> Action | None:
    best: tuple[int, str] | None = None
    for tile in sorted(state.tiles_placed, key=state.island.tile_order.__getitem__):
        fire = state.fire & ~state.tiles_placed[tile][0]
        other = Routes(state, fire=fire)
        total = sum(other.fresh_route(c).way for c in other.live()) + Ways(state, fire=fire).white_total()
        if best is None or total < best[0]:
            best = (total, tile)
    if best is not None and (base - best[0] >= WATER_GAIN or base >= FAR > best[0]):
        return UseWater(best[1])
    return None


def plain_most_saved(routes: Routes, cat: int, changed: int) -> int:
    """``way - a - b`` level by level: ``a`` the first level from the cat next to the
    changed squares (0 when the cat stands on one), ``b`` the first level from the raft
    next to them before ``way - a`` (0 when they touch the squares next to a target)."""
    route = routes.route(cat)
    if route.way >= FAR:
        return FAR
    state = routes.state
    grid = state.island.grid
    ring = grid.neighbours(changed) & ~changed
    a = (
        0
        if changed >> state.cat_sq[cat] & 1
        else next((k for k, lv in enumerate(route.levels) if lv & ring), route.way)
    )
    targets = grid.neighbours(routes_targets(state, state.island.cat_terrain[cat]))
    b = (
        0
        if changed & targets
        else next((k for k, lv in enumerate(route.to_raft[: route.way - a]) if lv & ring), route.way)
    )
    return max(0, route.way - a - b)
