"""Issue 28 item 5: at 1600x1000 and 1280x800 the dock tabs ("Palette", "Library",
"Properties", "Undo history") and the palette's entries show their whole labels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QTabBar
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory

from editor.mainwindow import MainWindow
from engine.check.validate_files import first_bundled_scenario_path

SIZES = [(1600, 1000), (1280, 800)]
TAB_PADDING = 8  # pixels a tab keeps beside its label at the least


def shown_at(qtbot: QtBot, make_window: WindowFactory, width: int, height: int) -> MainWindow:
    window = make_window()
    assert window.open_path(first_bundled_scenario_path())
    window.resize(width, height)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=15_000)
    qtbot.waitUntil(lambda: any(b.isVisible() for b in dock_tab_bars(window)), timeout=15_000)
    QApplication.processEvents()
    return window


def dock_tab_bars(window: MainWindow) -> list[QTabBar]:
    return [b for b in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly) if b.isVisible()]


@pytest.mark.parametrize("width, height", SIZES)
def test_every_dock_tab_shows_its_whole_label(
    qtbot: QtBot, make_window: WindowFactory, width: int, height: int
) -> None:
    window = shown_at(qtbot, make_window, width, height)
    bars = dock_tab_bars(window)
    labels = {bar.tabText(i) for bar in bars for i in range(bar.count())}
    assert {"Palette", "Library", "Properties", "Undo history"} <= labels
    for bar in bars:
        assert bar.elideMode() == Qt.TextElideMode.ElideNone
        for i in range(bar.count()):
            text, rect = bar.tabText(i), bar.tabRect(i)
            assert rect.width() >= bar.fontMetrics().horizontalAdvance(text) + TAB_PADDING, (text, rect)
            assert rect.width() >= bar.tabSizeHint(i).width(), (text, rect)  # the room the whole label asks for
            assert bar.rect().contains(rect), (text, rect, bar.rect())  # in sight, not behind a scroll arrow


def test_tab_bars_made_later_show_whole_labels_too(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = shown_at(qtbot, make_window, 1280, 800)
    window.tabifyDockWidget(window.palette_dock, window.problems)  # Qt makes or reuses a tab bar for it
    qtbot.waitUntil(lambda: all(b.elideMode() == Qt.TextElideMode.ElideNone for b in dock_tab_bars(window)))


@pytest.mark.parametrize("width, height", SIZES)
def test_every_palette_entry_shows_its_whole_label(
    qtbot: QtBot, make_window: WindowFactory, width: int, height: int
) -> None:
    window = shown_at(qtbot, make_window, width, height)
    window.palette_dock.raise_()
    tree = window.palette_dock.tree
    qtbot.waitUntil(tree.isVisible, timeout=15_000)
    icon = tree.iconSize().width()
    for label, item in window.palette_dock.items.items():
        rect = tree.visualItemRect(item)
        room = QRect(0, 0, rect.width() - icon - 12, 100000)
        needed = tree.fontMetrics().boundingRect(room, int(Qt.TextFlag.TextWordWrap), label)
        assert rect.height() >= needed.height(), (label, rect, needed)  # every wrapped line in its row
        assert needed.width() <= room.width(), label  # no word wider than the column


@pytest.mark.parametrize("width, height", SIZES)
def test_the_scenario_tab_needs_no_sideways_scroll_bar(
    qtbot: QtBot, make_window: WindowFactory, width: int, height: int
) -> None:
    window = shown_at(qtbot, make_window, width, height)
    page = window.properties.scenario_page
    window.properties.tabs.setCurrentWidget(page)
    qtbot.waitUntil(page.isVisible, timeout=15_000)
    QApplication.processEvents()
    assert page.horizontalScrollBar().maximum() == 0  # the stuck-hand choice no longer widens the form
    assert page.widget().minimumSizeHint().width() <= page.viewport().width()
