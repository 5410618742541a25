#!/usr/bin/env python3
"""Figures for white cats (Oshax paths), rescue strips and special boards, on the
FIXTURE scenarios of the test sweep (``tests/engine/test_playouts_boards_oshax.py``;
the real components are unknown): one cat's reach over links (white cat, rescued cat)
beside an ordinary cat's, the full cut-off analysis, and random playouts per second.
"""

from __future__ import annotations

import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "engine")]

from test_playouts_boards_oshax import CATALOG, RESCUE, SPECIAL, WHITE_CAT  # noqa: E402

from engine import new_game  # noqa: E402
from engine.bots.bots import RandomBot, playout  # noqa: E402
from engine.model.scenario import Scenario  # noqa: E402
from engine.play.reach import find_cut_off, move_targets  # noqa: E402


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
    for label, scenario in (("white cat", WHITE_CAT), ("rescue strip", RESCUE), ("special board", SPECIAL)):
        state = new_game(scenario, seed=1, catalog=CATALOG)
        for cat, colour in enumerate(state.island.cat_colours):
            ms = per_call(partial(move_targets, state, cat))
            print(f"{label:14s} reach of the {colour} cat: {ms:.4f} ms")
        print(f"{label:14s} cut-off analysis: {per_call(partial(find_cut_off, state), 500):.4f} ms")
        print(f"{label:14s} random solo playouts: {games_per_second(scenario):.0f} games/s")


if __name__ == "__main__":
    main()
