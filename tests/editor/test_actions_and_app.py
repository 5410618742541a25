"""Actions are declared once and everything is built from them; the manual's shortcut
table matches; the studio starts with a bundled scenario open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QKeySequence, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QMenu, QTableWidget, QToolBar
from pytestqt.qtbot import QtBot

from editor import actions
from editor.mainwindow import MainWindow
from engine.check.validate_files import first_bundled_scenario_path
from engine.model.scenario import Scenario

STUDIO_PAGE = Path(__file__).resolve().parents[2] / "docs" / "studio.md"


def test_every_action_has_a_callback_unique_id_and_unique_keys() -> None:
    ids = [s.id for s in actions.ACTIONS]
    assert len(ids) == len(set(ids))
    for spec in actions.ACTIONS:
        assert callable(getattr(MainWindow, spec.callback, None)), spec.id
    keys = [QKeySequence(k).toString() for s in actions.ACTIONS for k in s.shortcuts]
    assert len(keys) == len(set(keys)), "two actions share a shortcut"


def test_menus_and_toolbar_come_from_the_declarations(window: MainWindow) -> None:
    in_menus: set[str] = set()

    def walk(menu: QMenu) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif action.objectName():
                in_menus.add(action.objectName())

    for top in window.menuBar().actions():
        walk(top.menu())
    assert in_menus >= {s.id for s in actions.ACTIONS if s.menu}
    toolbar = window.findChild(QToolBar, "mainToolbar")
    assert [a.objectName() for a in toolbar.actions() if a.objectName()] == [s.id for s in actions.ACTIONS if s.toolbar]
    assert window.action("edit.rotate").shortcut() == QKeySequence("R")
    assert window.action("tool.select").isChecked()


def test_the_manual_lists_every_shortcut() -> None:
    text = STUDIO_PAGE.read_text(encoding="utf-8")
    assert "## Keyboard shortcuts" in text
    assert actions.markdown_shortcut_table() in text, (
        "the shortcut table in docs/studio.md is out of date: paste actions.markdown_shortcut_table()"
    )


def test_undo_action_names_the_step(window: MainWindow) -> None:
    assert not window.action("edit.undo").isEnabled()
    window.doc.set_selection({("cards", 1)})
    window.action("edit.rotate").trigger()
    assert (
        window.action("edit.undo").isEnabled() and window.action("edit.undo").text() == "&Undo Rotate location card 5"
    )
    assert window.action("edit.undo").iconText() == "Undo"


def test_edit_actions_need_a_selection(window: MainWindow) -> None:
    assert not window.action("edit.delete").isEnabled()
    window.doc.set_selection({("boards", 0)})
    assert window.action("edit.delete").isEnabled() and window.action("edit.flip").isEnabled()


def test_zoom_fit_and_grid(window: MainWindow) -> None:
    canvas = window.canvas
    window.action("view.actual").trigger()
    assert canvas.zoom == 1.0 and window.zoom_label.text() == "100%"
    window.action("view.zoom_in").trigger()
    assert canvas.zoom == 1.25
    window.action("view.fit").trigger()
    rows, cols = window.doc.scenario.extent()
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    from editor.painting import SQUARE

    assert visible.right() >= cols * SQUARE and visible.bottom() >= rows * SQUARE
    window.action("view.grid").trigger()
    assert canvas.island.grid_visible is False


def test_the_shortcuts_dialog_lists_the_declarations(window: MainWindow) -> None:
    dialog = window.show_shortcuts()
    table = dialog.findChild(QTableWidget)
    assert table.rowCount() == len(actions.shortcut_rows())
    dialog.close()


def test_create_window_opens_the_first_bundled_scenario(qtbot: QtBot) -> None:
    from editor.app import create_window

    window = create_window(autosave_seconds=3600)
    qtbot.addWidget(window)
    assert window.doc.path == first_bundled_scenario_path() and not window.doc.is_modified
    assert window.windowTitle().startswith(window.doc.scenario.name)
    window.autosaver.close()


def test_create_window_opens_a_given_file(qtbot: QtBot, island: Scenario, tmp_path: Path) -> None:
    from editor.app import create_window
    from editor.files import save_scenario_file

    path = tmp_path / "island.json"
    save_scenario_file(island, path)
    window = create_window(path, autosave_seconds=3600)
    qtbot.addWidget(window)
    assert window.doc.path == path and window.doc.scenario == island
    window.autosaver.close()


def test_wheel_zooms_and_middle_button_pans(window: MainWindow) -> None:
    canvas = window.canvas
    canvas.set_zoom(1.0)
    centre = QPointF(canvas.viewport().rect().center())
    wheel = QWheelEvent(
        centre,
        canvas.viewport().mapToGlobal(centre),
        QPoint(),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(canvas.viewport(), wheel)
    assert abs(canvas.zoom - 1.2) < 1e-9 and window.zoom_label.text() == "120%"
    bar = canvas.horizontalScrollBar()
    before = bar.value()
    for kind, x in (
        (QEvent.Type.MouseButtonPress, 300),
        (QEvent.Type.MouseMove, 200),
        (QEvent.Type.MouseButtonRelease, 200),
    ):
        point = QPointF(x, 200)
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.MiddleButton
        QApplication.sendEvent(
            canvas.viewport(),
            QMouseEvent(
                kind,
                point,
                canvas.viewport().mapToGlobal(point),
                button,
                Qt.MouseButton.MiddleButton,
                Qt.KeyboardModifier.NoModifier,
            ),
        )
    assert bar.value() == before + 100
    assert window.doc.undo_stack.count() == 0 and window.doc.selection == set()
