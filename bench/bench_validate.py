#!/usr/bin/env python3
"""`make bench`: time validating all the bundled content.

In-process: every bundled catalog, campaign and scenario through the same
``FileChecker`` the CLI uses (target under 0.5 s), once cold (catalog and schemas
loaded on first use) and then warm.  Whole CLI call: ``raftwright validate
--bundled`` in a fresh process, interpreter start-up included (target under 1.5 s).
Prints figures only; no thresholds are enforced.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNS = 5


def _in_process() -> tuple[float, list[float], int, list[bool]]:
    start = time.perf_counter()
    from engine.check.validate_files import FileChecker
    from engine.model.catalog import default_catalog
    from engine.model.resources import campaigns_dir
    from raftwright.common import expand as _expand

    files = list(_expand([campaigns_dir()]))
    times = []
    errors: list[bool] = []
    for _ in range(RUNS + 1):
        t = time.perf_counter()
        checker = FileChecker(default_catalog())
        errors = [issue.is_error for f in files for issue in checker.check(f)]
        times.append(time.perf_counter() - t)
        if len(times) == 1:
            times[0] = time.perf_counter() - start  # the cold run includes imports and loading
    return times[0], times[1:], len(files), errors


def _cli() -> list[float]:
    script = Path(sys.executable).with_name("raftwright")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "raftwright"]
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        result = subprocess.run(command + ["validate", "--bundled"], capture_output=True, text=True, cwd=ROOT)
        times.append(time.perf_counter() - t)
        if result.returncode != 0:
            print(f"  raftwright validate --bundled exited {result.returncode}: {result.stderr.strip()[-300:]}")
    return times


def main() -> int:
    cold, warm, files, errors = _in_process()
    print(
        f"validate bundled content in-process: {files} files, {sum(errors)} errors, "
        f"{len(errors) - sum(errors)} warnings"
    )
    print(f"  {'cold (imports, catalog, schemas):':<36}{cold * 1000:7.1f} ms")
    print(f"  {f'warm, median of {RUNS}:':<36}{statistics.median(warm) * 1000:7.1f} ms   (target < 500 ms)")
    cli = _cli()
    print(
        f"raftwright validate --bundled, whole process, median of {RUNS}: "
        f"{statistics.median(cli) * 1000:7.1f} ms   (target < 1500 ms; min {min(cli) * 1000:.1f} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
