"""``pack verify``: check a pack's scenarios with this engine and replay its golden
playthroughs, reporting every scenario that now has errors and every game whose
outcome differs from the one recorded (or that no longer replays at all)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from engine.check.issues import ERROR, WARNING, Issue, Where
from engine.check.validate_files import FileChecker
from engine.model.catalog import Catalog, CatalogError
from engine.model.formats import scenario_from_dict
from engine.packs.needs import Needs, scenario_needs
from engine.packs.reader import Pack
from engine.packs.resolve import catalog_of_pack
from engine.play.actions import ActionParseError
from engine.play.game import Replay
from engine.play.outcome import IllegalAction
from engine.play.replay_versions import outcome_key, outcome_text


@dataclass(frozen=True)
class Finding:
    """One problem, in the file it is about (``entry`` inside the pack)."""

    entry: str
    issue: Issue


@dataclass(frozen=True)
class ReplayResult:
    entry: str
    recorded: dict[str, Any] | None
    now: dict[str, Any] | None


class _PackFiles(FileChecker):
    """The file checker of ``validate`` over a pack's contents instead of a folder, so a
    campaign in a pack is checked as it is on disk: every scenario it lists is in the
    pack, listed once, of its campaign, with an id of its own."""

    def __init__(self, catalog: Catalog, documents: Mapping[str, Any]) -> None:
        super().__init__(catalog)
        self._documents = documents

    def _key(self, path: Path) -> Path:
        return Path(posixpath.normpath(path.as_posix()))

    def _is_file(self, path: Path) -> bool:
        return self._key(path).as_posix() in self._documents

    def _read(self, path: Path) -> Any:
        return self._documents[self._key(path).as_posix()]


#: campaign issues that repeat what the scenario's own findings say
_SAID_BY_THE_SCENARIO = {"campaign-scenario-invalid", "estimate-stale"}


def catalog_of(pack: Pack) -> Catalog:
    """The catalog the pack's scenarios and replays use (:mod:`engine.packs.resolve`)."""
    return catalog_of_pack(pack)


def verify_pack(pack: Pack) -> tuple[list[Finding], list[ReplayResult]]:
    """Every finding (errors and warnings of the scenarios, changed or broken replays)
    and the result of each replay."""
    try:
        catalog = catalog_of(pack)
    except CatalogError as exc:
        return [Finding("", Issue("component-redefines-bundled", ERROR, str(exc)))], []
    findings: list[Finding] = []
    files = _PackFiles(catalog, pack.documents)
    for entry in pack.manifest.of_kind("scenario"):
        findings += [Finding(entry.path, i) for i in files.scenario(Path(entry.path), pack.documents[entry.path])]
    for entry in pack.manifest.of_kind("campaign"):
        issues = files.campaign(Path(entry.path), pack.documents[entry.path])
        findings += [Finding(entry.path, i) for i in issues if i.code not in _SAID_BY_THE_SCENARIO]
    findings += _needs_findings(pack, catalog, {f.entry for f in findings if f.issue.is_error})
    results: list[ReplayResult] = []
    for entry in pack.manifest.of_kind("replay"):
        doc = pack.documents[entry.path]
        recorded = doc.get("outcome")
        try:
            state = Replay.from_dict(doc).play(catalog)
        except (IllegalAction, ActionParseError, ValueError) as exc:
            findings.append(
                Finding(
                    entry.path,
                    Issue(
                        "replay-broken",
                        ERROR,
                        f"the game no longer replays with this engine: {getattr(exc, 'message', exc)}; "
                        "record the playthrough again",
                        Where("/actions"),
                    ),
                )
            )
            results.append(ReplayResult(entry.path, recorded, None))
            continue
        outcome = state.outcome()
        now = outcome.to_dict() if outcome is not None else None
        results.append(ReplayResult(entry.path, recorded, now))
        if outcome_key(recorded) != outcome_key(now):
            findings.append(
                Finding(
                    entry.path,
                    Issue(
                        "replay-outcome-changed",
                        ERROR,
                        f"the recorded game ended {_describe(recorded)}; with this engine "
                        f"it ends {_describe(now)}; check the rules change, then re-record the playthrough",
                        Where("/outcome"),
                    ),
                )
            )
    return findings, results


def _needs_findings(pack: Pack, catalog: Catalog, broken: set[str]) -> list[Finding]:
    """A warning for each scenario whose manifest ``needs`` differ from what it uses
    (a hand-edited or stale manifest would tell a player the wrong boxes); scenarios
    with errors (``broken``) are left to those errors."""
    out = []
    for entry in pack.manifest.scenarios:
        doc = pack.documents.get(entry.path)
        if entry.needs is None or not isinstance(doc, dict) or entry.path in broken:
            continue
        found = scenario_needs(scenario_from_dict(doc), catalog).to_dict()
        if found != entry.needs:
            said, uses = Needs.from_dict(entry.needs).lines(), Needs.from_dict(found).lines()
            out.append(
                Finding(
                    entry.path,
                    Issue(
                        "needs-mismatch",
                        WARNING,
                        f"the manifest says the scenario {'; '.join(said)}, but it {'; '.join(uses)}; "
                        "build the pack again",
                        Where("/needs"),
                    ),
                )
            )
    return out


def _describe(outcome: dict[str, Any] | None) -> str:
    return "unfinished" if outcome is None else f"in {outcome_text(outcome)}"
