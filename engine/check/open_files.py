"""Reading scenario and campaign files for use (the studio's Open, ``show``, ``play``,
``render``): the document must pass its JSON Schema, and a file that does not raises
:class:`~engine.model.formats.FormatError` with the located message ``validate`` gives.

This module loads no rules: the studio opens its first file with it before the first
paint (issue 28 item 7), and checks the game's rules after.  A file shipped with
Raftwright (under :func:`~engine.model.resources.campaigns_dir`) skips the schema pass
when the same content passed it before (:mod:`engine.model.schema_cache`, as the
bundled catalogs do); any other file is always checked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.check.elements import count_text
from engine.check.issues import sort_issues
from engine.check.schema_issues import schema_issues
from engine.model import schema_cache
from engine.model.formats import (
    FormatError,
    campaign_from_dict,
    describe_format,
    document_kind,
    read_json,
    scenario_from_dict,
)
from engine.model.library import bundled_campaign_paths
from engine.model.resources import campaigns_dir
from engine.model.scenario import Campaign, Scenario


def is_bundled(path: str | os.PathLike[str]) -> bool:
    """True for a file shipped with Raftwright (under the bundled campaigns folder)."""
    try:
        return Path(path).resolve().is_relative_to(campaigns_dir().resolve())
    except OSError:
        return False


def _content(data: Any) -> bytes:
    """The document as the schema check sees it, in one canonical spelling (the cache key)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _format_of(data: Any) -> Any:
    return data.get("format") if isinstance(data, dict) else None


def first_schema_problem(kind: str, path: str | os.PathLike[str], data: Any) -> None:
    """Raise :class:`FormatError` when ``data`` is not a valid ``kind`` document: the
    message is the first schema issue (element, what is wrong, the fix) and how many more,
    the located message ``validate`` gives; a file from a newer Raftwright asks for an
    update.  A bundled file whose content passed before is not checked again."""
    found = document_kind(data) if kind != "replay" else "replay" if _format_of(data) == f"raftwright.{kind}" else None
    if found != kind:
        raise FormatError(path, f'not a Raftwright {kind} file: {describe_format(data)}; expected "raftwright.{kind}"')
    content = _content(data) if is_bundled(path) else None
    if content is not None and schema_cache.checked(kind, content):
        return
    issues = sort_issues(schema_issues(kind, data))
    if content is not None and not issues:
        schema_cache.remember(kind, content)
    if issues and issues[0].code == "format-newer":
        raise FormatError(path, issues[0].message)
    if issues:
        first = issues[0]
        more = (
            f"; {count_text(len(issues) - 1, 'more error')} (run 'raftwright validate {path}')"
            if len(issues) > 1
            else ""
        )
        squares = first.where.squares_text()  # the message names the element; its pointer is for --json
        raise FormatError(path, f"{first.message}{f' ({squares})' if squares else ''}{more}")


def open_scenario(path: str | os.PathLike[str], data: Any = None) -> Scenario:
    """Read a scenario file for use (``show``, ``play``, the studio's Open) with the
    same located message ``validate`` gives: raises :class:`FormatError` whose message
    is the first schema issue (element, what is wrong, the fix) and how many more.
    ``data`` is the already-read document, if any."""
    if data is None:
        data = read_json(path)
    first_schema_problem("scenario", path, data)
    try:
        return scenario_from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:  # the schema should have said: still refuse cleanly
        raise FormatError(path, f"cannot read the scenario ({exc!r}); run 'raftwright validate {path}'") from None


def open_campaign(path: str | os.PathLike[str], data: Any = None) -> Campaign:
    """Read a campaign file for use (``difficulty``, ``render booklet``, the studio) with
    the located message ``validate`` gives, as :func:`open_scenario` does."""
    if data is None:
        data = read_json(path)
    first_schema_problem("campaign", path, data)
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
