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

from engine.check.issues import ERROR, WARNING, Issue, Where
from engine.check.rulecheck import count_text, issue
from engine.check.schema_issues import schema_issues
from engine.check.validate import sort_issues, validate
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
    campaign_from_dict,
    describe_format,
    document_kind,
    read_json,
    scenario_from_dict,
)  # fmt: skip
from engine.model.jsonio import MAX_CATALOG_BYTES
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import Campaign, Scenario
from engine.play.actions import ActionParseError
from engine.play.game import REPLAY_FORMAT, Replay

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

    def _scenario(self, path: Path, data: Any = None) -> _ScenarioResult:
        key = path.resolve()
        if key not in self._scenarios:
            if data is None:
                data = read_json(path)
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
            if not target.is_file():
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


def _first_schema_problem(kind: str, path: str | os.PathLike[str], data: Any) -> None:
    """Raise :class:`FormatError` when ``data`` is not a valid ``kind`` document: the
    message is the first schema issue (element, what is wrong, the fix) and how many more,
    the located message ``validate`` gives."""
    found = document_kind(data) if kind != "replay" else "replay" if _format_of(data) == REPLAY_FORMAT else None
    if found != kind:
        raise FormatError(path, f'not a Raftwright {kind} file: {describe_format(data)}; expected "raftwright.{kind}"')
    issues = sort_issues(schema_issues(kind, data))
    if issues and issues[0].code == "format-newer":
        raise FormatError(path, issues[0].message)
    if issues:
        first = issues[0]
        more = (
            f"; {count_text(len(issues) - 1, 'more error')} (run 'raftwright validate {path}')"
            if len(issues) > 1
            else ""
        )
        raise FormatError(path, f"{first.message} ({first.where.describe()}){more}")


def open_scenario(path: str | os.PathLike[str], data: Any = None) -> Scenario:
    """Read a scenario file for use (``show``, ``play``, the studio's Open) with the
    same located message ``validate`` gives: raises :class:`FormatError` whose message
    is the first schema issue (element, what is wrong, the fix) and how many more.
    ``data`` is the already-read document, if any."""
    if data is None:
        data = read_json(path)
    _first_schema_problem("scenario", path, data)
    try:
        return scenario_from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:  # the schema should have said: still refuse cleanly
        raise FormatError(path, f"cannot read the scenario ({exc!r}); run 'raftwright validate {path}'") from None


def _format_of(data: Any) -> Any:
    return data.get("format") if isinstance(data, dict) else None


def open_replay(path: str | os.PathLike[str], data: Any = None) -> Replay:
    """Read a replay file (``*.replay.json``) for the playtest window, ``play --text`` and
    the winning lines, with the located message ``validate`` gives, as :func:`open_scenario`
    does; a replay from a newer Raftwright asks for an update."""
    if data is None:
        data = read_json(path)
    _first_schema_problem("replay", path, data)
    try:
        return Replay.from_dict(data)
    except (ActionParseError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise FormatError(path, f"cannot read the replay: {exc}; save the replay again") from None


def open_campaign(path: str | os.PathLike[str], data: Any = None) -> Campaign:
    """Read a campaign file for use (``difficulty``, ``render booklet``, the studio) with
    the located message ``validate`` gives, as :func:`open_scenario` does."""
    if data is None:
        data = read_json(path)
    _first_schema_problem("campaign", path, data)
    try:
        return campaign_from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise FormatError(path, f"cannot read the campaign ({exc!r}); run 'raftwright validate {path}'") from None


def open_campaign_with_scenarios(path: str | os.PathLike[str]) -> tuple[Campaign, list[tuple[Path, Scenario]]]:
    """A campaign and every scenario it lists (paths relative to the campaign file), each
    read as :func:`open_campaign` and :func:`open_scenario` read them (located messages).
    Raises :class:`FormatError` for the campaign file, a listed scenario that does not
    exist (naming the entry), or a scenario file that does not load."""
    path = Path(path)
    campaign = open_campaign(path)
    scenarios: list[tuple[Path, Scenario]] = []
    for n, entry in enumerate(campaign.scenarios, 1):
        scenario_path = path.parent / entry.scenario
        if not scenario_path.is_file():
            raise FormatError(
                path,
                f"/scenarios/{n - 1}: scenario {n} names '{entry.scenario}', which is not in {path.parent}; "
                "restore the file or remove the entry",
            )
        scenarios.append((scenario_path, open_scenario(scenario_path)))
    return campaign, scenarios


def first_bundled_scenario_path() -> Path:
    """The first scenario of the first bundled campaign (Tutorial 1), which the studio
    opens on ``make run``."""
    path = bundled_campaign_paths()[0]
    campaign = open_campaign(path)
    if not campaign.scenarios:
        raise FormatError(path, "the bundled campaign lists no scenarios; reinstall Raftwright")
    return path.parent / campaign.scenarios[0].scenario


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
