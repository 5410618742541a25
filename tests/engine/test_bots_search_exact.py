"""The heuristic bot's shortcuts choose exactly what its plain searches choose.

The card search lists only placements whose bounds (the ways' slack and ends levels,
``engine.play.routes``) allow a shorter way, the water step skips tiles too far from the
cats or unable to save enough, and the analyses are kept per process and reused where
a position differs only outside what they depend on.  Each is checked here against the
plain computation on positions from real heuristic games."""

from __future__ import annotations

import random

import pytest

from engine import GameState, new_game
from engine.model.formats import load_scenario
from engine.model.resources import campaigns_dir
from engine.play.heuristic import WATER_GAIN, HeuristicBot, Ways
from engine.play.heuristic_cards import CardSearch, best_card, shortening_card
from engine.play.phases import PLAY
from engine.play.routes import FAR, Routes

SCENARIOS = ["campaign-1/01-waiting-for-friends", "campaign-2/03-tricky-waters", "campaign-4/03-mixed-messages"]


def play_positions(name: str, seeds: range) -> list[GameState]:
    """Play-phase positions (a card in hand) from heuristic games."""
    scenario = load_scenario(campaigns_dir() / f"{name}.scenario.json")
    bot = HeuristicBot()
    out = []
    for seed in seeds:
        state = new_game(scenario, seed=seed, variant="solo")
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == PLAY and state.hands[0]:
                out.append(state.clone())
            state.apply_unchecked(bot.choose(state, rng))
    return out


@pytest.mark.parametrize("name", SCENARIOS)
def test_bounded_card_search_picks_what_the_full_search_picks(name: str) -> None:
    checked = shortened = 0
    for state in play_positions(name, range(2)):
        routes = Routes(state)
        search = CardSearch(state, 0, sorted(state.hands[0]), routes, Ways(state), {})
        full = best_card(search)
        fast = shortening_card(search)
        if full is not None and full[0] < full[3]:
            assert fast is not None and fast[:3] == full[:3], f"{name}: {fast} != {full}"
            shortened += 1
        else:
            assert fast is None
        checked += 1
    assert checked > 20 and shortened > 5


@pytest.mark.parametrize("name", SCENARIOS)
def test_kept_route_analyses_equal_fresh_ones(name: str) -> None:
    for state in play_positions(name, range(1)):
        routes = Routes(state)
        for cat in routes.live():
            assert routes.route(cat) == routes.fresh_route(cat)


@pytest.mark.parametrize("name", SCENARIOS)
def test_water_bounds_never_skip_a_saving_tile(name: str) -> None:
    """Returning a tile shortens a way by at most :meth:`Routes.most_saved` of the
    squares it changes, and :meth:`Routes.way_from` is the way a fresh analysis finds."""
    for state in play_positions(name, range(2)):
        if not state.tiles_placed:
            continue
        routes = Routes(state)
        live = routes.live()
        for mask, _ in state.tiles_placed.values():
            other = Routes(state, fire=state.fire & ~mask)
            near = state.island.grid.near(mask, 2)
            for cat in live:
                fresh = other.fresh_route(cat).way
                assert other.way_from(cat, routes) == fresh
                before = routes.route(cat).way
                if before < FAR:
                    assert before - fresh <= routes.most_saved(cat, near)
    assert WATER_GAIN > 0
