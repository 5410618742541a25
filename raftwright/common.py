"""What every subcommand shares: exit codes, the stderr voice, issue lines, folders."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator, Sequence

from engine.check.issues import Issue
from engine.model.catalog import Catalog
from engine.model.formats import FormatError

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
FOLDER_PATTERNS = ("*.scenario.json", "*.campaign.json", "campaign.json", "*.components.json")
PROG = "raftwright"


def say(message: str) -> None:
    """One line on stderr, prefixed with the program's name."""
    print(f"{PROG}: {message}", file=sys.stderr)


def expand(paths: Sequence[Path]) -> Iterator[Path]:
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


def display(path: Path) -> str:
    """``path`` relative to the working folder when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def format_issue(file: str, issue: Issue) -> str:
    return f"{file}: {issue.severity} {issue.code} {issue.message} ({issue.where.describe()})"


def catalog_for(path: Path) -> Catalog:
    """The catalog a file is checked, drawn and played with: an installed pack's own
    catalog (the bundled catalogs plus that pack's components) for a file inside the
    pack, else the default catalog (bundled plus the user's custom components).  Every
    command asks here (:func:`engine.packs.resolve.catalog_for`)."""
    from engine.packs import resolve  # not at start-up: only commands that read a file need it

    return resolve.catalog_for(path)
