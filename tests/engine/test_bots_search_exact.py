"""The heuristic bot's shortcuts choose exactly what its plain searches choose.

The card search lists only placements whose bound (the ways' ends levels,
``engine.bots.routes``) allow a shorter way, the water step skips tiles too far from the
cats or unable to save enough, and the analyses are kept per process and reused where
a position differs only outside what they depend on.  Each is checked here against the
plain computation on positions from real heuristic games."""

from __future__ import annotations

import random

import pytest
from reference.ways import plain_way

from engine import GameState, new_game
from engine.bots.heuristic import HeuristicBot
from engine.bots.heuristic_cards import CardSearch, best_card, shortening_card
from engine.bots.routes import FAR, Routes
from engine.bots.ways import Ways
from engine.bots.weights import WATER_GAIN
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.phases import PLAY

SCENARIOS = ["campaign-1/01-waiting-for-friends", "campaign-2/03-tricky-waters", "campaign-4/03-mixed-messages"]


def play_positions(name: str, seeds: range, variant: str = "solo", players: int = 1) -> list[GameState]:
    """Play-phase positions (a card in hand) from heuristic games."""
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    bot = HeuristicBot()
    out = []
    for seed in seeds:
        state = new_game(scenario, seed=seed, variant=variant, players=players)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == PLAY and any(state.hands):
                out.append(state.clone())
            state.apply_unchecked(bot.choose(state, rng))
    return out


def holder(state: GameState) -> int:
    """The player the bot places a card for (the first with cards)."""
    return next(p for p in range(state.players) if state.hands[p])


# the other rule sets: comp1110 walks cats over raft squares (raft_entry "crossable"),
# the standard game deals two hands
VARIANTS = [("campaign-1/03-the-old-teruvian", "comp1110", 1), ("campaign-3/02-hot-sands", "comp1110", 1),
            ("campaign-1/01-waiting-for-friends", "standard", 2)]  # fmt: skip


@pytest.mark.parametrize(("name", "variant", "players"), [(n, "solo", 1) for n in SCENARIOS] + VARIANTS)
def test_bounded_card_search_picks_what_the_full_search_picks(name: str, variant: str, players: int) -> None:
    checked = shortened = 0
    for state in play_positions(name, range(2), variant, players):
        routes = Routes(state)
        p = holder(state)
        search = CardSearch(state, p, sorted(state.hands[p]), routes, Ways(state), {})
        full = best_card(search)
        fast = shortening_card(search)
        if full is not None and full[0] < full[3]:
            assert fast is not None and fast[:3] == full[:3], f"{name}: {fast} != {full}"
            shortened += 1
        else:
            assert fast is None
        checked += 1
    assert checked > 20 and shortened > 5


@pytest.mark.parametrize(("name", "variant", "players"), VARIANTS)
def test_routes_way_is_the_plain_search_in_every_variant(name: str, variant: str, players: int) -> None:
    """The bot's one way search (``Routes``, which ``Ways`` reads for coloured cats) gives
    a coloured cat the way the plain search gives.  In the COMP1110 variant raft squares
    are ordinary squares of their colour (raft_entry "crossable",
    seeds/solo-digital-variant.txt, COMP1110-NOTATION section 10.3): a second search
    once stopped at them, so a cat on Campaign 1-3 got way 7 from it and 6 from
    ``Routes``, and choices changed when deck scores moved from one to the other."""
    compared = 0
    for state in play_positions(name, range(2), variant, players):
        routes, ways = Routes(state), Ways(state)
        for cat in routes.live():
            assert routes.route(cat).way == plain_way(state, cat), f"{name} {variant}: cat {cat}"
            compared += 1
        assert ways.total() == routes.total() + ways.white_total()
    assert compared > 20


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
