#!/usr/bin/env python3
"""Bot speed figures (`make bench`), on the bundled Campaign 1 scenario "Waiting for
friends" in solo, through :func:`engine.play.difficulty.estimate` (the CLI's path):

* random playouts, games/s on one core (target >= 500);
* heuristic games, games/s on one and on two processes, and the time 1,000 heuristic
  games would take on two (target < 20 s), from a short timed run;
* the scaling of two processes over one (target >= 1.8x).

The win-rate targets over all 39 scenarios take many minutes: ``bench/bot_targets.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.model.formats import load_scenario  # noqa: E402
from engine.model.resources import campaigns_dir  # noqa: E402
from engine.play.difficulty import estimate  # noqa: E402

SCENARIO = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"


def rate(bot: str, games: int, jobs: int) -> float:
    scenario = load_scenario(SCENARIO)
    start = time.perf_counter()
    estimate(scenario, games=games, bot=bot, jobs=jobs, seed=1000)
    return games / (time.perf_counter() - start)


def main() -> None:
    print(f"scenario: {SCENARIO.parent.name}/{SCENARIO.name}, solo")
    r1 = rate("random", 400, 1)
    print(f"random playouts, 1 process:      {r1:7.1f} games/s  (target >= 500 per core)")
    h1 = rate("heuristic", 48, 1)
    h2 = rate("heuristic", 48, 2)
    print(f"heuristic games, 1 process:      {h1:7.2f} games/s")
    print(f"heuristic games, 2 processes:    {h2:7.2f} games/s  -> 1,000 games in {1000 / h2:6.0f} s (target < 20 s)")
    print(f"two processes over one:          {h2 / h1:7.2f}x  (target >= 1.8x)")


if __name__ == "__main__":
    main()
