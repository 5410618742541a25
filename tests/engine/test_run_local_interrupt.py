"""Ctrl-C while ``run_local`` starts its process pool never leaves a worker behind.

The kernel may hand SIGINT to any thread that does not block it (tqdm's monitor, say);
that thread's C handler only marks Python's handler as pending, and the main thread runs
it at its next bytecode, which may be inside the pool's start, with SIGINT blocked there.
Raised there, KeyboardInterrupt left a forked worker running, holding the command's
output open (``raftwright difficulty ... --jobs 2`` then never ended: 1 run in 20 of
tests/test_cli_behaviour.py's Ctrl-C test).  Here that pending handler is run by hand
inside the pool's first ``submit``, deterministically."""

from __future__ import annotations

import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from engine.check.validate_files import open_scenario
from engine.model.formats import scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.sim import difficulty

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")


def test_a_ctrl_c_pending_during_the_pool_start_stops_every_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    assert threading.current_thread() is threading.main_thread()
    doc = scenario_to_dict(open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"))
    pools: list[ProcessPoolExecutor] = []
    workers: list[Any] = []  # the forked workers, kept before the pool forgets them at shutdown
    managers: list[threading.Thread] = []  # the pool's manager thread, which reaps the workers
    real_submit = ProcessPoolExecutor.submit

    def submit(self: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Any:
        future = real_submit(self, *args, **kwargs)  # the first submit forks the workers
        if not pools:
            pools.append(self)
            workers.extend(self._processes.values())  # type: ignore[attr-defined]
            managers.append(self._executor_manager_thread)  # type: ignore[attr-defined]
            handler = signal.getsignal(signal.SIGINT)
            assert callable(handler)
            handler(signal.SIGINT, None)  # what a SIGINT tripped on another thread does here
        return future

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    with pytest.raises(KeyboardInterrupt):
        difficulty.run_local(doc, [[0, 1], [2, 3], [4, 5]], "solo", 1, "random", jobs=2)
    # The manager thread reaps the stopped workers itself (its join_executor_internals);
    # asking a worker whether it lives while that thread reaps it races: waitpid gives the
    # exit to one thread, and the other reads "no such child" as "still running".  So wait
    # for the manager first (it ends only once every worker has exited: a worker left
    # running keeps it waiting, and the join below times out), then ask each worker.
    assert workers and managers
    managers[0].join(timeout=30)
    assert not managers[0].is_alive(), "the pool's manager thread is still waiting for a worker"
    for process in workers:
        process.join(timeout=30)
    assert not any(p.is_alive() for p in workers)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is back
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())  # and the mask
