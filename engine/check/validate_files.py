"""Validating files of every Raftwright kind: scenarios, campaigns (and the scenario
files they list), component catalogs.  Dispatches on the document's ``"format"``.

:class:`FileChecker` keeps each scenario's result, so a run over a folder that holds
a campaign and its scenarios validates every scenario once.  Problems with the content
are issues; a file that cannot be read, is not JSON or is not a Raftwright file raises
:class:`~engine.model.formats.FormatError` (the CLI's exit status 2).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.check.issues import ERROR, WARNING, Issue, Where
from engine.check.rulecheck import count_text, issue
from engine.check.schema_issues import schema_issues
from engine.check.validate import sort_issues, validate
from engine.model.catalog import (
    BOARD_SHAPES,
    FIRE_STRIP_WIDTH,
    Catalog,
    CatalogError,
    bundled_catalog,
    bundled_catalog_paths,
    catalog_from_dict,
    default_catalog,
)  # fmt: skip
from engine.model.formats import FormatError, document_kind, read_json

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
        if kind is None:
            found = data.get("format") if isinstance(data, dict) else None
            raise FormatError(path, f"not a Raftwright file: its \"format\" is {found!r}; expected {FORMATS}")
        return checks[kind](Path(path), data)

    def _scenario(self, path: Path, data: Any = None) -> _ScenarioResult:
        key = path.resolve()
        if key not in self._scenarios:
            if data is None:
                data = read_json(path)
                if document_kind(data) != "scenario":
                    raise FormatError(path, "not a Raftwright scenario (its \"format\" is not \"raftwright.scenario\")")
            ident, campaign = (data.get(k) if isinstance(data.get(k), str) else None for k in ("id", "campaign"))
            self._scenarios[key] = _ScenarioResult(ident, campaign, validate(data, self.catalog))
        return self._scenarios[key]

    # --- campaigns -----------------------------------------------------------------
    def campaign_file(self, path: str | os.PathLike[str]) -> list[Issue]:
        data = read_json(path)
        if document_kind(data) != "campaign":
            raise FormatError(path, "not a Raftwright campaign (its \"format\" is not \"raftwright.campaign\")")
        return self.campaign(Path(path), data)

    def campaign(self, path: Path, data: Any) -> list[Issue]:
        out = schema_issues("campaign", data)
        entries = data.get("scenarios") if isinstance(data.get("scenarios"), list) else []
        files: dict[str, int] = {}
        ids: dict[str, int] = {}
        for i, entry in enumerate(entries):
            file = entry.get("file") if isinstance(entry, dict) else None
            if not isinstance(file, str) or any(x.where.path == f"/scenarios/{i}" for x in out):
                continue
            name, where = f"scenario entry {i + 1} ({file})", f"/scenarios/{i}"
            if file in files:
                out.append(issue("campaign-scenario-duplicate", f"{name} repeats scenario entry {files[file] + 1}; "
                                 "list each scenario once", where))
                continue
            files[file] = i
            target = path.parent / file
            if not target.is_file():
                out.append(issue("campaign-scenario-missing", f"{name}: the file does not exist in {path.parent}; "
                                 "fix the path or add the file", where))
                continue
            try:
                result = self._scenario(target)
            except FormatError as exc:
                out.append(issue("campaign-scenario-unreadable", f"{name} cannot be used: {exc}", where))
                continue
            errors = [x for x in result.issues if x.is_error]
            if errors:
                first = errors[0]
                out.append(issue("campaign-scenario-invalid", f"{name} has {count_text(len(errors), 'error')}, the "
                                 f"first: {first.code} {first.message}; run 'raftwright validate {target}'", where))
            campaign_id = data.get("id")
            if result.campaign is not None and isinstance(campaign_id, str) and result.campaign != campaign_id:
                out.append(issue("campaign-scenario-mismatch", f"{name} says it belongs to campaign "
                                 f"'{result.campaign}'; set its campaign to '{campaign_id}'", where, severity=WARNING))
            if result.id is not None:
                if result.id in ids:
                    out.append(issue("campaign-scenario-duplicate", f"{name} has the scenario id '{result.id}' of "
                                     f"scenario entry {ids[result.id] + 1}; give each scenario its own id", where))
                ids.setdefault(result.id, i)
        return sort_issues(out)

    # --- component catalogs ---------------------------------------------------------
    def components(self, path: Path, data: Any) -> list[Issue]:
        out = schema_issues("components", data)
        if out:
            return sort_issues(out)
        out += _duplicate_ids(data) + _board_faces(data) + _location_cats(data)
        if path.resolve() not in {p.resolve() for p in bundled_catalog_paths()}:
            try:  # against the shipped catalogs: a user catalog is in default_catalog() itself
                bundled_catalog().merged(catalog_from_dict(data))
            except CatalogError as exc:
                out.append(Issue("catalog-id-clash", ERROR, str(exc), Where("")))
        return sort_issues(out)


def _duplicate_ids(data: dict[str, Any]) -> list[Issue]:
    out: list[Issue] = []
    lists = [("island_boards", "id", "island board", data.get("island_boards", [])),
             ("location_cards", "number", "location card", data.get("location_cards", [])),
             ("raft_cards", "letter", "raft card", data.get("raft_cards", [])),
             ("fire_tiles", "id", "fire tile", data.get("fire_tiles", []))]
    lists += [(f"pathway_decks/{d}/cards", "id", f"{deck['deck']} card", deck["cards"])
              for d, deck in enumerate(data.get("pathway_decks", []))]
    for collection, key, label, items in lists:
        seen: dict[Any, int] = {}
        for i, item in enumerate(items):
            ident = item[key]
            if ident in seen:
                out.append(issue("catalog-duplicate-id", f"{label} {ident} is defined twice (entries {seen[ident] + 1} "
                                 f"and {i + 1}); give it a new {key}", f"/{collection}/{i}"))
            seen.setdefault(ident, i)
    return out


def _board_faces(data: dict[str, Any]) -> list[Issue]:
    out: list[Issue] = []
    for i, board in enumerate(data.get("island_boards", [])):
        rows, cols = BOARD_SHAPES[board["size"]]
        name, where = f"island board {board['id']}", f"/island_boards/{i}"
        for face in ("fire_face", "plain_face"):
            if len(board[face]) != rows:
                out.append(issue("catalog-board-face", f"{name}: its {face} has {len(board[face])} rows; a {board['size']} "
                                 f"board has {rows} rows of {cols}", where))
        if any(not row.startswith("f" * FIRE_STRIP_WIDTH) for row in board["fire_face"]):
            out.append(issue("catalog-board-face", f"{name}: its fire_face must start every row with the "
                             f"{FIRE_STRIP_WIDTH}-square fire strip ('fff', west edge of the north form)", where))
    return out


def _location_cats(data: dict[str, Any]) -> list[Issue]:
    out: list[Issue] = []
    for i, card in enumerate(data.get("location_cards", [])):
        name, where = f"location card {card['number']}", f"/location_cards/{i}"
        squares = [tuple(c["square"]) for c in card["cats"]]
        on_fire = [sq for sq in squares if card["grid"][sq[0]][sq[1]] == "f"]
        if on_fire:
            out.append(issue("catalog-location-cats", f"{name} starts a cat on printed fire at {on_fire[0]}; "
                             "move the cat or fix the grid", where))
        twice = [sq for sq, n in Counter(squares).items() if n > 1]
        if twice:
            out.append(issue("catalog-location-cats", f"{name} starts two cats on square {twice[0]}; give each "
                             "cat its own square", where))
    return out


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
