"""Game > Estimate difficulty: runs off the GUI thread with the CLI's settings, shows
the figures and the heat map over the island on the canvas (legend and scale in the
dock), lists lost games with their cause, cancels, stores the estimate and the paws as
one undoable edit; "Winnable?" and "Show a winning line"."""

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
    assert f"{e.wins}/10" in dock.summary.text()
    # the paws are fitted to the heuristic bot's solo games: a random-bot estimate suggests none
    assert e.suggested_paws is None and "no paws suggested (paws are calibrated on the heuristic" in dock.summary.text()
    assert dock.store_button.text() == "Store in scenario (no paws)"
    assert dock.chart.rows[0] == ("win", e.wins) and dock.lost.count() == len(e.lost_seeds)
    assert dock.heat_item.counts == e.heat["fire"] and dock.heat_item.scene() is studio.canvas.island
    SHOTS.mkdir(exist_ok=True)
    dock.setFloating(True)
    dock.resize(520, 760)
    QApplication.processEvents()
    dock.grab().save(str(SHOTS / "difficulty-dock.png"))

    before, paws = studio.doc.undo_stack.index(), studio.doc.scenario.difficulty
    dock.store_button.click()
    stored = studio.doc.scenario.difficulty_estimate
    assert stored is not None and stored.games == 10 and stored.bot == "random" and stored.suggested_paws is None
    assert studio.doc.scenario.difficulty == paws  # the designer's paws untouched
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
    assert dock.heat_item.counts == e.heat["crossed"] and dock.heat_item.games == 10
    assert "Cats crossed" in dock.legend.text() and "10" in dock.legend.text()
    first = e.lost_games[0]
    row = dock.lost.item(0).text()
    assert row.startswith(f"seed {first['seed']}: round {first['round']}, {first['reason']}")
    if first["cat"]:
        assert f"{first['cat']} cat cut off" in row
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


def _heated_pixel(studio, square: tuple[int, int]):  # type: ignore[no-untyped-def]
    """The canvas's colour in the middle of ``square`` (top-left quarter: clear of the number)."""
    from editor.painting import square_rect

    rect = square_rect(*square)
    point = studio.canvas.mapFromScene(rect.left() + rect.width() * 0.2, rect.top() + rect.height() * 0.2)
    return studio.canvas.viewport().grab().toImage().pixelColor(point)


def test_the_heat_map_is_drawn_over_the_island_and_the_settings_reach_the_engine(  # type: ignore[no-untyped-def]
    qtbot, make_window
) -> None:
    studio = make_window(open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"))
    studio.resize(1200, 800)
    dock = studio.difficulty
    dock.games.setValue(12)
    dock.jobs.setValue(2)
    dock.variant.setCurrentText("solo")
    with qtbot.waitSignal(dock.finished, timeout=300_000) as blocker:
        dock.run_button.click()
    e = blocker.args[0]
    assert e is not None and e.games == 12 and e.variant == "solo" and e.players == 1
    dock.layer.setCurrentText("Cats crossed")
    studio.canvas.fit_island()
    QApplication.processEvents()
    hottest = max(e.heat["crossed"], key=lambda k: e.heat["crossed"][k])
    square = tuple(int(v) for v in hottest.split(","))
    heated = _heated_pixel(studio, square)
    SHOTS.mkdir(exist_ok=True)
    studio.grab().save(str(SHOTS / "difficulty-heat-on-canvas.png"))
    dock.layer.setCurrentText("Off")
    QApplication.processEvents()
    assert _heated_pixel(studio, square) != heated  # the tint was the heat map's
    assert not dock.heat_item.counts and "No estimate" in dock.legend.text()

    dock.players.setValue(3)  # the scenario is for one player: the engine's refusal, said in the dock
    with qtbot.waitSignal(dock.finished, timeout=60_000) as refused:
        dock.run_button.click()
    assert refused.args[0] is None and "player" in dock.summary.text()


def test_winnable_and_show_a_winning_line(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.deals.setValue(2)
    dock.budget.setValue(500)
    with qtbot.waitSignal(dock.searched, timeout=300_000) as blocker:
        dock.search_button.click()
    w = blocker.args[0]
    assert w is not None and w.wins == 2
    assert "a win exists in 2 of 2 deals" in dock.verdict.text() and dock.line_button.isEnabled()
    dock.line_button.click()
    window = dock.playtest
    assert window is not None and window.isVisible()
    state = window.session.state
    assert state is not None and state.is_terminal() and state.outcome().won
    assert state.seed == w.shortest.seed and len(state.history) == len(w.shortest.actions)
    assert "winning line" in window.windowTitle()
    dock.setFloating(True)
    dock.resize(560, 820)
    QApplication.processEvents()
    SHOTS.mkdir(exist_ok=True)
    dock.grab().save(str(SHOTS / "difficulty-dock-winnable.png"))
    window.close()


def test_a_malformed_cluster_address_is_one_line_in_the_dock(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    """The dock's cluster field goes through the same checks as --cluster: a bad
    address is refused with the CLI's one-line message, no traceback."""
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.games.setValue(10)
    dock.cluster.setText("127.0.0.1:notaport")
    with qtbot.waitSignal(dock.finished, timeout=60_000) as blocker:
        dock.run_button.click()
    assert blocker.args[0] is None
    text = dock.summary.text()
    assert text.startswith("Cluster: ") and "notaport" in text and "port" in text and "\n" not in text
    assert "Traceback" not in text and dock.run_button.isEnabled()
