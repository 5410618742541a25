#!/usr/bin/env python3
"""Start-to-first-paint of the studio, offscreen: from source (``python -m raftwright.cli
edit``) and, when ``make package`` has built it, the packaged ``dist/raftwright/raftwright``.

``RAFTWRIGHT_SMOKE=1`` makes the studio print ``raftwright-smoke: first paint`` and quit
after the canvas's first paint (editor/smoke.py); the figure is the time from starting
the process to that line, best of five, with a throwaway user folder and settings.
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
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_USER_DIR=str(home / "user"),
        RAFTWRIGHT_SETTINGS=str(home / "settings.ini"),
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


def report(label: str, command: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="raftwright-bench-") as home:
        runs = sorted(first_paint(command, Path(home)) for _ in range(RUNS))
    print(f"{label}: start to first paint {runs[0]:.2f} s best, {runs[len(runs) // 2]:.2f} s median of {RUNS}")


def main() -> int:
    report("studio from source", [sys.executable, "-m", "raftwright.cli", "edit"])
    packaged = ROOT / "dist" / "raftwright" / ("raftwright.exe" if sys.platform == "win32" else "raftwright")
    if packaged.exists():
        report("packaged studio (dist/raftwright)", [str(packaged), "edit"])
    else:
        print("packaged studio: not built (make package)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
