"""``raftwright edit [FILE]``: the studio (``raftwright play`` is :mod:`raftwright.commands.play`).

The Qt half is imported when the command runs, not when the parser is built, so
``validate`` and the other engine commands start without loading Qt (start-up time,
not an import circle: this package sits above both halves).  Building this parser
loads none of the rules either: the studio's first paint waits for neither."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.model.catalog import CatalogError
from engine.model.formats import FormatError
from raftwright.common import EXIT_UNREADABLE, catalog_for, named, refuse_pack, say
from raftwright.display import display_problem


def target(given: str, command: str) -> str | None:
    """The file ``given`` names (a path or a bundled/installed name), or None after saying
    why.  ``edit`` takes a pack too (the import dialog alone); ``play`` does not."""
    try:
        path = named(given)
        if command != "edit":
            refuse_pack(path, command)
    except FormatError as exc:
        say(str(exc))
        return None
    return str(path)


def run_edit(args: argparse.Namespace) -> int:
    path = target(args.file, "edit") if args.file else None
    if args.file and path is None:
        return EXIT_UNREADABLE
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
        catalog = catalog_for(Path(path)) if path else None
    except CatalogError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    return int(app.main(path, catalog) or 0)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "edit",
        description="Open the studio, optionally on a file: a scenario or campaign file, or the name of a bundled "
        "or installed one ('raftwright list'). A .raftpack opens the import dialog alone (as a double-click on a "
        "pack in the file manager does).",
        epilog="examples:\n  raftwright edit\n  raftwright edit campaign-1/03\n  raftwright edit my.scenario.json",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="a scenario or campaign file (or name) to open")
    p.set_defaults(run=run_edit)
