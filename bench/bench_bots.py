#!/usr/bin/env python3
"""Bot speed figures (`make bench`), on the bundled Campaign 1 scenario "Waiting for
friends" in solo, through :func:`engine.play.difficulty.estimate` (the CLI's path):

* random playouts, games/s per core (target >= 500): wall clock of one process, and
  games per CPU second of this process (what a busy machine does not take away);
* heuristic games on one and on two processes, and the time 1,000 heuristic games
  take on two (target < 20 s): from a short timed run, or played for real with
  ``--full``;
* the scaling of two processes over one (target >= 1.8x).

Options: ``--random N`` random games (default 400), ``--heuristic N`` heuristic games
per timed run (default 48), ``--full`` to time 1,000 heuristic games on two processes.
The load average is printed: on a shared machine figures are pessimistic.  The
win-rate targets over all 39 scenarios take many minutes: ``bench/bot_targets.py``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.model.formats import load_scenario  # noqa: E402
from engine.model.resources import campaigns_dir  # noqa: E402
from engine.play.difficulty import estimate  # noqa: E402

SCENARIO = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"


def timed(bot: str, games: int, jobs: int) -> tuple[float, float]:
    """``(wall seconds, CPU seconds of this process)`` for ``games`` games."""
    scenario = load_scenario(SCENARIO)
    wall, cpu = time.perf_counter(), time.process_time()
    estimate(scenario, games=games, bot=bot, jobs=jobs, seed=1000)
    return time.perf_counter() - wall, time.process_time() - cpu


def _option(argv: list[str], name: str, default: int) -> int:
    return int(argv[argv.index(name) + 1]) if name in argv else default


def main(argv: list[str]) -> int:
    random_games = _option(argv, "--random", 400)
    heuristic_games = _option(argv, "--heuristic", 48)
    print(f"scenario: {SCENARIO.parent.name}/{SCENARIO.name}, solo; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")  # fmt: skip
    wall, cpu = timed("random", random_games, 1)
    print(f"random playouts, 1 process:      {random_games / wall:7.1f} games/s wall, "
          f"{random_games / cpu:7.1f} games per CPU second  (target >= 500 per core)")  # fmt: skip
    h1, _ = timed("heuristic", heuristic_games, 1)
    h2, _ = timed("heuristic", heuristic_games, 2)
    r1, r2 = heuristic_games / h1, heuristic_games / h2
    print(f"heuristic games, 1 process:      {r1:7.2f} games/s")
    print(f"heuristic games, 2 processes:    {r2:7.2f} games/s  -> 1,000 games in {1000 / r2:6.0f} s (target < 20 s)")
    print(f"two processes over one:          {r2 / r1:7.2f}x  (target >= 1.8x)")
    if "--full" in argv:
        full, _ = timed("heuristic", 1000, 2)
        print(f"1,000 heuristic games, 2 processes, played: {full:6.0f} s (target < 20 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
