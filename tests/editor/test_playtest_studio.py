"""F5 in the studio plays the open scenario as it is, unsaved edits included, and the
playtest never changes the document; one action goes back to editing."""

from __future__ import annotations

from dataclasses import replace

from playtest_driver import Driver
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolBar

from editor.playtest import PlaytestWindow
from engine.check.validate_files import first_bundled_scenario_path, open_scenario
from engine.play.actions import PlacePathway


def test_f5_plays_the_unsaved_scenario_and_leaves_the_document_alone(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    doc = studio.doc
    edited = doc.scenario.with_changes(name="First steps, wetter", rules=replace(doc.scenario.rules, water_tokens=2))
    doc.edit("Scenario rules", edited)  # an unsaved edit, on the undo stack
    assert doc.is_modified
    index, clean, scenario = doc.undo_stack.index(), doc.undo_stack.isClean(), doc.scenario
    studio.activateWindow()
    studio.canvas.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is studio.canvas)

    QTest.keyClick(studio.canvas, Qt.Key.Key_F5)  # the key a designer presses
    playtest = studio.playtest_window
    assert isinstance(playtest, PlaytestWindow) and playtest.isVisible()
    qtbot.waitExposed(playtest)
    assert playtest.session.scenario == edited
    assert playtest.windowTitle().startswith("Playtest: First steps, wetter")
    assert playtest.panel.counters.value("water") == "2 left (0 used)"

    d = Driver(qtbot, playtest)  # play a little: draws, a pathway, its fire tile, an undo
    while playtest.session.state.phase == "draw":
        d.click(next(b for b in playtest.panel.decks.buttons.values() if b.isEnabled()))
    d.do(next(a for a in playtest.session.state.legal_actions() if isinstance(a, PlacePathway)))
    d.do(playtest.session.state.legal_actions()[0])
    playtest.actions_by_id["playtest.undo"].trigger()
    assert playtest.session.steps()[0] == 7

    back = playtest.findChild(QToolBar, "playtest-toolbar").widgetForAction(playtest.actions_by_id["playtest.back"])
    with qtbot.waitSignal(playtest.backToEditing):
        qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert not playtest.isVisible()
    assert doc.scenario is scenario and doc.scenario == edited
    assert (doc.undo_stack.index(), doc.undo_stack.isClean(), doc.is_modified) == (index, clean, True)
    assert doc.undo_stack.count() == index


def test_f5_again_replays_the_scenario_as_it_is_now(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    studio.action("game.playtest").trigger()
    first = studio.playtest_window
    studio.doc.edit("Rename", studio.doc.scenario.with_changes(name="Renamed"))
    studio.action("game.playtest").trigger()  # from the menu or toolbar, as F5 does
    assert not first.isVisible() and studio.playtest_window is not first
    assert studio.playtest_window.session.scenario.name == "Renamed"
    assert studio.action("game.playtest").shortcut().toString() == "F5"
    studio.playtest_window.close()
