"""Autosave and recovery: a studio that dies leaves a recovery file; the next start
offers it; saving, discarding or closing normally leaves none."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory

from editor.files import recovery_dir, save_scenario_file
from editor.mainwindow import MainWindow
from editor.recovery import orphaned_recoveries, read_recovery_file
from engine.check.validate_files import open_scenario
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]

CRASHING_STUDIO = textwrap.dedent(
    """
    import os, sys, time
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from editor.mainwindow import MainWindow
    window = MainWindow(autosave_seconds=0.05)
    window.open_path(sys.argv[1])
    window.action("edit.select_all").trigger()
    window.action("edit.move_down").trigger()
    deadline = time.monotonic() + 60  # a loaded CI host may take seconds; the autosave ends the wait
    while not window.autosaver.path.exists() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)
    os._exit(3)  # die without closing: the lock and the recovery file stay behind
    """
)


def crash_a_studio(scenario_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", CRASHING_STUDIO, str(scenario_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 3, result.stderr


def test_autosave_writes_a_recovery_file_only_while_there_are_unsaved_changes(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    window = make_window(island, autosave_seconds=0.05)
    autosaver = window.autosaver
    for _ in range(3):  # three autosave ticks with nothing changed: nothing written, nothing locked
        with qtbot.waitSignal(autosaver.timer.timeout, timeout=15_000):
            pass
        assert not autosaver.path.exists() and list(recovery_dir().glob("*")) == []
    assert autosaver.autosave() is False and autosaver.last_error == ""
    window.action("edit.select_all").trigger()
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(autosaver.path.exists, timeout=15_000)
    recovered = read_recovery_file(autosaver.path)
    assert recovered.scenario == window.doc.scenario and recovered.original is None
    assert autosaver.path.parent == recovery_dir() and str(recovery_dir()).startswith(str(tmp_path))
    window.answers.save_path = str(tmp_path / "saved.json")
    window.action("file.save").trigger()
    assert not autosaver.path.exists()  # saved: the recovery file goes
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(autosaver.path.exists, timeout=15_000)
    window.action("edit.undo").trigger()  # back to the saved state
    assert not autosaver.path.exists()


def test_a_crashed_studio_is_recovered_at_the_next_start(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    original = tmp_path / "island.json"
    save_scenario_file(island, original)
    crash_a_studio(original)
    found = orphaned_recoveries()
    assert len(found) == 1 and found[0].original == original
    answers = Answers()
    window = make_window(answers=answers)
    assert window.offer_recovery() is True
    assert answers.asked == ["recover"]
    moved = window.doc.scenario
    assert moved.boards[0].at == (1, 0) and moved.tokens[1].at == (13, 12)  # everything one row down
    assert window.doc.path == original and window.doc.is_modified and window.isWindowModified()
    assert open_scenario(original) == island  # the file itself was never touched
    assert orphaned_recoveries() == []  # this studio holds it now
    assert window.autosaver.path.exists()
    window.action("edit.undo").trigger()  # recovered changes have no undo steps: still modified
    assert window.doc.is_modified
    window.action("file.save").trigger()
    assert open_scenario(original) == moved and not window.autosaver.path.exists()


def test_declining_recovery_throws_the_file_away(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    original = tmp_path / "island.json"
    save_scenario_file(island, original)
    crash_a_studio(original)
    answers = Answers()
    answers.recover = False
    window = make_window(island, answers)
    assert window.offer_recovery() is False
    assert orphaned_recoveries() == [] and list(recovery_dir().glob("*.json")) == []


def test_a_running_studios_recovery_file_is_not_offered(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    first = make_window(island)
    first.action("edit.select_all").trigger()
    first.action("edit.delete").trigger()
    assert first.autosaver.autosave()
    assert orphaned_recoveries() == []  # its lock is held


def test_closing_normally_leaves_no_recovery_file(qtbot: QtBot, make_window: WindowFactory, island: Scenario) -> None:
    window = make_window(island)
    window.action("edit.select_all").trigger()
    window.action("edit.delete").trigger()
    assert window.autosaver.autosave()
    window.answers.unsaved = "discard"
    assert window.close()
    assert list(recovery_dir().iterdir()) == []


def test_the_app_offers_recovery_before_opening_anything(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, island: Scenario, tmp_path: Path
) -> None:
    from editor import app

    original = tmp_path / "island.json"
    save_scenario_file(island, original)
    crash_a_studio(original)
    monkeypatch.setattr(MainWindow, "ask_recover", lambda self, found: True)
    window = app.create_window(autosave_seconds=3600)
    qtbot.addWidget(window)
    assert window.doc.path == original and window.doc.is_modified
    window.doc.undo_stack.setClean()
    window.autosaver.close()


# --- issue 16: nothing is lost -----------------------------------------------------------
LIVE_STUDIO = textwrap.dedent(
    """
    import dataclasses, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from editor.mainwindow import MainWindow
    window = MainWindow(autosave_seconds=0.05)
    window.open_path(sys.argv[1])
    window.action("edit.select_all").trigger()
    window.action("edit.move_down").trigger()
    doc = window.doc
    doc.edit("Rename", dataclasses.replace(doc.scenario, name="Cat \\ud83d", id="has space"))
    window.show()
    app.exec()  # runs until the test kills it
    """
)


def test_a_killed_studio_with_unsavable_edits_is_recovered(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    """Start a real studio process, wait for its autosave, kill it, start again: the
    edits come back (with a lone surrogate and a bad id, which the file could not hold)."""
    original = tmp_path / "island.json"
    save_scenario_file(island, original)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))  # the test's own user folder
    studio = subprocess.Popen(
        [sys.executable, "-c", LIVE_STUDIO, str(original)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        qtbot.waitUntil(
            lambda: studio.poll() is not None or any(recovery_dir().glob("*.recovery.json")), timeout=60_000
        )
        assert studio.poll() is None, studio.communicate()[1]
    finally:
        studio.kill()
        studio.wait()
    found = orphaned_recoveries()
    assert len(found) == 1 and found[0].original == original
    assert found[0].scenario.name == "Cat \ud83d" and found[0].problems  # offered although it cannot be saved as is
    answers = Answers()
    window = make_window(answers=answers)
    assert window.offer_recovery() is True and answers.asked == ["recover"]
    assert window.doc.scenario.name == "Cat \ud83d" and window.doc.scenario.boards[0].at == (1, 0)
    window.action("file.save").trigger()  # refused, saying why; the file on disk is untouched
    assert answers.errors and "lone UTF-16 surrogate" in answers.errors[-1][1]
    assert open_scenario(original) == island and window.doc.is_modified


def test_a_recovery_file_the_schema_rejects_is_still_offered(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    first = make_window(island)
    first.doc.edit("Clear name", dataclasses.replace(island, name="", boards=island.boards * 5))
    assert first.autosaver.autosave()
    first.autosaver._lock.unlock()  # as if the studio had died
    found = orphaned_recoveries()
    assert len(found) == 1 and found[0].scenario.name == ""
    assert any("'name' is too short" in p for p in found[0].problems) and "2 problem(s)" in found[0].describe()


def test_autosave_failures_are_shown_once_and_their_end_too(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    answers = Answers()
    window = make_window(island, answers, autosave_seconds=0.02)
    recovery_dir().parent.mkdir(parents=True, exist_ok=True)
    recovery_dir().write_text("a file where the recovery folder should be", encoding="utf-8")  # like a full disk
    window.action("edit.select_all").trigger()
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(lambda: bool(window.autosaver.last_error), timeout=15_000)
    for _ in range(5):  # more failing ticks: no more dialogs
        with qtbot.waitSignal(window.autosaver.timer.timeout, timeout=15_000):
            pass
    assert [title for title, _ in answers.errors] == ["Autosave stopped"]
    assert str(recovery_dir()) in answers.errors[0][1]
    note = window.findChild(QLabel, "autosaveStopped")
    assert note is not None and note.isVisible() and str(recovery_dir()) in note.toolTip()
    recovery_dir().unlink()
    qtbot.waitUntil(window.autosaver.path.exists, timeout=15_000)
    assert not note.isVisible() and window.autosaver.last_error == "" and len(answers.errors) == 1


def test_unreadable_recovery_files_are_named_once_and_kept(make_window: WindowFactory) -> None:
    recovery_dir().mkdir(parents=True, exist_ok=True)
    broken = recovery_dir() / "dead.recovery.json"
    broken.write_bytes(b"[" * 100_000)
    answers = Answers()
    window = make_window(answers=answers)
    assert window.offer_recovery() is False
    assert len(answers.errors) == 1 and str(broken) in answers.errors[0][1] and broken.exists()
