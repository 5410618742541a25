"""Helpers for the studio tests: a valid four-board island, scripted answers to the
window's questions, and mouse input at grid positions."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.canvas import IslandView
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from engine.check.issues import Issue
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Objective, Scenario, TokenPlacement

WindowFactory = Callable[..., MainWindow]  # the make_window fixture


def four_board_island() -> Scenario:
    """A small valid island: two large and two small boards (one pinned), two
    location cards, a fire card, raft B, an objective token and a fish token."""
    return Scenario(
        id="test-island",
        name="Test island",
        boards=(
            BoardSlot("large", "fire", (0, 0), "west", pin=BoardPin("L1")),
            BoardSlot("large", "plain", (0, 9)),
            BoardSlot("small", "fire", (9, 0), "west"),
            BoardSlot("small", "plain", (9, 9)),
        ),
        cards=(
            CardPlacement("location", (0, 3), "3"),
            CardPlacement("location", (9, 3), "5"),
            CardPlacement("fire", (3, 3)),
            CardPlacement("raft", (6, 15), "B"),
        ),
        tokens=(TokenPlacement("objective", (8, 15), "1"), TokenPlacement("fish", (12, 12))),
        objectives=(Objective("arrival_order", colour="blue", position=1),),
    )


class Answers:
    """What the fake designer answers to the window's questions."""

    def __init__(self) -> None:
        self.unsaved = "discard"
        self.open_path = ""
        self.save_path = ""
        self.recover = True
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []


def answer(window: MainWindow, answers: Answers) -> None:
    def record(name: str, value: object) -> Callable[..., object]:
        def ask(*_args: object) -> object:
            answers.asked.append(name)
            return value() if callable(value) else value

        return ask

    window.ask_unsaved = record("unsaved", lambda: answers.unsaved)
    window.ask_open_path = record("open_path", lambda: answers.open_path)
    window.ask_save_path = record("save_path", lambda: answers.save_path)
    window.ask_recover = record("recover", lambda: answers.recover)
    window.show_error = lambda title, message: answers.errors.append((title, message))
    window.answers = answers


def settle(qtbot: QtBot, doc: ScenarioDocument) -> list[Issue]:
    """Wait until the document's issues describe its current scenario."""
    qtbot.waitUntil(lambda: not doc.validation_pending, timeout=15_000)
    return doc.issues


def viewport_point(view: IslandView, pos: tuple[float, float]) -> QPointF:
    """Viewport coordinates of a fractional grid position (row, col)."""
    from editor.painting import SQUARE

    return QPointF(view.mapFromScene(QPointF(pos[1] * SQUARE, pos[0] * SQUARE)))


def mouse(
    view: IslandView,
    kind: str,
    pos: tuple[float, float],
    button: Qt.MouseButton = Qt.MouseButton.LeftButton,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Send a press / move / release at a grid position (0.5 = the middle of a square)."""
    types = {
        "press": QEvent.Type.MouseButtonPress,
        "move": QEvent.Type.MouseMove,
        "release": QEvent.Type.MouseButtonRelease,
    }
    point = viewport_point(view, pos)
    held = Qt.MouseButton.NoButton if kind == "release" else button
    event = QMouseEvent(
        types[kind],
        point,
        view.viewport().mapToGlobal(point),
        Qt.MouseButton.NoButton if kind == "move" else button,
        held,
        modifiers,
    )
    QApplication.sendEvent(view.viewport(), event)


def drag(
    view: IslandView,
    start: tuple[float, float],
    path: list[tuple[float, float]],
    release: bool = True,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    mouse(view, "press", start, modifiers=modifiers)
    for pos in path:
        mouse(view, "move", pos, modifiers=modifiers)
    if release:
        mouse(view, "release", path[-1] if path else start, modifiers=modifiers)
