#!/usr/bin/env python3
"""How often the stuck-hand reading (RULINGS LC-7, an unknown) decides a game.

Every bundled scenario is played ``--games`` times by the heuristic bot (seeds
``--seed`` ..), once under each played reading of the rule option ``stuck_hand``:
``loss`` (the default: cards that cannot be played lose the game, ``no-legal-play``) and
``discard`` (they go to the disaster pile and play goes on).  The same seed gives the
same game under both until a hand is stuck, so the difference is what the reading
decides.  Prints, per campaign group and in total: games, losses, games lost by
``no-legal-play`` under ``loss``, and wins under each reading.  ``--players 2`` plays
the standard game for two.  Several minutes on one core with the defaults; not part of
``make bench``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from engine import new_game
from engine.bots.bots import playout
from engine.bots.heuristic import HeuristicBot
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir

READINGS = ("loss", "discard")
GROUPS = ["tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4"]


def play(task: tuple[str, int, int, int]) -> tuple[str, Counter[str]]:
    """One scenario's games under both readings: counts keyed ``reading:reason``."""
    path, seed, games, players = task
    base = open_scenario(Path(path))
    variant = "solo" if players == 1 else "standard"
    counts: Counter[str] = Counter()
    for reading in READINGS:
        scenario = replace(base, rules=replace(base.rules, stuck_hand=reading))
        for s in range(seed, seed + games):
            state = new_game(scenario, seed=s, players=players, variant=variant)
            outcome = playout(state, HeuristicBot(), random.Random(s)).outcome
            counts[f"{reading}:{outcome.reason if outcome else 'unfinished'}"] += 1
            counts[f"{reading}:{'win' if outcome is not None and outcome.won else 'loss'}"] += 1
    return path, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per scenario and reading (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--players", type=int, default=1, choices=(1, 2), help="1: solo (default), 2: standard")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    paths = sorted(campaigns_dir().glob("*/*.scenario.json"))
    tasks = [(str(p), args.seed, args.games, args.players) for p in paths]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, tasks))
    by_group: dict[str, Counter[str]] = {g: Counter() for g in GROUPS}
    for path, counts in results:
        by_group[Path(path).parent.name].update(counts)
    total: Counter[str] = Counter()
    print(f"stuck_hand (LC-7): heuristic bot, {args.games} games a scenario, seeds {args.seed}-"
          f"{args.seed + args.games - 1}, {args.players} player(s)")  # fmt: skip
    print(f"{'group':<12} {'games':>6} {'losses':>7} {'no-legal-play':>14} {'wins loss':>10} {'wins discard':>13}")
    for group, c in [*by_group.items(), ("all", total)]:
        if group != "all":
            total.update(c)
        games = c["loss:win"] + c["loss:loss"]
        print(f"{group:<12} {games:>6} {c['loss:loss']:>7} {c['loss:no-legal-play']:>14} {c['loss:win']:>10} "
              f"{c['discard:win']:>13}")  # fmt: skip
    games = total["loss:win"] + total["loss:loss"]
    stuck = total["loss:no-legal-play"]
    print(f"no-legal-play decides {stuck} of {games} games ({100 * stuck / max(games, 1):.1f} %), "
          f"{100 * stuck / max(total['loss:loss'], 1):.1f} % of the losses; under 'discard' "
          f"{total['discard:win'] - total['loss:win']:+d} wins ({time.perf_counter() - started:.0f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
