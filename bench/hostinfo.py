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
import sysconfig
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
    return (f"host: {cpu_model()}, {cores()} cores, Python {platform.python_version()} ({interpreter_build()}), "
            f"{platform.system()}")  # fmt: skip


def interpreter_build() -> str:
    """How this CPython was built, as far as it tells: a build without profile-guided
    and link-time optimisation (``--enable-optimizations``, ``--with-lto``) whose
    libpython is a shared library (``--enable-shared``: every call inside the
    interpreter goes through the PLT) runs the same games with more instructions and
    more CPU time than a distribution's build: on the AMD EPYC host of the speed notes,
    pyenv's 3.11.7 build of that kind 6.00M instructions a random game against 5.54M
    for Debian's 3.11.2, and about 10 % more CPU time a heuristic game
    (docs/lab/speed-history.md).  So a time is quoted with this beside it."""
    args = sysconfig.get_config_var("CONFIG_ARGS") or ""
    flags = [name for flag, name in (("--enable-optimizations", "PGO"), ("--with-lto", "LTO")) if flag in args]
    shared = _libpython_loaded()
    if shared is None:
        linked = "libpython linkage unknown"
    else:
        linked = "libpython shared" if shared else "libpython static"
    built = "+".join(flags) + " build" if flags else "no PGO/LTO in its configure flags"
    return f"{built}, {linked}"


def _libpython_loaded() -> bool | None:
    """Whether the interpreter runs from a shared libpython (Linux: mapped into this
    process); None where that cannot be read."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return re.search(r"/libpython3[^/\s]*\.so", maps) is not None


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


__all__ = ["LoadWatch", "cores", "cpu_model", "host_line", "instructions", "interpreter_build", "judged", "load"]
