"""A coloured cat's way searched the plain way (the bot's first, separate search, before
:class:`engine.bots.routes.Routes` became the only one): what ``Routes.route(cat).way``
must equal."""

from __future__ import annotations

from engine.bots.routes import FAR
from engine.play.analysis import coverable_squares, raft_entries, walkable
from engine.play.state import GameState


def plain_way(state: GameState, cat: int, fire: int | None = None) -> int:
    """Flood the cat's own squares, then grow one step through the squares a card could
    still cover and flood again, until a usable free raft square is reached (FAR if never)."""
    fire = state.fire if fire is None else fire
    grid = state.island.grid
    ci = state.island.cat_terrain[cat]
    own = walkable(state, ci) & ~fire
    step = coverable_squares(state, fire) | own
    free = ~state.cat_mask
    region = grid.flood(1 << state.cat_sq[cat], own)
    for n in range(FAR):
        if raft_entries(state, ci, region) & free:
            return n
        grown = grid.flood(region | (grid.neighbours(region) & step), own)
        if grown == region:
            return FAR
        region = grown
    return FAR
