"""``raftwright play FILE``: the playtest window, or with ``--text`` a game in the
terminal without Qt (:mod:`raftwright.commands.textplay`).  The Qt half is imported
when the command runs, not when the parser is built."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.model.formats import FormatError
from engine.play.variants import VARIANTS
from raftwright.commands.studio import target
from raftwright.common import EXIT_UNREADABLE, catalog_for, int_range, say
from raftwright.display import display_problem


def run_play(args: argparse.Namespace) -> int:
    path = target(args.file, "play")
    if path is None:
        return EXIT_UNREADABLE
    if args.text:
        from raftwright.commands.textplay import run_text

        return run_text(args, Path(path))
    problem = display_problem()
    if problem:
        say(problem)
        return EXIT_UNREADABLE
    try:
        from editor.playtest import app
    except ImportError as exc:
        say(f"the playtest cannot start: {exc}; install Raftwright with its GUI dependencies (make run)")
        return EXIT_UNREADABLE
    try:
        return int(app.main(path, args.seed, args.players, catalog_for(Path(path))) or 0)
    except (FormatError, ValueError) as exc:  # CatalogError is a ValueError
        say(str(exc))
        return EXIT_UNREADABLE


def register(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        description="Open the playtest window on a scenario (a new game) or a .replay.json file. FILE may be the "
        "name of a bundled or installed scenario. With --text the game is played in the terminal instead: one "
        "action per line on standard input, in the replay notation (draw 0 circle) or by number ('list' shows the "
        "legal actions), so it can be scripted.",
        epilog="examples:\n  raftwright play tutorial/01\n  raftwright play tutorial/01 --seed 1 --text < moves.txt\n"
        "  raftwright play my.replay.json",
    )
    p.add_argument("file", metavar="FILE", help="a .scenario.json or .replay.json file, or a scenario's name")
    p.add_argument(
        "--seed", type=int_range(0), help="the game's seed (default: random, shown in the window; 0 with --text)"
    )
    p.add_argument(
        "--players", type=int_range(1, 4), help="player count, 1 to 4 (default: the fewest the scenario allows)"
    )
    p.add_argument("--text", action="store_true", help="play in the terminal, reading actions from standard input")
    p.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        help="rule variant with --text (default: solo for 1 player, else standard)",
    )
    p.add_argument("--save-replay", metavar="FILE", help="with --text: write the game as a .replay.json file")
    p.set_defaults(run=run_play)
