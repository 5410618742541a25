"""Running something once a widget has painted for the first time: the studio's start
checks the opened scenario then (:func:`editor.app.main`, issue 28 item 7), and the
start-up smoke test quits then (:mod:`editor.smoke`)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class AfterFirstPaint(QObject):
    """Watches ``widget``; after its first paint event has been handled, calls ``then``
    once, from the event loop.  ``at_paint`` runs inside the paint event itself, before
    anything that paint sets off (the smoke test lists the modules loaded by then)."""

    def __init__(self, widget: QWidget, then: Callable[[], None], at_paint: Callable[[], None] | None = None) -> None:
        super().__init__(widget)
        self.widget = widget
        self.painted = False
        self._then = then
        self._at_paint = at_paint
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            if self._at_paint is not None:
                self._at_paint()
            QTimer.singleShot(0, self._then)  # after the paint has finished
            self.widget.removeEventFilter(self)
        return False
