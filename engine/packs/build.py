"""Building a pack: campaigns, folders and scenarios (plus replays and rendered files
the caller adds) into one deterministic ``.raftpack``.

Deterministic: every JSON document is written as canonical JSON, entries are sorted
(the manifest first), every entry has the same timestamp (1980-01-01), permissions
(0644, Unix) and compression (deflate, level 9), and ``created`` is the UTC date of
``SOURCE_DATE_EPOCH`` when set (else today).  The same inputs give the same bytes.
"""

from __future__ import annotations

import io
import logging
import os
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from engine.check.schema_issues import schema_issues
from engine.check.validate import validate
from engine.model.catalog import Catalog, CatalogError, default_catalog
from engine.model.formats import FormatError, canonical_json, document_kind, read_json, scenario_from_dict
from engine.model.schemas import schema_errors
from engine.packs.components import used_custom_components
from engine.packs.errors import PackError, Problem
from engine.packs.estimates import settle_estimates
from engine.packs.fields import field_problems, manifest_messages, plain_schema_message
from engine.packs.limits import MANIFEST_NAME
from engine.packs.manifest import FileEntry, Manifest, ScenarioEntry, engine_version, sha256
from engine.packs.needs import scenario_needs
from engine.packs.rights import official_credit, official_name
from engine.packs.sources import Sources as Sources  # re-exported: build's callers name it here
from engine.play.game import REPLAY_FORMAT

log = logging.getLogger(__name__)
_FIELDS_FIX = "correct it and build the pack again"

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_MODE = 0o100644 << 16
SOURCE_PATTERNS = ("*.scenario.json", "*.campaign.json", "campaign.json", "*.replay.json")
Progress = Callable[[int, int, str], None]
#: where a scenario keeps the bots' difficulty estimate (win rate, expected length)
ESTIMATE_KEYS = ("difficulty_estimate", "estimate")


@dataclass(frozen=True)
class PackInfo:
    """What the designer says about the pack (the manifest's descriptive fields)."""

    id: str
    title: str
    version: str = "1.0.0"
    authors: tuple[str, ...] = ()
    licence: str = ""  # never a silent licence: the author chooses one (or ALL_RIGHTS_RESERVED)
    description: str = ""
    languages: tuple[str, ...] = ("en",)

    def fields(self) -> dict[str, Any]:
        """The manifest fields this gives, as :func:`engine.packs.fields.field_problems` checks them."""
        return {"id": self.id, "title": self.title, "version": self.version, "authors": list(self.authors),
                "licence": self.licence, "description": self.description, "languages": list(self.languages)}  # fmt: skip


@dataclass(frozen=True)
class ExtraFile:
    """A rendered file the caller adds (a sheet or the preview image), already in bytes."""

    path: str
    kind: str
    data: bytes


def created_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return time.strftime("%Y-%m-%d", time.gmtime(int(epoch) if epoch else None))


def collect(paths: Sequence[Path]) -> Sources:
    """Read the sources: campaign files (with their scenarios), folders (searched for
    campaigns, scenarios and replays) and single scenario or replay files.  A scenario
    also listed by a campaign is packed once, in the campaign's folder.  Raises
    :class:`PackError` (``source-unreadable``) naming a file that cannot be used."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted({p for pattern in SOURCE_PATTERNS for p in path.rglob(pattern) if p.is_file()})
            if not found:
                raise _refuse(
                    "source-unreadable",
                    str(path),
                    f"the folder holds no {', '.join(SOURCE_PATTERNS)}; name a folder that does, or the files",
                )
            files += found
        else:
            files.append(path)
    out = Sources()
    taken: dict[Path, str] = {}
    loose: list[tuple[Path, dict[str, Any]]] = []
    for path in files:
        try:
            data = read_json(path)
        except FormatError as exc:
            raise _refuse("source-unreadable", str(path), str(exc)) from None
        kind = "replay" if isinstance(data, dict) and data.get("format") == REPLAY_FORMAT else document_kind(data)
        if kind not in ("campaign", "scenario", "replay"):
            raise _refuse(
                "source-unreadable", str(path), "not a scenario, campaign or replay file; leave it out of the pack"
            )
        problem = _schema_problem(kind, data)
        if problem:
            raise _refuse("source-unreadable", str(path), f"{problem}; run 'raftwright validate {path}' and fix it")
        if kind == "campaign":
            _add_campaign(out, path, data, taken)
        elif kind == "scenario":
            loose.append((path, data))
        else:
            out.replays.append((f"replays/{path.name}", data))
    for path, data in loose:
        if path.resolve() not in taken:
            target = f"scenarios/{path.name}"
            if target in taken.values():
                raise _refuse("source-unreadable", str(path), f"two scenarios are named {path.name}; rename one")
            taken[path.resolve()] = target
            out.scenarios.append((target, path, data))
    return out


def _add_campaign(out: Sources, path: Path, data: dict[str, Any], taken: dict[Path, str]) -> None:
    folder = f"campaigns/{data['id']}"
    doc = dict(data)
    entries = []
    for n, entry in enumerate(data.get("scenarios", [])):
        source = path.parent / entry["file"]
        try:
            scenario = read_json(source)
        except FormatError as exc:
            raise _refuse("source-unreadable", f"{path} /scenarios/{n}", str(exc)) from None
        if document_kind(scenario) != "scenario":
            raise _refuse(
                "source-unreadable",
                str(source),
                "the campaign lists a file that is not a scenario; fix the campaign's list",
            )
        target = f"{folder}/{source.name}"
        if target in taken.values():
            raise _refuse("source-unreadable", str(source), f"{source.name} is packed twice; rename one of them")
        taken[source.resolve()] = target
        out.scenarios.append((target, source, scenario))
        entries.append({**entry, "file": source.name})
    doc["scenarios"] = entries
    out.campaigns.append((f"{folder}/campaign.json", doc))


def _refuse(code: str, entry: str, message: str, pack: str = "build") -> PackError:
    return PackError([Problem(code, pack, entry, message)])


def _scenario_entry(path: str, doc: dict[str, Any], catalog: Catalog) -> ScenarioEntry:
    rules = doc.get("rules", {})
    paws = doc.get("difficulty")
    estimate: dict[str, Any] = next((doc[k] for k in ESTIMATE_KEYS if isinstance(doc.get(k), dict)), {})

    def number(*keys: str) -> float | None:
        return next((float(estimate[k]) for k in keys if isinstance(estimate.get(k), (int, float))), None)

    return ScenarioEntry(
        path,
        doc["id"],
        doc["name"],
        doc.get("mode", "standard"),
        tuple(rules.get("players", (1, 2, 3, 4))),
        paws if isinstance(paws, int) else None,
        number("win_rate", "difficulty"),
        number("expected_length", "expected_rounds", "mean_rounds"),
        scenario_needs(scenario_from_dict(doc), catalog).to_dict(),
    )


def build_pack(
    info: PackInfo,
    sources: Sources,
    *,
    catalog: Catalog | None = None,
    allow_errors: bool = False,
    extra: Iterable[ExtraFile] = (),
    progress: Progress | None = None,
    stale: str = "refuse",
    estimate_games: int = 200,
) -> tuple[bytes, Manifest]:
    """The pack's bytes and manifest.  Refuses (``scenario-errors``) scenarios with
    errors, naming each, unless ``allow_errors``; refuses (``estimate-stale``) stale
    stored estimates unless ``stale`` is ``"estimate"`` (played again, ``estimate_games``
    games) or ``"drop"`` (:mod:`engine.packs.estimates`)."""
    bad_fields = field_problems(info.fields())
    if bad_fields:
        raise PackError([Problem("field-invalid", info.id or "build", f, m) for f, m in bad_fields.items()])
    catalog = catalog or default_catalog()
    total = len(sources.scenarios) + 2
    tick = progress or (lambda done, of, label: None)
    settle_estimates(sources, info.id, stale=stale, games=estimate_games, tick=lambda label: tick(0, total, label))
    problems: list[Problem] = []
    scenarios = []
    for n, (_, source, doc) in enumerate(sources.scenarios):
        tick(n, total, f"checking {source.name}")
        errors = [i for i in validate(doc, catalog) if i.is_error]
        if errors and not allow_errors:
            first = errors[0]
            problems.append(
                Problem(
                    "scenario-errors",
                    info.id,
                    str(source),
                    f"{len(errors)} error(s), the first: {first.message}; fix it or build with --allow-errors",
                )
            )
        scenarios.append(doc)
    if problems:
        raise PackError(problems)
    tick(total - 2, total, "collecting custom components")
    try:
        components = used_custom_components([scenario_from_dict(d) for d in scenarios], catalog, info.id)
    except CatalogError as exc:
        raise _refuse("scenario-errors", "", str(exc), info.id) from None
    contents: dict[str, tuple[str, bytes]] = {}
    for target, _, doc in sources.scenarios:
        contents[target] = ("scenario", canonical_json(doc).encode("utf-8"))
    for target, doc in sources.campaigns:
        contents[target] = ("campaign", canonical_json(doc).encode("utf-8"))
    for target, doc in sources.replays:
        contents[target] = ("replay", canonical_json(doc).encode("utf-8"))
    if components is not None:
        contents[f"components/{info.id}.components.json"] = ("components", canonical_json(components).encode("utf-8"))
    for item in extra:
        contents[item.path] = (item.kind, item.data)
    kinds = {kind for kind, _ in contents.values()} & {"scenario", "campaign", "components", "replay"}
    manifest = Manifest(
        id=info.id,
        title=info.title,
        version=info.version,
        authors=info.authors,
        licence=info.licence,
        requires_engine=engine_version(),
        description=info.description,
        languages=info.languages,
        created=created_date(),
        credits=official_credits(sources),
        formats={k: 1 for k in sorted(kinds)},
        files=tuple(FileEntry(p, k, len(d), sha256(d)) for p, (k, d) in sorted(contents.items())),
        scenarios=tuple(_scenario_entry(t, d, catalog) for t, _, d in sources.scenarios),
    )
    refuse_what_the_reader_would(manifest)
    tick(total - 1, total, "writing the pack")
    data = write_zip({MANIFEST_NAME: manifest.to_bytes(), **{p: d for p, (_, d) in contents.items()}})
    tick(total, total, "done")
    log.info("built pack %s: %d files, %d bytes", manifest.label, len(manifest.files), len(data))
    return data, manifest


def _schema_problem(kind: str, data: Any) -> str | None:
    """The first way ``data`` breaks its schema, in plain words (None: it does not)."""
    if kind == "replay":
        errors = schema_errors(kind, data)
        return plain_schema_message(errors[0]) if errors else None
    issues = schema_issues(kind, data)
    return issues[0].message if issues else None


def official_scenarios(sources: Sources) -> list[tuple[str, str]]:
    """``(pack path, official name)`` of every packed scenario that is a bundled official layout."""
    found = ((target, official_name(doc)) for target, _, doc in sources.scenarios)
    return [(target, name) for target, name in found if name is not None]


def official_credits(sources: Sources) -> tuple[str, ...]:
    names = [name for _, name in official_scenarios(sources)]
    return (official_credit(names),) if names else ()


def refuse_what_the_reader_would(manifest: Manifest) -> None:
    """The reader's schema check, before a byte is written, in plain words."""
    doc = manifest.to_dict()
    errors = schema_errors("pack", doc)
    if errors:
        raise PackError(
            [
                Problem("manifest-invalid", manifest.id, MANIFEST_NAME, f"{m}; {_FIELDS_FIX}", w)
                for w, m in manifest_messages(doc, errors)
            ]
        )


def write_zip(entries: dict[str, bytes]) -> bytes:
    """A zip of ``entries`` with fixed metadata: manifest first, then sorted paths."""
    buffer = io.BytesIO()
    order = sorted(entries, key=lambda p: (p != MANIFEST_NAME, p))
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in order:
            info = zipfile.ZipInfo(path, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = ZIP_MODE
            archive.writestr(info, entries[path], compresslevel=9)
    return buffer.getvalue()
