"""engine.model.library: the bundled campaigns in book order and loading a campaign with
its scenario files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.check.validate_files import first_bundled_scenario_path, open_campaign_with_scenarios
from engine.model import library
from engine.model.formats import FormatError
from engine.model.library import BUNDLED_CAMPAIGN_IDS, bundled_campaign_paths
from engine.model.resources import campaigns_dir


def test_bundled_campaigns_in_book_order() -> None:
    paths = bundled_campaign_paths()
    assert [p.parent.name for p in paths] == [
        "tutorial",
        "practice",
        "campaign-1",
        "campaign-2",
        "campaign-3",
        "campaign-4",
    ]
    loaded = [open_campaign_with_scenarios(p) for p in paths]
    assert [c.name for c, _ in loaded] == [
        "Tutorial",
        "Practice",
        "Campaign 1",
        "Campaign 2",
        "Campaign 3",
        "Campaign 4",
    ]
    assert [len(s) for _, s in loaded] == [4, 4, 8, 8, 8, 7]
    for campaign, scenarios in loaded:
        assert [p.name for p, _ in scenarios] == [e.scenario for e in campaign.scenarios]
        assert all(s.campaign == campaign.id for _, s in scenarios)


def test_first_bundled_scenario_is_tutorial_one() -> None:
    path = first_bundled_scenario_path()
    assert path == campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"
    _, scenarios = open_campaign_with_scenarios(bundled_campaign_paths()[0])
    assert scenarios[0] == (path, scenarios[0][1]) and scenarios[0][1].name == "First steps"


@pytest.fixture
def tutorial_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tutorial"
    shutil.copytree(campaigns_dir() / "tutorial", folder)
    return folder / "campaign.json"


def test_a_missing_scenario_file_names_the_entry(tutorial_copy: Path) -> None:
    (tutorial_copy.parent / "03-crossed-paths.scenario.json").unlink()
    with pytest.raises(FormatError) as err:
        open_campaign_with_scenarios(tutorial_copy)
    assert err.value.path == str(tutorial_copy)
    assert "/scenarios/2: scenario 3 names '03-crossed-paths.scenario.json', which is not in" in str(err.value)
    assert "restore the file or remove the entry" in str(err.value)


def test_a_broken_scenario_file_names_that_file(tutorial_copy: Path) -> None:
    broken = tutorial_copy.parent / "02-ancient-trail.scenario.json"
    broken.write_text('{"format": "raftwright.scenario", "format_version": 1}\n', encoding="utf-8")
    with pytest.raises(FormatError) as err:
        open_campaign_with_scenarios(tutorial_copy)
    assert err.value.path == str(broken)


def test_a_missing_bundled_campaign_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for cid in BUNDLED_CAMPAIGN_IDS[:-1]:
        shutil.copytree(campaigns_dir() / cid, tmp_path / cid)
    monkeypatch.setattr(library, "campaigns_dir", lambda: tmp_path)
    with pytest.raises(FormatError, match="campaign-4/campaign.json: the bundled campaign is missing"):
        bundled_campaign_paths()
