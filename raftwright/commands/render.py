"""``raftwright render FILE... --format svg|png|pdf`` and ``raftwright booklet CAMPAIGN -o OUT.pdf``:
campaign-book sheets and booklets (drawn by :mod:`editor.sheets`, headless).

Exit status as ``validate``: 0 written; 1 a scenario has errors and ``--strict`` was
given (without it the sheet carries a red warning banner); 2 an input cannot be read.
Qt is imported when the command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.check.open_files import open_campaign_with_scenarios, open_scenario
from engine.model.catalog import CatalogError
from engine.model.files import WriteError, atomic_write
from engine.model.formats import FormatError
from engine.model.library import CAMPAIGN_FILE
from engine.packs.resolve import pack_of
from raftwright.common import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_UNREADABLE,
    catalog_for,
    display,
    int_range,
    named,
    refuse_pack,
    say,
    scenario_files,
)

FORMATS = ("svg", "png", "pdf")
PAPERS = ("a4", "letter")


def write_output(path: Path, data: bytes) -> bool:
    """Write ``data`` whole (:func:`engine.model.files.atomic_write`); False after
    saying why when the folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data)
    except WriteError as exc:
        say(f"cannot write {display(path)} ({exc.reason}); choose another -o")
        return False
    except OSError as exc:
        say(f"cannot write {display(path)} ({exc.strerror or exc}); choose another -o")
        return False
    return True


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".scenario.json", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _targets(files: list[Path], out: Path | None, fmt: str) -> list[Path]:
    """One output per input: ``-o`` names the file for a single input, else a folder
    (made when missing); without ``-o`` the sheets go to the working folder."""
    if out is not None and len(files) == 1 and not out.is_dir():
        return [out]
    folder = out if out is not None else Path.cwd()
    return [folder / f"{_stem(f)}.{fmt}" for f in files]


def output_format(given: str | None, out: Path | None) -> str:
    """The sheet format: ``--format``, else ``-o``'s suffix, else png.  Raises ValueError
    when they disagree or the suffix names no format (nothing is written then)."""
    suffix = out.suffix.lstrip(".").lower() if out is not None and out.suffix and not out.is_dir() else ""
    if suffix and suffix not in FORMATS:
        raise ValueError(f"cannot tell the format from '{out}': end it in .{', .'.join(FORMATS)} or give --format")
    if given and suffix and given != suffix:
        raise ValueError(f"--format {given} but -o {out} ends in .{suffix}; make them agree")
    return given or suffix or "png"


def run_render(args: argparse.Namespace) -> int:
    from editor.sheets import SheetError, render_scenario

    out = Path(args.output) if args.output else None
    try:
        fmt = output_format(args.format, out)
    except ValueError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    try:
        files = scenario_files(args.files, "render")
    except FormatError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    if len(files) > 1 and out is not None and out.suffix.lower() in {f".{f}" for f in FORMATS}:
        say(f"{len(files)} scenarios to draw but -o {out} names one file; give a folder")
        return EXIT_UNREADABLE
    targets = _targets(files, out, fmt)
    if len(files) > 1 and out is not None:
        out.mkdir(parents=True, exist_ok=True)
    unreadable = refused = 0
    for source, target in zip(files, targets):
        try:
            scenario = open_scenario(source)
            catalog = catalog_for(source)  # an installed pack's file: with the pack's components
        except (FormatError, CatalogError) as exc:
            unreadable += 1
            say(str(exc))
            continue
        try:
            data = render_scenario(
                scenario,
                catalog,
                fmt,
                printed_at=printed_at(source),
                dpi=args.dpi,
                paper=args.paper,
                strict=args.strict,
                show_difficulty=args.difficulty,
            )
        except SheetError as exc:
            refused += 1
            say(f"{display(source)}: {exc}")
            continue
        if not write_output(target, data):
            unreadable += 1
            continue
        say(f"wrote {display(target)}")
    return EXIT_UNREADABLE if unreadable else EXIT_ERRORS if refused else EXIT_OK


def printed_at(source: Path) -> str:
    """Where the faces of a scenario's components in no box are printed: the installed
    pack's print-and-play pages for a file inside one, else the booklet's."""
    from editor.packs.render import PRINT_AND_PLAY_PATH
    from editor.sheets.content import PRINTED_ELSEWHERE

    pack = pack_of(source)
    if pack is not None and pack.manifest.file(PRINT_AND_PLAY_PATH) is not None:
        return f"{pack.path(PRINT_AND_PLAY_PATH)} (print at 100 %)"
    return PRINTED_ELSEWHERE


def campaign_path(given: str) -> Path:
    """A campaign file, a folder holding ``campaign.json``, or a bundled or installed
    campaign's name; raises FormatError for an unknown name."""
    path = named(given)
    return path / CAMPAIGN_FILE if path.is_dir() else path


def run_booklet(args: argparse.Namespace) -> int:
    from editor.sheets import SheetError, render_booklet

    try:
        path = campaign_path(args.campaign)
        refuse_pack(path, "booklet")
        catalog = catalog_for(path)
        campaign, entries = open_campaign_with_scenarios(path)
    except (FormatError, CatalogError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    try:
        data = render_booklet(
            campaign,
            [s for _, s in entries],
            catalog,
            paper=args.paper,
            show_difficulty=args.difficulty,
            strict=args.strict,
        )
    except SheetError as exc:
        say(str(exc))
        return EXIT_ERRORS
    if not write_output(Path(args.output), data):
        return EXIT_UNREADABLE
    say(f"wrote {display(Path(args.output))}: {campaign.name}, {len(entries)} scenario(s)")
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "render",
        description="Draw each scenario as the campaign book does: the island, its name, paws, "
        "objectives, Kickstarter tokens and set-up checklist. A scenario with errors is drawn "
        "with a warning banner (exit 1 instead with --strict); exit 2 when a file cannot be read. FILE may be "
        "a scenario, a campaign (its scenarios), a folder (every scenario below it) or a name ('raftwright list').",
        epilog="examples:\n  raftwright render tutorial/01 -o first.png\n  raftwright render campaign-1 -o sheets/ "
        "--format pdf\n  raftwright render my.scenario.json --format svg",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a scenario, campaign or folder, or a name")
    p.add_argument("--format", choices=FORMATS, help="output format (default: from -o's extension, else png)")
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file for one input, else a folder (default: the working folder, FILE's name)",
    )
    p.add_argument(
        "--dpi", type=int_range(30, 1200), default=150, help="PNG resolution, 30 to 1200 dots per inch (default 150)"
    )
    p.add_argument("--paper", choices=PAPERS, default="a4", help="PDF paper size (default a4)")
    p.add_argument("--strict", action="store_true", help="refuse (exit 1) a scenario with errors")
    p.add_argument(
        "--difficulty", action="store_true", help="show the simulated difficulty estimate when the scenario carries one"
    )
    p.set_defaults(run=run_render)
    b = sub.add_parser(
        "booklet",
        description="One PDF: a cover, every scenario with a scoring box, and the campaign's "
        "scoring table. CAMPAIGN is a campaign file, a folder holding campaign.json or a "
        "bundled or installed campaign's name (campaign-1; 'raftwright list'). Exit 2 when it cannot be read.",
        epilog="example:\n  raftwright booklet campaign-1 -o campaign-1.pdf --paper letter",
    )
    b.add_argument("campaign", metavar="CAMPAIGN")
    b.add_argument("-o", "--output", metavar="OUT.pdf", required=True)
    b.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default a4)")
    b.add_argument("--strict", action="store_true", help="refuse (exit 1) when a scenario has errors")
    b.add_argument("--difficulty", action="store_true", help="show simulated difficulty estimates where present")
    b.set_defaults(run=run_booklet)
