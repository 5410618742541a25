#!/usr/bin/env python3
"""``--cluster local`` against the process pool (issue 27 item 4: overhead under 10 %).

The same heuristic games, solo, on ``--jobs`` (default 2) workers: the first
``--scenarios`` Campaign 1 scenarios (default 5) x ``--games`` (default 200), so 1,000
games in all, as ``raftwright difficulty`` plays a folder: on the local process pool
and on one local Dask cluster held for the whole run (``cluster_session``, its start and
stop timed and counted).  The machine is shared, so the two take turns scenario by
scenario (pool first, then cluster first, ...) and see the same load.  The estimates
must be identical; the overhead is the cluster's wall time over the pool's, less one.

The figure a loaded machine changes least is CPU seconds: the cluster's (this process
for the whole session, less the pool's turns on the main thread; its workers) over the
pool's (the main thread in its turns; its workers).  The cluster is charged its idle CPU
during the pool's turns, and the pool's manager thread in those turns.  The host and the
load are printed, and a verdict timed while the load exceeded the cores is flagged.
About a minute on two idle cores; ``--games 40`` for a quick look.
"""

from __future__ import annotations

import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from hostinfo import LoadWatch, cores, host_line, judged, load

from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.resources import campaigns_dir
from engine.sim.cluster import cluster_session
from engine.sim.difficulty import Estimate, Runner, estimate

TARGET = 0.10


def _option(argv: list[str], name: str, default: int) -> int:
    return int(argv[argv.index(name) + 1]) if name in argv else default


def children_cpu() -> float:
    """CPU seconds of this process's reaped children (pool workers; the cluster's workers
    once their nannies have stopped them)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


@dataclass
class Side:
    wall: float = 0.0
    cpu: float = 0.0
    estimates: list[Estimate] = field(default_factory=list)


def timed(side: Side, path: Path, games: int, jobs: int, runner: Runner | None) -> None:
    t, main, kids = time.perf_counter(), time.thread_time(), children_cpu()
    side.estimates.append(estimate(open_scenario(path), games=games, jobs=jobs, runner=runner, seed=1000))
    side.wall += time.perf_counter() - t
    if runner is None:  # the pool: the main thread and the workers it reaped in this turn
        side.cpu += time.thread_time() - main + children_cpu() - kids


def main(argv: list[str]) -> int:
    games, jobs = _option(argv, "--games", 200), _option(argv, "--jobs", 2)
    paths = sorted((campaigns_dir() / "campaign-1").glob("*.scenario.json"))[: _option(argv, "--scenarios", 5)]
    default_catalog()
    print(host_line())
    print(f"{len(paths)} Campaign 1 scenarios x {games} heuristic games, solo, {jobs} workers, taking turns")
    watch, start_load = LoadWatch(), load()
    pool, dask = Side(), Side()
    t, main_cpu, kids = time.perf_counter(), time.process_time(), children_cpu()
    with cluster_session("local", jobs=jobs, timeout=60) as runner:
        started = time.perf_counter() - t
        for i, path in enumerate(paths):
            for side, run in ((pool, None), (dask, runner))[:: 1 if i % 2 == 0 else -1]:
                timed(side, path, games, jobs, run)
            watch.mark()
        t_stop = time.perf_counter()
    stopped = time.perf_counter() - t_stop
    dask.wall += started + stopped
    dask.cpu = time.process_time() - main_cpu + children_cpu() - kids - pool.cpu
    overhead = dask.wall / pool.wall - 1
    same = [a.to_dict() for a in pool.estimates] == [b.to_dict() for b in dask.estimates]
    n = len(paths) * games
    print(f"process pool:        {pool.wall:6.1f} s  ({n / pool.wall:5.1f} games/s), {pool.cpu:6.1f} CPU s")
    print(f"one local cluster:   {dask.wall:6.1f} s  ({n / dask.wall:5.1f} games/s), {dask.cpu:6.1f} CPU s, "
          f"start {started:.2f} s and stop {stopped:.2f} s included")  # fmt: skip
    print(f"CPU seconds of --cluster local over the pool: {dask.cpu / pool.cpu - 1:+.1%} (what a loaded machine "
          "changes least)")  # fmt: skip
    print(f"identical estimates: {'yes' if same else 'NO'}")
    print(f"load average: {start_load:.1f} at the start, up to {watch.mark():.1f} while timed, on {cores()} cores")
    print(f"overhead of --cluster local: {overhead:+.1%} (target < {TARGET:.0%}: {judged(overhead < TARGET, watch)})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
