"""RAFTWRIGHT_SMOKE=1: the studio quits by itself after its first paint, so a build's
smoke test can start the packaged binary offscreen and time it (issue 14)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor import smoke


def test_nothing_is_armed_without_the_variable(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(smoke.ENV_SMOKE, raising=False)
    widget = QWidget()
    qtbot.addWidget(widget)
    assert smoke.arm(widget) is None
    monkeypatch.setenv(smoke.ENV_SMOKE, "0")
    assert smoke.arm(widget) is None


def test_the_first_paint_prints_the_line_and_quits_once(qtbot: QtBot, capsys: pytest.CaptureFixture[str]) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[str] = []
    watcher = smoke.QuitAfterFirstPaint(widget, done=lambda: calls.append("quit"))
    widget.show()
    qtbot.waitUntil(lambda: calls == ["quit"])
    widget.repaint()
    qtbot.waitUntil(lambda: watcher.painted)
    assert calls == ["quit"]
    assert capsys.readouterr().out.splitlines() == [smoke.SMOKE_LINE]


def test_the_studio_from_source_quits_after_its_first_paint(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_SMOKE="1",
        RAFTWRIGHT_USER_DIR=str(tmp_path / "user"),
        RAFTWRIGHT_SETTINGS=str(tmp_path / "settings.ini"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "raftwright.cli", "edit"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert smoke.SMOKE_LINE in result.stdout.splitlines()


def test_a_screenshot_is_saved_at_its_size_before_quitting(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QImage

    from editor.app import create_window

    target = tmp_path / "studio.png"
    monkeypatch.setenv(smoke.ENV_SCREENSHOT, str(target))
    window = create_window()
    qtbot.addWidget(window)
    calls: list[str] = []
    smoke.QuitAfterFirstPaint(window.canvas.viewport(), done=lambda: calls.append("quit"))
    window.show()
    qtbot.waitUntil(lambda: calls == ["quit"])
    image = QImage(str(target))
    assert (image.width(), image.height()) == smoke.SCREENSHOT_SIZE
    assert len({image.pixel(x, y) for x in range(0, image.width(), 40) for y in range(0, image.height(), 40)}) > 5
