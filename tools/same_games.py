#!/usr/bin/env python3
"""A fingerprint of the heuristic bot's choices, for speed work that must change no game.

Plays a fixed set of 80 heuristic games through the engine's own replay recorder
(:func:`engine.sim.traced.game_replay`) and prints one SHA-256 over every action of every
game: 30 seeds of Campaign 1 "Waiting for friends" solo, each bundled campaign scenario
solo (seed 7), every third one two-player standard (seed 11) and every fourth the
COMP1110 variant (seed 13).  A shortcut that gives the same answers prints the same
fingerprint before and after; the golden games (``tools/update_goldens.py --check``)
cover fewer positions.

``python tools/same_games.py`` prints the fingerprint (about 5 s);
``--expect HEX`` exits 1 when it differs (a prefix of the printed value is enough).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from engine.check.open_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.sim.traced import game_replay

Run = tuple[Path, int, str, int]  # (scenario file, seed, variant, players)


def runs() -> list[Run]:
    """The 80 games, in a fixed order."""
    root = campaigns_dir()
    scenarios = sorted(root.glob("campaign-*/*.scenario.json"))
    first = root / "campaign-1" / "01-waiting-for-friends.scenario.json"
    out: list[Run] = [(first, seed, "solo", 1) for seed in range(1000, 1030)]
    out += [(path, 7, "solo", 1) for path in scenarios]
    out += [(path, 11, "standard", 2) for path in scenarios[::3]]
    out += [(path, 13, "comp1110", 1) for path in scenarios[::4]]
    return out


def fingerprint() -> tuple[str, int, int]:
    """``(hex digest, games, actions)`` over :func:`runs`."""
    digest = hashlib.sha256()
    games = actions = 0
    for path, seed, variant, players in runs():
        replay = game_replay(open_scenario(path), seed, variant=variant, players=players)
        digest.update(f"{path.name}:{seed}:{variant}:{players}:{replay.actions!r}".encode())
        games += 1
        actions += len(replay.actions)
    return digest.hexdigest(), games, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--expect", metavar="HEX", help="exit 1 unless the fingerprint starts with this")
    args = parser.parse_args(argv)
    found, games, actions = fingerprint()
    print(f"{games} games, {actions} actions: {found[:16]}")
    if args.expect and not found.startswith(args.expect.lower()):
        print(f"the games changed: expected {args.expect}, found {found[:16]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
