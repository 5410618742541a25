"""A start-up smoke test for builds: with ``RAFTWRIGHT_SMOKE=1`` in the environment the
studio quits by itself once its island canvas has painted for the first time.

``packaging/build.py`` starts the packaged binary this way (offscreen) to prove that it
starts, finds its bundled scenario and draws it, and to time start-to-first-paint.  The
studio prints one line on stdout, ``raftwright-smoke: first paint``, just before it
quits with status 0.
"""

from __future__ import annotations

import os
from typing import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

ENV_SMOKE = "RAFTWRIGHT_SMOKE"
SMOKE_LINE = "raftwright-smoke: first paint"


def smoke_requested() -> bool:
    return os.environ.get(ENV_SMOKE, "") not in ("", "0")


class QuitAfterFirstPaint(QObject):
    """Watches one widget; after its first paint event, prints :data:`SMOKE_LINE` and quits."""

    def __init__(self, widget: QWidget, done: Callable[[], None] = QCoreApplication.quit) -> None:
        super().__init__(widget)
        self.painted = False
        self._done = done
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            # after the paint has finished, from the event loop
            QTimer.singleShot(0, self._quit)
        return False

    def _quit(self) -> None:
        print(SMOKE_LINE, flush=True)
        self._done()


def arm(widget: QWidget) -> QuitAfterFirstPaint | None:
    """Quit after ``widget``'s first paint when the smoke test was asked for, else nothing."""
    return QuitAfterFirstPaint(widget) if smoke_requested() else None
