"""``raftwright edit [FILE]`` and ``raftwright play FILE``: the studio and the playtest.

The Qt halves are imported when the command runs, not when the parser is built, so
``validate`` and the other engine commands start without loading Qt (start-up time,
not an import circle: this package sits above both halves)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.model.catalog import CatalogError
from engine.model.formats import FormatError
from raftwright.common import EXIT_UNREADABLE, catalog_for, say
from raftwright.display import display_problem


def run_edit(args: argparse.Namespace) -> int:
    problem = display_problem()  # before Qt: without a display its xcb plugin aborts the process
    if problem:
        say(problem)
        return EXIT_UNREADABLE
    try:
        from editor import app
    except ImportError as exc:
        say(f"the studio cannot start: {exc}; install Raftwright with its GUI dependencies (make run)")
        return EXIT_UNREADABLE
    try:
        catalog = catalog_for(Path(args.file)) if args.file else None
    except CatalogError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    return int(app.main(args.file, catalog) or 0)


def run_play(args: argparse.Namespace) -> int:
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
        return int(app.main(args.file, args.seed, args.players, catalog_for(Path(args.file))) or 0)
    except (FormatError, ValueError) as exc:  # CatalogError is a ValueError
        say(str(exc))
        return EXIT_UNREADABLE


def register(sub: Any) -> None:
    p = sub.add_parser("edit", help="open the scenario studio", description="Open the studio, optionally on a file.")
    p.add_argument("file", nargs="?", metavar="FILE", help="a scenario or campaign file to open")
    p.set_defaults(run=run_edit)
    p = sub.add_parser(
        "play",
        help="playtest a scenario (or step through a replay)",
        description="Open the playtest window on a scenario file (a new game) or a .replay.json file.",
    )
    p.add_argument("file", metavar="FILE", help="a .scenario.json or .replay.json file")
    p.add_argument("--seed", type=int, help="the game's seed (default: random, shown in the window)")
    p.add_argument(
        "--players", type=int, choices=(1, 2, 3, 4), help="player count (default: the fewest the scenario allows)"
    )
    p.set_defaults(run=run_play)
