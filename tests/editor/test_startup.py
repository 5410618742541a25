"""Issue 28 item 7: start fast, fail clearly.

* the bundled catalogs' schema check is remembered by content hash in the user's cache
  folder, and a cache hit skips only identical bytes (tampered markers, edited files
  and user catalogs are checked again);
* no display: one line naming the problem and the fix, exit 2, before Qt loads (a
  child process, so a Qt abort would show as exit 134);
* raftwright.log in the user's state folder gets the tracebacks the UI caught, and
  Help > Open log folder opens that folder.

The start-up time itself is a figure of ``make bench`` (bench/bench_startup.py).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from editor import logs
from editor.mainwindow import MainWindow
from editor.validation import run_validator
from engine.check.issues import ERROR
from engine.model import catalog as catalog_module
from engine.model import schema_cache
from engine.model.catalog import CatalogError, bundled_catalog_paths, load_catalog_file
from engine.model.scenario import Scenario
from raftwright.display import display_problem

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RAFTWRIGHT_CACHE_DIR", str(folder))
    return folder


def count_schema_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = catalog_module.schema_errors

    def counting(name: str, document: object) -> list:  # type: ignore[type-arg]
        calls.append(name)
        return real(name, document)

    monkeypatch.setattr(catalog_module, "schema_errors", counting)
    return calls


def test_a_bundled_catalog_is_schema_checked_once_then_by_hash(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = count_schema_checks(monkeypatch)
    path = bundled_catalog_paths()[0]
    first = load_catalog_file(path, bundled=True)
    assert calls == ["components"]
    markers = list((cache / schema_cache.FOLDER).iterdir())
    assert len(markers) == 1 and markers[0].read_text() == markers[0].name
    again = load_catalog_file(path, bundled=True)
    assert calls == ["components"], "the second load re-ran the schema check"
    assert again == first


def test_edited_bytes_and_tampered_markers_are_checked_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = count_schema_checks(monkeypatch)
    path = bundled_catalog_paths()[0]
    load_catalog_file(path, bundled=True)
    marker = next((cache / schema_cache.FOLDER).iterdir())
    marker.write_text("anything else")  # a damaged or hand-made marker is a miss
    load_catalog_file(path, bundled=True)
    assert calls == ["components", "components"]
    copy = tmp_path / "base.components.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["box"] = "not an object"  # a schema error in otherwise identical content
    copy.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CatalogError, match="box"):
        load_catalog_file(copy, bundled=True)
    assert len(calls) == 3


def test_a_user_catalog_is_always_checked_even_with_a_marker_for_its_bytes(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = count_schema_checks(monkeypatch)
    user = tmp_path / "mine.components.json"
    user.write_text(json.dumps({"format": "raftwright.components", "format_version": 1, "id": 5}), encoding="utf-8")
    schema_cache.remember("components", user.read_bytes())  # as if someone planted it
    with pytest.raises(CatalogError, match="mine.components.json"):
        load_catalog_file(user)
    assert calls == ["components"]


def test_an_unwritable_cache_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RAFTWRIGHT_CACHE_DIR", str(blocker / "cache"))
    calls = count_schema_checks(monkeypatch)
    path = bundled_catalog_paths()[0]
    load_catalog_file(path, bundled=True)
    load_catalog_file(path, bundled=True)
    assert calls == ["components", "components"]


# --- no display ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "env, words",
    [
        ({}, "neither DISPLAY nor WAYLAND_DISPLAY is set"),
        ({"QT_QPA_PLATFORM": "wayland"}, "WAYLAND_DISPLAY is not set"),
        ({"QT_QPA_PLATFORM": "xcb"}, "neither DISPLAY nor WAYLAND_DISPLAY"),
        ({"DISPLAY": ":93"}, "no X server answers on DISPLAY=:93"),
    ],
)
def test_no_display_is_named_with_the_fix(env: dict[str, str], words: str) -> None:
    problem = display_problem(env, "linux")
    assert problem is not None and words in problem
    assert "QT_QPA_PLATFORM=offscreen" in problem and "\n" not in problem


@pytest.mark.parametrize(
    "env, platform",
    [
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux"),
        ({"QT_QPA_PLATFORM": "minimal"}, "linux"),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux"),
        ({"DISPLAY": "remote.example:0"}, "linux"),
        ({}, "win32"),
        ({}, "darwin"),
    ],
)
def test_a_usable_platform_is_not_refused(env: dict[str, str], platform: str) -> None:
    assert display_problem(env, platform) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract unix sockets are Linux only")
def test_a_listening_x_socket_counts_as_a_display() -> None:
    number = 900 + os.getpid() % 90
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(f"\0/tmp/.X11-unix/X{number}")
        server.listen(1)
        assert display_problem({"DISPLAY": f":{number}"}, "linux") is None
    assert display_problem({"DISPLAY": f":{number}"}, "linux") is not None


@pytest.mark.parametrize("command", [["edit"], ["play", "missing.scenario.json"]])
def test_the_cli_without_a_display_says_one_line_and_exits_2(command: list[str], tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "raftwright.cli", *command], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("raftwright: no display:"), done.stderr
    assert "QT_QPA_PLATFORM=offscreen" in lines[0]


# --- the log --------------------------------------------------------------------------
@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "state"
    monkeypatch.setenv("RAFTWRIGHT_STATE_DIR", str(folder))
    return folder


def test_a_caught_validator_crash_is_shown_and_its_traceback_logged(state: Path) -> None:
    path = logs.install()
    assert path == state / logs.LOG_NAME

    def broken(scenario: Scenario) -> list:  # type: ignore[type-arg]
        raise ZeroDivisionError("the fixture's checker divides by zero")

    issues = run_validator(broken, Scenario("x", "x"))
    assert [i.code for i in issues] == ["validator-crashed"] and issues[0].severity == ERROR
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "the rule checker failed" in text and "Traceback" in text
    assert "ZeroDivisionError: the fixture's checker divides by zero" in text


def test_warnings_go_to_the_log(state: Path) -> None:
    import warnings

    path = logs.install()
    assert path is not None
    warnings.warn("a fixture warning", UserWarning, stacklevel=1)
    for handler in logging.getLogger("py.warnings").handlers:
        handler.flush()
    assert "a fixture warning" in path.read_text(encoding="utf-8")


def test_an_unwritable_state_folder_means_no_log_not_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RAFTWRIGHT_STATE_DIR", str(blocker / "state"))
    assert logs.install() is None


def test_help_open_log_folder_opens_the_state_folder(
    window: MainWindow, state: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    action = window.action("help.log_folder")
    assert action.text().replace("&", "") == "Open log folder"
    action.trigger()
    assert [Path(u.toLocalFile()) for u in opened] == [state]
    assert state.is_dir()


def test_an_exception_escaping_a_slot_is_logged_then_handed_on(state: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = logs.install()
    assert path is not None
    handed: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", logs._excepthook(lambda kind, value, tb: handed.append(value)))
    try:
        raise KeyError("a fixture slot's missing key")
    except KeyError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "uncaught exception" in text and 'KeyError: "a fixture slot\'s missing key"' in text
    assert len(handed) == 1
