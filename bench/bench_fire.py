#!/usr/bin/env python3
"""The heuristic bot's fire decision: milliseconds per decision, the mask-checked choice
(:func:`engine.bots.heuristic_fire.choose_fire`) against the look-ahead on copies it
replaced (:func:`engine.bots.heuristic_fire.choose_fire_linked`, still used on islands
with Oshax paths or rescue strips), over the fire phases of a few heuristic games of
five bundled scenarios (the same fair views for both).  docs/difficulty.md."""

from __future__ import annotations

import os
import random
import sys
import time

from engine.bots.heuristic import HeuristicBot
from engine.bots.heuristic_fire import choose_fire, choose_fire_linked
from engine.bots.view import fair_view
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.game import new_game
from engine.play.phases import FIRE
from engine.play.state import GameState

SCENARIOS = ["campaign-1/01", "campaign-1/05", "practice/02", "campaign-4/01", "campaign-2/02"]
GAMES = 3
ROUNDS = 3


def fire_views() -> list[GameState]:
    bot = HeuristicBot()
    views = []
    for name in SCENARIOS:
        group, prefix = name.split("/")
        path = next(p for p in sorted((campaigns_dir() / group).glob("*.scenario.json")) if p.name.startswith(prefix))
        scenario = open_scenario(path)
        for seed in range(GAMES):
            state = new_game(scenario, seed=seed, players=1, variant="solo")
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.phase == FIRE:
                    views.append(fair_view(state))
                state.apply(bot.choose(state, rng))
    return views


def main() -> int:
    views = fire_views()
    print(
        f"{len(views)} fire decisions from {GAMES} games each of {', '.join(SCENARIOS)} (load {os.getloadavg()[0]:.1f})"
    )
    for label, choose in (
        ("mask-checked (choose_fire)", choose_fire),
        ("copies (choose_fire_linked)", choose_fire_linked),
    ):
        best = float("inf")
        for _ in range(ROUNDS):  # the best of a few rounds: the machine is shared
            start = time.perf_counter()
            for view in views:
                choose(view)
            best = min(best, time.perf_counter() - start)
        print(f"  {label:30} {1000 * best / len(views):6.2f} ms per decision (best of {ROUNDS})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
