"""``raftwright validate PATH... [--json] [--bundled]``: schema and rule checks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.check.issues import Issue
from engine.check.validate_files import FileChecker
from engine.model.catalog import CatalogError
from engine.model.formats import FormatError, canonical_json
from engine.model.resources import campaigns_dir
from engine.packs.resolve import pack_of
from raftwright.common import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_UNREADABLE,
    FOLDER_PATTERNS,
    catalog_for,
    display,
    expand,
    format_issue,
    is_campaign,
    named,
    refuse_pack,
    say,
)  # fmt: skip


def run(args: argparse.Namespace) -> int:
    paths: list[str | Path] = list(args.paths) + ([campaigns_dir()] if args.bundled else [])
    if not paths:
        say("validate needs at least one PATH (a file or folder) or --bundled")
        return EXIT_UNREADABLE
    try:
        checker = FileChecker()
    except CatalogError as exc:
        say(f"cannot load the component catalog: {exc}")
        return EXIT_UNREADABLE
    pack_checkers: dict[Path, FileChecker] = {}  # files inside an installed pack: its own components

    def checker_for(path: Path) -> FileChecker:
        pack = pack_of(path)
        if pack is None:
            return checker
        if pack.folder not in pack_checkers:
            pack_checkers[pack.folder] = FileChecker(catalog_for(path))
        return pack_checkers[pack.folder]

    results: list[tuple[str, Issue]] = []
    unreadable = files = 0
    for given in paths:
        try:
            path = named(given)
            if path != Path(given) and is_campaign(path):
                path = path.parent  # a campaign's name: the campaign and its scenarios
            refuse_pack(path, "validate")
            found = list(expand([path]))
        except FormatError as exc:
            unreadable += 1
            say(str(exc))
            continue
        for path in found:
            files += 1
            try:
                issues = checker_for(path).check(path)
            except (FormatError, CatalogError) as exc:
                unreadable += 1
                say(str(exc))
                continue
            results += [(display(path), issue) for issue in issues]
    errors = sum(1 for _, issue in results if issue.is_error)
    if args.json:
        rows = [
            {"file": f, "code": i.code, "severity": i.severity, "message": i.message, "where": i.where.to_dict()}
            for f, i in results
        ]
        sys.stdout.write(canonical_json(rows))
    else:
        for file, issue in results:
            print(format_issue(file, issue))
        summary = (
            f"checked {files} file{'s' if files != 1 else ''}: {errors} error(s), {len(results) - errors} warning(s)"
        )
        if files:  # nothing read at all: the line saying why is the whole answer
            say(summary + (f", {unreadable} unreadable" if unreadable else ""))
    return EXIT_UNREADABLE if unreadable else EXIT_ERRORS if errors else EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "validate",
        description="Check files against their schema and the game's rules. Folders are searched "
        f"recursively for {', '.join(FOLDER_PATTERNS)}. Exit 0: no errors; 1: errors; "
        "2: an input cannot be read or is not a Raftwright file. A PATH may also be a bundled or installed "
        "name ('raftwright list'). Packs are checked by 'raftwright pack verify'.",
        epilog="examples:\n  raftwright validate tutorial\n  raftwright validate my-scenarios/ --json\n"
        "  raftwright validate --bundled",
    )
    p.add_argument(
        "paths", nargs="*", metavar="PATH", help="a file, a folder or a name such as campaign-1 or tutorial/01"
    )
    p.add_argument("--json", action="store_true", help="print a JSON array of issues")
    p.add_argument("--bundled", action="store_true", help="also check all bundled catalogs, campaigns and scenarios")
    p.set_defaults(run=run)
