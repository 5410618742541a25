#!/usr/bin/env python3
"""Figures for white cats (Oshax paths), rescue strips and special boards, on the
FIXTURE scenarios of the test sweep (``bench/fixtures/oshax.json``, the data of
``tests/engine/test_playouts_boards_oshax.py``, which keeps the two equal; the real
components are unknown): one cat's reach over links (white cat, rescued cat)
beside an ordinary cat's, the full cut-off analysis, and random playouts per second.
"""

from __future__ import annotations

import json
import random
import time
from functools import partial
from pathlib import Path
from typing import Callable

from engine import new_game
from engine.bots.bots import RandomBot, playout
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.formats import scenario_from_dict
from engine.model.scenario import Scenario
from engine.play.analysis import find_cut_off, move_targets

FIXTURES = json.loads((Path(__file__).resolve().parent / "fixtures" / "oshax.json").read_text(encoding="utf-8"))
CATALOG = bundled_catalog().merged(catalog_from_dict(FIXTURES["catalog"]))


def per_call(fn: Callable[[], object], repeat: int = 2000) -> float:
    """Best of three runs, milliseconds per call."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1000


def games_per_second(scenario: Scenario, games: int = 40) -> float:
    start = time.perf_counter()
    for seed in range(games):
        playout(new_game(scenario, seed=seed, catalog=CATALOG), RandomBot(), random.Random(seed))
    return games / (time.perf_counter() - start)


def main() -> None:
    for label, doc in FIXTURES["scenarios"].items():
        scenario = scenario_from_dict(doc)
        state = new_game(scenario, seed=1, catalog=CATALOG)
        for cat, colour in enumerate(state.island.cat_colours):
            ms = per_call(partial(move_targets, state, cat))
            print(f"{label:14s} reach of the {colour} cat: {ms:.4f} ms")
        print(f"{label:14s} cut-off analysis: {per_call(partial(find_cut_off, state), 500):.4f} ms")
        print(f"{label:14s} random solo playouts: {games_per_second(scenario):.0f} games/s")


if __name__ == "__main__":
    main()
