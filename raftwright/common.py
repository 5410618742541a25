"""What every subcommand shares: exit codes, the stderr voice, the argument parser and
value types, issue lines, names and folders.

Imported at start-up, so only the standard library is imported at the top; the engine
is imported inside the functions that need it.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence

if TYPE_CHECKING:
    from engine.check.issues import Issue
    from engine.model.catalog import Catalog

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C
EXIT_PIPE = 141  # 128 + SIGPIPE: the reader of our output went away
FOLDER_PATTERNS = ("*.scenario.json", "*.campaign.json", "campaign.json", "*.components.json")
PROG = "raftwright"
SQUARE_IN_TEXT = re.compile(r"\(\d+, \d+\)")  # a message naming a square, "(12, 2)"


def say(message: str) -> None:
    """One line on stderr, prefixed with the program's name, in plain words: rule
    references ("RULINGS PL-2") an engine message cites are left to ``--json``."""
    if "RULINGS" in message:
        from engine.model.wording import plain_text

        message = plain_text(message)
    print(f"{PROG}: {message}", file=sys.stderr)


class HelpFormatter(argparse.HelpFormatter):
    """Descriptions wrapped as usual; an epilog's lines (the examples) kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = []
        for line in text.splitlines():
            lead = line[: len(line) - len(line.lstrip())]
            lines.append(super()._fill_text(line, width, indent + lead) if line.strip() else "")
        return "\n".join(lines)


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line: what is wrong and where help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_UNREADABLE, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def int_range(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (to ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is out of range: give a whole number {span}")
        return value

    parse.__name__ = "whole number"
    return parse


def positive_number(text: str) -> float:
    """An argparse ``type``: a number above 0 (seconds, for example)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is out of range: give a number above 0")
    return value


def human(value: Any) -> Any:
    """Numbers as people write them: floats rounded to 6 decimals (no 0.9999999999999998),
    whole floats as such; lists and dicts recursively."""
    if isinstance(value, float):
        return round(value, 6) if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: human(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [human(v) for v in value]
    return value


def named(given: str | Path) -> Path:
    """A path as given, or what a bundled or installed name stands for
    (:func:`raftwright.names.resolve`); raises ``FormatError`` for an unknown name."""
    from raftwright.names import resolve

    return resolve(given)


def refuse_pack(path: Path, command: str) -> None:
    """Scenario commands do not read packs: raise ``FormatError`` pointing to ``pack``."""
    if path.name.endswith(".raftpack"):
        from engine.model.formats import FormatError

        raise FormatError(
            path,
            f"this is a scenario pack, which '{command}' does not read; use 'raftwright pack verify {path}' to "
            f"check it or 'raftwright pack install {path}' to use its scenarios by name",
        )


def expand(paths: Sequence[Path]) -> Iterator[Path]:
    """Files as given; folders recursively, the Raftwright files in them by name.
    Raises :class:`FormatError` for a folder that holds none."""
    from engine.model.formats import FormatError

    for path in paths:
        if path.is_dir():
            found = {p for pattern in FOLDER_PATTERNS for p in path.rglob(pattern) if p.is_file()}
            if not found:
                raise FormatError(path, f"the folder holds no Raftwright files ({', '.join(FOLDER_PATTERNS)})")
            yield from sorted(found)
        else:
            yield path  # a missing file is reported when it is read


def is_campaign(path: Path) -> bool:
    return path.name == "campaign.json" or path.name.endswith(".campaign.json")


def scenario_files(given: Sequence[str | Path], command: str) -> list[Path]:
    """The scenario files the arguments name, for commands that work on several: files
    as given, names resolved, campaigns by their scenario list, folders by every
    scenario below them.  Raises ``FormatError``."""
    from engine.check.open_files import open_campaign

    out: list[Path] = []
    for item in given:
        path = named(item)
        refuse_pack(path, command)
        for found in expand([path]):
            if is_campaign(found):
                campaign = open_campaign(found)
                out.extend(found.parent / entry.scenario for entry in campaign.scenarios)
            elif not found.name.endswith(".components.json"):
                out.append(found)
    return list(dict.fromkeys(out))


def display(path: Path) -> str:
    """``path`` relative to the working folder when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def format_issue(file: str, issue: Issue) -> str:
    """An issue as a person reads it: the file, error or warning, then what is wrong and
    the fix in plain words.  The message names its element; the squares are added when
    it names none.  The issue's code, its JSON pointer and the rule references it cites
    are for ``--json``."""
    from engine.model.wording import plain_text, squares_text

    message = plain_text(issue.message)
    squares = issue.where.squares
    if squares and not SQUARE_IN_TEXT.search(message):
        message += f" (at {squares_text(squares)})"
    return f"{file}: {issue.severity}: {message}"


def catalog_for(path: Path) -> Catalog:
    """The catalog a file is checked, drawn and played with: an installed pack's own
    catalog (the bundled catalogs plus that pack's components) for a file inside the
    pack, else the default catalog (bundled plus the user's custom components).  Every
    command asks here (:func:`engine.packs.resolve.catalog_for`)."""
    from engine.packs import resolve  # not at start-up: only commands that read a file need it

    return resolve.catalog_for(path)
