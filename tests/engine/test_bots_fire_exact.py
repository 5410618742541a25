"""The fire phase's fast scoring gives exactly the plain scoring's numbers.

:func:`engine.bots.heuristic_fire.score_placements` folds the weight masks into bit
planes and keeps each tile shape's footprints (:mod:`engine.bots.fire_planes`); here
every decision of real heuristic games is scored again the plain way (one popcount per
weight mask, the footprints computed at each anchor) and must give the same costs in
the same order, so the bot's fire choices do not change."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from kickstarter_fixtures import hybrid_catalog
from reference.fire import plain_choose_fire, plain_scores

from engine import GameState, new_game
from engine.bots import heuristic_fire
from engine.bots import heuristic_fire as hf
from engine.bots.fire_planes import ring, spoil_shift, spoiled_windows, weight_planes, witness_path
from engine.bots.heuristic import HeuristicBot
from engine.bots.heuristic_fire import INDEX_BITS, Spot, choose_fire, coverable_after
from engine.bots.routes import CatRoute, Routes, way_to_raft
from engine.bots.view import fair_view
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.actions import PlaceFire
from engine.play.bitboard import BitGrid, bit_grid
from engine.play.outcome import CAT_CUT_OFF
from engine.play.phases import FIRE

SCENARIOS = [
    ("campaign-1/01-waiting-for-friends", 1, "solo"),
    ("practice/03-wet-paws", 2, "standard"),
    ("campaign-4/03-mixed-messages", 1, "solo"),
]


@pytest.mark.parametrize(("name", "players", "variant"), SCENARIOS)
def test_fast_fire_scoring_equals_plain_scoring(
    name: str, players: int, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = heuristic_fire.rank_placements
    decisions: list[int] = []
    taken: list[int] = []  # keys the fire phase took, per decision

    def both(
        state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors: int
    ) -> tuple[Iterator[int], list[Spot]]:
        ranked, spots = fast(state, weights, calm, coverable, anchors)
        keys = list(ranked)  # every key, made as the bound lets them out
        plain = plain_scores(state, weights, calm, coverable, anchors)
        assert [(k >> INDEX_BITS, k & ((1 << INDEX_BITS) - 1)) for k in keys] == [(p[0], p[1]) for p in plain]
        assert [spots[k & ((1 << INDEX_BITS) - 1)] for k in keys] == [p[2] for p in plain]
        for _, _, (a, shape), _, after in plain[:20]:  # the checks' coverable squares after the tile
            assert coverable_after(state, anchors, a, shape) == after
        decisions.append(len(keys))
        lazy, _ = fast(state, weights, calm, coverable, anchors)  # the bot's own ranking, made as asked for
        taken.append(0)

        def counted() -> Iterator[int]:
            for key in lazy:
                taken[-1] += 1
                yield key

        return counted(), spots

    monkeypatch.setattr(heuristic_fire, "rank_placements", both)
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    bot = HeuristicBot()
    for seed in range(3):
        state = new_game(scenario, seed=seed, players=players, variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_unchecked(bot.choose(state, rng))
    assert len(decisions) > 20 and sum(decisions) > 500
    assert sum(taken) < sum(decisions) // 2  # the fire phase asks for the cheapest few only


def test_weight_planes_sum_like_the_weights() -> None:
    rng = random.Random(7)
    for _ in range(200):
        weights = [(rng.randint(-20, 50), rng.getrandbits(64)) for _ in range(rng.randint(0, 14))]
        planes = weight_planes(weights)
        for _ in range(5):
            x = rng.getrandbits(64)
            assert sum(f * (x & p).bit_count() for f, p in planes) == sum(w * (x & m).bit_count() for w, m in weights)


def test_kept_footprints_equal_footprints_at_each_anchor() -> None:
    rng = random.Random(3)
    for stride in (5, 9, 14):
        k = spoil_shift(stride)
        for _ in range(50):
            shape = rng.getrandbits(3 * stride) | 1
            for a in range(0, 4 * stride):
                mask = shape << a
                row3 = mask | (mask >> 1) | (mask >> 2)
                assert (spoiled_windows(stride, shape) << a) >> k == row3 | (row3 >> stride) | (row3 >> (2 * stride))
                near = (mask << 1) | (mask >> 1) | (mask << stride) | (mask >> stride)
                assert (ring(stride, shape) << a) >> stride == near & ~mask


def test_witness_path_links_the_seed_to_the_goal_inside_the_passable_squares() -> None:
    """The fire phase skips the cut-off flood for a tile that misses the kept chain, so
    the chain must be a real way: connected, inside the passable squares, seed to goal,
    and found whenever the flood meets the goal."""
    rng = random.Random(11)
    grid = bit_grid(9, 11)
    found = 0
    for _ in range(400):
        passable = rng.getrandbits(grid.full.bit_length()) & grid.full & rng.getrandbits(grid.full.bit_length())
        passable |= rng.getrandbits(grid.full.bit_length()) & grid.full
        seed = 1 << grid.index((rng.randrange(9), rng.randrange(11)))
        goal = 1 << grid.index((rng.randrange(9), rng.randrange(11)))
        path = witness_path(grid, seed, passable, goal)
        if not grid.flood(seed, passable) & goal:
            assert path == 0
            continue
        found += 1
        assert path & seed and path & goal and not path & ~(passable | seed)
        assert grid.flood(seed, path) == path  # one connected chain
        lost = passable & ~path & rng.getrandbits(grid.full.bit_length())
        assert grid.flood(seed, passable & ~lost) & goal
    assert found > 50


@pytest.mark.parametrize(("name", "players", "variant"), SCENARIOS)
def test_fast_checks_equal_plain_checks(name: str, players: int, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks' shortcuts give the plain answers: a way resumed from the route's
    levels equals the search from the cat, and a kept chain proves what a fresh one
    does (a tile missing it leaves the cat a way as the fire lies)."""
    fast_way, fast_path = heuristic_fire.way_after, heuristic_fire.kept_path
    ways: list[int] = []
    paths: list[int] = []

    def way(state: GameState, route: CatRoute, diff: int, own: int, coverable: int, entry: int, limit: int) -> int:
        got = fast_way(state, route, diff, own, coverable, entry, limit)
        assert got == way_to_raft(state, route.cat, own, coverable, limit, entry=entry)
        ways.append(got)
        return got

    def path(grid: BitGrid, cat: int, seed: int, passable: int, goal: int) -> int:
        got = fast_path(grid, cat, seed, passable, goal)
        fresh = witness_path(grid, seed, passable, goal)
        assert bool(got) == bool(fresh)
        if got:
            assert got & seed and got & goal and not got & ~(passable | seed)
            assert grid.flood(seed, got) == got  # connected
        paths.append(got)
        return got

    monkeypatch.setattr(heuristic_fire, "way_after", way)
    monkeypatch.setattr(heuristic_fire, "kept_path", path)
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    bot = HeuristicBot()
    for seed in range(3):
        state = new_game(scenario, seed=seed, players=players, variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_unchecked(bot.choose(state, rng))
    assert len(ways) > 20 and len(paths) > 20


def test_fast_fire_choice_equals_plain_choice() -> None:
    """Over many seeded positions of real games (Campaign 1 to 4, solo and two players),
    the fire phase chooses as its plain form does: every placement scored and sorted,
    all ``FIRE_TRIALS`` cheapest checked, a fresh chain per cat, every way searched from
    the cat, the view copied per trial."""
    bot = HeuristicBot()
    compared = 0
    for name, players, variant in [
        *SCENARIOS,
        ("campaign-2/02-narrow-spaces", 1, "solo"),
        ("campaign-3/01-running-into-fire", 1, "solo"),
    ]:
        scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
        for seed in range(4):
            state = new_game(scenario, seed=seed, players=players, variant=variant)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.phase == FIRE:
                    view = fair_view(state)
                    assert choose_fire(view.clone()) == plain_choose_fire(view)
                    compared += 1
                state.apply_unchecked(bot.choose(state, rng))
    assert compared > 100


def test_fast_scoring_equals_plain_scoring_when_any_unburnt_square_is_passable() -> None:
    """The rule sets whose passable squares are every square off fire (``cutoff_mode``
    "permissive") take the engine's coverable squares per placement: the same costs."""
    scenario = open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json")
    bot = HeuristicBot()
    compared = 0
    for seed in range(2):
        state = new_game(scenario, seed=seed, players=1, variant="solo")
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == FIRE:
                view = fair_view(state)
                view.rules = replace(view.rules, cutoff_mode="permissive")
                routes = Routes(view)
                cats = [routes.route(c) for c in routes.live()]
                weights = [(8, r.corridor) for r in cats] + [(3, r.entry) for r in cats]
                calm = view.island.land & ~view.fire
                keys, spots = heuristic_fire.score_placements(view, weights, calm, routes.coverable, 0)
                plain = plain_scores(view, weights, calm, routes.coverable, 0)
                assert [(k >> INDEX_BITS, spots[k & ((1 << INDEX_BITS) - 1)]) for k in keys] == [
                    (p[0], p[2]) for p in plain
                ]
                assert all(coverable_after(view, 0, a, shape) == after for _, _, (a, shape), _, after in plain)
                compared += 1
            state.apply_unchecked(bot.choose(state, rng))
    assert compared > 10


def test_cut_off_seen_without_a_copy_is_the_trials_cut_off() -> None:
    """:func:`engine.bots.heuristic_fire.lays_cut_off` (a lost position's trials, made
    on one fair view with the tile laid and taken off again) says the game ends at the
    engine's cut-off check exactly when playing the placement on a copy ends it so, and
    leaves the view as it was; with hybrid tiles (safe spots) too.  While
    :func:`engine.bots.heuristic_fire.only_cut_off_ends` holds, nothing else ends it."""
    hybrid_rules = replace(open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json").rules,
                           hybrid_fire_tiles=True)  # fmt: skip
    cases = [(name, players, variant, None) for name, players, variant in SCENARIOS]
    cases.append(("campaign-1/01-waiting-for-friends", 1, "solo", hybrid_rules))
    bot = HeuristicBot()
    cut = kept = alone = 0
    for name, players, variant, changed in cases:
        scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
        catalog = None
        if changed is not None:
            scenario, catalog = replace(scenario, rules=changed), hybrid_catalog()
        for seed in range(3):
            state = new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.phase == FIRE:
                    view = fair_view(state)
                    for action in [a for a in view.legal_actions() if isinstance(a, PlaceFire)][::3]:
                        before = (view.fire, view.tile_fire, list(view.tiles_placed.items()), list(view.safe),
                                  view.safe_any)  # fmt: skip
                        seen = hf.lays_cut_off(view, action)
                        assert (view.fire, view.tile_fire, list(view.tiles_placed.items()), list(view.safe),
                                view.safe_any) == before  # fmt: skip
                        trial = view.clone()
                        trial.apply_unchecked(action)
                        outcome = trial.outcome()
                        assert seen == (outcome is not None and outcome.reason == CAT_CUT_OFF)
                        if hf.only_cut_off_ends(view):  # then nothing else ends it
                            assert trial.is_terminal() == seen
                            alone += 1
                        cut += seen
                        kept += not seen
                state.apply_unchecked(bot.choose(state, rng))
    assert cut > 50 and kept > 500 and alone > 300


def test_a_negative_weight_still_ranks_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A negative weight leaves no lower bound in the planes: every key is counted before
    the first is given out, and the order is still the plain scoring's."""
    fast = heuristic_fire.rank_placements
    checked: list[int] = []

    def with_a_negative(
        state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors: int
    ) -> tuple[Iterator[int], list[Spot]]:
        bent = [*weights, (-1000, state.island.grid.full)]  # every square: costs below zero
        ranked, spots = fast(state, bent, calm, coverable, anchors)
        keys = list(ranked)
        plain = plain_scores(state, bent, calm, coverable, anchors)
        assert [(k >> INDEX_BITS, k & ((1 << INDEX_BITS) - 1)) for k in keys] == [(p[0], p[1]) for p in plain]
        assert any(k < 0 for k in keys)
        checked.append(len(keys))
        return fast(state, weights, calm, coverable, anchors)

    monkeypatch.setattr(heuristic_fire, "rank_placements", with_a_negative)
    scenario = open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json")
    state = new_game(scenario, seed=0, players=1, variant="solo")
    bot, rng = HeuristicBot(), random.Random(0)
    while not state.is_terminal() and len(checked) < 5:
        state.apply_unchecked(bot.choose(state, rng))
    assert len(checked) == 5 and sum(checked) > 50
