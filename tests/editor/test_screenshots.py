"""Screenshots of the main window, checked for what they show: a scenario open (the
island's colours at known squares), problems shown (the located squares
highlighted), a drag in progress (the ghost tinted red).  Each picture is taken once
the condition it is about holds (qtbot.waitUntil on the grabbed image), saved under
the test's tmp dir (or RAFTWRIGHT_SCREENSHOTS, e.g. the git-ignored
tests/screenshots/, to look at them) and read back."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, drag, mouse, settle

from editor.mainwindow import MainWindow
from editor.painting import COLOURS, RAFT_WOOD, SQUARE, STRIP_DARK, TOKEN_COLOURS
from engine.check.validate_files import first_bundled_scenario_path
from engine.model.geometry import Square
from engine.model.scenario import Scenario

HIGHLIGHT = QColor(255, 170, 0)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("RAFTWRIGHT_SCREENSHOTS", tmp_path / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tolerance


def at_square(window: MainWindow, image: QImage, square: Square, offset: tuple[float, float] = (0.5, 0.5)) -> QColor:
    """The colour the canvas shows inside ``square`` (``offset``: where in it, in squares)."""
    canvas = window.canvas
    point = canvas.viewport().mapTo(
        window, canvas.mapFromScene(QPointF((square[1] + offset[1]) * SQUARE, (square[0] + offset[0]) * SQUARE))
    )
    return QColor(image.pixel(point))


def shoot(qtbot: QtBot, window: MainWindow, shots: Path, name: str, shows: Callable[[QImage], bool]) -> QImage:
    """Grab the window once ``shows`` holds for the picture, save it and read it back."""
    taken: list[QImage] = []

    def ready() -> bool:
        taken[:] = [window.grab().toImage()]
        return shows(taken[0])

    qtbot.waitUntil(ready, timeout=15_000)
    path = shots / f"{name}.png"
    assert taken[0].save(str(path))
    again = QImage(str(path)).convertToFormat(taken[0].format())
    assert again.size() == taken[0].size() and again == taken[0], f"{path} does not hold the picture taken"
    return taken[0]


def colours_in(image: QImage, step: int = 7) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_screenshots(qtbot: QtBot, make_window: WindowFactory, island: Scenario, shots: Path) -> None:
    window = make_window(island)
    window.doc.set_selection({("cards", 0)})
    settle(qtbot, window.doc)

    def island_shown(image: QImage) -> bool:
        return (
            close(at_square(window, image, (1, 3)), COLOURS["blue"])  # location card 3's blue row
            and close(at_square(window, image, (10, 0), (0.2, 0.2)), STRIP_DARK)  # the small board's fire strip
            and close(at_square(window, image, (7, 16)), RAFT_WOOD, 60)  # raft B's art
            and close(
                at_square(window, image, (8, 15), (0.5, 0.25)), TOKEN_COLOURS["objective"], 60
            )  # objective token 1
        )

    opened = shoot(qtbot, window, shots, "scenario_open", island_shown)
    assert len(colours_in(opened)) > 40  # docks and toolbars too, not a blank window

    drag(window.canvas, (7.5, 16.5), [(12.0, 16.5), (16.5, 16.5)])  # raft B off the island
    settle(qtbot, window.doc)
    issue = next(i for i in window.doc.issues if i.code == "card-off-island")
    window.problems.locate(issue)
    off = issue.where.squares[-1]

    def located(image: QImage) -> bool:  # the off-island squares are tinted orange
        colour = at_square(window, image, off, (0.5, 0.08))
        return colour.red() > 200 and 150 < colour.green() < 230 and colour.blue() < 170

    shoot(qtbot, window, shots, "problems_shown", located)

    window.doc.set_selection(())
    drag(
        window.canvas, (10.5, 4.5), [(10.8, 5.0), (12.4, 8.2), (14.6, 9.9)], release=False
    )  # location 5 off the island
    assert window.canvas.overlay.legal is False

    def refused(image: QImage) -> bool:  # the ghost's squares below the island are tinted red
        colour = at_square(window, image, (15, 9), (0.15, 0.85))
        return colour.red() > colour.green() + 40 and colour.red() > colour.blue() + 40

    shoot(qtbot, window, shots, "drag_in_progress", refused)
    mouse(window.canvas, "release", (14.6, 9.9))
    assert {p.name for p in shots.glob("*.png")} >= {"scenario_open.png", "problems_shown.png", "drag_in_progress.png"}


def test_screenshot_of_the_first_bundled_scenario(qtbot: QtBot, make_window: WindowFactory, shots: Path) -> None:
    window = make_window()
    window.open_path(first_bundled_scenario_path())
    settle(qtbot, window.doc)
    board = window.doc.scenario.boards[0]
    window.canvas.fit_island()

    def boards_shown(image: QImage) -> bool:  # a board's edge grey, not the empty grid's near-white
        return at_square(window, image, board.at, (0.02, 0.5)).lightness() < 200

    image = shoot(qtbot, window, shots, "bundled_tutorial", boards_shown)
    assert window.windowTitle().startswith(window.doc.scenario.name or window.doc.scenario.id)
    assert len(colours_in(image)) > 40
