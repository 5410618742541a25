"""Issue 28 item 7, the start-up figure: what the studio no longer does before its first
paint, and proof that the designer still gets all of it right after.

* a warm start (the bundled files' schema checks cached) paints the island without
  loading jsonschema, the rule checker, the rules, the bots, the simulation, the
  packs reader, http or email: a load-independent figure beside bench_startup's time;
* the bundled scenarios and campaigns skip their schema pass when the same content
  passed it before (as the bundled catalogs do); any other file is always checked;
* the first check of the opened scenario waits for the first paint: meanwhile the
  status bar says "Checking…" (never "No problems"), and the Problems dock fills
  right after; the campaign library fills when it is first shown or after the paint;
* the app-wide shortcut guard, the log file and the one-studio server start right after
  the first paint (what the start logs meanwhile is written to the file then), and a
  launch with no studio's socket in sight loads no QtNetwork;
* the palette draws an icon when its row is first shown, the Properties dock builds its
  Scenario and Objectives tabs when first shown or asked for.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor import logs, smoke
from editor.app import create_window
from editor.docks import palette
from editor.docks.library import LibraryDock
from editor.docks.problems import summary
from editor.first_paint import AfterFirstPaint
from editor.mainwindow import CHECKING, MainWindow
from editor.validation import ValidationRunner
from engine.check import open_files
from engine.check.open_files import first_bundled_scenario_path, open_scenario
from engine.check.validate import validate
from engine.model import schema_cache
from engine.model.catalog import default_catalog
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]

#: loaded after the first paint (or only when used), never before it on a warm start
DEFERRED = (
    "jsonschema",
    "referencing",
    "engine.check.validate",
    "engine.check.estimates",
    "engine.play.game",
    "engine.bots",
    "engine.sim",
    "engine.packs.install",
    "engine.packs.reader",
    "editor.docks.difficulty",
    "editor.sheets",
    "editor.packs.browse",
    "editor.playtest",
    "http.client",
    "email",
    "urllib.request",
    "engine.check.rulecheck",
    "engine.model.layout",
    "engine.packs.manifest",
    "logging.handlers",
    "PySide6.QtNetwork",
    "editor.docks.scenario_form",
    "editor.docks.objectives",
    "sysconfig",  # PySide's source check knows the standard library by name (editor.pyside_scan)
)


def start_studio(
    home: Path, modules: Path | None = None, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_USER_DIR=str(home / "user"),
        RAFTWRIGHT_SETTINGS=str(home / "settings.ini"),
        PYTHONPATH=str(ROOT),
        **{smoke.ENV_SMOKE: "1"},
        **(extra or {}),
    )
    if modules is not None:
        env[smoke.ENV_MODULES] = str(modules)
    return subprocess.run(
        [sys.executable, "-m", "raftwright.cli", "edit"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_a_warm_start_paints_the_island_before_loading_the_checker_and_the_rules(tmp_path: Path) -> None:
    cold, warm = tmp_path / "cold.txt", tmp_path / "warm.txt"
    first = start_studio(tmp_path, cold)  # a fresh user folder: the bundled files' schema checks run and are cached
    assert first.returncode == 0, first.stderr
    second = start_studio(tmp_path, warm)
    assert second.returncode == 0, second.stderr
    assert smoke.SMOKE_LINE in second.stdout.splitlines()
    loaded = set(warm.read_text(encoding="utf-8").split())
    early = sorted(m for m in loaded if any(m == d or m.startswith(d + ".") for d in DEFERRED))
    assert early == [], f"loaded before the first paint: {early}"
    assert {"editor.mainwindow", "editor.canvas", "engine.check.open_files"} <= loaded  # it did start the studio
    assert "jsonschema" in set(cold.read_text(encoding="utf-8").split())  # the cold start checks, so it loads it


# --- the bundled files' schema pass, cached ----------------------------------------------
@pytest.fixture
def schema_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("RAFTWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    calls: list[str] = []
    real = open_files.schema_issues

    def counting(kind: str, data: object) -> list:  # type: ignore[type-arg]
        calls.append(kind)
        return real(kind, data)

    monkeypatch.setattr(open_files, "schema_issues", counting)
    return calls


def test_a_bundled_scenario_is_schema_checked_once_then_by_content(schema_calls: list[str]) -> None:
    path = first_bundled_scenario_path()
    first = open_scenario(path)
    assert schema_calls == ["campaign", "scenario"]  # the campaign read to find Tutorial 1, then the scenario
    again = open_scenario(first_bundled_scenario_path())
    assert schema_calls == ["campaign", "scenario"], "the second open re-ran a schema check"
    assert again == first


def test_other_files_and_other_content_are_always_checked(schema_calls: list[str], tmp_path: Path) -> None:
    bundled = first_bundled_scenario_path()
    open_scenario(bundled)
    schema_calls.clear()
    copy = tmp_path / bundled.name
    shutil.copyfile(bundled, copy)
    schema_cache.remember("scenario", open_files._content(json.loads(copy.read_text(encoding="utf-8"))))
    open_scenario(copy)  # the same content outside the bundled folder: never trusted from the cache
    assert schema_calls == ["scenario"]
    data = json.loads(bundled.read_text(encoding="utf-8"))
    data["boards"] = "not a list"
    with pytest.raises(ValueError, match="boards"):
        open_scenario(bundled, data)  # bundled path, other content: checked, and refused
    assert schema_calls == ["scenario", "scenario"]


# --- the first check after the first paint -----------------------------------------------
def test_the_start_says_checking_then_shows_the_problems_right_after_the_first_paint(qtbot: QtBot) -> None:
    window = create_window(defer_start=True)
    qtbot.addWidget(window)
    window.doc.reset(Scenario("fixture-empty", "An empty fixture island"), None)  # empty: it has problems
    assert not window.doc.checked
    assert window.problem_label.text() == CHECKING
    assert window.problems.windowTitle() == "Problems: checking…"
    assert not window.library.filled and window.library.tree.topLevelItemCount() == 0
    painted: list[bool] = []
    AfterFirstPaint(window.canvas.viewport(), lambda: (painted.append(True), window.finish_start()))
    window.show()
    qtbot.waitUntil(lambda: window.doc.checked, timeout=20000)
    assert painted == [True]
    expected = validate(window.doc.scenario, window.doc.catalog)
    assert expected and [i.code for i in window.doc.issues] == [i.code for i in expected]
    assert window.problem_label.text() == summary(expected)
    assert window.problems.tree.topLevelItemCount() == len(expected)
    assert window.library.filled and window.library.tree.topLevelItemCount() == 3  # bundled, mine, packs


def test_a_window_made_without_deferring_checks_and_fills_at_once(qtbot: QtBot) -> None:
    window = create_window()
    qtbot.addWidget(window)
    assert window.library.filled
    qtbot.waitUntil(lambda: window.doc.checked, timeout=20000)  # on the worker thread, no paint needed
    assert window.problem_label.text() != CHECKING


def test_a_held_runner_starts_only_the_newest_request_on_release(qtbot: QtBot) -> None:
    seen: list[str] = []

    def checker(scenario: Scenario) -> list:  # type: ignore[type-arg]
        seen.append(scenario.id)
        return []

    runner = ValidationRunner(checker)
    runner.hold()
    for n in (1, 2, 3):
        runner.request(n, Scenario(f"s{n}", "fixture"))
    assert runner.held and seen == []
    with qtbot.waitSignal(runner.finished, timeout=10000) as blocker:
        runner.release()
    assert blocker.args == [3, []]
    assert seen == ["s3"]
    runner.release()  # a second release starts nothing
    runner.wait()
    assert seen == ["s3"]


def test_the_library_fills_when_first_shown(qtbot: QtBot) -> None:
    dock = LibraryDock(fill_now=False)
    qtbot.addWidget(dock)
    assert not dock.filled
    dock.show()
    qtbot.waitUntil(lambda: dock.filled)
    names = [dock.tree.topLevelItem(n).text(0) for n in range(dock.tree.topLevelItemCount())]  # type: ignore[union-attr]
    assert names == ["Bundled campaigns", "My campaigns", "Installed packs"]


def test_the_build_screenshot_shows_the_checked_scenario_not_checking(qtbot: QtBot, tmp_path: Path) -> None:
    window = create_window(defer_start=True)
    qtbot.addWidget(window)
    window.show()
    assert not window.doc.checked
    smoke.save_screenshot(window, str(tmp_path / "studio.png"))
    assert window.doc.checked and window.problem_label.text() != CHECKING
    assert (tmp_path / "studio.png").stat().st_size > 0


# --- what starts right after the first paint ---------------------------------------------
def test_a_deferred_window_installs_its_shortcut_guard_when_its_start_finishes(qtbot: QtBot) -> None:
    window = create_window(defer_start=True)
    qtbot.addWidget(window)
    assert window.shortcut_guard is None  # an app-wide filter: every event would pass through Python
    window.finish_start()
    guard = window.shortcut_guard
    assert guard is not None
    window.finish_start()
    assert window.shortcut_guard is guard  # once
    eager = MainWindow()
    qtbot.addWidget(eager)
    assert eager.shortcut_guard is not None


def test_what_the_start_logs_before_the_file_opens_is_written_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAFTWRIGHT_STATE_DIR", str(tmp_path / "state"))
    logs.hold()
    logging.getLogger(f"{logs.LOGGER}.qt").warning("a fixture warning from the start")
    assert not logs.log_path().exists()  # no file, no logging.handlers yet
    path = logs.install()
    assert path is not None
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    lines = path.read_text(encoding="utf-8").splitlines()
    started = next(n for n, line in enumerate(lines) if "studio started" in line)
    held = next(n for n, line in enumerate(lines) if "a fixture warning from the start" in line)
    assert started < held
    logging.getLogger(f"{logs.LOGGER}.qt").warning("a fixture warning after the start")
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert text.count("a fixture warning from the start") == 1 and "a fixture warning after the start" in text


def test_a_launch_with_no_studio_socket_hands_nothing_over_and_loads_no_qtnetwork(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from editor.single_instance import hand_over\n"
        "print(hand_over(None, 'raftwright-fixture-no-studio'), 'PySide6.QtNetwork' in sys.modules)\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


# --- built when first shown -----------------------------------------------------------------
def test_the_palette_draws_an_icon_when_its_row_is_first_shown(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = palette.element_pixmap

    def counting(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        drawn.append(repr(args[0]))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(palette, "element_pixmap", counting)
    dock = palette.PaletteDock(default_catalog())
    qtbot.addWidget(dock)
    assert drawn == []
    dock.resize(240, 320)  # a few rows on screen
    dock.show()
    qtbot.waitExposed(dock)
    qtbot.waitUntil(lambda: len(drawn) > 0)
    assert len(drawn) < len(dock.items)  # the rows off screen wait
    for label, item in dock.items.items():  # each icon is the picture it was before, drawn on request
        element = item.data(0, palette.Qt.ItemDataRole.UserRole)
        per_square = {palette.BoardSlot: palette.ICON_SQUARE_PX, palette.CardPlacement: 9.0}.get(type(element), 26.0)
        eager = palette.QIcon(real(element, dock.catalog, per_square, palette.ICON_DEVICE_RATIO))
        icon = item.icon(0)
        assert icon.actualSize(palette.QSize(36, 24)) == eager.actualSize(palette.QSize(36, 24)), label
        assert icon.pixmap(36, 24).toImage() == eager.pixmap(36, 24).toImage(), label
    assert len(drawn) == len(dock.items)


def test_a_deferred_start_draws_the_palette_pictures_right_after_the_first_paint(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[object] = []
    real = palette.element_pixmap
    monkeypatch.setattr(palette, "element_pixmap", lambda *a, **k: drawn.append(a[0]) or real(*a, **k))
    window = create_window(defer_start=True)
    qtbot.addWidget(window)
    at_paint: list[int] = []
    AfterFirstPaint(window.canvas.viewport(), window.finish_start, at_paint=lambda: at_paint.append(len(drawn)))
    window.show()
    qtbot.waitUntil(lambda: at_paint != [] and window.palette_dock.icon_gate.open)
    assert at_paint == [0]  # the first paint: labels, no pictures yet
    qtbot.waitUntil(lambda: len(drawn) > 0)  # right after it: the rows on screen get theirs
    window.doc.shutdown()


def test_the_properties_pages_are_built_when_first_shown_or_asked_for(qtbot: QtBot) -> None:
    window = create_window()  # Tutorial 1: boards to select
    qtbot.addWidget(window)
    props = window.properties
    labels = [props.tabs.tabText(n) for n in range(props.tabs.count())]
    assert labels == ["Selection", "Scenario", "Objectives"]
    assert props._scenario_page is None and props._objectives_page is None
    assert list(props.pages) == []  # "Nothing selected": no element page yet
    window.doc.set_selection([("boards", 0)])
    assert list(props.pages) == ["boards"] and props.stack.currentWidget() is props.pages["boards"]
    assert props.pages["boards"].title.text().startswith("Board 1")  # loaded with the selected board
    props.tabs.setCurrentIndex(1)  # as a click on the tab does
    page = props._scenario_page
    assert page is not None and props.tabs.widget(1) is page and props.tabs.currentIndex() == 1
    assert page.name.text() == window.doc.scenario.name  # loaded with the open scenario
    objectives = props.objectives_page  # asked for (a test, the Problems dock): built in its tab
    assert props.tabs.widget(2) is objectives and props.tabs.currentIndex() == 1
    assert [props.tabs.tabText(n) for n in range(props.tabs.count())] == labels


def test_pyside_is_told_which_modules_use_it_instead_of_reading_their_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """PySide reads each later module's source to see whether it uses PySide (about 25 ms
    before the first paint from a checkout); the studio answers for the engine, itself and
    the standard library, and leaves any other module to PySide's own check."""
    import json as stdlib_module
    import sys

    import editor.docks.palette as studio_module
    import engine.model.geometry as engine_module
    from editor import pyside_scan

    feature = sys.modules["shibokensupport.feature"]
    assert getattr(feature._mod_uses_pyside, "known_answers", False)  # installed by importing editor
    read: list[str] = []
    monkeypatch.setattr("inspect.getsource", lambda m: read.append(m.__name__) or "import PySide6")
    assert feature._mod_uses_pyside(engine_module) is False
    assert feature._mod_uses_pyside(studio_module) is True
    assert feature._mod_uses_pyside(stdlib_module) is False
    assert read == []  # none of them was read
    assert pyside_scan.known(pytest) is None and feature._mod_uses_pyside(pytest) is True
    assert read == ["pytest"]  # any other module: PySide's own check


def test_the_start_collects_no_garbage_before_the_first_paint(tmp_path: Path) -> None:
    """From ``raftwright edit`` to the first paint the interpreter runs no automatic cycle
    collection (some 50 before, 5 % of the start); only the studio's collector collects,
    from its GUI-thread timer (editor.gui_gc), which owns collection after the start."""
    code = (
        "import gc, sys\n"
        "import editor.smoke as smoke\n"
        "from editor import gui_gc\n"
        "automatic = []\n"
        "def seen(phase, info):\n"
        "    frame, names = sys._getframe(1), set()\n"
        "    while frame is not None:\n"
        "        names.add(frame.f_code.co_name); frame = frame.f_back\n"
        "    if phase == 'start' and 'check' not in names:\n"
        "        automatic.append(info['generation'])\n"
        "def at_paint(target):\n"
        "    print('automatic collections', automatic, gc.isenabled(), gui_gc.active())\n"
        "smoke.record_modules = at_paint\n"
        "from raftwright.cli import main\n"
        "gc.callbacks.append(seen)\n"
        "sys.exit(main(['edit']))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RAFTWRIGHT_USER_DIR=str(tmp_path / "user"),
               RAFTWRIGHT_SETTINGS=str(tmp_path / "settings.ini"), PYTHONPATH=str(ROOT), **{smoke.ENV_SMOKE: "1"})  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "automatic collections [] False True" in done.stdout.splitlines(), done.stdout


def test_the_studio_and_the_bare_window_record_the_same_figures_at_their_first_paint(tmp_path: Path) -> None:
    """bench_startup's load-independent figures: the main thread's CPU to the first paint,
    the Qt enums made, the modules loaded and the collections run, written by the studio
    (editor.smoke) and by the bare window it is compared with (bench/bare_window.py), whose
    own start loads nothing more for it."""
    studio_figures, bare_figures, bare_listing = tmp_path / "studio.json", tmp_path / "bare.json", tmp_path / "bare.txt"
    first = start_studio(tmp_path, extra={smoke.ENV_FIGURES: str(studio_figures)})
    assert first.returncode == 0, first.stderr
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{smoke.ENV_FIGURES: str(bare_figures)})
    env[smoke.ENV_MODULES] = str(bare_listing)
    bare = subprocess.run([sys.executable, str(ROOT / "bench" / "bare_window.py")], env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert bare.returncode == 0, bare.stderr
    studio, window = (json.loads(f.read_text(encoding="utf-8")) for f in (studio_figures, bare_figures))
    assert set(studio) == set(window) == {"thread_cpu", "qt_enums", "qt_enum_members", "modules", "gc_collections"}
    assert studio["thread_cpu"] > 0 and window["thread_cpu"] > 0
    assert studio["qt_enums"] > window["qt_enums"] > 0  # the studio names Qt's namespace, the bare window never
    assert window["modules"] == len(bare_listing.read_text(encoding="utf-8").split())
    assert len(studio["gc_collections"]) == len(window["gc_collections"]) == 3
