"""The Dask backend for :func:`engine.sim.difficulty.estimate` (the optional extra
``raftwright[cluster]``): the same :func:`~engine.sim.difficulty.play_games` tasks as
the local process pool, sent to a Dask ``distributed`` scheduler.

``address="local"`` starts a :class:`distributed.LocalCluster` with one single-threaded
worker process per job; any other address (``tcp://HOST:8786``) connects to a running
scheduler (``dask scheduler`` on one machine, ``dask worker tcp://HOST:8786`` on each
of the others, every one with Raftwright installed).  The records come back in any
order; :func:`~engine.sim.difficulty.summarise` sorts them by seed, so the estimate is
identical to a local run with the same seeds.

:func:`cluster_session` opens one cluster (or one connection) for a whole run, however
many scenarios it estimates, and checks it first: the scheduler must answer within the
timeout, a worker must join within it, and every worker must play with the same rules
and bot as this process (:func:`engine.bots.version.fingerprint`): games of another bot
would be pooled silently, so a worker that differs is refused, and every task checks
again on the worker that runs it (a worker may join later).  Failures raise
:class:`~engine.sim.cluster_address.ClusterError` with one line for a person.
"""

from __future__ import annotations

import logging
import signal
import sys
import threading
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterator, Sequence

import dask
from distributed import Client, LocalCluster, as_completed

from engine.bots.version import fingerprint
from engine.sim.cluster_address import DEFAULT_TIMEOUT, ClusterError, check_address
from engine.sim.difficulty import GameRecord, Progress, Runner, play_games

QUIET = ("distributed", "tornado", "asyncio")

#: Dask settings for ``--cluster local`` (docs/lab/cluster-overhead.md has the measurements).
#: Left at Dask's defaults, an idle two-worker cluster burns about 0.13 CPU s a second in
#: periodic checks nobody reads here, and spawned workers take about 3 s to start; the
#: games themselves cost the same CPU on a worker as in the process pool.
LOCAL_CONFIG: dict[str, Any] = {
    # the worker's statistical profiler samples the game's deep Python stacks 100 times a
    # second; nobody reads it here (about 3 CPU s in 200 heuristic games)
    "distributed.worker.profile.enabled": False,
    # every server (scheduler, nannies, workers) wakes 50 times a second to check that its
    # event loop is not blocked: the largest share of the idle CPU; once a second still
    # warns of a loop blocked for the 3 s limit
    "distributed.admin.tick.interval": "1s",
    # memory checks (spill, pause, kill at 95 %) ten times a second, and host CPU, memory,
    # disk and network twice a second for a dashboard nobody opens
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    # one task at a time on each single-threaded worker, as the pool: with Dask's 1.1 each
    # holds two, so at the end of each scenario one worker may wait while the other plays two
    "distributed.scheduler.worker-saturation": 1.0,
    # fork the workers from this process, as the process pool does on Linux: they start
    # with the engine imported and the catalog loaded (0.4 s) instead of a fresh
    # interpreter importing Dask and Raftwright (about 3 s, twice the CPU); elsewhere spawn,
    # as Python itself chooses (on macOS a forked child of a GUI process may crash)
    "distributed.worker.multiprocessing-method": "fork" if sys.platform.startswith("linux") else "spawn",
}


def worker_fingerprint() -> str:
    """Run on a worker: the rules-and-bot fingerprint of the Raftwright it imports (the
    function travels by reference, so the worker calls its own module's ``fingerprint``)."""
    return fingerprint()


def checked_play_games(expected: str, doc: dict[str, Any], seeds: Sequence[int], variant: str, players: int,
                       bot: str) -> list[GameRecord]:  # fmt: skip
    """:func:`play_games` on a worker, after checking it plays the rules and bot ``expected``."""
    mine = worker_fingerprint()
    if mine != expected:
        raise ClusterError(f"a worker runs {mine}, this Raftwright {expected}")
    return play_games(doc, seeds, variant, players, bot)


@contextmanager
def _quiet() -> Iterator[None]:
    """Dask logs every failed connection attempt and a traceback per lost worker; the
    command line says what went wrong in one line instead."""
    loggers = [logging.getLogger(name) for name in QUIET]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for log, level in zip(loggers, levels):
            log.setLevel(level)


@contextmanager
def _interrupt_held() -> Iterator[None]:
    """While the local workers are forked: Ctrl-C is held back and raised once they are up,
    and the workers inherit a handler that only notes it (so they do not each print a
    traceback; closing the cluster stops them), as the process pool's workers do.  Only
    the main thread can set a handler; elsewhere (the studio's pool thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        raise KeyboardInterrupt


def check_workers(client: Client, address: str) -> None:
    """Refuse workers that play other rules or another bot (or cannot say which)."""
    expected = fingerprint()
    probe: Callable[[], str] = worker_fingerprint
    try:
        found: dict[str, Any] = client.run(probe)
    except Exception as exc:  # an older Raftwright without worker_fingerprint, or none at all
        raise ClusterError(f"the workers of {address} cannot say which rules and bot they play ({_reason(exc)}); "
                           f"install this Raftwright ({expected}) on every worker") from None  # fmt: skip
    wrong = {worker: fp for worker, fp in found.items() if fp != expected}
    if wrong:
        worker, fp = sorted(wrong.items())[0]
        more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        raise ClusterError(f"worker {worker}{more} runs {fp}, this Raftwright {expected}: its games would not be "
                           f"this bot's; install the same Raftwright on every worker or stop that one")  # fmt: skip


@contextmanager
def cluster_session(address: str, jobs: int = 2, timeout: float = DEFAULT_TIMEOUT) -> Iterator[Runner]:
    """One checked cluster for a whole run: yields a runner for
    :func:`~engine.sim.difficulty.estimate`.  Raises :class:`ClusterError` when the
    address is malformed, the scheduler does not answer within ``timeout`` seconds, no
    worker joins within ``timeout``, or a worker plays other rules or another bot."""
    address = check_address(address)
    with _quiet(), ExitStack() as stack:
        try:
            if address == "local":
                stack.enter_context(dask.config.set(LOCAL_CONFIG))
                with _interrupt_held():
                    cluster = stack.enter_context(
                        LocalCluster(
                            n_workers=max(jobs, 1),
                            threads_per_worker=1,
                            processes=True,  # type: ignore[no-untyped-call]
                            # the scheduler serves HTTP whatever we say; on a free local port, so a
                            # dashboard already on 8787 costs no warning on stderr
                            dashboard_address="127.0.0.1:0",
                        )  # fmt: skip
                    )
                client = stack.enter_context(Client(cluster, timeout=timeout))  # type: ignore[no-untyped-call]
            else:
                client = stack.enter_context(Client(address, timeout=timeout))  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"no Dask scheduler answered at {address} within {timeout:g} s ({_reason(exc)}); "
                               "start one with 'dask scheduler' or check the address and port") from None  # fmt: skip
        try:  # our own local workers may start slowly on a busy machine: they get a minute
            client.wait_for_workers(1, timeout=max(timeout, 60.0) if address == "local" else timeout)
        except (OSError, TimeoutError):
            raise ClusterError(f"the Dask scheduler at {address} has no workers after {timeout:g} s; start one on "
                               f"each machine with 'dask worker {address} --nthreads 1'") from None  # fmt: skip
        check_workers(client, address)
        expected = fingerprint()

        def run(doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int, bot: str,
                progress: Progress | None = None) -> list[GameRecord]:  # fmt: skip
            return _gather(client, expected, doc, tasks, variant, players, bot, progress)

        yield run


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:120] if text else type(exc).__name__


def dask_runner(address: str, jobs: int = 2, timeout: float = DEFAULT_TIMEOUT) -> Runner:
    """A runner that opens a :func:`cluster_session` for each estimate (one scenario);
    a run over many scenarios should hold one session instead."""

    def run(doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int, bot: str,
            progress: Progress | None = None) -> list[GameRecord]:  # fmt: skip
        with cluster_session(address, jobs, timeout) as session:
            return session(doc, tasks, variant, players, bot, progress)

    return run


def _gather(client: Client, expected: str, doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int,
            bot: str, progress: Progress | None) -> list[GameRecord]:  # fmt: skip
    futures = [client.submit(checked_play_games, expected, doc, seeds, variant, players, bot, pure=False)
               for seeds in tasks]  # fmt: skip
    out: list[GameRecord] = []
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            out.extend(future.result())
            if progress:
                progress(len(out))
    except ClusterError:
        client.cancel(futures)  # type: ignore[no-untyped-call]
        raise
    return out


__all__ = ["checked_play_games", "check_workers", "cluster_session", "dask_runner", "worker_fingerprint"]
