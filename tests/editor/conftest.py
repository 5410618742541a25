"""Fixtures for the studio tests (pytest-qt, offscreen).

Every test gets its own user folder and settings file (RAFTWRIGHT_USER_DIR,
RAFTWRIGHT_SETTINGS), so no test touches the real home folder, and main windows
whose questions are answered by the test (``window.answers``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory, answer, four_board_island

from editor.mainwindow import MainWindow
from engine.model.scenario import Scenario


@pytest.fixture
def island() -> Scenario:
    return four_board_island()


@pytest.fixture(autouse=True)
def user_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    user = tmp_path / "user"
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(user))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    return user


@pytest.fixture
def make_window(qtbot: QtBot) -> Iterator[WindowFactory]:
    """Build main windows with scripted answers; ``scenario`` is loaded unsaved."""
    made: list[MainWindow] = []

    def build(
        scenario: Scenario | None = None, answers: Answers | None = None, autosave_seconds: float = 3600
    ) -> MainWindow:
        window = MainWindow(autosave_seconds=autosave_seconds)
        answer(window, answers or Answers())
        qtbot.addWidget(window)
        if scenario is not None:
            window.doc.reset(scenario, None)
        window.resize(1280, 860)
        window.show()
        qtbot.waitExposed(window)
        window.canvas.fit_island()
        made.append(window)
        return window

    yield build
    for window in made:
        window.answers.unsaved = "discard"
        window.autosaver.close()


@pytest.fixture
def window(make_window: WindowFactory, island: Scenario) -> MainWindow:
    return make_window(island)
