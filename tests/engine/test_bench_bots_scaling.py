"""How ``bench/bench_bots.py`` reads a two-process figure (issue 27 item 6): the
workers' CPU time a game beside one process's tells a loaded host from work the pool
adds, and a loaded host is never blamed on the code nor the code on it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from script_modules import load_script

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench_bots(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCH))  # as when run as a script: hostinfo beside it
    return load_script(BENCH / "bench_bots.py")


def test_a_ratio_at_the_target_scales(bench_bots: ModuleType) -> None:
    assert bench_bots.scaling_reading(1.9, 1.3, True) == "scales"


def test_same_cpu_a_game_puts_a_low_ratio_on_the_host(bench_bots: ModuleType) -> None:
    reading = bench_bots.scaling_reading(1.3, 1.05, True)
    assert "the host" in reading and "pool" not in reading


def test_more_cpu_a_game_on_an_idle_host_is_the_pool(bench_bots: ModuleType) -> None:
    assert "the pool's own work" in bench_bots.scaling_reading(1.5, 1.25, False)


def test_more_cpu_a_game_on_a_loaded_host_is_left_open(bench_bots: ModuleType) -> None:
    reading = bench_bots.scaling_reading(1.5, 1.25, True)
    assert "rerun idle" in reading and "the pool's own work" not in reading


@pytest.mark.parametrize(
    ("args", "shared", "words"),
    [
        ("'--prefix=/opt' '--enable-shared'", True, "no PGO/LTO in its configure flags, libpython shared"),
        ("'--enable-optimizations' '--with-lto'", False, "PGO+LTO build, libpython static"),
        ("'--enable-optimizations'", None, "PGO build, libpython linkage unknown"),
    ],
)
def test_the_host_line_says_how_the_interpreter_was_built(
    monkeypatch: pytest.MonkeyPatch, args: str, shared: bool | None, words: str
) -> None:
    """A time is quoted with the interpreter's build beside it: on the same host a
    build without PGO/LTO and with a shared libpython costs more CPU a game."""
    monkeypatch.syspath_prepend(str(BENCH))
    hostinfo = load_script(BENCH / "hostinfo.py")
    monkeypatch.setattr(hostinfo.sysconfig, "get_config_var", lambda name: args if name == "CONFIG_ARGS" else None)
    monkeypatch.setattr(hostinfo, "_libpython_loaded", lambda: shared)
    assert hostinfo.interpreter_build() == words
    assert f"({words})" in hostinfo.host_line()
