"""Game > Estimate difficulty: runs off the GUI thread, shows the figures and the heat
map, cancels, and stores the estimate and the paws as one undoable edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.check.validate_files import first_bundled_scenario_path, open_scenario
from engine.model.resources import campaigns_dir

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def test_estimate_difficulty_shows_figures_and_stores_them(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.games.setValue(10)
    dock.bot.setCurrentText("random")
    with qtbot.waitSignal(dock.finished, timeout=120_000) as blocker:
        studio.action("game.estimate_difficulty").trigger()
        assert not dock.run_button.isEnabled() and dock.cancel_button.isEnabled()  # the GUI thread is free
    e = blocker.args[0]
    assert e is not None and e.games == 10 and dock.progress.value() == 10
    assert f"{e.wins}/10" in dock.summary.text() and "paws" in dock.summary.text()
    assert dock.chart.rows[0] == ("win", e.wins) and dock.lost.count() == len(e.lost_seeds)
    assert dock.heat.counts == e.heat["fire"]
    SHOTS.mkdir(exist_ok=True)
    dock.setFloating(True)
    dock.resize(520, 760)
    QApplication.processEvents()
    dock.grab().save(str(SHOTS / "difficulty-dock.png"))

    before = studio.doc.undo_stack.index()
    dock.store_button.click()
    stored = studio.doc.scenario.difficulty_estimate
    assert stored is not None and stored.games == 10 and stored.bot == "random"
    assert studio.doc.scenario.difficulty == e.suggested_paws
    assert studio.doc.undo_stack.index() == before + 1
    studio.doc.undo_stack.undo()
    assert studio.doc.scenario.difficulty_estimate is None


def test_cancel_stops_the_estimate(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.games.setValue(2000)
    dock.bot.setCurrentText("heuristic")
    with qtbot.waitSignal(dock.finished, timeout=120_000) as blocker:
        dock.start()
        dock.cancel()
    assert blocker.args[0] is None and "cancelled" in dock.summary.text()
    assert dock.run_button.isEnabled()


def test_a_lost_game_opens_in_the_playtest_where_it_was_lost(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    """The dock's heat map shows the squares cats crossed, and activating a lost game
    plays it again and shows the playtest at the moment it was lost."""
    studio = make_window(open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"))
    dock = studio.difficulty
    dock.games.setValue(10)
    dock.bot.setCurrentText("heuristic")
    with qtbot.waitSignal(dock.finished, timeout=300_000) as blocker:
        dock.run_button.click()
    e = blocker.args[0]
    assert e.heat["crossed"], "cats moved in some game"
    dock.layer.setCurrentText("Cats crossed")
    assert dock.heat.counts == e.heat["crossed"]
    dock.setFloating(True)
    dock.resize(520, 760)
    QApplication.processEvents()
    SHOTS.mkdir(exist_ok=True)
    dock.grab().save(str(SHOTS / "difficulty-dock-crossed.png"))

    assert dock.lost.count() > 0
    dock.lost.setCurrentRow(0)
    seed = int(dock.lost.item(0).data(Qt.ItemDataRole.UserRole))
    qtbot.keyClick(dock.lost, Qt.Key.Key_Return)
    window = dock.playtest
    assert window is not None and window.isVisible()
    state = window.session.state
    assert state is not None and state.is_terminal() and not state.outcome().won
    assert state.seed == seed and window.session.can_undo() and not window.session.can_redo()
    assert f"seed {seed}" in window.windowTitle()
    QApplication.processEvents()
    window.grab().save(str(SHOTS / "difficulty-lost-game.png"))
    window.close()
