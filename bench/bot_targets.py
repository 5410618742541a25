#!/usr/bin/env python3
"""Bot targets over the 39 bundled scenarios in solo (issue "Difficulty from simulation").

For every bundled scenario, ``--games`` games (default 200) of ``--bot`` (default the
heuristic bot), seeds 0..games-1, on ``--jobs`` processes; then per campaign group
(Tutorial, Practice, Campaigns 1-4) the win rate over all its games, and Spearman's
coefficient between the scenarios' win rates and their group order (Tutorial easiest:
the coefficient of group rank against 1 - win rate; 1.0 = perfect agreement).
``--fit`` prints a paw calibration: the floors between neighbouring groups' median
win rates, each capped by the one before so they fall with the paws
(``engine.play.difficulty.CALIBRATION``).  ``--json FILE`` keeps the
per-scenario estimates.

This takes many minutes on two cores, so ``make bench`` (which runs ``bench_*.py``)
does not run it; ``bench/bench_bots.py`` prints the bots' speed figures there instead
(README "Difficulty").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.model.formats import load_scenario  # noqa: E402
from engine.model.resources import campaigns_dir  # noqa: E402
from engine.play.difficulty import estimate, spearman  # noqa: E402

GROUPS = ["tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="campaign folders to run (default all six)")
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--summary", type=Path, help="sum up a --json file of an earlier run instead of playing")
    args = parser.parse_args()
    rows: list[tuple[int, str, float, int, int]] = []
    out = []
    start = time.perf_counter()
    games_played = 0
    if args.summary:
        for e in json.loads(args.summary.read_text()):
            group = Path(e["file"]).parent.name
            rows.append((GROUPS.index(group), group, e["win_rate"], e["wins"], e["games"]))
            games_played += e["games"]
    for rank, group in enumerate([] if args.summary else GROUPS):
        if args.only and group not in args.only:
            continue
        for path in sorted((campaigns_dir() / group).glob("*.scenario.json")):
            scenario = load_scenario(path)
            t = time.perf_counter()
            try:
                e = estimate(scenario, file=str(path), games=args.games, bot=args.bot, jobs=args.jobs)
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
        print(f"\nsummary of {args.summary}: {len(rows)} scenarios, {games_played} games")
    else:
        print(f"\n{args.bot} bot, {args.games} solo games per scenario, {args.jobs} jobs, "
              f"{games_played} games in {elapsed:.0f} s ({games_played / elapsed:.1f} games/s)")  # fmt: skip
    medians = {}
    for group in GROUPS:
        mine = [r for r in rows if r[1] == group]
        if mine:
            wins, games = sum(r[3] for r in mine), sum(r[4] for r in mine)
            medians[group] = median(r[2] for r in mine)
            print(f"  {group:10} win rate {wins / games:6.1%} ({wins}/{games} games, median scenario {medians[group]:.1%})")
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
        ms = [medians[g] for g in GROUPS]
        floors: list[tuple[int, float]] = []
        for paws in range(len(GROUPS) - 1):
            floor = round((ms[paws] + ms[paws + 1]) / 2, 4)
            if floors:  # more paws never need a higher win rate: keep the floors falling
                floor = min(floor, floors[-1][1])
            floors.append((paws, floor))
        print(f"  CALIBRATION = {tuple(floors)!r}  (paws = group rank; floor = midpoint of neighbouring "
              "medians, capped by the floor before)")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
