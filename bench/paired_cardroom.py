#!/usr/bin/env python3
"""Paired games (the same seeds) of the heuristic and the cardroom bot, lab use.

usage: paired_cardroom.py FIRST N SCENARIO... [width=4] [tiles=6] [cap=4] [margin=0.5] [firsts=0]
(SCENARIO: a bundled scenario's file name without ``.scenario.json``); prints each
scenario's wins and CPU seconds for both bots."""

from __future__ import annotations

import random
import sys
import time

from engine.bots.bots import playout
from engine.bots.card_room import CardRoomBot
from engine.bots.heuristic import HeuristicBot
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.game import new_game
from engine.play.outcome import WIN


def main(argv: list[str]) -> None:
    first, n = int(argv[0]), int(argv[1])
    options = dict(a.split("=") for a in argv[2:] if "=" in a)
    names = [a for a in argv[2:] if "=" not in a]
    room = CardRoomBot(**{k: float(v) if k == "margin" else int(v) for k, v in options.items()})  # type: ignore[arg-type]
    bots = {"heuristic": HeuristicBot(), "cardroom": room}
    total = dict.fromkeys(bots, 0)
    for name in names:
        scenario = open_scenario(next(campaigns_dir().glob(f"*/{name}.scenario.json")))
        row = []
        for label, bot in bots.items():
            t = time.process_time()
            wins = 0
            for seed in range(first, first + n):
                state = new_game(scenario, seed=seed)
                playout(state, bot, random.Random(seed))
                o = state.outcome()
                wins += o is not None and o.result == WIN
            total[label] += wins
            row.append(f"{label} {wins:3d} ({time.process_time() - t:5.1f}s)")
        print(f"{name:28} " + "  ".join(row), flush=True)
    print("TOTAL", total, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
