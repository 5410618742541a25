"""Autosave and recovery: a studio that dies leaves a recovery file; the next start
offers it; saving, discarding or closing normally leaves none."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory

from editor.files import recovery_dir, save_scenario_file
from editor.mainwindow import MainWindow
from editor.recovery import orphaned_recoveries, read_recovery_file
from engine.model.formats import load_scenario
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]

CRASHING_STUDIO = textwrap.dedent(
    """
    import os, sys
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from editor.mainwindow import MainWindow
    window = MainWindow(autosave_seconds=0.05)
    window.open_path(sys.argv[1])
    window.action("edit.select_all").trigger()
    window.action("edit.move_down").trigger()
    deadline = 200
    while not window.autosaver.path.exists() and deadline:
        app.processEvents()
        import time; time.sleep(0.02); deadline -= 1
    os._exit(3)  # die without closing: the lock and the recovery file stay behind
    """
)


def crash_a_studio(scenario_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", CRASHING_STUDIO, str(scenario_path)], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr


def test_autosave_writes_a_recovery_file_only_while_there_are_unsaved_changes(qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path) -> None:
    window = make_window(island, autosave_seconds=0.05)
    autosaver = window.autosaver
    qtbot.wait(150)
    assert not autosaver.path.exists()  # nothing to recover yet
    window.action("edit.select_all").trigger()
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(autosaver.path.exists, timeout=3000)
    recovered = read_recovery_file(autosaver.path)
    assert recovered.scenario == window.doc.scenario and recovered.original is None
    assert autosaver.path.parent == recovery_dir() and str(recovery_dir()).startswith(str(tmp_path))
    window.answers.save_path = str(tmp_path / "saved.json")
    window.action("file.save").trigger()
    assert not autosaver.path.exists()  # saved: the recovery file goes
    window.action("edit.rotate").trigger()
    qtbot.waitUntil(autosaver.path.exists, timeout=3000)
    window.action("edit.undo").trigger()  # back to the saved state
    assert not autosaver.path.exists()


def test_a_crashed_studio_is_recovered_at_the_next_start(qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path) -> None:
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
    assert load_scenario(original) == island  # the file itself was never touched
    assert orphaned_recoveries() == []  # this studio holds it now
    assert window.autosaver.path.exists()
    window.action("edit.undo").trigger()  # recovered changes have no undo steps: still modified
    assert window.doc.is_modified
    window.action("file.save").trigger()
    assert load_scenario(original) == moved and not window.autosaver.path.exists()


def test_declining_recovery_throws_the_file_away(qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path) -> None:
    original = tmp_path / "island.json"
    save_scenario_file(island, original)
    crash_a_studio(original)
    answers = Answers()
    answers.recover = False
    window = make_window(island, answers)
    assert window.offer_recovery() is False
    assert orphaned_recoveries() == [] and list(recovery_dir().glob("*.json")) == []


def test_a_running_studios_recovery_file_is_not_offered(qtbot: QtBot, make_window: WindowFactory, island: Scenario) -> None:
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


def test_the_app_offers_recovery_before_opening_anything(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, island: Scenario, tmp_path: Path) -> None:
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
