#!/usr/bin/env python3
"""Bot targets over the 39 bundled scenarios in solo (issue "Difficulty from simulation").

For every bundled scenario, ``--games`` games (default 200) of ``--bot`` (default the
heuristic bot), seeds ``--seed`` .. ``--seed`` + games - 1 (default 0: a second sample of
the same size is ``--seed 200``), on ``--jobs`` processes; then per campaign group
(Tutorial, Practice, Campaigns 1-4) the win rate over all its games, and Spearman's
coefficient between the scenarios' win rates and their group order (Tutorial easiest:
the coefficient of group rank against 1 - win rate; 1.0 = perfect agreement).
``--fit`` prints a paw calibration (``engine.sim.difficulty.CALIBRATION``): the
scenarios, taken as 0-5 paws by their group (Tutorial 0 .. Campaign 4 5), are given
paws that never fall as the win rate rises and differ from their group's in total as
little as possible (an isotonic fit in absolute error, :func:`fit_floors`); each floor
is the midpoint between the win rates either side of a paw step.  ``--json FILE`` keeps the
per-scenario estimates.

This takes many minutes on two cores, so ``make bench`` (which runs ``bench_*.py``)
does not run it; ``bench/bench_bots.py`` prints the bots' speed figures there instead
(docs/difficulty.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.sim.difficulty import estimate, spearman

GROUPS = ["tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4"]


def fit_floors(rows: list[tuple[int, float]], paws: int = len(GROUPS)) -> list[tuple[int, float]]:
    """Win-rate floors for 0 .. ``paws - 2`` paws from ``(group rank, win rate)`` rows:
    blocks of equal win rate, most won first, get paws that never fall down the list
    (dynamic programming over blocks and paws, least total ``|paws - group rank|``,
    fewer paws on a tie); a floor is the midpoint between the lowest win rate given at
    most that many paws and the highest given more (0.0 when none is given more, and
    then every lower rating's floor is the next one's)."""
    rates = sorted({rate for _, rate in rows}, reverse=True)
    blocks = [[rank for rank, rate in rows if rate == r] for r in rates]
    inf = float("inf")
    cost = [[float(sum(abs(p - rank) for rank in block)) for p in range(paws)] for block in blocks]
    best: list[list[float]] = [cost[0][:]]
    back: list[list[int]] = [[0] * paws]
    for b in range(1, len(blocks)):
        row: list[float] = [inf] * paws
        links = [0] * paws
        for p in range(paws):
            prev = min(range(p + 1), key=lambda q: (best[-1][q], q))
            row[p], links[p] = best[-1][prev] + cost[b][p], prev
        best.append(row)
        back.append(links)
    given = [0] * len(blocks)
    given[-1] = min(range(paws), key=lambda p: (best[-1][p], p))
    for b in range(len(blocks) - 1, 0, -1):
        given[b - 1] = back[b][given[b]]
    floors: list[tuple[int, float]] = []
    for k in range(paws - 1):
        above = [rates[b] for b in range(len(blocks)) if given[b] <= k]
        below = [rates[b] for b in range(len(blocks)) if given[b] > k]
        if not below:
            floor = 0.0
        elif not above:
            floor = 1.0  # nothing earns so few paws: the next floor decides
        else:
            floor = (min(above) + max(below)) / 2
        floors.append((k, round(floor, 4)))
    return floors


def summed_runs(runs: list[list[dict[str, Any]]]) -> list[tuple[str, int, int]]:
    """``(group, wins, games)`` per scenario over the ``--json`` lists ``runs`` (a scenario's
    games summed over the runs that have it, in the order first seen): two samples of
    different seeds make one of their combined size."""
    summed: dict[str, list[Any]] = {}
    for run in runs:
        for e in run:
            key = "/".join(Path(e["file"]).parts[-2:])  # group folder and file name
            found = summed.setdefault(key, [Path(e["file"]).parent.name, 0, 0])
            found[1] += e["wins"]
            found[2] += e["games"]
    return [(group, wins, games) for group, wins, games in summed.values()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=0, help="first seed (a second sample: --seed 200)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="campaign folders to run (default all six)")
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--summary", type=Path, nargs="+",
                        help="sum up --json files of earlier runs instead of playing (several: each "
                             "scenario's games summed, e.g. a --seed 0 run and a --seed 200 run)")  # fmt: skip
    args = parser.parse_args()
    rows: list[tuple[int, str, float, int, int]] = []
    out = []
    start = time.perf_counter()
    load_start = os.getloadavg()[0]
    games_played = 0
    if args.summary:
        for group, wins, games in summed_runs([json.loads(p.read_text()) for p in args.summary]):
            rows.append((GROUPS.index(group), group, wins / games, wins, games))
            games_played += games
    for rank, group in enumerate([] if args.summary else GROUPS):
        if args.only and group not in args.only:
            continue
        for path in sorted((campaigns_dir() / group).glob("*.scenario.json")):
            scenario = open_scenario(path)
            t = time.perf_counter()
            try:
                e = estimate(scenario, file=str(path), games=args.games, bot=args.bot, jobs=args.jobs, seed=args.seed)
            except ValueError as exc:
                print(f"{group:10} {path.name:40} not playable yet: {exc}", flush=True)
                continue
            games_played += e.games
            lo, hi = e.interval
            print(f"{group:10} {path.name:40} {e.win_rate:6.1%} [{lo:5.1%}-{hi:5.1%}] "
                  f"{e.wins:4}/{e.games}  {e.games / (time.perf_counter() - t):6.1f} games/s", flush=True)  # fmt: skip
            rows.append((rank, group, e.win_rate, e.wins, e.games))
            out.append(e.to_dict())
    elapsed = max(time.perf_counter() - start, 1e-9)
    if args.summary:
        print(f"\nsummary of {', '.join(map(str, args.summary))}: {len(rows)} scenarios, {games_played} games")
    else:
        print(f"\n{args.bot} bot, {args.games} solo games per scenario (seeds from {args.seed}), {args.jobs} jobs, "
              f"{games_played} games in {elapsed:.0f} s ({games_played / elapsed:.1f} games/s); "
              f"load average {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")  # fmt: skip
    medians = {}
    for group in GROUPS:
        mine = [r for r in rows if r[1] == group]
        if mine:
            wins, games = sum(r[3] for r in mine), sum(r[4] for r in mine)
            medians[group] = median(r[2] for r in mine)
            print(
                f"  {group:10} win rate {wins / games:6.1%} ({wins}/{games} games, median scenario {medians[group]:.1%})"
            )
    if len(rows) > 2:
        rho = spearman([r[0] for r in rows], [1 - r[2] for r in rows])
        print(f"  Spearman (group order vs 1 - win rate): {rho:.3f}")
    c1 = [r for r in rows if r[1] == "campaign-1"]
    c4 = [r for r in rows if r[1] == "campaign-4"]
    if c1 and c4:
        r1 = sum(r[3] for r in c1) / sum(r[4] for r in c1)
        r4 = sum(r[3] for r in c4) / sum(r[4] for r in c4)
        print(f"  targets: Campaign 1 >= 30 %: {r1:.1%} {'met' if r1 >= 0.30 else 'NOT met'}; "
              f"Campaign 4 >= 5 %: {r4:.1%} {'met' if r4 >= 0.05 else 'NOT met'}")  # fmt: skip
    if args.fit and len(medians) == len(GROUPS):
        floors = fit_floors([(r[0], r[2]) for r in rows])
        print(f"  CALIBRATION = {tuple(floors)!r}  (paws = group rank, isotonic least-absolute-error fit; "
              "floor = midpoint of the win rates either side of a paw step)")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
