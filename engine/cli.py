"""The ``raftwright`` command line (argparse, one function per subcommand).

``validate PATH... [--json] [--bundled]`` checks scenario, campaign and component
files (folders recursively); exit 0 with no errors, 1 with any error, 2 when an input
cannot be read or is not a Raftwright file.  ``show FILE`` prints the island as text,
``import-comp1110 STRING -o FILE`` converts a COMP1110 challenge string, ``edit
[FILE]`` opens the studio, ``play FILE [--seed N] [--players N]`` opens the playtest
on a scenario or a replay.

To add a subcommand, write ``_add_<name>(subparsers)`` that declares its arguments and
``set_defaults(run=<function taking the parsed args, returning the exit status>)``,
then append it to :data:`SUBCOMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .catalog import CatalogError, catalog_problems, default_catalog
from .formats import FormatError, canonical_json, load_scenario, save_scenario
from .issues import Issue
from .resources import campaigns_dir

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
FOLDER_PATTERNS = ("*.scenario.json", "*.campaign.json", "campaign.json", "*.components.json")
PROG = "raftwright"


def _say(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


# --- validate -------------------------------------------------------------------
def _expand(paths: Sequence[Path]) -> Iterator[Path]:
    """Files as given; folders recursively, the Raftwright files in them by name.
    Raises :class:`FormatError` for a folder that holds none."""
    for path in paths:
        if path.is_dir():
            found = {p for pattern in FOLDER_PATTERNS for p in path.rglob(pattern) if p.is_file()}
            if not found:
                raise FormatError(path, f"the folder holds no Raftwright files ({', '.join(FOLDER_PATTERNS)})")
            yield from sorted(found)
        else:
            yield path  # a missing file is reported when it is read


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def format_issue(file: str, issue: Issue) -> str:
    return f"{file}: {issue.severity} {issue.code} {issue.message} ({issue.where.describe()})"


def cmd_validate(args: argparse.Namespace) -> int:
    from .validate_files import FileChecker

    paths = [Path(p) for p in args.paths] + ([campaigns_dir()] if args.bundled else [])
    if not paths:
        _say("validate needs at least one PATH (a file or folder) or --bundled")
        return EXIT_UNREADABLE
    try:
        checker = FileChecker()
    except CatalogError as exc:
        _say(f"cannot load the component catalog: {exc}")
        return EXIT_UNREADABLE
    results: list[tuple[str, Issue]] = []
    unreadable = files = 0
    for given in paths:
        try:
            found = list(_expand([given]))
        except FormatError as exc:
            unreadable += 1
            _say(str(exc))
            continue
        for path in found:
            files += 1
            try:
                issues = checker.check(path)
            except FormatError as exc:
                unreadable += 1
                _say(str(exc))
                continue
            results += [(_display(path), issue) for issue in issues]
    errors = sum(1 for _, issue in results if issue.is_error)
    if args.json:
        rows = [{"file": f, "code": i.code, "severity": i.severity, "message": i.message, "where": i.where.to_dict()}
                for f, i in results]
        sys.stdout.write(canonical_json(rows))
    else:
        for file, issue in results:
            print(format_issue(file, issue))
        summary = f"checked {files} file{'s' if files != 1 else ''}: {errors} error(s), {len(results) - errors} warning(s)"
        _say(summary + (f", {unreadable} unreadable" if unreadable else ""))
    return EXIT_UNREADABLE if unreadable else EXIT_ERRORS if errors else EXIT_OK


def _add_validate(sub: Any) -> None:
    p = sub.add_parser("validate", help="check scenario, campaign and component files",
                       description="Check files against their schema and the game's rules. Folders are searched "
                       f"recursively for {', '.join(FOLDER_PATTERNS)}. Exit 0: no errors; 1: errors; "
                       "2: an input cannot be read or is not a Raftwright file.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="a file or a folder")
    p.add_argument("--json", action="store_true", help="print a JSON array of issues")
    p.add_argument("--bundled", action="store_true", help="also check all bundled catalogs, campaigns and scenarios")
    p.set_defaults(run=cmd_validate)


# --- show ---------------------------------------------------------------------
def cmd_show(args: argparse.Namespace) -> int:
    from .island_text import island_text

    try:
        scenario = load_scenario(args.file)
        catalog = default_catalog()
    except (FormatError, CatalogError) as exc:
        _say(str(exc))
        return EXIT_UNREADABLE
    sys.stdout.write(island_text(scenario, catalog, legend=not args.no_legend))
    return EXIT_OK


def _add_show(sub: Any) -> None:
    p = sub.add_parser("show", help="print a scenario's island as text",
                       description="Print the island one character per square, with a legend.")
    p.add_argument("file", metavar="FILE", help="a .scenario.json file")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    p.set_defaults(run=cmd_show)


# --- import-comp1110 ----------------------------------------------------------
def cmd_import_comp1110(args: argparse.Namespace) -> int:
    from .validate import validate

    try:
        from .interop.comp1110_challenge import challenge_to_scenario
    except ImportError as exc:
        _say(f"the COMP1110 import is not available in this installation ({exc})")
        return EXIT_UNREADABLE
    try:
        scenario = challenge_to_scenario(args.string, name=args.name)
    except ValueError as exc:
        _say(f"cannot import the challenge: {exc}")
        return EXIT_UNREADABLE
    try:
        save_scenario(scenario, args.output)
    except OSError as exc:
        _say(f"cannot write {args.output}: {exc.strerror or exc}; check the folder exists and is writable")
        return EXIT_UNREADABLE
    issues = validate(scenario)
    for issue in issues:
        print(format_issue(args.output, issue))
    _say(f"wrote {args.output} ({len(issues)} issue(s))")
    return EXIT_ERRORS if any(i.is_error for i in issues) else EXIT_OK


def _add_import_comp1110(sub: Any) -> None:
    p = sub.add_parser("import-comp1110", help="convert a COMP1110 challenge string into a scenario file",
                       description="Convert a COMP1110 challenge string (e.g. LNSNLASAF0003...C112033...R01215) "
                       "into a scenario file, then validate it.")
    p.add_argument("string", metavar="STRING", help="the challenge string")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the .scenario.json file to write")
    p.add_argument("--name", help="the scenario's name (default: 'COMP1110 challenge')")
    p.set_defaults(run=cmd_import_comp1110)


# --- edit ---------------------------------------------------------------------
def cmd_edit(args: argparse.Namespace) -> int:
    try:  # the studio; the engine never imports it at module level (tests/engine/test_purity.py)
        app = importlib.import_module("editor.app")
    except ImportError as exc:
        _say(f"the studio cannot start: {exc}; install Raftwright with its GUI dependencies (make run)")
        return EXIT_UNREADABLE
    return int(app.main(args.file) or 0)


def _add_edit(sub: Any) -> None:
    p = sub.add_parser("edit", help="open the scenario studio", description="Open the studio, optionally on a file.")
    p.add_argument("file", nargs="?", metavar="FILE", help="a scenario or campaign file to open")
    p.set_defaults(run=cmd_edit)


# --- play ---------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    try:  # the playtest window; the engine never imports Qt at module level
        app = importlib.import_module("editor.playtest.app")
    except ImportError as exc:
        _say(f"the playtest cannot start: {exc}; install Raftwright with its GUI dependencies (make run)")
        return EXIT_UNREADABLE
    try:
        return int(app.main(args.file, args.seed, args.players) or 0)
    except (FormatError, ValueError) as exc:
        _say(str(exc))
        return EXIT_UNREADABLE


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help="playtest a scenario (or step through a replay)",
                       description="Open the playtest window on a scenario file (a new game) or a .replay.json file.")
    p.add_argument("file", metavar="FILE", help="a .scenario.json or .replay.json file")
    p.add_argument("--seed", type=int, help="the game's seed (default: random, shown in the window)")
    p.add_argument("--players", type=int, choices=(1, 2, 3, 4), help="player count (default: the fewest the scenario allows)")
    p.set_defaults(run=cmd_play)


SUBCOMMANDS: list[Callable[[Any], None]] = [_add_validate, _add_show, _add_import_comp1110, _add_edit, _add_play]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Raftwright: the Race to the Raft scenario studio.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        _say("choose a command: 'raftwright edit' opens the studio, 'raftwright validate PATH' checks files, "
             "'raftwright --help' lists them all")
        parser.print_usage(sys.stderr)
        return EXIT_UNREADABLE
    if args.command != "edit":  # the studio shows its own warning
        _warn_about_user_catalogs()
    return int(args.run(args))


def _warn_about_user_catalogs() -> None:
    try:
        problems = catalog_problems()
    except CatalogError:
        return  # a broken bundled catalog is reported by the command itself
    for problem in problems:
        _say(f"warning: custom components left out: {problem}")


if __name__ == "__main__":
    sys.exit(main())
