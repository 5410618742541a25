"""Issue 28 item 1: files never go missing.  A save that succeeds never fails because
the recovery folder cannot be written; save dialogs add the right suffix and refuse
names a campaign could not list; "Add open scenario" refuses what it could not list;
an unreadable campaign says why in the library and can be repaired or deleted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory

from editor import campaigns
from editor.files import recovery_dir, user_campaigns_dir
from editor.mainwindow import MainWindow
from editor.recovery import scan_recoveries
from editor.savenames import NameRefused, checked_save_path, with_suffix
from engine.check.validate_files import open_campaign as load_campaign
from engine.check.validate_files import open_scenario as load_scenario
from engine.model.scenario import Scenario

_real_unlink = Path.unlink


def refuse_deleting_recovery_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """A recovery folder that does not let files go (read-only; the tests run as root,
    for whom chmod changes nothing)."""

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.parent == recovery_dir() and self.name.endswith(".recovery.json") and self.exists():
            raise PermissionError(13, "Permission denied", str(self))
        _real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)


def test_a_save_succeeds_when_the_recovery_file_cannot_be_removed_and_it_is_not_offered_again(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = Answers()
    window = make_window(island, answers, autosave_seconds=0.02)
    window.action("edit.select_all").trigger()
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(window.autosaver.path.exists, timeout=15_000)
    refuse_deleting_recovery_files(monkeypatch)
    answers.save_path = str(tmp_path / "kept")
    assert window.save() is True  # no OSError out of the save
    saved = tmp_path / "kept.scenario.json"
    assert load_scenario(saved) == window.doc.scenario and not window.doc.is_modified
    assert [title for title, _ in answers.errors] == ["Autosave stopped"]  # said once
    assert "cannot be written" in answers.errors[0][1] and "saved files are not affected" in answers.errors[0][1]
    window.action("edit.rotate").trigger()
    window.action("edit.undo").trigger()  # saved state again: no second message
    assert len(answers.errors) == 1
    assert window.autosaver.path.exists()  # the folder kept it ...
    assert scan_recoveries() == ([], [])  # ... but no later start offers it
    window.close()  # the close handler does not raise either
    assert not window.isVisible()


def test_save_as_adds_the_scenario_suffix_and_refuses_unlistable_names(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    answers.save_path = str(tmp_path / "river-run")
    assert window.save_as() is True
    assert window.doc.path == tmp_path / "river-run.scenario.json" and window.doc.path.is_file()
    assert not (tmp_path / "river-run").exists()
    answers.save_path = str(tmp_path / "river run")
    assert window.save_as() is False
    title, message = answers.errors[-1]
    assert title == "Cannot save under that name" and '"river-run.scenario.json"' in message
    assert not (tmp_path / "river run.scenario.json").exists()


def test_suffixes_for_each_kind() -> None:
    assert with_suffix("a/b", "campaign") == Path("a/b.campaign.json")
    assert with_suffix("a/game", "replay") == Path("a/game.replay.json")
    assert with_suffix("a/x.json", "scenario") == Path("a/x.json")
    assert checked_save_path("/t/été", "replay") == Path("/t/été.replay.json")  # replays are never listed
    with pytest.raises(NameRefused, match='"ete-2.campaign.json"|"t-2.campaign.json"'):
        checked_save_path("/t/été 2", "campaign")


def test_the_playtest_saves_replays_with_their_suffix(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = make_window(island)
    window.playtest()
    playtest = window.playtest_window
    qtbot.waitUntil(lambda: playtest.session.state is not None, timeout=10000)
    started: list[str] = []

    def dialog(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        started.append(start)
        return str(tmp_path / "my-game"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert playtest.save_replay() is True
    assert (tmp_path / "my-game.replay.json").is_file()
    assert started[0].startswith(str(recovery_dir().parent))  # the user's folder, not the checkout
    playtest.close()


def own_campaign(name: str = "River") -> Path:
    return campaigns.create_campaign(name)


def test_add_open_scenario_refuses_a_file_the_campaign_could_not_list(
    make_window: WindowFactory, island: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(island)
    campaign = own_campaign()
    unlistable = campaign.parent / "river run.json"
    assert window.save_to(unlistable)  # saved outside the dialog (the file exists already, say)
    warned: list[str] = []
    monkeypatch.setattr("editor.docks.library.QMessageBox.warning", lambda _p, _t, text: warned.append(text))
    window.add_open_scenario_to(campaign)
    assert load_campaign(campaign).scenarios == ()
    assert warned and "cannot list this file" in warned[0] and "river-run.scenario.json" in warned[0]


def test_add_open_scenario_copies_a_file_without_suffix_under_a_listable_name(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    window = make_window(island)
    campaign = own_campaign()
    assert window.save_to(tmp_path / "river-run")
    window.add_open_scenario_to(campaign)
    assert [e.scenario for e in load_campaign(campaign).scenarios] == ["river-run.scenario.json"]


def broken_campaign() -> Path:
    campaign = own_campaign("Broken")
    data = json.loads(campaign.read_text(encoding="utf-8"))
    (campaign.parent / "good.scenario.json").write_text(
        (Path(__file__).parents[2] / "campaigns").glob("*/*.scenario.json").__next__().read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    data["scenarios"] = [{"file": "good.scenario.json"}, {"file": "river-run"}]
    campaign.write_text(json.dumps(data), encoding="utf-8")
    return campaign


MATCH = Qt.MatchFlag.MatchContains | Qt.MatchFlag.MatchRecursive


def find_item(window: MainWindow, text: str) -> QTreeWidgetItem:
    found = window.library.tree.findItems(text, MATCH)
    assert found, text
    return found[0]


def test_an_unreadable_campaign_shows_why_and_can_be_repaired(make_window: WindowFactory) -> None:
    campaign = broken_campaign()
    window = make_window()
    item = find_item(window, "(cannot be read)")
    assert item.childCount() == 1 and item.isExpanded()
    why = item.child(0).text(0)
    assert why.startswith("Why: ") and "file" in why and "Repair" in why  # visible, not only a tooltip
    window.library.raise_()
    tree = window.library.tree
    row = tree.visualItemRect(item.child(0))
    assert row.height() > 2 * tree.fontMetrics().height()  # wrapped over several lines, read whole in the dock
    window.library.tree.setCurrentItem(item)
    repair = window.library.buttons["repair"]
    assert repair.isVisible() and repair.isEnabled() and window.library.buttons["delete"].isEnabled()
    repair.trigger()
    assert [e.scenario for e in load_campaign(campaign).scenarios] == ["good.scenario.json"]
    assert not window.library.tree.findItems("(cannot be read)", MATCH)
    assert "took out river-run" in window.statusBar().currentMessage()


def test_a_campaign_can_be_deleted_to_the_trash_after_confirmation(
    make_window: WindowFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # the trash, beside the test's files
    campaign = broken_campaign()
    window = make_window()
    window.library.tree.setCurrentItem(find_item(window, "(cannot be read)"))
    asked: list[Path] = []
    window.library.confirm_delete = lambda path: asked.append(path) or False  # type: ignore[method-assign]
    window.library.buttons["delete"].trigger()
    assert asked == [campaign] and campaign.exists()  # "No" keeps it
    window.library.confirm_delete = lambda path: True  # type: ignore[method-assign]
    window.library.tree.setCurrentItem(find_item(window, "(cannot be read)"))
    window.library.buttons["delete"].trigger()
    assert not campaign.parent.exists()
    trashed = list((tmp_path / "xdg" / "Trash" / "files").iterdir())
    assert [p.name for p in trashed] == [campaign.parent.name] and (trashed[0] / "campaign.json").is_file()
    assert user_campaigns_dir().is_dir() and campaigns.user_campaigns() == []
