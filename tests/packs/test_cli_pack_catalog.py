"""The command line checks and shows a scenario of an installed pack with that pack's
own components (issue: packs §4), and any other file with the default catalog."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pack_helpers import FIXTURE_CATALOG, INFO, tutorial_campaign

from engine.check.validate_files import open_scenario
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.formats import scenario_to_dict
from engine.packs.build import build_pack, collect
from engine.packs.install import install_pack, remove_pack
from engine.packs.reader import open_pack
from raftwright.cli import main


@pytest.fixture
def installed_custom_scenario(tmp_path: Path):
    """A pack whose scenario uses fixture location card 13, installed in the user folder."""
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    next(c for c in doc["cards"] if c["kind"] == "location")["card"] = "13"
    source = tmp_path / "custom.scenario.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_CATALOG))
    data, _ = build_pack(INFO, collect([source]), catalog=catalog)
    installed = install_pack(open_pack(data))
    yield installed.scenario_paths()[0]
    remove_pack(INFO.id)


def test_validate_uses_the_installed_packs_components(installed_custom_scenario: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["validate", str(installed_custom_scenario)]) == 0
    outside = tmp_path / "copy.scenario.json"
    shutil.copy(installed_custom_scenario, outside)
    assert main(["validate", str(outside)]) == 1  # card 13 exists only inside the pack
    assert "13" in capsys.readouterr().out


def test_show_uses_the_installed_packs_components(installed_custom_scenario: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["show", str(installed_custom_scenario)]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_tampered_installed_component_file_is_one_line(
    installed_custom_scenario: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An installed pack's components file damaged after the install (100,000 levels
    deep): the command names the file and says to install the pack again; no traceback."""
    components = next(installed_custom_scenario.parents[1].glob("components/*.components.json"))
    components.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main([command, str(installed_custom_scenario)]) == 2
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text and "install it again" in text and components.name in text
