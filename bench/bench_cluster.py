#!/usr/bin/env python3
"""``--cluster local`` against the process pool (issue 27 item 4: overhead under 10 %).

The same heuristic games, solo, on ``--jobs`` (default 2) workers: the first
``--scenarios`` Campaign 1 scenarios (default 5) x ``--games`` (default 200), so 1,000
games in all, as ``raftwright difficulty`` plays a folder: once on the local process
pool, once on one local Dask cluster held for the whole run (``cluster_session``, started
and stopped inside the timing).  The estimates must be identical; the overhead is the
cluster's wall time over the pool's, less one.  The host and the load are printed, and
a verdict timed while the load exceeded the cores is flagged.  About a minute on two
idle cores; ``--games 40`` for a quick look.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

from hostinfo import LoadWatch, host_line, judged

from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.resources import campaigns_dir
from engine.sim.cluster import cluster_session
from engine.sim.difficulty import Estimate, Runner, estimate

TARGET = 0.10


def _option(argv: list[str], name: str, default: int) -> int:
    return int(argv[argv.index(name) + 1]) if name in argv else default


def run_all(paths: list[Path], games: int, jobs: int, runner: Runner | None) -> list[Estimate]:
    return [estimate(open_scenario(p), games=games, jobs=jobs, runner=runner, seed=1000) for p in paths]


def cpu() -> float:
    """CPU seconds of this process (the scheduler and client threads too) and of its
    reaped children (pool workers; Dask nannies with the workers they reaped)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def main(argv: list[str]) -> int:
    games, jobs = _option(argv, "--games", 200), _option(argv, "--jobs", 2)
    paths = sorted((campaigns_dir() / "campaign-1").glob("*.scenario.json"))[: _option(argv, "--scenarios", 5)]
    default_catalog()
    print(host_line())
    print(f"{len(paths)} Campaign 1 scenarios x {games} heuristic games, solo, {jobs} workers")
    watch = LoadWatch()
    t, c = time.perf_counter(), cpu()
    pool = run_all(paths, games, jobs, None)
    pool_s, pool_cpu = time.perf_counter() - t, cpu() - c
    watch.mark()
    t, c = time.perf_counter(), cpu()
    with cluster_session("local", jobs=jobs, timeout=60) as runner:
        dask = run_all(paths, games, jobs, runner)
    dask_s, dask_cpu = time.perf_counter() - t, cpu() - c
    overhead = dask_s / pool_s - 1
    same = [a.to_dict() for a in pool] == [b.to_dict() for b in dask]
    print(f"process pool:        {pool_s:6.1f} s  ({len(paths) * games / pool_s:5.1f} games/s), {pool_cpu:6.1f} CPU s")
    print(f"one local cluster:   {dask_s:6.1f} s  ({len(paths) * games / dask_s:5.1f} games/s), {dask_cpu:6.1f} CPU s, "
          "cluster start and stop included")  # fmt: skip
    print(f"CPU seconds of --cluster local over the pool: {dask_cpu / pool_cpu - 1:+.1%} (what a loaded machine "
          "changes least)")  # fmt: skip
    print(f"identical estimates: {'yes' if same else 'NO'}")
    print(f"overhead of --cluster local: {overhead:+.1%} (target < {TARGET:.0%}: {judged(overhead < TARGET, watch)})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
