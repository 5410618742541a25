"""The heuristic bot's water step (``HeuristicBot._water``) chooses what the plain
search chooses: every placed tile returned in turn, every live cat's way searched
afresh, the least total taken (first of equals in tile order) when it saves
``WATER_GAIN`` (or gives a cat without a way one).  The step skips tiles too far from
the cats or unable to save enough, keeps the way of a cat that cannot save, and
searches the others only as far as the tile could still be chosen
(``Routes.way_from`` with a limit)."""

from __future__ import annotations

import pytest
from reference.water import plain_most_saved, plain_water
from test_bots_search_exact import SCENARIOS, VARIANTS, play_positions

from engine.bots.heuristic import HeuristicBot
from engine.bots.routes import FAR, Routes
from engine.bots.ways import Ways
from engine.play.links import WHITE


@pytest.mark.parametrize(("name", "variant", "players"), [(n, "solo", 1) for n in SCENARIOS] + VARIANTS)
def test_water_step_equals_the_plain_search(name: str, variant: str, players: int) -> None:
    bot = HeuristicBot()
    compared = used = 0
    for state in play_positions(name, range(3), variant, players):
        if not state.tiles_placed:
            continue
        state.water = max(state.water, 1)  # every position with tiles down, as if water were left
        routes, ways = Routes(state), Ways(state)
        whites = {c: ways.way(c)[0] for c in ways.live() if state.island.cat_terrain[c] == WHITE}
        base = routes.total() + sum(whites.values())
        fast = bot._water(state, base, routes, bool(whites))
        assert fast == plain_water(state, base), name
        compared += 1
        used += fast is not None
    assert compared > 20 and used > 0


@pytest.mark.parametrize("name", SCENARIOS)
def test_way_from_stops_at_its_limit(name: str) -> None:
    """Below ``limit`` the way is the one a fresh analysis finds; at or above it, at
    least ``limit`` is reported."""
    compared = 0
    for state in play_positions(name, range(1))[::2]:
        routes = Routes(state)
        for mask, _ in state.tiles_placed.values():
            other = Routes(state, fire=state.fire & ~mask)
            for cat in routes.live():
                fresh = other.fresh_route(cat).way
                for limit in range(min(fresh, FAR - 1) + 2):
                    found = other.way_from(cat, routes, limit)
                    assert found == fresh if fresh < limit else found >= limit
                    compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_most_saved_equals_the_level_scan(name: str) -> None:
    compared = 0
    for state in play_positions(name, range(2))[::2]:
        routes = Routes(state)
        grid = state.island.grid
        for mask, _ in state.tiles_placed.values():
            for changed in (mask, grid.near(mask, 2)):
                for cat in routes.live():
                    assert routes.most_saved(cat, changed) == plain_most_saved(routes, cat, changed)
                    compared += 1
    assert compared > 100
