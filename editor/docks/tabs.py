"""Dock tabs that show their whole labels (issue 28 item 5).

Qt elides a tab's label when the tabs of a narrow dock area do not fit side by side
("Pale…", "Campaign libr…").  The main window's dock-area tab bars are made and
replaced by Qt whenever docks are tabbed together, moved or restored, so a watcher on
the window sets each new one to show whole labels: no eliding, tabs only as wide as
their labels, and scroll arrows when they still do not fit.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QTabBar


def show_whole_labels(bar: QTabBar) -> None:
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setExpanding(False)
    bar.setUsesScrollButtons(True)


class WholeTabLabels(QObject):
    """Watches ``window`` for the tab bars Qt adds to its dock areas."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        for bar in self.window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if bar.elideMode() != Qt.TextElideMode.ElideNone:
                show_whole_labels(bar)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ChildAdded:
            QTimer.singleShot(0, self.apply)  # the tab bar is still being built: set it once it is
        return False
