"""The ``raftwright`` command line (argparse): one module per subcommand in
:mod:`raftwright.commands`, each with ``register(subparsers)`` that declares its
arguments and ``set_defaults(run=<function taking the parsed args, returning the exit
status>)``.  To add a subcommand, write the module and name it in :data:`COMMANDS`.

Start-up stays light: this module imports only the standard library's argparse and the
version constant.  Only the module of the subcommand being run is imported (with the
engine or Qt it needs); ``--version`` and ``--help`` load neither (a test counts the
modules).  The one-line help of every subcommand is written here, once, so the overview
needs no command module.

Exit status everywhere: 0 fine, 1 problems found (errors, refusals), 2 an input
cannot be read, is not a Raftwright file, or an option's value is wrong (one line on
stderr says why), 130 interrupted (Ctrl-C).  A closed pipe (``| head -1``) ends the
command quietly.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from typing import Any, Sequence

from raftwright import VERSION
from raftwright.common import EXIT_INTERRUPTED, EXIT_PIPE, EXIT_UNREADABLE, PROG, HelpFormatter, Parser, say

#: subcommand -> (module in raftwright.commands, one-line help), in the order ``--help`` lists them
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("listing", "list the bundled and installed campaigns, scenarios and packs by name"),
    "validate": ("validate", "check scenario, campaign and component files"),
    "show": ("show", "print a scenario's island as text"),
    "import-comp1110": ("comp1110", "convert a COMP1110 challenge string into a scenario file"),
    "edit": ("studio", "open the scenario studio"),
    "play": ("play", "playtest a scenario (or step through a replay)"),
    "render": ("render", "draw scenario sheets as SVG, PNG or PDF"),
    "booklet": ("render", "a campaign's printable PDF booklet"),
    "pack": ("pack", "build, inspect, verify and install scenario packs (.raftpack)"),
    "site": ("site", "build a static gallery (web pages and a feed) of scenario packs"),
    "difficulty": ("difficulty", "estimate scenario difficulty by bot play"),
}


class _Subcommands:
    """What a command module's ``register`` sees as ``sub``: ``add_parser`` with the help
    from :data:`COMMANDS` and a formatter that keeps the examples' lines."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        kwargs.setdefault("help", COMMANDS[name][1])
        kwargs.setdefault("formatter_class", HelpFormatter)
        parser: argparse.ArgumentParser = self._real.add_parser(name, **kwargs)
        return parser


LOG_LEVELS = ("debug", "info", "warning", "error")


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line: the first word that is neither an
    option nor the value of ``--log-level``."""
    words = iter(argv)
    for word in words:
        if word == "--log-level":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; only the module of the subcommand named in ``argv`` is imported (all of
    them when ``argv`` is None: the tests walk every subcommand that way)."""
    parser = Parser(
        prog=PROG,
        description="Raftwright: the Race to the Raft scenario studio. Scenarios and campaigns are named by "
        "path or, for bundled and installed content, by name ('raftwright list' shows the names).",
        epilog="examples:\n  raftwright list\n  raftwright validate campaign-1\n  raftwright edit tutorial/01\n"
        "  raftwright COMMAND --help",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {VERSION}")
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="warning",
        help="what the engine and the studio log on stderr (default warning; the studio also keeps a log file)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    chosen = _command_in(argv) if argv is not None else None
    wanted = set(COMMANDS) if argv is None else ({chosen} if chosen in COMMANDS else set())
    modules = dict.fromkeys(COMMANDS[name][0] for name in COMMANDS if name in wanted)
    registered: set[str] = set()
    for module in modules:
        before = set(sub.choices)
        importlib.import_module(f"raftwright.commands.{module}").register(_Subcommands(sub))
        registered |= set(sub.choices) - before
    for name, (_, help_text) in COMMANDS.items():  # the others: named in the overview only
        if name not in registered:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _main(arguments)
        sys.stdout.flush()  # inside the try: a closed pipe is found here, not at exit
        return status
    except KeyboardInterrupt:
        say("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`| head -1`): stop quietly, and keep Python from
        # complaining when it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE


def _main(argv: list[str]) -> int:
    # The studio collects reference cycles from a timer on its GUI thread (editor.gui_gc
    # turns automatic collection off when its application starts).  Off from here, the
    # start's imports and window are not interrupted by some 50 collections (about 5 % of
    # the time to the first paint); the collector's first tick after the paint catches up.
    # Back on if the command ends without the studio's collector (a refused file...).
    paused = _command_in(argv) == "edit" and gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _run(argv)
    finally:
        if paused and not _studio_collects():
            gc.enable()


def _studio_collects() -> bool:
    """Whether the studio's collector (editor.gui_gc) runs, so automatic collection is off on purpose."""
    gui_gc = sys.modules.get("editor.gui_gc")  # asked only if the studio loaded it, never imported here
    return gui_gc is not None and bool(gui_gc.active())


def _run(argv: list[str]) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    _log_to_stderr(args.log_level)
    if getattr(args, "run", None) is None:
        say(
            "choose a command: 'raftwright edit' opens the studio, 'raftwright validate PATH' checks files, "
            "'raftwright list' names the bundled content, 'raftwright --help' lists them all"
        )
        parser.print_usage(sys.stderr)
        return EXIT_UNREADABLE
    if args.command != "edit":  # the studio shows its own warning
        _warn_about_user_catalogs()
    return int(args.run(args))  # a closed pipe (`| head`) is handled in main()


_stderr_handler: Any = None


def _log_to_stderr(level_name: str) -> None:
    """Python ``logging`` records at ``level_name`` and above, one line each on stderr."""
    import logging

    global _stderr_handler
    level = getattr(logging, level_name.upper())
    root = logging.getLogger()
    if _stderr_handler is not None:  # main() run again in one process (tests): one handler, today's stderr
        root.removeHandler(_stderr_handler)

    class ToStderr(logging.StreamHandler):  # type: ignore[type-arg]
        """Writes to the current ``sys.stderr``, not the one there when it was made."""

        @property
        def stream(self) -> Any:
            return sys.stderr

        @stream.setter
        def stream(self, value: Any) -> None:
            pass

    handler = _stderr_handler = ToStderr()
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(f"{PROG}: %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(min(level, root.level) if root.level != logging.NOTSET else level)


def _warn_about_user_catalogs() -> None:
    from engine.model.catalog import CatalogError, catalog_problems

    try:
        problems = catalog_problems()
    except CatalogError:
        return  # a broken bundled catalog is reported by the command itself
    for problem in problems:
        say(f"warning: custom components left out: {problem}")


if __name__ == "__main__":
    sys.exit(main())
