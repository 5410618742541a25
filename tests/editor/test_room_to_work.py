"""Issue 28 item 5: room to work.  The canvas gets over half of a 1280x800 window, an
empty Problems dock shrinks to its title, the Scenario tab needs no scroll bar, the
window fits the screen and comes back where it was with its docks, the last file
reopens, the palette has a search box, and a second launch hands its file over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from studio_helpers import Answers, WindowFactory, answer, settle

from editor import single_instance
from editor.files import save_scenario_file
from editor.mainwindow import MainWindow, screen_fitted_size
from editor.single_instance import StudioServer, server_name
from engine.check.validate_files import first_bundled_scenario_path, open_scenario
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]


def land_layouts() -> None:
    """A shown tab's layout requests are posted events: let them land before measuring
    (else a scroll range is read before the tab has laid itself out)."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def canvas_share(window: MainWindow) -> float:
    canvas = window.canvas
    return canvas.width() * canvas.height() / (window.width() * window.height())


def test_the_canvas_gets_over_half_of_a_1280x800_window(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    assert window.open_path(first_bundled_scenario_path())  # Tutorial 1: no problems
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() == 800 and window.problems.height() < 40, timeout=15_000)
    qtbot.waitUntil(lambda: window.doc.checked, timeout=20000)  # "checking…" until the first check is in
    assert window.problems.windowTitle() == "Problems: none"
    assert canvas_share(window) >= 0.55, canvas_share(window)
    window.properties.tabs.setCurrentWidget(window.properties.scenario_page)
    page = window.properties.scenario_page
    qtbot.waitUntil(page.isVisible, timeout=15_000)
    land_layouts()
    assert page.verticalScrollBar().maximum() == 0  # water tokens and advanced options in sight
    assert page.disaster.visibleRegion().boundingRect().height() == page.disaster.height()


def test_the_problems_dock_grows_back_when_there_is_a_problem(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    window = make_window()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.problems.height() < 40, timeout=15_000)
    broken = island.with_changes(cards=island.cards[:3])  # no raft: cats have nowhere to go
    window.doc.reset(broken, None)
    assert settle(qtbot, window.doc)
    qtbot.waitUntil(lambda: window.problems.height() > 100, timeout=15_000)
    assert window.problems.tree.header().isVisible() and window.problems.tree.topLevelItemCount() > 0


def test_geometry_and_docks_come_back_and_fit_the_screen(qtbot: QtBot) -> None:
    first = MainWindow(autosave_seconds=3600)
    qtbot.addWidget(first)
    room = first.screen().availableGeometry()
    assert first.width() <= max(room.width() * 0.95, 1) + 1 and first.height() <= room.height() * 0.95 + 1
    first.show()
    first.resize(700, 500)
    first.history.raise_()
    first.library.hide()
    qtbot.waitUntil(lambda: first.width() == 700, timeout=15_000)
    first.close()
    second = MainWindow(autosave_seconds=3600)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert (second.width(), second.height()) == (700, 500)
    assert not second.library.isVisible() and second.history.isVisible()
    second.close()
    size = screen_fitted_size(second)
    assert size.width() <= 1400 and size.height() <= 900


def test_the_last_file_reopens(qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path) -> None:
    from editor.app import create_window

    path = tmp_path / "mine.scenario.json"
    save_scenario_file(island, path)
    window = make_window()
    assert window.open_path(path)
    window.close()
    again = create_window(autosave_seconds=3600)
    qtbot.addWidget(again)
    assert again.doc.path == path and again.doc.scenario == island
    again.autosaver.close()


def test_the_palette_search_box_filters_the_entries(make_window: WindowFactory) -> None:
    window = make_window()
    palette = window.palette_dock
    everything = palette.visible_labels()
    palette.search.setText("raft")
    assert palette.visible_labels() == ["Raft card A", "Raft card B", "Raft card C", "Raft card D"]
    palette.search.setText("location 5")
    assert palette.visible_labels() == ["Location card 5"]
    palette.search.setText("nothing like this")
    assert palette.visible_labels() == []
    palette.search.clear()
    assert palette.visible_labels() == everything


def test_a_second_launch_hands_its_file_to_the_running_studio(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario, tmp_path: Path
) -> None:
    path = tmp_path / "handed.scenario.json"
    save_scenario_file(island, path)
    window = make_window()
    server = StudioServer()
    assert server.listening and server.name == server_name()
    server.fileRequested.connect(window.open_handed_file)
    launch = (
        "import sys\n"
        "from editor.app import main\n"
        "sys.exit(main(sys.argv[1]))\n"  # the real entry point: it must hand over and exit 0
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    second = None
    try:
        with qtbot.waitSignal(server.fileRequested, timeout=60000) as got:
            second = subprocess.Popen([sys.executable, "-c", launch, str(path)], env=env)
        qtbot.waitUntil(lambda: second is not None and second.poll() is not None, timeout=30000)
    finally:
        if second is not None and second.poll() is None:
            second.kill()  # it started a second studio instead of handing over
    assert second.returncode == 0
    assert got.args == [str(path.resolve())]
    assert window.doc.path == path.resolve() and window.doc.scenario == island
    server.close()
    QApplication.processEvents()


def test_the_scenario_tab_needs_no_scroll_bar_with_problems_listed(qtbot: QtBot) -> None:
    """A studio opened at 1280x800 on a layout with problems: the Problems dock spans the
    palette and the canvas, so the Scenario tab keeps its height and every option shows."""
    window = MainWindow(autosave_seconds=3600)
    qtbot.addWidget(window)
    answer(window, Answers())  # unsaved changes at the end: discarded
    first = open_scenario(first_bundled_scenario_path())
    window.open_path(first_bundled_scenario_path())
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.doc.reset(first.with_changes(cards=first.cards[:3]), None)  # no raft: problems listed
    assert settle(qtbot, window.doc)
    qtbot.waitUntil(lambda: window.problems.height() > 100, timeout=15_000)
    window.properties.tabs.setCurrentWidget(window.properties.scenario_page)
    page = window.properties.scenario_page
    qtbot.waitUntil(page.isVisible, timeout=15_000)
    land_layouts()
    assert page.verticalScrollBar().maximum() == 0
    assert page.disaster.visibleRegion().boundingRect().height() == page.disaster.height()
    assert window.problems.tree.topLevelItemCount() > 0 and window.problems.height() > 100
    assert page.author.cursorPosition() == 0  # a long author shows its start
    window.autosaver.close()


def test_a_launch_waits_for_a_starting_studio_and_ignores_a_dead_ones_marker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The studio listens only after its first paint.  Its starting marker (its process
    id) makes a launch in between wait for it to listen instead of starting a second
    studio; the marker of a process that is gone, or the launch's own, is no studio."""
    monkeypatch.setattr(single_instance, "_temp", lambda: tmp_path)
    name = "raftwright-fixture-starting"
    socket = tmp_path / name
    first = single_instance.Starting(name)
    assert first.made and single_instance.starting_pid(first.path) == os.getpid()
    assert not single_instance.Starting(name).made  # one studio makes the marker
    assert single_instance._wait_for_listening(name, socket) is False  # its own marker: nothing to wait for

    socket.touch()  # a crashed studio's socket file: no reason to hand over while a studio starts
    other = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        first.path.write_text(str(other.pid), encoding="ascii")  # a studio in another process, starting
        polls: list[float] = []

        def poll(seconds: float) -> None:  # the studio paints, listens and removes its marker
            polls.append(seconds)
            if len(polls) == 2:
                first.path.unlink()

        monkeypatch.setattr(single_instance.time, "sleep", poll)
        assert single_instance._wait_for_listening(name, socket) is True
        assert polls == [single_instance.POLL_S] * 2  # it waited for the marker to go, not for the socket file
    finally:
        other.communicate(b"")
    socket.unlink()
    first.path.write_text(str(other.pid), encoding="ascii")  # that process is gone: its marker is no studio
    assert single_instance._wait_for_listening(name, socket) is False
    assert single_instance.Starting(name).made  # and its stale marker gives way to the next studio
