"""A start-up smoke test for builds: with ``RAFTWRIGHT_SMOKE=1`` in the environment the
studio quits by itself once its island canvas has painted for the first time.

``packaging/build.py`` starts the packaged binary this way (offscreen) to prove that it
starts, finds its bundled scenario and draws it, and to time start-to-first-paint.  The
studio prints one line on stdout, ``raftwright-smoke: first paint``, just before it
quits with status 0.

With ``RAFTWRIGHT_SMOKE_SCREENSHOT=FILE.png`` as well, the window is first laid out at
1280x800 and saved to that PNG: the build takes the AppStream screenshots this way, from
the packaged binary.

With ``RAFTWRIGHT_SMOKE_MODULES=FILE`` the names of the modules loaded at the first
paint (``sys.modules``, one per line) are written to that file: what the start-up
loads before the designer sees the island, a figure that does not depend on the
machine's load (``bench/bench_startup.py``, ``tests/editor/test_startup_modules.py``).
With ``RAFTWRIGHT_SMOKE_FIGURES=FILE``, a JSON object with the main thread's CPU time
to the first paint (``time.thread_time()``: what the start-up computed, whoever else
shares the machine), the Qt enums made by then and the garbage collections run
(:func:`paint_figures`; the bench compares them with the bare window's).
"""

from __future__ import annotations

import enum
import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
from PySide6.QtWidgets import QWidget

from .first_paint import AfterFirstPaint

ENV_SMOKE = "RAFTWRIGHT_SMOKE"
ENV_SCREENSHOT = "RAFTWRIGHT_SMOKE_SCREENSHOT"
ENV_MODULES = "RAFTWRIGHT_SMOKE_MODULES"
ENV_FIGURES = "RAFTWRIGHT_SMOKE_FIGURES"
SCREENSHOT_SIZE = (1280, 800)
SMOKE_LINE = "raftwright-smoke: first paint"


def smoke_requested() -> bool:
    return os.environ.get(ENV_SMOKE, "") not in ("", "0")


class QuitAfterFirstPaint(AfterFirstPaint):
    """Watches one widget; after its first paint event, prints :data:`SMOKE_LINE` and quits."""

    def __init__(self, widget: QWidget, done: Callable[[], None] = QCoreApplication.quit) -> None:
        super().__init__(widget, self._quit, at_paint=_at_paint)
        self._done = done

    def _quit(self) -> None:
        target = os.environ.get(ENV_SCREENSHOT, "")
        if target:
            save_screenshot(self.widget.window(), target)
        print(SMOKE_LINE, flush=True)
        self._done()


def _at_paint() -> None:
    cpu = time.thread_time()  # first: the figures below cost time of their own
    record_modules(os.environ.get(ENV_MODULES, ""))
    record_figures(os.environ.get(ENV_FIGURES, ""), cpu)


def paint_figures(cpu: float) -> dict[str, object]:
    """The main thread's CPU seconds ``cpu``, the Qt enum classes made so far and their
    members (PySide makes every enum of a class when the class is first named), the
    modules loaded and the garbage collections run, by generation."""
    made: list[type[enum.Enum]] = []
    pending: list[type[enum.Enum]] = [enum.Enum]
    while pending:
        for sub in pending.pop().__subclasses__():
            if sub not in made:
                made.append(sub)
                pending.append(sub)
    qt = [e for e in made if e.__module__.startswith(("PySide6", "shiboken6"))]
    return {
        "thread_cpu": round(cpu, 4),
        "qt_enums": len(qt),
        "qt_enum_members": sum(len(e.__members__) for e in qt),
        "modules": len(sys.modules),
        "gc_collections": [g["collections"] for g in gc.get_stats()],
    }


def record_figures(target: str, cpu: float) -> None:
    """:func:`paint_figures` as JSON into ``target`` (nothing when empty)."""
    if target:
        Path(target).write_text(json.dumps(paint_figures(cpu)), encoding="utf-8")


def record_modules(target: str) -> None:
    """The modules loaded so far, one name a line, into ``target`` (nothing when empty)."""
    if target:
        Path(target).write_text("".join(f"{name}\n" for name in sorted(sys.modules)), encoding="utf-8")


def wait_for_first_check(window: QWidget, limit_ms: int = 10000) -> None:
    """Finish the studio's deferred start and wait (at most ``limit_ms``) until the open
    scenario has been checked, so a published picture shows its problems, not
    "Checking…"."""
    finish = getattr(window, "finish_start", None)
    if callable(finish):
        finish()
    doc = getattr(window, "doc", None)
    if doc is None or getattr(doc, "checked", True):
        return
    loop = QEventLoop()
    doc.issuesChanged.connect(loop.quit)
    QTimer.singleShot(limit_ms, loop.quit)
    loop.exec()


def save_screenshot(window: QWidget, target: str) -> None:
    """``window`` laid out at :data:`SCREENSHOT_SIZE`, its scenario checked, saved as a PNG."""
    wait_for_first_check(window)
    window.resize(*SCREENSHOT_SIZE)
    fit = getattr(getattr(window, "canvas", None), "fit_island", None)
    for _ in range(3):  # the resize, then the layouts it sets off
        QCoreApplication.processEvents()
    if callable(fit):
        fit()
        QCoreApplication.processEvents()
    status = getattr(window, "statusBar", None)
    if callable(status):  # "Opened /build/folder/...": not for a published picture
        status().clearMessage()
    if not window.grab().save(target, "PNG"):
        print(f"raftwright-smoke: cannot write the screenshot {target}", flush=True)


def arm(widget: QWidget) -> QuitAfterFirstPaint | None:
    """Quit after ``widget``'s first paint when the smoke test was asked for, else nothing."""
    return QuitAfterFirstPaint(widget) if smoke_requested() else None
