#!/usr/bin/env python3
"""Start-to-first-paint of the studio, offscreen: from source (``python -m raftwright.cli
edit``) and, when ``make package`` has built it, the packaged ``dist/raftwright/raftwright``,
against a bare PySide6 window with a graphics view (bench/bare_window.py) measured in the
same run, runs interleaved so that both see the same machine load (issue 28 item 7: the
studio's first paint should take at most 2x the bare window's).

``RAFTWRIGHT_SMOKE=1`` makes the studio print ``raftwright-smoke: first paint`` and quit
after the canvas's first paint (editor/smoke.py); the figure is the time from starting
the process to that line, best and median of five, with a throwaway user folder and
settings.  The first studio run of a fresh user folder checks the bundled catalogs
against their schema and caches the result (engine/model/schema_cache.py); it is
printed on its own as the cold start.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from editor.smoke import ENV_SMOKE, SMOKE_LINE

ROOT = Path(__file__).resolve().parent.parent

RUNS = 5


def first_paint(command: list[str], home: Path) -> float:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env = dict(
        base,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_USER_DIR=str(home / "user"),
        RAFTWRIGHT_SETTINGS=str(home / "settings.ini"),
        PYTHONPYCACHEPREFIX=str(home / "pycache"),  # bytecode kept, as an installed copy keeps it
        **{ENV_SMOKE: "1"},
    )
    start = time.monotonic()
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT
    ) as process:
        assert process.stdout is not None
        painted = next((time.monotonic() - start for line in process.stdout if line.strip() == SMOKE_LINE), None)
        process.wait()
    if painted is None or process.returncode != 0:
        raise SystemExit(f"bench_startup: {' '.join(command)} did not paint (exit {process.returncode})")
    return painted


BARE = [sys.executable, str(ROOT / "bench" / "bare_window.py")]
TARGET = 2.0


def compare(label: str, command: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="raftwright-bench-") as home:
        cold = first_paint(command, Path(home))  # a fresh user folder: the schema check runs and is cached
        bare: list[float] = []
        studio: list[float] = []
        for _ in range(RUNS):
            bare.append(first_paint(BARE, Path(home)))
            studio.append(first_paint(command, Path(home)))
    bare.sort()
    studio.sort()
    mid = RUNS // 2
    ratio = studio[mid] / bare[mid]
    print(f"bare PySide6 window + graphics view: first paint {bare[0]:.2f} s best, {bare[mid]:.2f} s median of {RUNS}")
    print(f"{label}: start to first paint {studio[0]:.2f} s best, {studio[mid]:.2f} s median of {RUNS}; "
          f"cold start (schema check, cache empty) {cold:.2f} s")  # fmt: skip
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"{label}: {ratio:.2f}x the bare window (median/median; target at most {TARGET:.0f}x: {verdict})")


def main() -> int:
    compare("studio from source", [sys.executable, "-m", "raftwright.cli", "edit"])
    packaged = ROOT / "dist" / "raftwright" / ("raftwright.exe" if sys.platform == "win32" else "raftwright")
    if packaged.exists():
        compare("packaged studio (dist/raftwright)", [str(packaged), "edit"])
    else:
        print("packaged studio: not built (make package)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
