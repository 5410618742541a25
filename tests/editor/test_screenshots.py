"""Screenshots of the main window for a person to look at (tests/screenshots/, which
git ignores): a scenario open, problems shown, a drag in progress."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, drag, mouse, settle

from editor.mainwindow import MainWindow
from engine.model.library import first_bundled_scenario_path
from engine.model.scenario import Scenario

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def shoot(qtbot: QtBot, window: MainWindow, name: str) -> QImage:
    qtbot.wait(50)
    SHOTS.mkdir(exist_ok=True)
    image = window.grab().toImage()
    assert image.save(str(SHOTS / f"{name}.png"))
    return image


def colours_in(image: QImage, step: int = 7) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_screenshots(qtbot: QtBot, make_window: WindowFactory, island: Scenario) -> None:
    window = make_window(island)
    window.doc.set_selection({("cards", 0)})
    settle(qtbot, window.doc)
    opened = shoot(qtbot, window, "scenario_open")
    assert len(colours_in(opened)) > 40  # boards, terrain, cards and docks, not a blank window

    drag(window.canvas, (7.5, 16.5), [(12.0, 16.5), (16.5, 16.5)])
    settle(qtbot, window.doc)
    issue = next(i for i in window.doc.issues if i.code == "card-off-island")
    window.problems.locate(issue)
    shoot(qtbot, window, "problems_shown")

    window.doc.set_selection(())
    drag(window.canvas, (10.5, 4.5), [(10.8, 5.0), (12.4, 8.2), (14.6, 9.9)], release=False)  # location 5 off the island
    assert window.canvas.overlay.legal is False
    shoot(qtbot, window, "drag_in_progress")
    mouse(window.canvas, "release", (14.6, 9.9))
    assert {p.name for p in SHOTS.glob("*.png")} >= {"scenario_open.png", "problems_shown.png", "drag_in_progress.png"}


def test_screenshot_of_the_first_bundled_scenario(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    window.open_path(first_bundled_scenario_path())
    settle(qtbot, window.doc)
    shoot(qtbot, window, "bundled_tutorial")
