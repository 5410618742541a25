#!/usr/bin/env python3
"""Studio figures (`make bench`), offscreen, on bundled four-board scenarios:

* start to the first painted window with a scenario open: a fresh interpreter per run,
  timed from launch (interpreter and imports included) and from the first line of the
  script, until the canvas has painted once;
* validation plus redraw after one edit (target: under 50 ms for a four-board island):
  a card moved one square, then ``engine.check.validate`` and a synchronous repaint of the
  canvas (the worst case: in the studio the check runs on a worker thread), and the
  time the designer actually waits in the running studio, from the edit until the
  problems dock and the canvas show the new result.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

START = time.perf_counter()  # before any import: the child's "first line of the script"

from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

RUNS = 5
EDITS = 60


def child_first_paint() -> None:
    """Open the studio on Tutorial 1 and report when the canvas has painted."""
    import tempfile

    user = tempfile.mkdtemp(prefix="raftwright-bench-")
    os.environ["RAFTWRIGHT_USER_DIR"] = user
    os.environ["RAFTWRIGHT_SETTINGS"] = os.path.join(user, "settings.ini")
    from PySide6.QtCore import QEvent, QObject

    from editor.app import application, create_window

    app = application()
    window = create_window()

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                print(f"painted {time.perf_counter() - START:.4f} {len(window.doc.scenario.boards)}", flush=True)
                app.exit(0)
            return False

    painted = FirstPaint()
    window.canvas.viewport().installEventFilter(painted)
    window.show()
    app.exec()
    window.autosaver.close()


def first_paint() -> None:
    in_script, launched = [], []
    boards = 0
    for _ in range(RUNS):
        began = time.perf_counter()
        out = subprocess.run(
            [sys.executable, __file__, "--child"], capture_output=True, text=True, check=True, cwd=ROOT
        )
        total = time.perf_counter() - began
        line = next(row for row in out.stdout.splitlines() if row.startswith("painted "))
        _, seconds, boards_text = line.split()
        in_script.append(float(seconds) * 1000)
        launched.append(total * 1000)
        boards = int(boards_text)
    print(f"start to first painted window ({boards}-board Tutorial 1, {RUNS} fresh processes):")
    print(
        f"  from launch (interpreter, imports, quit included): median {statistics.median(launched):7.1f} ms   min {min(launched):7.1f} ms"
    )
    print(
        f"  from the script's first line to the first paint:   median {statistics.median(in_script):7.1f} ms   min {min(in_script):7.1f} ms"
    )


def edit_and_redraw() -> None:
    import tempfile

    user = tempfile.mkdtemp(prefix="raftwright-bench-")
    os.environ["RAFTWRIGHT_USER_DIR"] = user
    os.environ["RAFTWRIGHT_SETTINGS"] = os.path.join(user, "settings.ini")
    from PySide6.QtCore import QElapsedTimer

    from editor import commands
    from editor.app import application
    from editor.mainwindow import MainWindow
    from engine.check.validate_files import first_bundled_scenario_path, open_scenario
    from engine.model.resources import campaigns_dir

    app = application()
    for path in (first_bundled_scenario_path(), campaigns_dir() / "practice" / "02-the-protector.scenario.json"):
        window = MainWindow(autosave_seconds=3600)
        window.resize(1400, 900)
        window.open_path(path)
        window.show()
        app.processEvents()
        scenario = open_scenario(path)
        card = max(
            range(len(scenario.cards)), key=lambda i: scenario.cards[i].kind != "fire"
        )  # a location or raft card
        validate, redraw, together, waited = [], [], [], []
        clock = QElapsedTimer()
        for n in range(EDITS):
            step = (0, 1) if n % 2 == 0 else (0, -1)
            start = time.perf_counter()
            commands.move_elements(window.doc, [("cards", card)], step)
            edited = time.perf_counter()
            window.doc.validate_now()
            checked = time.perf_counter()
            window.canvas.viewport().repaint()
            window.problems.repaint()
            drawn = time.perf_counter()
            validate.append((checked - edited) * 1000)
            redraw.append((drawn - checked) * 1000)
            together.append((drawn - start) * 1000)
            # the running studio: edit, worker-thread check, problems dock and canvas update
            commands.move_elements(window.doc, [("cards", card)], (step[0], -step[1]))
            clock.start()
            while window.doc.validation_pending:
                app.processEvents()
            window.canvas.viewport().repaint()
            waited.append(clock.nsecsElapsed() / 1e6)

        def show(name: str, values: list[float]) -> None:
            values = sorted(values)
            p95 = values[int(0.95 * (len(values) - 1))]
            print(
                f"  {name:48s} median {statistics.median(values):6.2f} ms   p95 {p95:6.2f} ms   max {values[-1]:6.2f} ms"
            )

        print(
            f"one edit on {path.parent.name}/{path.name} ({len(scenario.boards)} boards, {len(scenario.cards)} cards), {EDITS} edits:"
        )
        show("validation (engine.check.validate)", validate)
        show("redraw (canvas and problems dock)", redraw)
        show("edit + validation + redraw (target < 50 ms)", together)
        show("edit to result shown, check on a worker thread", waited)
        window.doc.undo_stack.setClean()
        window.close()


def main() -> int:
    if "--child" in sys.argv:
        child_first_paint()
        return 0
    first_paint()
    edit_and_redraw()
    return 0


if __name__ == "__main__":
    sys.exit(main())
