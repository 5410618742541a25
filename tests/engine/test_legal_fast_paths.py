"""Shortcuts in set-up and legal-action generation (issue 11 item 7) give the plain
answers: the decks' shuffle draws what ``random.Random.shuffle`` draws, and the fire
tile's anchors, with each shift of the free squares made once for all orientations,
are ``BitGrid.shape_anchors``' on every fire phase of seeded games."""

from __future__ import annotations

import random

from reference.fire_anchors import plain_fire_anchor_sets

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.draws import rand_below, shuffle
from engine.play.legal import fire_anchor_sets
from engine.play.phases import FIRE


def test_shuffle_draws_as_random_shuffle() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 16, 31, 32, 33, 100):
            plain, fast = random.Random(seed), random.Random(seed)
            a = [f"c{i}" for i in range(size)]
            b = list(a)
            plain.shuffle(a)
            shuffle(fast, b)
            assert a == b
            assert plain.getstate() == fast.getstate()


def test_rand_below_draws_as_randrange() -> None:
    for seed in range(50):
        plain, fast = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 31, 32, 33, 1000, 2**40 + 3):
            assert rand_below(fast, n) == plain.randrange(n)
        assert plain.getstate() == fast.getstate()


def test_fire_anchors_are_the_plain_anchors() -> None:
    checked = 0
    for name in ["campaign-1/01-waiting-for-friends", "tutorial/02-ancient-trail", "campaign-4/02-drawing-straws"]:
        scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
        for seed in range(4):
            state = new_game(scenario, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.phase == FIRE:
                    assert fire_anchor_sets(state) == plain_fire_anchor_sets(state)
                    checked += 1
                actions = state.legal_actions()
                state.apply_unchecked(actions[rng.randrange(len(actions))])
    assert checked > 50
