"""What a speed figure needs beside it (issue 27 item 6): the host it was taken on (CPU
model, cores), the load while it was taken (a verdict taken while the load average
exceeds the cores is flagged: neighbours took the CPU, the figure says little about the
code), and instruction counts from valgrind, which no load or host changes.

Shared by ``bench_bots.py`` and ``bench_cluster.py``; not a bench itself (``run_all.py``
runs ``bench_*.py`` only).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_model() -> str:
    """The CPU's model name (Linux ``/proc/cpuinfo``; else what ``platform`` says)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def host_line() -> str:
    return f"host: {cpu_model()}, {cores()} cores, Python {platform.python_version()}, {platform.system()}"


def load() -> float:
    """The 1-minute load average (0.0 where the system has none)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


class LoadWatch:
    """The highest 1-minute load average seen at the marks of a timed block."""

    def __init__(self) -> None:
        self.peak = load()

    def mark(self) -> float:
        self.peak = max(self.peak, load())
        return self.peak

    def busy(self) -> bool:
        return self.mark() > cores()


def judged(ok: bool, watch: LoadWatch) -> str:
    """``met`` / ``NOT met``, flagged when the load exceeded the cores while it was timed."""
    verdict = "met" if ok else "NOT met"
    if watch.busy():
        verdict += f" (UNRELIABLE: load average up to {watch.peak:.1f} on {cores()} cores while timed)"
    return verdict


COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(args: list[str]) -> int | None:
    """Instructions executed by ``python args...`` under ``valgrind --tool=callgrind``
    (None when valgrind is missing or the run fails)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    found = COLLECTED.findall(done.stderr)
    return int(found[-1]) if done.returncode == 0 and found else None


__all__ = ["LoadWatch", "cores", "cpu_model", "host_line", "instructions", "judged", "load"]
