"""The fire phase's fast scoring gives exactly the plain scoring's numbers.

:func:`engine.play.heuristic_fire.score_placements` folds the weight masks into bit
planes and keeps each tile shape's footprints (:mod:`engine.play.fire_planes`); here
every decision of real heuristic games is scored again the plain way (one popcount per
weight mask, the footprints computed at each anchor) and must give the same costs in
the same order, so the bot's fire choices do not change."""

from __future__ import annotations

import random

import pytest

from engine import GameState, new_game
from engine.model.formats import load_scenario
from engine.model.resources import campaigns_dir
from engine.play import heuristic_fire
from engine.play.bitboard import bit_grid, bit_list
from engine.play.fire_planes import ring, spoil_shift, spoiled_windows, weight_planes, witness_path
from engine.play.heuristic import HeuristicBot
from engine.play.heuristic_fire import FRONTIER, Scored
from engine.play.legal import fire_anchor_sets
from engine.play.reach import coverable_squares

SCENARIOS = [
    ("campaign-1/01-waiting-for-friends", 1, "solo"),
    ("practice/03-wet-paws", 2, "standard"),
    ("campaign-4/03-mixed-messages", 1, "solo"),
]


def plain_scores(
    state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors_now: int
) -> list[Scored]:
    """The scoring as first written: every weight mask popcounted, footprints at each anchor."""
    grid = state.island.grid
    s, full = grid.stride, grid.full
    plain = state.rules.cutoff_mode != "permissive" and not state.safe_any
    scored: list[Scored] = []
    for shape, anchors in fire_anchor_sets(state):
        for a in bit_list(anchors):
            mask = shape.mask << a
            if plain:
                row3 = mask | (mask >> 1) | (mask >> 2)
                keep = anchors_now & ~(row3 | (row3 >> s) | (row3 >> (2 * s)))
                row3 = keep | (keep << 1) | (keep << 2)
                after = (row3 | (row3 << s) | (row3 << (2 * s))) & full
            else:
                after = coverable_squares(state, state.fire | mask)
            lost = (coverable & ~after) | mask
            cost = 0
            for w, m in weights:
                cost += w * (lost & m).bit_count()
            near = (mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)
            cost += FRONTIER * (near & calm & ~mask).bit_count()
            scored.append((cost, len(scored), (a, shape), mask, after))
    scored.sort(key=lambda x: (x[0], x[1]))
    return scored


@pytest.mark.parametrize(("name", "players", "variant"), SCENARIOS)
def test_fast_fire_scoring_equals_plain_scoring(
    name: str, players: int, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = heuristic_fire.score_placements
    decisions: list[int] = []

    def both(state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors: int) -> list[Scored]:
        got = fast(state, weights, calm, coverable, anchors)
        assert got == plain_scores(state, weights, calm, coverable, anchors)
        decisions.append(len(got))
        return got

    monkeypatch.setattr(heuristic_fire, "score_placements", both)
    scenario = load_scenario(campaigns_dir() / f"{name}.scenario.json")
    bot = HeuristicBot()
    for seed in range(3):
        state = new_game(scenario, seed=seed, players=players, variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_unchecked(bot.choose(state, rng))
    assert len(decisions) > 20 and sum(decisions) > 500


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
