"""The ``raftwright`` command line (argparse): one module per subcommand in
:mod:`raftwright.commands`, each with ``register(subparsers)`` that declares its
arguments and ``set_defaults(run=<function taking the parsed args, returning the exit
status>)``.  To add a subcommand, write the module and name it in :data:`COMMANDS`.

Exit status everywhere: 0 fine, 1 problems found (errors, refusals), 2 an input
cannot be read or is not a Raftwright file (one line on stderr says why).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

from engine.model.catalog import CatalogError, catalog_problems
from raftwright import installed_version
from raftwright.common import EXIT_OK, EXIT_UNREADABLE, PROG, say

#: subcommand modules in :mod:`raftwright.commands`, in the order ``--help`` lists them
COMMANDS: list[str] = ["validate", "show", "comp1110", "studio", "render", "pack", "difficulty"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Raftwright: the Race to the Raft scenario studio.")
    parser.add_argument("--version", action="version", version=f"{PROG} {installed_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"raftwright.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        say(
            "choose a command: 'raftwright edit' opens the studio, 'raftwright validate PATH' checks files, "
            "'raftwright --help' lists them all"
        )
        parser.print_usage(sys.stderr)
        return EXIT_UNREADABLE
    if args.command != "edit":  # the studio shows its own warning
        _warn_about_user_catalogs()
    try:
        return int(args.run(args))
    except BrokenPipeError:  # `raftwright pack inspect FILE | head`: the reader left, not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush is quiet too
        return EXIT_OK


def _warn_about_user_catalogs() -> None:
    try:
        problems = catalog_problems()
    except CatalogError:
        return  # a broken bundled catalog is reported by the command itself
    for problem in problems:
        say(f"warning: custom components left out: {problem}")


if __name__ == "__main__":
    sys.exit(main())
