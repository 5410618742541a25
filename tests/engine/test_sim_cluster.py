"""A Dask cluster run says what went wrong in one line (issue 27 item 4): a malformed
address, a scheduler that does not answer, a scheduler without workers, and workers
that play other rules or another bot (refused, never pooled); ``--cluster local``
starts one cluster for the whole run."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import dask
import pytest
from distributed import LocalCluster

import engine.sim.cluster as cluster
from engine.bots.version import fingerprint
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.sim.cluster_address import ClusterError, check_address
from engine.sim.difficulty import estimate
from raftwright.cli import main

TUTORIAL = campaigns_dir() / "tutorial"
FIRST_STEPS = TUTORIAL / "01-first-steps.scenario.json"


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1:notaport", "tcp://127.0.0.1:0", "tcp://127.0.0.1:70000", "http://host:8786", "tcp://:8786", "a b:1",
     "tcp://host:8786/path"],
)  # fmt: skip
def test_a_malformed_address_is_refused_before_any_connection(address: str) -> None:
    with pytest.raises(ClusterError, match="tcp://HOST:PORT"):
        check_address(address)


def test_good_addresses_are_taken_as_dask_takes_them() -> None:
    assert check_address("local") == "local"
    assert check_address("10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    assert check_address("tcp://sched.example:8786") == "tcp://sched.example:8786"


def test_cli_malformed_address_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["difficulty", str(FIRST_STEPS), "--games", "2", "--cluster", "127.0.0.1:notaport"]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "127.0.0.1:notaport" in err[0] and "port" in err[0]
    assert "not playable" not in captured.out + captured.err


def test_cli_unreachable_scheduler_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["difficulty", str(FIRST_STEPS), "--games", "2", "--cluster", "tcp://127.0.0.1:9", "--cluster-timeout", "1"]
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "no Dask scheduler answered at tcp://127.0.0.1:9 within 1 s" in err[0]
    assert "Traceback" not in captured.err and captured.out == ""


def test_a_scheduler_without_workers_is_reported_after_the_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    with LocalCluster(n_workers=0, processes=True, dashboard_address=None, scheduler_port=0) as empty:  # type: ignore[no-untyped-call]
        address = empty.scheduler_address
        args = ["difficulty", str(FIRST_STEPS), "--games", "2", "--cluster", address, "--cluster-timeout", "1"]
        assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has no workers after 1 s" in err[0] and f"dask worker {address}" in err[0]


def test_a_worker_with_another_fingerprint_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The probe runs on the worker (a lambda is sent by value): the worker says it plays
    other bots, and the run stops before any game is pooled."""
    monkeypatch.setattr(cluster, "worker_fingerprint", lambda: "rules-1.bots-0")
    args = ["difficulty", str(FIRST_STEPS), "--games", "2", "--bot", "random", "--cluster", "local", "--jobs", "1"]
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1
    assert "runs rules-1.bots-0" in err[0] and f"this Raftwright {fingerprint()}" in err[0]
    assert captured.out == ""


def test_a_task_on_a_worker_with_another_fingerprint_refuses_to_play() -> None:
    """A worker that joins after the check is caught by the task itself."""
    doc_path = FIRST_STEPS
    from engine.model.formats import scenario_to_dict

    doc = scenario_to_dict(open_scenario(doc_path))
    with pytest.raises(ClusterError, match="rules-0.bots-0"):
        cluster.checked_play_games("rules-0.bots-0", doc, [1], "solo", 1, "random")
    assert len(cluster.checked_play_games(fingerprint(), doc, [1, 2], "solo", 1, "random")) == 2


def test_cluster_local_starts_one_cluster_per_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    started: list[int] = []
    real = cluster.LocalCluster

    def counting(*args: object, **kwargs: object) -> object:
        started.append(1)
        return real(*args, **kwargs)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(cluster, "LocalCluster", counting)
    args = ["difficulty", str(TUTORIAL / "campaign.json"), "--games", "8", "--bot", "random", "--cluster", "local",
            "--jobs", "2", "--json"]  # fmt: skip
    assert main(args) == 0
    assert len(started) == 1  # four scenarios, one cluster
    out = capsys.readouterr().out
    assert out.count('"fingerprint"') == 4
    pool = estimate(open_scenario(FIRST_STEPS), games=8, bot="random", jobs=2)
    assert f'"wins": {pool.wins}' in out


def test_a_dashboard_already_on_8787_costs_no_warning(capsys: pytest.CaptureFixture[str],
                                                      recwarn: pytest.WarningsRecorder) -> None:  # fmt: skip
    """Dask's scheduler serves HTTP on 8787 by default and warns on stderr when another
    cluster holds it; a local run asks for a free port instead, so stderr stays empty."""
    import socket

    holder = socket.socket()
    try:
        holder.bind(("0.0.0.0", 8787))
        holder.listen()
    except OSError:
        pass  # someone else holds it: the same situation
    try:
        args = ["difficulty", str(FIRST_STEPS), "--games", "8", "--bot", "random", "--cluster", "local", "--jobs", "1"]
        assert main(args) == 0
    finally:
        holder.close()
    assert capsys.readouterr().err == ""
    assert [str(w.message) for w in recwarn if "8787" in str(w.message)] == []


def test_a_worker_that_cannot_say_its_fingerprint_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An older Raftwright on a worker has no fingerprint to give (the probe fails there):
    refused in one line, never pooled."""

    def older() -> str:
        raise AttributeError("module 'engine.sim.cluster' has no attribute 'worker_fingerprint'")

    monkeypatch.setattr(cluster, "worker_fingerprint", older)
    args = ["difficulty", str(FIRST_STEPS), "--games", "2", "--bot", "random", "--cluster", "local", "--jobs", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot say which rules and bot they play" in err[0] and fingerprint() in err[0]


def test_a_local_cluster_forks_quiet_workers_that_play_the_pools_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--cluster local`` is within 10 % of the process pool because its workers are forked
    from this process (they start with the engine loaded, as the pool's do), its periodic
    checks are slowed down and each worker holds one task at a time (docs/lab/cluster-overhead.md);
    the games are still the pool's, seed for seed, and the settings end with the session."""
    from distributed import default_client

    from engine.model.formats import scenario_to_dict
    from engine.sim.difficulty import play_games

    before = dask.config.get("distributed.admin.tick.interval")
    monkeypatch.setattr(cluster, "PARENT_MARK", "set in the parent before the cluster started", raising=False)
    doc = scenario_to_dict(open_scenario(FIRST_STEPS))
    with cluster.cluster_session("local", jobs=2, timeout=60) as run:
        client = default_client()
        marks = client.run(lambda: getattr(importlib.import_module("engine.sim.cluster"), "PARENT_MARK", None))
        forked = cluster.LOCAL_CONFIG["distributed.worker.multiprocessing-method"] == "fork"
        assert forked == sys.platform.startswith("linux")  # as Python's own default: fork on Linux only
        assert set(marks.values()) == {"set in the parent before the cluster started" if forked else None}
        ticks = client.run(lambda: dask.config.get("distributed.admin.tick.interval"))
        assert set(ticks.values()) == {cluster.LOCAL_CONFIG["distributed.admin.tick.interval"]}
        assert client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.WORKER_SATURATION) == 1.0
        records = run(doc, [[5, 6, 7], [8], [9, 10]], "solo", 1, "heuristic", None)
    assert sorted(records, key=lambda r: r.seed) == play_games(doc, [5, 6, 7, 8, 9, 10], "solo", 1, "heuristic")
    assert dask.config.get("distributed.admin.tick.interval") == before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="local workers are forked on Linux only")
def test_ctrl_c_stops_a_local_cluster_run_with_one_line_and_no_worker_left() -> None:
    """A real SIGINT to the whole process group (as a terminal sends it) once the workers
    are forked: the forked workers only note it, the run stops them, and stderr has the
    command line's one line instead of a traceback from each worker."""
    import os
    import signal
    import subprocess
    import time

    import psutil

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    process = subprocess.Popen(
        [sys.executable, "-m", "raftwright", "difficulty", str(campaigns_dir() / "campaign-1"), "--games", "400",
         "--cluster", "local", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        workers: list[psutil.Process] = []
        while len(workers) < 2 and process.poll() is None and time.monotonic() < deadline:  # the condition
            workers = [
                p for p in psutil.Process(process.pid).children() if "resource_tracker" not in " ".join(p.cmdline())
            ]
            time.sleep(0.05)
        assert len(workers) == 2, "the two local workers never started"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130
        assert err == "raftwright: interrupted\n"
        gone, alive = psutil.wait_procs(workers, timeout=10)
        assert alive == []
    finally:
        if process.poll() is None:
            process.kill()  # never left running when the test fails
        process.communicate()
