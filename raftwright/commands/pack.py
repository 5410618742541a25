"""``raftwright pack build|inspect|verify|install|outdated|list|remove``: scenario packs.

Exit status: 0 fine; 1 refused or problems found (one line per problem, as
``validate`` prints issues); 2 the pack (or a source) cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

from engine.model.catalog import CatalogError, default_catalog
from engine.model.files import atomic_write
from engine.model.formats import FormatError
from engine.model.userdirs import user_packs_dir
from engine.packs.build import ExtraFile, PackInfo, Sources, build_pack, collect, official_scenarios
from engine.packs.errors import PackError, Problem
from engine.packs.estimates import settle_estimates
from engine.packs.fields import ALL_RIGHTS_RESERVED, field_problems, licence_label, shown, suggested_id
from engine.packs.install import DamagedPack, InstalledPack, install_pack, installed_packs, remove_pack, scan_installed
from engine.packs.manifest import PACK_SUFFIX, Manifest
from engine.packs.needs import Needs
from engine.packs.reader import Pack, open_pack
from engine.packs.rights import PUBLISHER, campaign_defaults
from engine.packs.verify import verify_pack
from raftwright.common import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, format_issue, named, say

UNREADABLE_CODES = {"pack-unreadable", "pack-too-large", "source-unreadable", "download-failed", "download-incomplete"}


def _refused(exc: PackError) -> int:
    for problem in exc.problems:
        print(problem.line())
    return EXIT_UNREADABLE if set(exc.codes) <= UNREADABLE_CODES else EXIT_ERRORS


def _open(path: str) -> Pack:
    return open_pack(Path(path), name=path)


def rendered_files(sources: Sources, pdf: bool = False) -> list[ExtraFile]:
    """Sheets (PNG; PDF too with ``pdf``) and the preview image, drawn by the studio's
    sheet renderer (imported here, not at start-up: it loads Qt)."""
    from editor.packs.render import sheet_files

    return sheet_files(sources, default_catalog(), pdf)


def build_info(args: argparse.Namespace, sources: Sources) -> PackInfo:
    """The manifest's fields: the options given, else the campaign's own title, author
    and description; the id from the output's name.  No licence unless one is chosen."""
    output = Path(args.output)
    defaults = campaign_defaults(sources.campaigns, sources.scenarios)
    ident = args.id if args.id is not None else suggested_id(output.name.removesuffix(PACK_SUFFIX))
    authors = args.author or ([defaults["author"]] if "author" in defaults else [])
    if args.all_rights_reserved and args.licence:
        raise PackError(
            [Problem("field-invalid", ident, "licence", "give --licence or --all-rights-reserved, not both")]
        )
    return PackInfo(
        id=ident,
        title=args.title if args.title is not None else defaults.get("title", ident),
        version=args.version,
        authors=tuple(authors),
        licence=ALL_RIGHTS_RESERVED if args.all_rights_reserved else (args.licence or ""),
        description=args.description if args.description is not None else defaults.get("description", ""),
        languages=tuple(args.language or ["en"]),
    )


def run_build(args: argparse.Namespace) -> int:
    output = Path(args.output)
    try:
        sources = collect([named(p) for p in args.sources])  # files, folders or names (raftwright list)
        info = build_info(args, sources)
        bad = field_problems(info.fields())
        if bad:  # before any sheet is drawn
            raise PackError([Problem("field-invalid", str(output), f, m) for f, m in bad.items()])
        for target, name in official_scenarios(sources):
            say(
                f"warning: {target} is the official scenario '{name}' by {PUBLISHER}; the manifest credits "
                f"them, and your licence ({licence_label(info.licence)}) does not cover their layouts"
            )
        stale = "estimate" if args.estimate else "drop" if args.drop_stale else "refuse"
        settled = settle_estimates(sources, info.id, stale=stale, games=args.estimate or 0)  # before the sheets
        extra = [] if args.no_sheets else rendered_files(sources, args.pdf_sheets)
        bar = _progress()
        data, manifest = build_pack(info, sources, allow_errors=args.allow_errors, extra=extra, progress=bar)
    except PackError as exc:
        return _refused(exc)
    except FormatError as exc:  # a name nothing answers to
        say(str(exc))
        return EXIT_UNREADABLE
    except CatalogError as exc:
        say(f"cannot load the component catalog: {exc}")
        return EXIT_UNREADABLE
    try:
        atomic_write(output, data)
    except OSError as exc:
        say(f"{output}: cannot write the pack ({exc}); pick another folder")
        return EXIT_UNREADABLE
    for file in settled.estimated:
        say(f"{file}: the stale estimate was made again with {args.estimate} games for the pack (the file is unchanged; "
            "raftwright difficulty FILE --store updates it)")  # fmt: skip
    for file in settled.dropped:
        say(f"{file}: the stale estimate was left out of the pack")
    say(f"wrote {output}: {manifest.label}, {len(manifest.files)} files, {len(data)} bytes")
    return EXIT_OK


def _progress() -> Callable[[int, int, str], None] | None:
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    bar = tqdm(total=1, file=sys.stderr, leave=False)

    def tick(done: int, total: int, label: str) -> None:
        bar.total = total
        bar.n = done
        bar.set_description(label)
        if done >= total:
            bar.close()

    return tick


def describe(manifest: Manifest) -> list[str]:
    """The manifest in lines; every text from the pack has its control characters escaped."""
    lines = [
        shown(
            f"{manifest.title} ({manifest.label}) by {', '.join(manifest.authors)}, "
            f"licence {licence_label(manifest.licence)}"
        ),
        f"needs Raftwright {manifest.requires_engine} or newer; created {manifest.created or 'unknown'}",
    ]
    lines += [shown(f"credit: {credit}") for credit in manifest.credits]
    if manifest.description:
        lines += ["  " + line for line in shown(manifest.description, multiline=True).splitlines()]
    for s in manifest.scenarios:
        extra = "".join(
            f", {k.replace('_', ' ')} {v}"
            for k, v in (("paws", s.paws), ("difficulty", s.difficulty), ("expected_length", s.expected_length))
            if v is not None
        )
        lines.append(shown(f"  scenario {s.name} ({s.id}): {s.mode}, {'/'.join(map(str, s.players))} players{extra}"))
        if s.needs is not None:
            lines += [shown(f"    {line}") for line in Needs.from_dict(s.needs).lines()]
    for f in manifest.files:
        lines.append(shown(f"  {f.kind:<10} {f.size:>9}  {f.path}"))
    return lines


def run_inspect(args: argparse.Namespace) -> int:
    try:
        pack = _open(args.file)
    except PackError as exc:
        return _refused(exc)
    if args.json:
        # ASCII only: JSON leaves DEL, C1 controls and direction marks raw, and a terminal obeys them
        print(json.dumps(pack.manifest.to_dict(), indent=2, ensure_ascii=True))
    else:
        print("\n".join(describe(pack.manifest)))
        if pack.migrated_from is not None:
            say(f"note: the manifest is format version {pack.migrated_from}; read as the current version")
    return EXIT_OK


def run_verify(args: argparse.Namespace) -> int:
    try:
        pack = _open(args.file)
    except PackError as exc:
        return _refused(exc)
    findings, replays = verify_pack(pack)
    for finding in findings:
        print(shown(format_issue(f"{args.file}:{finding.entry}", finding.issue)))
    errors = sum(1 for f in findings if f.issue.is_error)
    say(
        f"verified {pack.manifest.label}: {len(pack.manifest.of_kind('scenario'))} scenario(s), {len(replays)} "
        f"replay(s); {errors} error(s), {len(findings) - errors} warning(s)"
    )
    return EXIT_ERRORS if errors else EXIT_OK


def run_install(args: argparse.Namespace) -> int:
    from raftwright.commands.pack_gallery import pack_to_install

    try:
        pack = pack_to_install(args.file, args.feed)
        replaced = [p.manifest.label for p in installed_packs() if p.manifest.id == pack.manifest.id]
        installed = install_pack(pack, force=args.force)
    except PackError as exc:
        return _refused(exc)
    gone = [label for label in replaced if label != installed.manifest.label]
    note = f" (replacing {', '.join(gone)})" if gone else ""
    say(shown(f"installed {installed.manifest.label} in {installed.folder}{note}"))
    local = args.feed is None and Path(args.file).is_file()
    _warn_of_errors(
        pack, f"'raftwright pack verify {args.file}'" if local else "'raftwright pack verify' on the pack file"
    )
    return EXIT_OK


ERRORS_SHOWN = 3  # a pack install names this many of the pack's errors, then counts the rest


def _warn_of_errors(pack: Pack, verify: str) -> None:
    """After an install: the errors ``pack verify`` finds with this Raftwright (a scenario
    that breaks a rule, a playthrough that no longer replays), so the player learns now,
    not at the table, that part of the pack will not play as it is.  The pack stays
    installed: its other scenarios play, and the studio's import dialog shows the same
    findings before installing."""
    findings, _ = verify_pack(pack)
    errors = [f for f in findings if f.issue.is_error]
    for finding in errors[:ERRORS_SHOWN]:
        say(shown(f"warning: {format_issue(finding.entry or pack.manifest.label, finding.issue)}"))
    if errors:
        more = f" ({len(errors) - ERRORS_SHOWN} more)" if len(errors) > ERRORS_SHOWN else ""
        say(shown(f"warning: {pack.manifest.label} has {len(errors)} error(s) with this Raftwright{more}: what they "
                  f"name will not play as it is; {verify} lists them all, and the pack's author can fix "
                  "them"))  # fmt: skip


def run_list(args: argparse.Namespace) -> int:
    """One row per pack id (one version is installed at a time); damaged folders are
    listed too, with why, and make the exit status 1."""
    root = user_packs_dir()
    good, damaged = scan_installed(root)
    if args.json:
        print(json.dumps(_list_rows(good, damaged), indent=2, ensure_ascii=True))
    elif not good and not damaged:
        print(f"no packs installed (in {root}); install one with 'raftwright pack install FILE.raftpack'")
    else:
        table = [
            [m.id, m.version, m.title, f"{len(m.scenarios)} scenario(s)", str(p.folder)]
            for p in good
            for m in [p.manifest]
        ]
        table += [
            [d.id, d.version, f"DAMAGED: {d.reason}; remove it with 'raftwright pack remove {d.id}'"] for d in damaged
        ]
        cells = [[shown(cell) for cell in row] for row in table]
        widths = [max(len(row[i]) for row in cells) for i in range(2)]
        for row in cells:
            print("  ".join([row[0].ljust(widths[0]), row[1].ljust(widths[1]), *row[2:]]))
    return EXIT_ERRORS if damaged else EXIT_OK


def _list_rows(good: list[InstalledPack], damaged: list[DamagedPack]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {"id": m.id, "version": m.version, "title": m.title, "authors": list(m.authors), "licence": m.licence,
         "scenarios": len(m.scenarios), "folder": str(p.folder), "status": "installed"}
        for p in good
        for m in [p.manifest]
    ]  # fmt: skip
    rows += [
        {"id": d.id, "version": d.version, "folder": str(d.folder), "status": "damaged", "problem": d.reason}
        for d in damaged
    ]
    return sorted(rows, key=lambda r: (r["id"], r["version"]))


def run_remove(args: argparse.Namespace) -> int:
    try:
        removed = remove_pack(args.spec)
    except PackError as exc:
        return _refused(exc)
    for pack in removed:
        label = pack.manifest.label if isinstance(pack, InstalledPack) else pack.label
        say(shown(f"removed {label} ({pack.folder})"))
    return EXIT_OK


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of games, 1 or more, not {text!r}")
    return value


def register(sub: Any) -> None:
    from raftwright.commands.pack_gallery import register_outdated

    p = sub.add_parser(
        "pack",
        description="Scenario packs (.raftpack): build one from campaigns, scenarios and replays, look inside one, "
        "check it, install it (its campaigns then have names: 'raftwright list') and remove it. "
        "Exit 0: fine; 1: refused or problems found; 2: unreadable.",
        epilog="examples:\n  raftwright pack build tutorial -o tutorial.raftpack --licence CC-BY-4.0\n"
        "  raftwright pack verify tutorial.raftpack\n  raftwright pack install tutorial.raftpack\n"
        "  raftwright pack ACTION --help",
    )
    packs = p.add_subparsers(dest="pack_command", metavar="ACTION", required=True)

    def action(name: str, help_text: str, description: str, example: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = packs.add_parser(
            name, help=help_text, description=description, epilog=f"example:\n  {example}",
            formatter_class=p.formatter_class,
        )  # fmt: skip
        return parser

    b = action("build", "build a pack from campaigns, folders, scenarios and replays",
               "Build a .raftpack from campaign, scenario and replay files, folders, or bundled and installed names "
               "('raftwright list'). The fields are checked first, then the scenarios (errors refuse the build "
               "unless --allow-errors); sheets and a preview image are drawn unless --no-sheets. A licence is "
               "required (--licence or --all-rights-reserved).",
               "raftwright pack build campaign-1 -o campaign-1.raftpack --licence CC-BY-4.0 --author Me")  # fmt: skip
    b.add_argument("sources", nargs="+", metavar="SRC", help="a campaign, scenario or replay file, a folder or a name")
    b.add_argument("-o", "--output", required=True, metavar="FILE.raftpack")
    b.add_argument("--id", help="the pack's id (default: from the file name)")
    b.add_argument("--title", help="the pack's title (default: the campaign's name)")
    b.add_argument("--version", default="1.0.0", help="semantic version MAJOR.MINOR.PATCH (default 1.0.0)")
    b.add_argument("--author", action="append", help="an author (repeat for several; default: the campaign's author)")
    b.add_argument(
        "--licence",
        "--license",
        help="the SPDX licence id players may use the pack under, e.g. CC-BY-4.0 (required, or --all-rights-reserved)",
    )
    b.add_argument(
        "--all-rights-reserved",
        action="store_true",
        help="publish the pack under no licence: you keep every right (players may only install and play it)",
    )
    b.add_argument("--description", help="a short description (default: the campaign's)")
    b.add_argument("--language", action="append", help="a language code such as en (repeat for several)")
    b.add_argument("--allow-errors", action="store_true", help="pack scenarios even if they have errors")
    stale = b.add_mutually_exclusive_group()
    stale.add_argument("--estimate", type=_positive, metavar="N",
                       help="play stale difficulty estimates again, N games each, for the pack (default: refuse a "
                            "stale estimate)")  # fmt: skip
    stale.add_argument("--drop-stale", action="store_true", help="leave stale difficulty estimates out of the pack")
    b.add_argument("--no-sheets", action="store_true", help="leave out the sheets and the preview image")
    b.add_argument(
        "--pdf-sheets",
        action="store_true",
        help="add printable PDF sheets too (the pack is then not byte-identical between builds)",
    )
    b.set_defaults(run=run_build)
    i = action("inspect", "show a pack's manifest and contents (after checking it)",
               "Check a pack's archive and manifest (sizes, hashes, names; nothing is written) and print what it "
               "holds: title, authors, licence, the scenarios and every file.",
               "raftwright pack inspect tutorial.raftpack --json")  # fmt: skip
    i.add_argument("file", metavar="FILE")
    i.add_argument("--json", action="store_true", help="print the manifest as JSON")
    i.set_defaults(run=run_inspect)
    v = action("verify", "check the scenarios and replay the golden playthroughs with this engine",
               "Check every scenario in a pack with this engine's rules and replay its golden playthroughs; one "
               "line per problem. Exit 1 when a scenario has errors or a replay no longer plays.",
               "raftwright pack verify tutorial.raftpack")  # fmt: skip
    v.add_argument("file", metavar="FILE")
    v.set_defaults(run=run_verify)
    n = action("install", "install a pack (a file, an address, or an id in a gallery's feed)",
               "Install a pack into your user folder (checked first; all or nothing): a file, its http(s) or file "
               "address, or with --feed a pack id the gallery's feed lists. Its campaigns and scenarios then open "
               "by name in every command and appear in the studio's library.",
               "raftwright pack install tutorial.raftpack")  # fmt: skip
    n.add_argument("file", metavar="FILE|URL|ID", help="a .raftpack file, its http(s)/file address, or with --feed "
                   "a pack id (ID or ID@VERSION) the feed lists")  # fmt: skip
    n.add_argument("--feed", metavar="URL", help="a gallery's index.json: the pack's size and SHA-256 must match it")
    n.add_argument(
        "--force",
        action="store_true",
        help="install even over the same version with other contents, or over a newer version (a downgrade)",
    )
    n.set_defaults(run=run_install)
    register_outdated(packs)
    li = action("list", "list installed packs (one row per pack id)",
                "List the installed packs: id, version, title, scenarios and folder; damaged ones with why (exit 1). "
                "'raftwright list' shows their campaigns and scenarios by name.",
                "raftwright pack list --json")  # fmt: skip
    li.add_argument("--json", action="store_true", help="print the list as JSON")
    li.set_defaults(run=run_list)
    r = action("remove", "remove an installed pack (every version, or ID@VERSION)",
               "Remove an installed pack: every version of ID, or only ID@VERSION.",
               "raftwright pack remove tutorial@1.0.0")  # fmt: skip
    r.add_argument("spec", metavar="ID[@VERSION]")
    r.set_defaults(run=run_remove)
