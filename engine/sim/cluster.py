"""The Dask backend for :func:`engine.sim.difficulty.estimate` (the optional extra
``raftwright[cluster]``): the same :func:`~engine.sim.difficulty.play_games` tasks as
the local process pool, sent to a Dask ``distributed`` scheduler.

``address="local"`` starts a :class:`distributed.LocalCluster` with one single-threaded
worker process per job; any other address (``tcp://HOST:8786``) connects to a running
scheduler (``dask scheduler`` on one machine, ``dask worker tcp://HOST:8786`` on each
of the others, every one with Raftwright installed).  The records come back in any
order; :func:`~engine.sim.difficulty.summarise` sorts them by seed, so the estimate is
identical to a local run with the same seeds.
"""

from __future__ import annotations

from typing import Any

from distributed import Client, LocalCluster, as_completed

from engine.sim.difficulty import GameRecord, Progress, Runner, play_games


def dask_runner(address: str, jobs: int = 2) -> Runner:
    """A runner for :func:`~engine.sim.difficulty.estimate` on ``address``."""

    def run(doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int, bot: str,
            progress: Progress | None = None) -> list[GameRecord]:  # fmt: skip
        if address == "local":
            with LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                              dashboard_address=None) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]  # fmt: skip
                return _gather(client, doc, tasks, variant, players, bot, progress)
        with Client(address) as client:  # type: ignore[no-untyped-call]
            return _gather(client, doc, tasks, variant, players, bot, progress)

    return run


def _gather(client: Client, doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int, bot: str,
            progress: Progress | None) -> list[GameRecord]:  # fmt: skip
    futures = [client.submit(play_games, doc, seeds, variant, players, bot, pure=False) for seeds in tasks]
    out: list[GameRecord] = []
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        out.extend(future.result())
        if progress:
            progress(len(out))
    return out


__all__ = ["dask_runner"]
