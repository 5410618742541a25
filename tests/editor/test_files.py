"""Files: new, open, save, save as, recent files, asking before losing changes,
atomic saves, and the title showing unsaved changes."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory

from editor import campaigns
from editor.files import RecentFiles, SaveError, save_scenario_file, scenario_text, write_text_atomically
from engine.check.validate_files import open_campaign_with_scenarios, open_scenario
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import Scenario


def bundled_scenario_files() -> list[Path]:
    return [path for campaign in bundled_campaign_paths() for path, _ in open_campaign_with_scenarios(campaign)[1]]


def test_save_then_reopen_is_byte_identical(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    target = tmp_path / "mine" / "island.scenario.json"
    target.parent.mkdir()
    answers.save_path = str(target)
    assert window.isWindowModified() is False
    window.action("edit.select_all").trigger()
    window.action("edit.rotate").trigger()
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    window.action("file.save").trigger()  # untitled: asks where
    assert answers.asked == ["save_path"]
    assert window.doc.path == target and not window.isWindowModified()
    first = target.read_bytes()
    assert first == scenario_text(window.doc.scenario).encode("utf-8")
    edited = window.doc.scenario
    window.action("file.new").trigger()
    assert window.doc.scenario.boards == ()
    assert window.open_path(target)
    assert window.doc.scenario == edited
    window.action("file.save").trigger()  # has a path now: no question
    assert answers.asked == ["save_path"]
    assert target.read_bytes() == first


@pytest.mark.parametrize("path", bundled_scenario_files()[:6], ids=lambda p: p.name)
def test_bundled_scenarios_round_trip_through_the_studio(
    make_window: WindowFactory, tmp_path: Path, path: Path
) -> None:
    window = make_window()
    assert window.open_path(path)
    assert window.save_to(tmp_path / path.name)
    assert (tmp_path / path.name).read_bytes() == path.read_bytes()


def test_saving_a_bundled_scenario_asks_for_a_new_place(make_window: WindowFactory, tmp_path: Path) -> None:
    answers = Answers()
    window = make_window(answers=answers)
    bundled = bundled_scenario_files()[0]
    before = bundled.read_bytes()
    window.open_path(bundled)
    assert "bundled" in window.windowTitle()
    window.action("edit.select_all").trigger()
    window.action("edit.move_right").trigger()
    answers.save_path = str(bundled)  # the designer insists on the bundled file
    assert window.save() is False
    assert "bundled content" in answers.errors[-1][1] and bundled.read_bytes() == before
    answers.save_path = str(tmp_path / "copy.scenario.json")
    assert window.save() is True
    assert open_scenario(tmp_path / "copy.scenario.json") == window.doc.scenario
    assert bundled.read_bytes() == before


def test_a_failed_save_keeps_the_old_file_and_names_it(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    target = tmp_path / (
        "n" * 250 + ".json"
    )  # 255 bytes: the longest name allowed  # QSaveFile's temporary name would be too long
    target.write_text("old contents\n", encoding="utf-8")
    assert window.save_to(target) is False
    assert target.read_text(encoding="utf-8") == "old contents\n"
    title, message = answers.errors[-1]
    assert title == "Save failed" and str(target) in message and "old file is unchanged" in message
    assert "file name is too long" in message
    assert window.doc.path is None and window.isWindowModified() is False  # still the unsaved document
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [target.name]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_fails_cleanly(tmp_path: Path, island: Scenario) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    target = folder / "island.json"
    target.write_text("old\n", encoding="utf-8")
    folder.chmod(0o555)
    try:
        with pytest.raises(SaveError, match="island.json"):
            save_scenario_file(island, target)
    finally:
        folder.chmod(0o755)
    assert target.read_text(encoding="utf-8") == "old\n"


def test_write_text_atomically_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    write_text_atomically(target, "first version, longer\n")
    write_text_atomically(target, "second\n")
    assert target.read_text(encoding="utf-8") == "second\n"


def test_opening_a_broken_file_shows_what_and_where(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"format": "raftwright.scenario", "format_version": 1, "id": "x", "name": "x", "boards": [], "cards": [{"kind": "raft", "at": [0, 0]}]}',
        encoding="utf-8",
    )
    assert window.open_path(broken) is False
    title, message = answers.errors[-1]
    assert str(broken) in message and "raft card at (0, 0): 'card' is missing; add it (squares (0,0)" in message
    assert window.doc.scenario == island  # the open document is untouched


def test_unsaved_changes_are_asked_about_before_new_open_and_close(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    window.action("edit.select_all").trigger()
    window.action("edit.delete").trigger()
    answers.unsaved = "cancel"
    window.action("file.new").trigger()
    assert window.doc.scenario.cards == () and window.doc.is_modified  # kept
    assert window.close() is False and window.isVisible()
    answers.unsaved = "save"
    answers.save_path = str(tmp_path / "kept.json")
    window.action("file.new").trigger()
    assert open_scenario(tmp_path / "kept.json").cards == ()
    assert window.doc.path is None and window.doc.scenario.name == "Untitled scenario"
    window.action("edit.select_none").trigger()
    assert answers.asked == ["unsaved", "unsaved", "unsaved", "save_path"]


def test_open_asks_for_a_file_and_remembers_it(make_window: WindowFactory, island: Scenario, tmp_path: Path) -> None:
    answers = Answers()
    window = make_window(island, answers)
    paths = []
    for n in range(3):
        path = tmp_path / f"s{n}.json"
        save_scenario_file(island.with_changes(name=f"Scenario {n}"), path)
        paths.append(path)
    for path in paths:
        answers.open_path = str(path)
        window.action("file.open").trigger()
    assert window.doc.scenario.name == "Scenario 2"
    assert RecentFiles().paths() == [p.resolve() for p in reversed(paths)]
    entries = [a for a in window.recent_menu.actions() if a.toolTip().endswith(".json")]
    assert [a.toolTip() for a in entries] == [str(p.resolve()) for p in reversed(paths)]
    entries[2].trigger()  # s0, from the recent files menu
    assert window.doc.scenario.name == "Scenario 0"
    paths[1].unlink()
    window.open_recent(paths[1].resolve())
    assert paths[1].resolve() not in RecentFiles().paths()  # a vanished file leaves the list
    assert "file not found" in answers.errors[-1][1]


def test_recent_files_live_in_the_test_settings(user_env: Path, tmp_path: Path) -> None:
    from editor.files import settings_location

    RecentFiles().add(tmp_path / "x.json")
    assert Path(settings_location()) == tmp_path / "settings.ini"
    assert "x.json" in (tmp_path / "settings.ini").read_text(encoding="utf-8")


def test_opening_a_campaign_file_opens_its_first_scenario(make_window: WindowFactory) -> None:
    window = make_window()
    campaign = bundled_campaign_paths()[1]
    assert window.open_path(campaign)
    first = open_campaign_with_scenarios(campaign)[1][0]
    assert window.doc.path == first[0] and window.doc.scenario == first[1]
    assert window.library.selected() == (campaign, 0)
    assert campaigns.is_bundled(window.doc.path)


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"name": ""}, "'name' is too short"),
        ({"name": "x" * 121}, "'name' is too long"),
        ({"id": "has space"}, "'id' \"has space\" is not in the expected form"),
        ({"boards": "x5"}, "'boards' has 20 item(s); it needs at most 16"),
        ({"name": "Cat \ud83d"}, "lone UTF-16 surrogate"),
    ],
)
def test_a_scenario_that_would_not_open_again_is_not_saved(
    make_window: WindowFactory, island: Scenario, tmp_path: Path, change: dict[str, str], reason: str
) -> None:
    """Issue 16 item 7: never a file that cannot be opened; the refusal says why and
    how out, the old file and the edits are kept."""
    answers = Answers()
    window = make_window(island, answers)
    target = tmp_path / "island.scenario.json"
    assert window.save_to(target)
    before = target.read_bytes()
    fields = {k: (island.boards * 5 if v == "x5" else v) for k, v in change.items()}
    window.doc.edit("Break it", dataclasses.replace(island, **fields))  # type: ignore[arg-type]
    window.action("file.save").trigger()
    title, message = answers.errors[-1]
    assert title == "Save failed" and reason in message and "old file is unchanged" in message
    assert "Problems dock" in message and "autosaved" in message
    assert target.read_bytes() == before and window.doc.is_modified
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary left behind
    assert window.open_path(target)  # what is on disk always opens


def test_a_file_that_cannot_be_opened_stays_in_recent_files_while_it_exists(
    make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    answers = Answers()
    window = make_window(island, answers)
    target = tmp_path / "island.scenario.json"
    assert window.save_to(target)
    target.write_text(target.read_text(encoding="utf-8").replace('"id": ', '"id": 7, "x": '), encoding="utf-8")
    assert window.open_path(target) is False
    assert "'id' is an integer" in answers.errors[-1][1] and "(/)" not in answers.errors[-1][1]
    assert target.resolve() in window.recent.paths()  # fixable: still listed
    target.unlink()
    assert window.open_path(target) is False
    assert target.resolve() not in window.recent.paths()
