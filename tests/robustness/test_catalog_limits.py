"""User catalogs never take the program down (issue 16, items 3-5): unreadable,
too deep, too large or invalid catalogs are left out with a reason, the loader
applies every check ``validate`` applies, and a clash blames the right catalog."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.check.validate_files import validate_path
from engine.model.catalog import MAX_CATALOG_ITEMS, load_catalogs
from engine.model.formats import save_scenario
from engine.model.jsonio import MAX_CATALOG_BYTES
from engine.model.scenario import BoardSlot, CardPlacement, Scenario

ROOT = Path(__file__).resolve().parents[2]


def fixture_catalog(ident: str, number: int = 40) -> dict[str, Any]:
    """A fixture user catalog with one made-up location card (not real component data)."""
    return {
        "format": "raftwright.components",
        "format_version": 1,
        "id": ident,
        "name": f"Fixture {ident}",
        "location_cards": [
            {"number": number, "grid": ["ggg", "gfg", "ggg"], "cats": [{"colour": "green", "square": [0, 0]}]}
        ],
        "box": {"location_cards": 1},
    }


def write(folder: Path, name: str, content: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.components.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def left_out(folder: Path) -> tuple[set[int], tuple[str, ...]]:
    catalog, skipped = load_catalogs([folder])
    return {n for n in catalog.location_cards if n >= 40}, skipped


BROKEN = {
    "not-utf8": (b'{"format": "raftwright.components", "name": "Caf\xe9"}', "not UTF-8"),
    "deep": ('{"format": "raftwright.components", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested more than"),
    "too-big": (b" " * (MAX_CATALOG_BYTES + 1), "larger than 1024 KiB"),
    "surrogate": (json.dumps(dict(fixture_catalog("s"), name="Cat \ud83d")), "lone UTF-16 surrogate"),
    "array": ("[]", "not a component catalog"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_an_unusable_catalog_is_left_out_with_its_reason(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "catalogs"
    write(folder, "good", fixture_catalog("good", 41))
    content, reason = BROKEN[name]
    path = write(folder, name, content)
    cards, skipped = left_out(folder)
    assert cards == {41}
    assert len(skipped) == 1 and str(path) in skipped[0] and reason in skipped[0], skipped


def test_too_many_components_are_refused_quickly_and_named(tmp_path: Path) -> None:
    doc = fixture_catalog("many")
    doc["fire_tiles"] = [{"id": f"T{i}", "cells": [[0, 0]]} for i in range(MAX_CATALOG_ITEMS + 1)]
    path = write(tmp_path / "catalogs", "many", doc)
    cards, skipped = left_out(path.parent)
    assert cards == set() and f"{MAX_CATALOG_ITEMS + 2} components" in skipped[0] and "at most 1000" in skipped[0]
    assert [i.code for i in validate_path(path)] == ["catalog-too-large"]


@pytest.mark.parametrize(
    "breakage, code",
    [
        ("cat-on-fire", "catalog-location-cats"),
        ("two-cats-one-square", "catalog-location-cats"),
        ("id-twice", "catalog-duplicate-id"),
    ],
)
def test_a_catalog_that_validate_rejects_is_not_merged(tmp_path: Path, breakage: str, code: str) -> None:
    doc = fixture_catalog("bad")
    card = doc["location_cards"][0]
    if breakage == "cat-on-fire":
        card["cats"][0]["square"] = [1, 1]
    elif breakage == "two-cats-one-square":
        card["cats"].append({"colour": "blue", "square": [0, 0]})
    else:
        doc["location_cards"].append(copy.deepcopy(card))
    path = write(tmp_path / "catalogs", "bad", doc)
    assert code in {i.code for i in validate_path(path)}
    cards, skipped = left_out(path.parent)
    assert cards == set() and str(path) in skipped[0] and "location_cards" in skipped[0]


def test_a_clash_blames_the_catalog_that_owns_the_component(tmp_path: Path) -> None:
    folder = tmp_path / "catalogs"
    write(folder, "a", fixture_catalog("a", 40))
    b = write(folder, "b", fixture_catalog("b", 40))
    cards, skipped = left_out(folder)
    assert cards == {40} and len(skipped) == 1
    assert (
        str(b) in skipped[0]
        and "catalog 'b' redefines location card 40 of catalog 'a' (a.components.json)" in skipped[0]
    )
    assert "base-game" not in skipped[0]
    for path in folder.iterdir():  # validate on the folder says so, for either file
        assert "catalog-id-clash" in {i.code for i in validate_path(path)}


def test_every_command_still_runs_with_a_broken_catalog_and_says_what_was_left_out(tmp_path: Path) -> None:
    user = tmp_path / "user"
    write(user / "catalogs", "deep", BROKEN["deep"][0])
    write(user / "catalogs", "latin", BROKEN["not-utf8"][0])
    scenario = Scenario(
        id="fixture",
        name="Fixture island",
        boards=(BoardSlot("large", "fire", (0, 0), "west"),),
        cards=(CardPlacement("raft", (6, 6), "A"),),
    )
    path = tmp_path / "fixture.scenario.json"
    save_scenario(scenario, path)
    env = dict(os.environ, RAFTWRIGHT_USER_DIR=str(user))
    for command in ("validate", "show"):
        result = subprocess.run(
            [sys.executable, "-m", "raftwright", command, str(path)], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert result.returncode in (0, 1) and "Traceback" not in result.stderr, result.stderr
        warnings = [line for line in result.stderr.splitlines() if "custom components left out" in line]
        assert len(warnings) == 2 and any("deep.components.json" in w for w in warnings)


def test_a_whole_float_square_is_read_as_an_integer(tmp_path: Path) -> None:
    """JSON Schema counts 1.0 as an integer; the checks must index with it too (found by make fuzz)."""
    doc = fixture_catalog("floats")
    doc["location_cards"][0]["cats"][0]["square"] = [1.0, 0.0]
    path = write(tmp_path / "catalogs", "floats", doc)
    assert validate_path(path) == []
    cards, skipped = left_out(path.parent)
    assert cards == {40} and skipped == ()
