"""``raftwright pack build|inspect|verify|install|list|remove``: scenario packs.

Exit status: 0 fine; 1 refused or problems found (one line per problem, as
``validate`` prints issues); 2 the pack (or a source) cannot be read at all.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Callable

from engine.model.catalog import CatalogError, default_catalog
from engine.model.files import atomic_write
from engine.model.formats import canonical_json
from engine.packs.build import ExtraFile, PackInfo, Sources, build_pack, collect
from engine.packs.errors import PackError
from engine.packs.install import install_pack, installed_packs, remove_pack
from engine.packs.manifest import PACK_SUFFIX, Manifest
from engine.packs.needs import Needs
from engine.packs.reader import Pack, open_pack
from engine.packs.verify import verify_pack
from raftwright.common import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, format_issue, say

UNREADABLE_CODES = {"pack-unreadable", "pack-too-large", "source-unreadable"}


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


def run_build(args: argparse.Namespace) -> int:
    output = Path(args.output)
    ident = (
        args.id or re.sub(r"[^a-z0-9._-]+", "-", output.name.removesuffix(PACK_SUFFIX).lower()).strip("-._") or "pack"
    )
    info = PackInfo(
        id=ident,
        title=args.title or ident,
        version=args.version,
        authors=tuple(args.author or ["Unknown"]),
        licence=args.licence,
        description=args.description or "",
        languages=tuple(args.language or ["en"]),
    )
    try:
        sources = collect([Path(p) for p in args.sources])
        extra = [] if args.no_sheets else rendered_files(sources, args.pdf_sheets)
        bar = _progress()
        data, manifest = build_pack(info, sources, allow_errors=args.allow_errors, extra=extra, progress=bar)
    except PackError as exc:
        return _refused(exc)
    except CatalogError as exc:
        say(f"cannot load the component catalog: {exc}")
        return EXIT_UNREADABLE
    try:
        atomic_write(output, data)
    except OSError as exc:
        say(f"{output}: cannot write the pack ({exc}); pick another folder")
        return EXIT_UNREADABLE
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
    lines = [
        f"{manifest.title} ({manifest.label}) by {', '.join(manifest.authors)}, licence {manifest.licence}",
        f"needs Raftwright {manifest.requires_engine} or newer; created {manifest.created or 'unknown'}",
    ]
    if manifest.description:
        lines.append(manifest.description)
    for s in manifest.scenarios:
        extra = "".join(
            f", {k.replace('_', ' ')} {v}"
            for k, v in (("paws", s.paws), ("difficulty", s.difficulty), ("expected_length", s.expected_length))
            if v is not None
        )
        lines.append(f"  scenario {s.name} ({s.id}): {s.mode}, {'/'.join(map(str, s.players))} players{extra}")
        if s.needs is not None:
            lines += [f"    {line}" for line in Needs.from_dict(s.needs).lines()]
    for f in manifest.files:
        lines.append(f"  {f.kind:<10} {f.size:>9}  {f.path}")
    return lines


def run_inspect(args: argparse.Namespace) -> int:
    try:
        pack = _open(args.file)
    except PackError as exc:
        return _refused(exc)
    if args.json:
        sys.stdout.write(canonical_json(pack.manifest.to_dict()))
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
        print(format_issue(f"{args.file}:{finding.entry}", finding.issue))
    errors = sum(1 for f in findings if f.issue.is_error)
    say(
        f"verified {pack.manifest.label}: {len(pack.manifest.of_kind('scenario'))} scenario(s), {len(replays)} "
        f"replay(s); {errors} error(s), {len(findings) - errors} warning(s)"
    )
    return EXIT_ERRORS if errors else EXIT_OK


def run_install(args: argparse.Namespace) -> int:
    try:
        installed = install_pack(_open(args.file), force=args.force)
    except PackError as exc:
        return _refused(exc)
    say(f"installed {installed.manifest.label} in {installed.folder}")
    return EXIT_OK


def run_list(args: argparse.Namespace) -> int:
    for pack in installed_packs():
        print(f"{pack.manifest.label}\t{pack.manifest.title}\t{pack.folder}")
    return EXIT_OK


def run_remove(args: argparse.Namespace) -> int:
    try:
        removed = remove_pack(args.spec)
    except PackError as exc:
        return _refused(exc)
    for pack in removed:
        say(f"removed {pack.manifest.label} ({pack.folder})")
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "pack",
        help="build, inspect, verify and install scenario packs (.raftpack)",
        description="Scenario packs. Exit 0: fine; 1: refused or problems found; 2: unreadable.",
    )
    packs = p.add_subparsers(dest="pack_command", metavar="ACTION", required=True)
    b = packs.add_parser("build", help="build a pack from campaigns, folders, scenarios and replays")
    b.add_argument("sources", nargs="+", metavar="SRC", help="a campaign, scenario or replay file, or a folder")
    b.add_argument("-o", "--output", required=True, metavar="FILE.raftpack")
    b.add_argument("--id", help="the pack's id (default: from the file name)")
    b.add_argument("--title", help="the pack's title (default: its id)")
    b.add_argument("--version", default="1.0.0", help="semantic version (default 1.0.0)")
    b.add_argument("--author", action="append", help="an author (repeat for several)")
    b.add_argument("--licence", "--license", default="CC-BY-4.0", help="SPDX licence id (default CC-BY-4.0)")
    b.add_argument("--description", help="a short description")
    b.add_argument("--language", action="append", help="a language code such as en (repeat for several)")
    b.add_argument("--allow-errors", action="store_true", help="pack scenarios even if they have errors")
    b.add_argument("--no-sheets", action="store_true", help="leave out the sheets and the preview image")
    b.add_argument(
        "--pdf-sheets",
        action="store_true",
        help="add printable PDF sheets too (the pack is then not byte-identical between builds)",
    )
    b.set_defaults(run=run_build)
    i = packs.add_parser("inspect", help="show a pack's manifest and contents (after checking it)")
    i.add_argument("file", metavar="FILE")
    i.add_argument("--json", action="store_true", help="print the manifest as JSON")
    i.set_defaults(run=run_inspect)
    v = packs.add_parser("verify", help="check the scenarios and replay the golden playthroughs with this engine")
    v.add_argument("file", metavar="FILE")
    v.set_defaults(run=run_verify)
    n = packs.add_parser("install", help="install a pack into the user folder")
    n.add_argument("file", metavar="FILE")
    n.add_argument("--force", action="store_true", help="replace the same version if it is installed")
    n.set_defaults(run=run_install)
    packs.add_parser("list", help="list installed packs").set_defaults(run=run_list)
    r = packs.add_parser("remove", help="remove an installed pack (every version, or ID@VERSION)")
    r.add_argument("spec", metavar="ID[@VERSION]")
    r.set_defaults(run=run_remove)
