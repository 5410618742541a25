#!/usr/bin/env python3
"""The yardstick for bench_startup.py: a bare PySide6 window holding a graphics view
with one item, printing the smoke line after the view's first paint, as the studio
does (editor/smoke.py), and quitting.  Nothing of Raftwright is imported."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow

SMOKE_LINE = "raftwright-smoke: first paint"  # editor.smoke.SMOKE_LINE, not imported: nothing of ours loads
ENV_MODULES = "RAFTWRIGHT_SMOKE_MODULES"  # editor.smoke.ENV_MODULES: the modules loaded at the first paint


class FirstPaint(QObject):
    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            target = os.environ.get(ENV_MODULES, "")
            if target:
                with open(target, "w", encoding="utf-8") as out:
                    out.writelines(f"{name}\n" for name in sorted(sys.modules))
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
