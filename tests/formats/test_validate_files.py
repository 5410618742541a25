"""validate_campaign, validate_path (dispatch on "format"), catalog checks, and the
list of issue codes (every code the checks emit is in ISSUE_CODES and in docs/command-line.md)."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.check.validate import ISSUE_CODES, validate
from engine.check.validate_files import open_scenario, validate_campaign, validate_path
from engine.model.catalog import bundled_catalog_paths
from engine.model.formats import FormatError, canonical_json, read_json, save_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = campaigns_dir() / "tutorial"


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


@pytest.fixture
def campaign_dir(tmp_path: Path) -> Path:
    """A copy of the bundled tutorial campaign."""
    shutil.copytree(TUTORIAL, tmp_path / "tutorial")
    return tmp_path / "tutorial"


def entries(folder: Path) -> dict[str, Any]:
    return read_json(folder / "campaign.json")


def test_the_bundled_campaigns_have_no_errors() -> None:
    for path in sorted(campaigns_dir().rglob("campaign.json")):
        assert [i for i in validate_campaign(path) if i.is_error] == [], path


def test_campaign_file_problems(campaign_dir: Path, first_steps: Scenario) -> None:
    doc = entries(campaign_dir)
    broken = first_steps.with_changes(id="broken", campaign="tutorial", cards=first_steps.cards[:-1])  # no raft
    save_scenario(broken, campaign_dir / "05-broken.scenario.json")
    save_scenario(
        first_steps.with_changes(id="elsewhere", campaign="practice"), campaign_dir / "06-elsewhere.scenario.json"
    )
    write(campaign_dir / "07-catalog.scenario.json", read_json(bundled_catalog_paths()[0]))
    write(campaign_dir / "08-broken-json.scenario.json", "{")
    doc["scenarios"] += [
        {"file": f}
        for f in (
            "05-broken.scenario.json",
            "06-elsewhere.scenario.json",
            "07-catalog.scenario.json",
            "08-broken-json.scenario.json",
            "09-missing.scenario.json",
            "01-first-steps.scenario.json",
        )
    ]
    write(campaign_dir / "campaign.json", doc)
    issues = validate_campaign(campaign_dir / "campaign.json")
    found = [(i.code, i.where.path) for i in issues]
    assert found == [
        ("campaign-scenario-invalid", "/scenarios/4"),
        ("campaign-scenario-unreadable", "/scenarios/6"),
        ("campaign-scenario-unreadable", "/scenarios/7"),
        ("campaign-scenario-missing", "/scenarios/8"),
        ("campaign-scenario-duplicate", "/scenarios/9"),
        ("campaign-scenario-mismatch", "/scenarios/5"),
    ]
    assert (
        "scenario entry 5 (05-broken.scenario.json) has 1 error, the first: the scenario has no raft card"
        in issues[0].message
    )
    assert "not valid JSON" in issues[2].message
    assert "scenario entry 9 (09-missing.scenario.json): the file does not exist" in issues[3].message
    assert "set its campaign to 'tutorial'" in issues[5].message


def test_two_scenarios_with_one_id(campaign_dir: Path) -> None:
    copy = campaign_dir / "05-copy.scenario.json"
    shutil.copy(campaign_dir / "02-ancient-trail.scenario.json", copy)
    doc = entries(campaign_dir)
    doc["scenarios"].append({"file": copy.name})
    write(campaign_dir / "campaign.json", doc)
    issue = next(
        i for i in validate_campaign(campaign_dir / "campaign.json") if i.code == "campaign-scenario-duplicate"
    )
    assert issue.where.path == "/scenarios/4" and "tutorial-2-ancient-trail" in issue.message


def test_a_campaign_with_schema_errors(campaign_dir: Path) -> None:
    doc = entries(campaign_dir)
    doc["scenarios"][1]["file"] = "/abs.json"
    write(campaign_dir / "campaign.json", doc)
    assert [(i.code, i.where.path) for i in validate_campaign(campaign_dir / "campaign.json")] == [
        ("schema", "/scenarios/1")
    ]


def test_validate_path_dispatches_on_format(tmp_path: Path, first_steps: Scenario) -> None:
    save_scenario(first_steps.with_changes(cards=()), tmp_path / "s.json")
    assert {i.code for i in validate_path(tmp_path / "s.json")} == {"no-raft", "no-cat"}
    assert validate_path(TUTORIAL / "campaign.json") == validate_campaign(TUTORIAL / "campaign.json")
    assert validate_path(bundled_catalog_paths()[0]) == []


@pytest.mark.parametrize(
    "content, reason",
    [
        (None, "file not found"),
        ("{ nope", "not valid JSON"),
        ('{"format": "raftwright.pack"}', "not a Raftwright file: its \"format\" is 'raftwright.pack'"),
        ("[1, 2]", "not a Raftwright file"),
    ],
)
def test_unreadable_files_raise_format_error(tmp_path: Path, content: str | None, reason: str) -> None:
    path = tmp_path / "x.json"
    if content is not None:
        write(path, content)
    with pytest.raises(FormatError, match=re.escape(reason)) as info:
        validate_path(path)
    assert str(path) in str(info.value)
    with pytest.raises(FormatError):
        validate_campaign(path)


def base_catalog() -> dict[str, Any]:
    return read_json(next(p for p in bundled_catalog_paths() if p.name.startswith("base-game")))


def custom_catalog(**parts: Any) -> dict[str, Any]:
    return {"format": "raftwright.components", "format_version": 1, "id": "custom", "name": "Custom", **parts}


@pytest.mark.parametrize(
    "doc, code, path, words",
    [
        (
            custom_catalog(raft_cards=[{"letter": "Q", "grid": ["***", "*#*", "***"]}] * 2),
            "catalog-duplicate-id",
            "/raft_cards/1",
            "raft card Q is defined twice",
        ),
        (
            custom_catalog(
                location_cards=[
                    {"number": 20, "grid": ["fff", "bbb", "bbb"], "cats": [{"colour": "blue", "square": [0, 1]}]}
                ]
            ),
            "catalog-location-cats",
            "/location_cards/0",
            "starts a cat on printed fire",
        ),
        (
            custom_catalog(
                location_cards=[
                    {
                        "number": 20,
                        "grid": ["bbb", "bbb", "bbb"],
                        "cats": [{"colour": "blue", "square": [1, 1]}, {"colour": "red", "square": [1, 1]}],
                    }
                ]
            ),
            "catalog-location-cats",
            "/location_cards/0",
            "two cats on square",
        ),
        (
            custom_catalog(
                island_boards=[
                    {
                        "id": "X1",
                        "size": "small",
                        "number": 9,
                        "fire_face": ["fffbbbbbb"] * 9,
                        "plain_face": ["bbbbbbbbb"] * 6,
                    }
                ]
            ),
            "catalog-board-face",
            "/island_boards/0",
            "its fire_face has 9 rows; a small board has 6 rows of 9",
        ),
        (
            custom_catalog(
                island_boards=[
                    {
                        "id": "X1",
                        "size": "small",
                        "number": 9,
                        "fire_face": ["bbbbbbbbb"] * 6,
                        "plain_face": ["bbbbbbbbb"] * 6,
                    }
                ]
            ),
            "catalog-board-face",
            "/island_boards/0",
            "start every row with the 3-square fire strip",
        ),
        (
            custom_catalog(raft_cards=[{"letter": "A", "grid": ["***", "*#*", "***"]}]),
            "catalog-id-clash",
            "",
            "raft card A",
        ),
    ],
)
def test_catalog_checks(tmp_path: Path, doc: dict[str, Any], code: str, path: str, words: str) -> None:
    issues = validate_path(write(tmp_path / "custom.components.json", doc))
    assert [(i.code, i.where.path) for i in issues] == [(code, path)] and words in issues[0].message


def test_a_bundled_catalog_is_not_a_clash_with_itself(tmp_path: Path) -> None:
    copy = write(tmp_path / "base.components.json", canonical_json(base_catalog()))
    assert {i.code for i in validate_path(copy)} == {"catalog-id-clash"}
    assert validate_path(bundled_catalog_paths()[0]) == []


def test_engine_validate_is_the_validate_function(first_steps: Scenario) -> None:
    """``engine.validate(scenario)`` (the foundation issue's spelling) is a plain function now."""
    no_raft = first_steps.with_changes(cards=first_steps.cards[:-1])
    assert engine.validate(no_raft) == engine.check.validate.validate(no_raft) == validate(no_raft)
    assert engine.validate is validate


def emitted_codes() -> set[str]:
    """Codes passed as the first argument of issue(...)/Issue(...) in the checks."""
    codes = set()
    names = (
        "rulecheck.py",
        "rulecheck_cats.py",
        "validate_files.py",
        "validate.py",
        "estimates.py",
        "schema_issues.py",
        "../model/catalog.py",
    )
    for name in names:
        for node in ast.walk(ast.parse((ROOT / "engine" / "check" / name).read_text(encoding="utf-8"))):
            calls = ("issue", "Issue", "CatalogProblem")  # the catalog loader's checks are validate's too
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in calls and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    codes.add(first.value)
            if (
                isinstance(node, ast.Tuple)
                and node.elts
                and isinstance(node.elts[0], ast.Constant)
                and node.elts[0].value in ("unknown-layout", "unknown-component")
            ):
                codes.add(node.elts[0].value)
    return codes


def test_every_emitted_code_is_documented() -> None:
    codes = emitted_codes()
    assert len(codes) >= 30
    assert codes == set(ISSUE_CODES)
    assert all(re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", c) for c in ISSUE_CODES)
    page = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    section = page.split("\n## Issue codes\n", 1)[1].split("\n## ", 1)[0]
    assert [c for c in ISSUE_CODES if f"`{c}`" not in section] == []


def test_validate_never_mutates_its_input() -> None:
    doc = json.loads(
        canonical_json(
            {
                "format": "raftwright.scenario",
                "format_version": 1,
                "id": "x",
                "name": "x",
                "boards": [{"size": "large", "face": "plain", "at": [0, 0]}],
                "cards": [{"kind": "fire", "card": "1", "at": [0, 0]}],
            }
        )
    )
    before = json.dumps(doc, sort_keys=True)
    validate(doc)
    assert json.dumps(doc, sort_keys=True) == before


@pytest.mark.parametrize("kind", ["scenario", "campaign", "components"])
def test_a_file_from_a_newer_raftwright_says_update(tmp_path: Path, kind: str) -> None:
    """A later format_version is one plain issue asking to update Raftwright, not a list of
    schema errors about fields this version cannot know; the file is left as it was."""
    source = {
        "scenario": TUTORIAL / "01-first-steps.scenario.json",
        "campaign": TUTORIAL / "campaign.json",
        "components": bundled_catalog_paths()[0],
    }[kind]
    doc = read_json(source)
    doc.pop("$schema", None)
    doc["format_version"] += 1
    doc["a_field_from_the_future"] = {"x": 1}
    path = write(tmp_path / source.name, doc)
    before = path.read_bytes()
    issues = validate_path(path)
    assert [(i.code, i.where.path) for i in issues] == [("format-newer", "/format_version")]
    assert "newer Raftwright" in issues[0].message and "update Raftwright" in issues[0].message
    assert path.read_bytes() == before
    if kind == "scenario":
        with pytest.raises(FormatError, match="update Raftwright"):
            open_scenario(path)
