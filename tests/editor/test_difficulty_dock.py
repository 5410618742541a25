"""Game > Estimate difficulty: runs off the GUI thread, shows the figures and the heat
map, cancels, and stores the estimate and the paws as one undoable edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from engine.model.formats import load_scenario
from engine.model.library import first_bundled_scenario_path

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def test_estimate_difficulty_shows_figures_and_stores_them(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(load_scenario(first_bundled_scenario_path()))
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
    studio = make_window(load_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.games.setValue(2000)
    dock.bot.setCurrentText("heuristic")
    with qtbot.waitSignal(dock.finished, timeout=120_000) as blocker:
        dock.start()
        dock.cancel()
    assert blocker.args[0] is None and "cancelled" in dock.summary.text()
    assert dock.run_button.isEnabled()
