"""Cyclic garbage is freed on the GUI thread only (editor.gui_gc): a worker thread
that allocates a lot (a difficulty estimate, a pack build) must never be the thread
that frees a Qt object caught in a reference cycle; the studio crashed that way."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor import gui_gc
from editor.mainwindow import MainWindow


class _Holder:
    """A Qt widget caught in a reference cycle, like a closed window whose slots refer
    back to it."""

    def __init__(self) -> None:
        self.widget = QWidget()
        self.me = self


def test_the_studio_moves_collection_to_the_gui_thread(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert not gc.isenabled()
    assert gui_gc.install() is gui_gc.install(), "installed once per application"


def test_a_worker_thread_never_frees_a_cycle_but_the_gui_thread_does(qtbot: QtBot) -> None:
    gui_gc.install()
    gc.collect()
    holder = _Holder()
    alive = weakref.ref(holder)
    freed_in: list[str] = []
    weakref.finalize(holder, lambda: freed_in.append(threading.current_thread().name))
    del holder

    kept: list[list[int]] = []

    def allocate() -> None:  # far past the young generation's threshold
        kept.extend([i] for i in range(20_000))

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    worker.join()
    assert alive() is not None and freed_in == [], "the worker thread collected the cycle"
    qtbot.waitUntil(lambda: alive() is None, timeout=15_000)  # the GUI thread's timer
    assert freed_in == [threading.main_thread().name]
