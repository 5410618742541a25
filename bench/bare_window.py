#!/usr/bin/env python3
"""The yardstick for bench_startup.py: a bare PySide6 window holding a graphics view
with one item, printing the smoke line after the view's first paint, as the studio
does (editor/smoke.py), and quitting.  Nothing of Raftwright is imported."""

from __future__ import annotations

import os
import sys
import time
from enum import Enum

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow

SMOKE_LINE = "raftwright-smoke: first paint"  # editor.smoke.SMOKE_LINE, not imported: nothing of ours loads
ENV_MODULES = "RAFTWRIGHT_SMOKE_MODULES"  # editor.smoke.ENV_MODULES: the modules loaded at the first paint
ENV_FIGURES = "RAFTWRIGHT_SMOKE_FIGURES"  # editor.smoke.ENV_FIGURES: CPU, Qt enums, collections (as paint_figures)


def figures(cpu: float, loaded: int) -> dict[str, object]:
    """editor.smoke.paint_figures's keys, for the bare window."""
    import gc  # only now, as json: the bare window's own start loads no more than before

    seen: set[type[Enum]] = set()
    todo = [Enum]
    while todo:
        fresh = [sub for sub in todo.pop().__subclasses__() if sub not in seen]
        seen.update(fresh)
        todo.extend(fresh)
    qt = [e for e in seen if e.__module__.startswith(("PySide6", "shiboken6"))]
    return {"thread_cpu": round(cpu, 4), "qt_enums": len(qt), "qt_enum_members": sum(len(e.__members__) for e in qt),
            "modules": loaded, "gc_collections": [g["collections"] for g in gc.get_stats()]}  # fmt: skip


class FirstPaint(QObject):
    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            cpu, loaded = time.thread_time(), len(sys.modules)
            target = os.environ.get(ENV_MODULES, "")
            if target:
                with open(target, "w", encoding="utf-8") as out:
                    out.writelines(f"{name}\n" for name in sorted(sys.modules))
            if os.environ.get(ENV_FIGURES, ""):
                import json

                with open(os.environ[ENV_FIGURES], "w", encoding="utf-8") as out:
                    json.dump(figures(cpu, loaded), out)
            QTimer.singleShot(0, self.done)
        return False

    def done(self) -> None:
        print(SMOKE_LINE, flush=True)
        self.app.quit()


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    scene = QGraphicsScene()
    scene.addRect(0, 0, 100, 100)
    view = QGraphicsView(scene)
    window.setCentralWidget(view)
    watcher = FirstPaint(app)
    view.viewport().installEventFilter(watcher)
    window.resize(1400, 900)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
