"""Each JSON Schema through engine.check.validate: bundled files pass; crafted bad documents
give ``schema`` issues located at the element, with its squares and a message naming
the element and the fix; rule checks still run on the rest; nothing ever raises."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from engine.check.issues import Issue
from engine.check.schema_issues import schema_issues
from engine.check.validate import validate
from engine.check.validate_files import validate_path
from engine.model.catalog import bundled_catalog_paths
from engine.model.formats import read_json
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario
from engine.model.schemas import validator

LOC3, RAFT = 6, 9


def bundled_files() -> list[Path]:
    return sorted(campaigns_dir().rglob("*.json"))


def test_there_is_bundled_content_of_every_kind() -> None:
    names = [p.name for p in bundled_files()]
    assert sum(n.endswith(".components.json") for n in names) == len(bundled_catalog_paths()) >= 2
    assert "campaign.json" in names and sum(n.endswith(".scenario.json") for n in names) >= 39


@pytest.mark.parametrize("path", bundled_files(), ids=lambda p: str(p.relative_to(campaigns_dir())))
def test_every_bundled_file_validates_without_errors(path: Path) -> None:
    kind = {
        "raftwright.components": "components",
        "raftwright.campaign": "campaign",
        "raftwright.scenario": "scenario",
    }[read_json(path)["format"]]
    assert schema_issues(kind, read_json(path)) == []
    assert [i for i in validate_path(path) if i.is_error] == []


def schema_only(doc: Any) -> list[tuple[str, str]]:
    return [(i.where.path, i.message) for i in validate(doc) if i.code == "schema"]


@pytest.mark.parametrize(
    "edit, path, message",
    [
        (
            lambda d: d["cards"][LOC3].update(rotation=5),
            f"/cards/{LOC3}",
            "location card 3 at (12, 3): 'rotation' is 5; it must be at most 3",
        ),
        (
            lambda d: d["cards"][3].update(at=[20, 0]),
            "/cards/3",
            "fire card at (20, 0): 'at[0]' is 20; it must be at most 17 (the grid's rows and columns run 0-17)",
        ),
        (lambda d: d["cards"][3].update(at=[1, 2, 3]), "/cards/3", "'at' has 3 item(s); a square is [row, col]"),
        (
            lambda d: d["cards"][0].update(card="4"),
            "/cards/0",
            "fire card at (0, 3): fire cards have no number or letter",
        ),
        (
            lambda d: d["cards"][LOC3].pop("card"),
            f"/cards/{LOC3}",
            "location card at (12, 3): 'card' is missing; add it",
        ),
        (
            lambda d: d["cards"][RAFT].update(kind="boat"),
            f"/cards/{RAFT}",
            'card 10 at (12, 15): \'kind\' is "boat"; use one of "location", "raft", "fire"',
        ),
        (
            lambda d: d["boards"][0].pop("fire_edge"),
            "/boards/0",
            "board 1 (large, fire face) at (0, 0): 'fire_edge' is missing",
        ),
        (lambda d: d["boards"][2].update(fire_edge="west"), "/boards/2", "only a fire face has a fire_edge"),
        (lambda d: d["boards"][1].update(size="huge"), "/boards/1", '\'size\' is "huge"; use one of "large", "small"'),
        (lambda d: d["boards"][3].update(pin={"board": "S1", "rotation": 4}), "/boards/3", "'pin.rotation' is 4"),
        (
            lambda d: d.update(tokens=[{"kind": "fish", "value": "1", "at": [5, 9]}]),
            "/tokens/0",
            "fish token at (5, 9): only objective tokens have a value",
        ),
        (lambda d: d.update(tokens=[{"kind": "objective", "at": [12, 15]}]), "/tokens/0", "'value' is missing"),
        (
            lambda d: d.update(objectives=[{"kind": "arrival_order", "colour": "green"}]),
            "/objectives/0",
            "objective 1: 'position' is missing; add it",
        ),
        (
            lambda d: d.update(objectives=[{"kind": "arrival_order", "colour": "pink", "position": 1}]),
            "/objectives/0",
            "'colour' is \"pink\"; use one of",
        ),
        (
            lambda d: d.update(objectives=[{"kind": "win"}]),
            "/objectives/0",
            'kind "win" is not known; use one of arrival_order, arrive_together, collect_maps, close_to, text',
        ),
        (
            lambda d: d.update(id="First Steps"),
            "",
            "the scenario: 'id' \"First Steps\" is not in the expected form; use lowercase",
        ),
        (lambda d: d.pop("name"), "", "the scenario: 'name' is missing; add it"),
        (lambda d: d.update(colour="red"), "", "unexpected field 'colour'; remove it"),
        (lambda d: d.update(format_version=0), "", "'format_version' is 0; it must be 1"),
        (lambda d: d["rules"].update(players=[1, 1]), "", "'rules.players' lists an item twice"),
        (lambda d: d.update(difficulty=6), "", "'difficulty' is 6; it must be at most 5"),
    ],
)
def test_bad_scenario_fields_are_located(first_steps_doc: dict[str, Any], edit: Any, path: str, message: str) -> None:
    edit(first_steps_doc)
    found = schema_only(first_steps_doc)
    assert [p for p, _ in found] == [path], found
    assert message in found[0][1]


def test_a_schema_issue_carries_the_elements_squares(first_steps_doc: dict[str, Any]) -> None:
    first_steps_doc["cards"][LOC3]["rotation"] = 7
    first_steps_doc["cards"][3]["at"] = [-1, 3]
    issues = {i.where.path: i.where.squares for i in validate(first_steps_doc) if i.code == "schema"}
    assert issues[f"/cards/{LOC3}"] == tuple((r, c) for r in range(12, 15) for c in range(3, 6))
    assert issues["/cards/3"] == ((0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5))  # those on the grid


def test_rule_checks_still_run_and_keep_the_files_indices(first_steps_doc: dict[str, Any]) -> None:
    first_steps_doc["cards"][0]["colour"] = "red"  # schema error on the first card
    first_steps_doc["cards"][LOC3]["at"] = [12, 2]  # rule error on a later card
    issues = validate(first_steps_doc)
    assert [(i.code, i.where.path) for i in issues] == [
        ("schema", "/cards/0"),
        ("card-on-fire-strip", f"/cards/{LOC3}"),
    ]


def test_absence_checks_are_left_out_when_the_element_had_schema_errors(first_steps_doc: dict[str, Any]) -> None:
    first_steps_doc["cards"][RAFT]["rotation"] = 9
    assert [i.code for i in validate(first_steps_doc)] == ["schema"]  # no "no-raft"


def test_objective_numbering_survives_a_bad_objective(first_steps_doc: dict[str, Any]) -> None:
    first_steps_doc["objectives"] = [
        {"kind": "collect_maps", "count": 0},
        {"kind": "arrival_order", "colour": "red", "position": 1},
    ]
    issues = [i for i in validate(first_steps_doc) if i.code != "not-playable-yet"]  # objectives are not played yet
    assert [(i.code, i.where.path) for i in issues] == [
        ("schema", "/objectives/0"),
        ("objective-no-cat", "/objectives/1"),
    ]
    assert issues[1].message.startswith('objective 2 ("Red arrives first")')


def test_board_errors_stop_the_rule_checks(first_steps_doc: dict[str, Any]) -> None:
    first_steps_doc["boards"][0]["at"] = [0, 30]
    first_steps_doc["cards"][LOC3]["at"] = [12, 2]
    assert {i.code for i in validate(first_steps_doc)} == {"schema"}


def test_a_scenario_object_gets_the_schema_check_too(first_steps: Scenario) -> None:
    bad = first_steps.with_changes(id="Not An Id", difficulty=9)
    assert [(i.code, i.where.path) for i in validate(bad)] == [("schema", ""), ("schema", "")]


@pytest.mark.parametrize("doc", [[], "scenario", 3, None, {}, {"format": "raftwright.scenario"}, {"boards": {}}])
def test_garbage_gives_issues_not_exceptions(doc: Any) -> None:
    issues = validate(doc)
    assert issues and all(isinstance(i, Issue) and i.code == "schema" and i.is_error for i in issues)


JUNK: list[Any] = [None, -1, 99, 2.5, "", "x", [], [0], [1, 2, 3], {}, {"a": 1}, True, "fire", "location", [17, 17]]


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [path] + [p for k, v in node.items() for p in _leaves(v, path + (k,))]
    if isinstance(node, list):
        return [path] + [p for i, v in enumerate(node) for p in _leaves(v, path + (i,))]
    return [path]


def _top(path: str) -> str:
    """The element a JSON pointer is in: ``/boards/0/at/1`` -> ``/boards/0``; a
    top-level field (``/mode``, ``/rules/players``) belongs to the scenario itself, ``""``."""
    parts = path.split("/")[1:]
    return f"/{parts[0]}/{parts[1]}" if len(parts) >= 2 and parts[1].isdigit() else ""


def test_random_corruptions_never_raise_and_are_reported(first_steps_doc: dict[str, Any]) -> None:
    """Junk put anywhere: validate never raises, sorts errors first, and whenever the
    document no longer matches its schema (asked of jsonschema directly) reports it as
    schema errors located at every element jsonschema finds broken; a document that
    still matches gets no schema issue."""
    first_steps_doc["tokens"] = [{"kind": "objective", "value": "1", "at": [12, 15]}, {"kind": "map", "at": [5, 9]}]
    first_steps_doc["objectives"] = [
        {"kind": "arrival_order", "colour": "blue", "position": 1},
        {"kind": "close_to", "colours": ["blue", "green"], "distance": 5},
    ]
    rng = random.Random(1110)
    paths = [p for p in _leaves(first_steps_doc) if p]
    broken = 0
    for _ in range(1000):
        doc = copy.deepcopy(first_steps_doc)
        for _ in range(rng.randint(1, 3)):
            *parent, key = rng.choice(paths)
            target: Any = doc
            try:
                for k in parent:
                    target = target[k]
                target[key] = copy.deepcopy(rng.choice(JUNK))
            except (KeyError, IndexError, TypeError):
                continue
        issues = validate(doc)
        assert issues == sorted(issues, key=lambda i: not i.is_error) and all(isinstance(i, Issue) for i in issues)
        raw = list(validator("scenario").iter_errors(doc))
        reported = [i for i in issues if i.code == "schema"]
        if [i.code for i in issues] == ["format-newer"]:  # a later format_version: one "update" issue instead
            assert doc["format_version"] > 1
            continue
        if not raw:
            assert not reported, f"a schema issue for a document that matches its schema: {reported[0].message}"
            continue
        broken += 1
        assert reported and all(i.is_error for i in reported), f"{raw[0].message} went unreported"
        where = {_top(i.where.path) for i in reported}
        for error in raw:
            element = _top("".join(f"/{part}" for part in error.absolute_path))
            assert element in where, f"{error.message} at {element} is not located (reported: {where})"
    assert broken > 500, f"only {broken} of 1000 corruptions broke the document: the test checks too little"


def campaign_doc() -> dict[str, Any]:
    return {
        "format": "raftwright.campaign",
        "format_version": 1,
        "id": "c",
        "name": "C",
        "scenarios": [{"file": "01-a.scenario.json"}],
    }


@pytest.mark.parametrize(
    "edit, path, message",
    [
        (
            lambda d: d["scenarios"][0].update(file="../x.scenario.json"),
            "/scenarios/0",
            "scenario entry 1 (../x.scenario.json): 'file' \"../x.scenario.json\" is not in the expected form; use a relative path",
        ),
        (
            lambda d: d["scenarios"][0].update(unlocks=["jetpacks"]),
            "/scenarios/0",
            "'unlocks[0]' is \"jetpacks\"; use one of",
        ),
        (lambda d: d.pop("scenarios"), "", "the campaign: 'scenarios' is missing"),
        (
            lambda d: d.update(scoring={"points_per_win": -1}),
            "",
            "'scoring.points_per_win' is -1; it must be at least 0",
        ),
    ],
)
def test_bad_campaign_fields_are_located(edit: Any, path: str, message: str) -> None:
    doc = campaign_doc()
    edit(doc)
    found = schema_issues("campaign", doc)
    assert [i.where.path for i in found] == [path] and message in found[0].message


@pytest.mark.parametrize(
    "edit, path, message",
    [
        (
            lambda d: d["location_cards"][0]["grid"].__setitem__(0, "rrx"),
            "/location_cards/0",
            "location card 1: 'grid[0]' \"rrx\" is not in the expected form",
        ),
        (lambda d: d["raft_cards"][0].update(letter="a"), "/raft_cards/0", "raft card a: 'letter' \"a\""),
        (
            lambda d: d["island_boards"][0].update(size="medium"),
            "/island_boards/0",
            "island board L1: 'size' is \"medium\"",
        ),
        (
            lambda d: d["pathway_decks"][0]["cards"][2].update(grid=["bbb"]),
            "/pathway_decks/0/cards/2",
            "'grid' has 1 item(s); it needs at least 3",
        ),
        (lambda d: d.update(box={"fire_cards": -2}), "", "'box.fire_cards' is -2; it must be at least 0"),
    ],
)
def test_bad_catalog_fields_are_located(edit: Any, path: str, message: str) -> None:
    doc = read_json(next(p for p in bundled_catalog_paths() if p.name.startswith("base-game")))
    edit(doc)
    found = schema_issues("components", doc)
    assert [i.where.path for i in found] == [path] and message in found[0].message
