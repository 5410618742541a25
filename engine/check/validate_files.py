"""Validating files of every Raftwright kind: scenarios, campaigns (and the scenario
files they list), component catalogs.  Dispatches on the document's ``"format"``.

:class:`FileChecker` keeps each scenario's result, so a run over a folder that holds
a campaign and its scenarios validates every scenario once.  Problems with the content
are issues; a file that cannot be read, is not JSON or is not a Raftwright file raises
:class:`~engine.model.formats.FormatError` (the CLI's exit status 2).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.check.elements import count_text
from engine.check.issues import ERROR, WARNING, Issue, Where, sort_issues
from engine.check.open_files import (  # noqa: F401 (re-exported: the readers' first home)
    first_bundled_scenario_path,
    first_schema_problem,
    open_campaign,
    open_campaign_with_scenarios,
    open_scenario,
)
from engine.check.rulecheck import issue
from engine.check.schema_issues import schema_issues
from engine.check.validate import validate
from engine.model.catalog import (
    Catalog,
    CatalogError,
    bundled_catalog_parts,
    bundled_catalog_paths,
    catalog_document_problems,
    catalog_from_dict,
    clash_report,
    default_catalog,
    load_catalog_file,
)  # fmt: skip
from engine.model.formats import (
    FormatError,
    describe_format,
    document_kind,
    read_json,
)  # fmt: skip
from engine.model.jsonio import MAX_CATALOG_BYTES
from engine.play.actions import ActionParseError
from engine.play.game import Replay

log = logging.getLogger(__name__)

FORMATS = "raftwright.scenario, raftwright.campaign or raftwright.components"


@dataclass(frozen=True)
class _ScenarioResult:
    id: str | None
    campaign: str | None
    issues: list[Issue]


class FileChecker:
    """Validates files with one catalog, remembering each scenario file's result."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or default_catalog()
        self._scenarios: dict[Path, _ScenarioResult] = {}

    def check(self, path: str | os.PathLike[str]) -> list[Issue]:
        """Issues of one file of any kind; raises :class:`FormatError` if unreadable."""
        data = read_json(path)
        kind = document_kind(data)
        checks: dict[str, Callable[[Path, Any], list[Issue]]] = {
            "scenario": lambda p, d: self._scenario(p, d).issues,
            "campaign": self.campaign,
            "components": self.components,
        }
        log.debug("checking %s (%s)", path, kind)
        if kind is None:
            raise FormatError(path, f"not a Raftwright file: {describe_format(data)}; expected {FORMATS}")
        if kind == "components" and Path(path).stat().st_size > MAX_CATALOG_BYTES:
            raise FormatError(
                path,
                f"the catalog is larger than {MAX_CATALOG_BYTES // 1024} KiB, the most a catalog "
                "may be (see 'Files, limits and recovery' in the manual); split it",
            )
        return checks[kind](Path(path), data)

    def scenario(self, path: Path, data: Any) -> list[Issue]:
        """Issues of a scenario document read from ``path`` (kept for the campaigns that list it)."""
        return self._scenario(path, data).issues

    # where the files are: the file system here, a pack's contents in engine.packs.verify
    def _is_file(self, path: Path) -> bool:
        return path.is_file()

    def _key(self, path: Path) -> Path:
        return path.resolve()

    def _read(self, path: Path) -> Any:
        return read_json(path)

    def _scenario(self, path: Path, data: Any = None) -> _ScenarioResult:
        key = self._key(path)
        if key not in self._scenarios:
            if data is None:
                data = self._read(path)
                if document_kind(data) != "scenario":
                    raise FormatError(path, 'not a Raftwright scenario (its "format" is not "raftwright.scenario")')
            ident, campaign = (data.get(k) if isinstance(data.get(k), str) else None for k in ("id", "campaign"))
            self._scenarios[key] = _ScenarioResult(ident, campaign, validate(data, self.catalog))
        return self._scenarios[key]

    # --- campaigns -----------------------------------------------------------------
    def campaign_file(self, path: str | os.PathLike[str]) -> list[Issue]:
        data = read_json(path)
        if document_kind(data) != "campaign":
            raise FormatError(path, 'not a Raftwright campaign (its "format" is not "raftwright.campaign")')
        return self.campaign(Path(path), data)

    def campaign(self, path: Path, data: Any) -> list[Issue]:
        out = schema_issues("campaign", data)
        if out and out[0].code == "format-newer":  # its entries may mean something else there
            return out
        entries = data.get("scenarios") if isinstance(data.get("scenarios"), list) else []
        files: dict[str, int] = {}
        ids: dict[str, int] = {}
        for i, entry in enumerate(entries):
            file = entry.get("file") if isinstance(entry, dict) else None
            if not isinstance(file, str) or any(x.where.path == f"/scenarios/{i}" for x in out):
                continue
            name, where = f"scenario entry {i + 1} ({file})", f"/scenarios/{i}"
            if file in files:
                out.append(
                    issue(
                        "campaign-scenario-duplicate",
                        f"{name} repeats scenario entry {files[file] + 1}; list each scenario once",
                        where,
                    )
                )
                continue
            files[file] = i
            target = path.parent / file
            if not self._is_file(target):
                out.append(
                    issue(
                        "campaign-scenario-missing",
                        f"{name}: the file does not exist in {path.parent}; fix the path or add the file",
                        where,
                    )
                )
                continue
            try:
                result = self._scenario(target)
            except FormatError as exc:
                out.append(issue("campaign-scenario-unreadable", f"{name} cannot be used: {exc}", where))
                continue
            errors = [x for x in result.issues if x.is_error]
            if errors:
                first = errors[0]
                out.append(
                    issue(
                        "campaign-scenario-invalid",
                        f"{name} has {count_text(len(errors), 'error')}, the "
                        f"first: {first.message}; run 'raftwright validate {target}'",
                        where,
                    )
                )
            stale = next((x for x in result.issues if x.code == "estimate-stale"), None)
            if stale is not None:  # a campaign is what a pack ships: say so where the designer looks
                out.append(issue("estimate-stale", f"{name}: {stale.message}", where, severity=WARNING))
            campaign_id = data.get("id")
            if result.campaign is not None and isinstance(campaign_id, str) and result.campaign != campaign_id:
                out.append(
                    issue(
                        "campaign-scenario-mismatch",
                        f"{name} says it belongs to campaign '{result.campaign}'; set its campaign to '{campaign_id}'",
                        where,
                        severity=WARNING,
                    )
                )
            if result.id is not None:
                if result.id in ids:
                    out.append(
                        issue(
                            "campaign-scenario-duplicate",
                            f"{name} has the scenario id '{result.id}' of "
                            f"scenario entry {ids[result.id] + 1}; give each scenario its own id",
                            where,
                        )
                    )
                ids.setdefault(result.id, i)
        return sort_issues(out)

    # --- component catalogs ---------------------------------------------------------
    def components(self, path: Path, data: Any) -> list[Issue]:
        out = schema_issues("components", data)
        if out:
            return sort_issues(out)
        out += [issue(p.code, p.message, p.path) for p in catalog_document_problems(data)]
        if path.resolve() not in {p.resolve() for p in bundled_catalog_paths()}:
            # against the shipped catalogs and the other catalogs of its folder (a user
            # catalog is in default_catalog() itself, so that cannot be the reference)
            clash = clash_report(catalog_from_dict(data), [*bundled_catalog_parts(), *_siblings(path)])
            if clash is not None:
                out.append(Issue("catalog-id-clash", ERROR, clash, Where("")))
        return sort_issues(out)


def _siblings(path: Path) -> list[tuple[Catalog, str]]:
    """The other usable catalogs in ``path``'s folder (a broken one is reported when
    it is validated itself)."""
    out: list[tuple[Catalog, str]] = []
    for other in sorted(path.parent.glob("*.components.json")):
        if other.resolve() == path.resolve():
            continue
        try:
            out.append((load_catalog_file(other), other.name))
        except CatalogError:
            continue
    return out


def open_replay(path: str | os.PathLike[str], data: Any = None) -> Replay:
    """Read a replay file (``*.replay.json``) for the playtest window, ``play --text`` and
    the winning lines, with the located message ``validate`` gives, as :func:`open_scenario`
    does; a replay from a newer Raftwright asks for an update."""
    if data is None:
        data = read_json(path)
    first_schema_problem("replay", path, data)
    try:
        return Replay.from_dict(data)
    except (ActionParseError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise FormatError(path, f"cannot read the replay: {exc}; save the replay again") from None


def validate_campaign(path: str | os.PathLike[str], catalog: Catalog | None = None) -> list[Issue]:
    """Schema issues of a campaign file, plus one issue per listed scenario file that is
    missing, unreadable, has errors or is listed twice.  Raises :class:`FormatError`
    only when the campaign file itself cannot be read or is not a campaign."""
    return FileChecker(catalog).campaign_file(path)


def validate_path(path: str | os.PathLike[str], catalog: Catalog | None = None) -> list[Issue]:
    """Issues of any Raftwright file (scenario, campaign, components catalog),
    dispatching on its ``"format"``.  Raises :class:`FormatError` when it cannot be
    read, is not JSON or is not a Raftwright file."""
    return FileChecker(catalog).check(path)
