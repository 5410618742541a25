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
COMMANDS: list[str] = ["validate", "show", "comp1110", "studio", "render", "pack", "site", "difficulty"]


class _Version(argparse.Action):
    """``--version``, reading the installed version only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(f"{PROG} {installed_version()}")
        parser.exit()


#: the module of a subcommand whose module name differs from the command's
MODULE_OF = {"edit": "studio", "play": "studio"}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command`` (the first argument, when it names a subcommand)
    only that subcommand's module is loaded: ``raftwright edit`` starts without the
    engine commands' imports (issue 28 item 7).  ``--help`` and errors load them all."""
    parser = argparse.ArgumentParser(prog=PROG, description="Raftwright: the Race to the Raft scenario studio.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the program's version number and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    module = MODULE_OF.get(command or "", command)
    for name in [module] if module in COMMANDS else COMMANDS:
        importlib.import_module(f"raftwright.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(args_list[0] if args_list else None)
    args = parser.parse_args(args_list)
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
