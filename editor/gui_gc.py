"""Python's cyclic garbage collection on the GUI thread only.

The studio runs work off the GUI thread (validation and difficulty estimates on the
global :class:`QThreadPool`, pack builds on a Python thread).  Python's cyclic
collector runs in whichever thread happens to allocate when a generation's threshold
is crossed, so a worker thread playing bot games could free a closed playtest window,
a dialog or any other Qt wrapper caught in a reference cycle, and Qt objects must be
destroyed on the thread that owns them: the studio crashed (segmentation fault, bus
error) in exactly that way.

:func:`install` turns automatic collection off and collects from a timer on the GUI
thread instead, with the interpreter's own thresholds (so memory behaves as before);
:func:`collect_now` collects at once (tests call it between tests).  Reference-count
frees are unaffected: only cycles wait for the GUI thread.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 250
SWEEP_TICKS = 20  # a young-generation collection at least every 5 s


class GuiThreadCollector(QObject):
    """Collects cyclic garbage on the thread it lives on (the GUI thread)."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.setObjectName("guiThreadCollector")
        self.thresholds = gc.get_threshold()
        self.ticks = 0
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        """Collect the generations whose thresholds were crossed, as the interpreter
        would have done on its own, and the young generation every few seconds anyway
        (frees in worker threads lower the young count without collecting anything)."""
        self.ticks += 1
        young, middle, old = gc.get_count()
        if young <= self.thresholds[0] and self.ticks % SWEEP_TICKS:
            return
        generation = 0
        if middle > self.thresholds[1]:
            generation = 2 if old > self.thresholds[2] else 1
        gc.collect(generation)


def install(app: QCoreApplication | None = None) -> GuiThreadCollector | None:
    """Move cyclic collection onto the GUI thread of ``app`` (default: the running
    application); idempotent.  None when there is no application yet."""
    app = app or QCoreApplication.instance()
    if app is None:
        return None
    found = app.findChild(GuiThreadCollector, "guiThreadCollector")
    if isinstance(found, GuiThreadCollector):
        return found
    return GuiThreadCollector(app)


def active() -> bool:
    """Whether the running application has its collector (automatic collection is then
    off on purpose; ``raftwright edit`` turns it back on only if not)."""
    app = QCoreApplication.instance()
    return app is not None and isinstance(app.findChild(GuiThreadCollector, "guiThreadCollector"), GuiThreadCollector)


def collect_now() -> None:
    """A full collection, now, on the calling (GUI) thread."""
    gc.collect()


__all__ = ["GuiThreadCollector", "active", "collect_now", "install"]
