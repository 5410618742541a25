"""Custom components in the user's catalogs folder join the catalog without code
changes (foundation issue §2); a broken one is left out with a named reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.check.validate import validate
from engine.model.catalog import load_catalogs
from engine.model.formats import save_scenario
from engine.model.scenario import BoardSlot, CardPlacement, Scenario

ROOT = Path(__file__).resolve().parents[2]


def _island_with_card(number: str) -> Scenario:
    return Scenario(
        id="custom",
        name="Custom card",
        boards=(BoardSlot("large", "fire", (0, 0), "west"),),
        cards=(CardPlacement("location", (0, 3), number), CardPlacement("raft", (6, 6), "A")),
    )


@pytest.fixture
def user_catalogs(tmp_path: Path, custom_catalog_doc: dict) -> Path:
    folder = tmp_path / "user" / "catalogs"
    folder.mkdir(parents=True)
    (folder / "my-cards.components.json").write_text(json.dumps(custom_catalog_doc), encoding="utf-8")
    return folder


def test_a_custom_location_card_is_known_to_the_validator(user_catalogs: Path) -> None:
    catalog, skipped = load_catalogs([user_catalogs])
    assert skipped == () and 13 in catalog.location_cards
    scenario = _island_with_card("13")
    codes = {i.code for i in validate(scenario, catalog)}
    assert "unknown-component" not in codes and "box-exceeded" not in codes
    assert "unknown-component" in {i.code for i in validate(scenario)}  # without the folder: unknown


def test_a_broken_or_clashing_user_catalog_is_left_out_with_its_file_named(
    user_catalogs: Path, custom_catalog_doc: dict
) -> None:
    (user_catalogs / "broken.components.json").write_text("{not json", encoding="utf-8")
    clash = dict(
        custom_catalog_doc, id="clash", location_cards=[dict(custom_catalog_doc["location_cards"][0], number=3)]
    )
    (user_catalogs / "clash.components.json").write_text(json.dumps(clash), encoding="utf-8")
    catalog, skipped = load_catalogs([user_catalogs])
    assert 13 in catalog.location_cards  # the good file still counts
    assert len(skipped) == 2
    assert any("broken.components.json" in s and "cannot read" in s for s in skipped)
    assert any("clash.components.json" in s and "location card 3" in s for s in skipped)


def _cli(args: list[str], user_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, RAFTWRIGHT_USER_DIR=str(user_dir))
    return subprocess.run(
        [sys.executable, "-m", "raftwright", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_the_cli_uses_the_user_folder_and_warns_about_what_it_leaves_out(user_catalogs: Path, tmp_path: Path) -> None:
    path = tmp_path / "custom.scenario.json"
    save_scenario(_island_with_card("13"), path)
    ok = _cli(["validate", str(path)], user_catalogs.parent)
    assert "unknown-component" not in ok.stdout and "warning: custom components" not in ok.stderr
    (user_catalogs / "broken.components.json").write_text("{not json", encoding="utf-8")
    warned = _cli(["validate", str(path)], user_catalogs.parent)
    assert "warning: custom components left out" in warned.stderr and "broken.components.json" in warned.stderr


def test_a_user_catalog_validates_clean_from_its_own_folder(user_catalogs: Path) -> None:
    """The clash check compares against the shipped catalogs, not against the merged
    catalog that already holds this very file."""
    result = _cli(["validate", str(user_catalogs / "my-cards.components.json")], user_catalogs.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "catalog-id-clash" not in result.stdout
