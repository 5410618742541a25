"""The campaign library dock: bundled campaigns (read-only) and the designer's own;
open, create, add, remove, reorder, edit details."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QTreeWidgetItem
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory

from editor import campaigns
from editor.docks.library import CampaignDialog, unlockable_rules
from editor.files import save_campaign_file, save_scenario_file, user_campaigns_dir
from engine.check.validate_files import open_campaign, open_scenario
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import CampaignEntry, Scenario


def titles(item: QTreeWidgetItem) -> list[str]:
    return [item.child(i).text(0) for i in range(item.childCount())]


def test_bundled_and_own_campaigns_are_listed(make_window: WindowFactory) -> None:
    window = make_window()
    tree = window.library.tree
    bundled, own = tree.topLevelItem(0), tree.topLevelItem(1)
    assert bundled.text(0) == "Bundled campaigns" and own.text(0) == "My campaigns"
    expected = [open_campaign(p).name for p in bundled_campaign_paths()]
    assert titles(bundled) == expected
    tutorial = bundled.child(0)
    assert titles(tutorial)[0].startswith("1. ") and tutorial.childCount() == len(
        open_campaign(bundled_campaign_paths()[0]).scenarios
    )
    assert own.childCount() == 0


def test_double_clicking_a_scenario_opens_it(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    tree = window.library.tree
    item = tree.topLevelItem(0).child(1).child(2)  # Practice, scenario 3
    tree.itemDoubleClicked.emit(item, 0)
    campaign = bundled_campaign_paths()[1]
    expected = campaign.parent / open_campaign(campaign).scenarios[2].scenario
    assert window.doc.path == expected and window.doc.scenario == open_scenario(expected)


def test_bundled_campaigns_cannot_be_changed(make_window: WindowFactory) -> None:
    window = make_window()
    window.library.select(bundled_campaign_paths()[0], 0)
    assert not window.library.buttons["remove"].isEnabled() and not window.library.buttons["add"].isEnabled()
    with pytest.raises(PermissionError, match="bundled campaign"):
        campaigns.remove_entry(bundled_campaign_paths()[0], 0)


def test_create_add_reorder_remove_and_edit_a_campaign(
    make_window: WindowFactory, island: Scenario, tmp_path: Path, user_env: Path
) -> None:
    window = make_window(island)
    library = window.library
    path = campaigns.create_campaign("Summer Fires!")
    assert path == user_env / "campaigns" / "summer-fires" / "campaign.json"
    assert campaigns.create_campaign("Summer fires").parent.name == "summer-fires-2"
    library.select(path)
    assert library.selected() == (path, -1) and library.buttons["add"].isEnabled()

    # the open (unsaved) scenario goes into the campaign's folder and is now the open file
    library.buttons["add"].trigger()
    first = path.parent / "test-island.scenario.json"
    assert window.doc.path == first and not window.doc.is_modified
    assert open_scenario(first) == island.with_changes(campaign="summer-fires")
    # a file elsewhere is copied in
    elsewhere = tmp_path / "elsewhere" / "bay.scenario.json"
    elsewhere.parent.mkdir()
    save_scenario_file(island.with_changes(id="bay", name="Bay"), elsewhere)
    library.add_file(path, elsewhere)
    assert (path.parent / "bay.scenario.json").exists()
    assert open_campaign(path).scenarios == (
        CampaignEntry("test-island.scenario.json"),
        CampaignEntry("bay.scenario.json"),
    )
    assert library.selected() == (path, 1)
    own = library.tree.topLevelItem(1)
    assert titles(own.child(0)) == ["1. Test island", "2. Bay"]

    library.buttons["up"].trigger()
    assert [e.scenario for e in open_campaign(path).scenarios] == ["bay.scenario.json", "test-island.scenario.json"]
    assert library.selected() == (path, 0)
    library.buttons["remove"].trigger()
    assert [e.scenario for e in open_campaign(path).scenarios] == ["test-island.scenario.json"]
    assert (path.parent / "bay.scenario.json").exists()  # removing an entry keeps the file

    library.select(path)
    dialog = CampaignDialog(open_campaign(path), library)
    dialog.name.setText("Summer fires")
    dialog.description.setPlainText("Four hot islands.")
    dialog.points.setValue(7)
    dialog.unlocks["water_tokens"].setChecked(True)
    dialog.exec = lambda: QDialog.DialogCode.Accepted  # type: ignore[method-assign]
    library._edit_selected(dialog)
    campaign = open_campaign(path)
    assert (campaign.name, campaign.description, campaign.points_per_win, campaign.unlocks) == (
        "Summer fires",
        "Four hot islands.",
        7,
        ("water_tokens",),
    )
    assert library.tree.topLevelItem(1).child(0).text(0) == "Summer fires"


def test_a_missing_scenario_file_shows_in_the_list(make_window: WindowFactory) -> None:
    path = campaigns.create_campaign("Broken")
    campaign = open_campaign(path)
    save_campaign_file(replace(campaign, scenarios=(CampaignEntry("gone.scenario.json"),)), path)
    window = make_window()
    assert titles(window.library.tree.topLevelItem(1).child(0)) == ["1. gone.scenario.json (missing)"]


def test_unlockable_rules_come_from_the_campaign_schema() -> None:
    assert "water_tokens" in unlockable_rules() and "hybrid_fire_tiles" in unlockable_rules()


def test_user_campaigns_live_in_the_user_folder(user_env: Path) -> None:
    assert user_campaigns_dir() == user_env / "campaigns"
    assert not campaigns.is_bundled(user_env / "campaigns" / "x" / "campaign.json")
    assert campaigns.is_bundled(bundled_campaign_paths()[0])
