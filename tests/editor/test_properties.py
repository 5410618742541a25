"""Edits through the properties dock (element fields, scenario metadata, rule
options, objectives), each undone and redone."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QDialog
from pytestqt.qtbot import QtBot
from test_edit_commands import check_one_step

from editor.docks.objectives import ObjectiveDialog
from editor.mainwindow import MainWindow
from engine import validate
from engine.model.scenario import BoardPin, BoardSlot, Objective, RuleOptions


def choose(box: QComboBox, text: str) -> None:
    """What a click on a combo box entry does."""
    index = box.findText(text)
    assert index >= 0, f"{text!r} not offered: {[box.itemText(i) for i in range(box.count())]}"
    box.setCurrentIndex(index)
    box.activated.emit(index)


def test_board_face_edge_and_pin(window: MainWindow) -> None:
    doc, page = window.doc, window.properties.pages["boards"]
    before = doc.scenario
    doc.set_selection({("boards", 1)})
    assert window.properties.stack.currentWidget() is page
    assert page.edge.isEnabled() is False and page.face.currentText() == "plain"
    choose(page.face, "fire")
    flipped = before.with_changes(
        boards=(before.boards[0], BoardSlot("large", "fire", (0, 9), "west")) + before.boards[2:]
    )
    check_one_step(window, before, flipped)
    assert page.edge.isEnabled()
    choose(page.edge, "south")
    assert doc.scenario.boards[1].fire_edge == "south"
    assert [page.pin.itemText(i) for i in range(page.pin.count())][1:] == ["L1", "L2", "L3", "L4"]
    choose(page.pin, "L3")
    assert doc.scenario.boards[1].pin == BoardPin("L3", 0)
    assert doc.undo_stack.count() == 3


def test_small_board_orientation_and_size(window: MainWindow) -> None:
    doc, page = window.doc, window.properties.pages["boards"]
    before = doc.scenario
    doc.set_selection({("boards", 3)})
    choose(page.orientation, "vertical")
    turned = before.with_changes(boards=before.boards[:3] + (BoardSlot("small", "plain", (9, 9), None, "vertical"),))
    check_one_step(window, before, turned)
    choose(page.size_box, "large")
    assert doc.scenario.boards[3] == BoardSlot("large", "plain", (9, 9))


def test_spinning_a_row_is_one_undo_step(window: MainWindow) -> None:
    doc, page = window.doc, window.properties.pages["tokens"]
    before = doc.scenario
    doc.set_selection({("tokens", 1)})
    for _ in range(3):
        page.row.stepUp()
    expected = before.with_changes(tokens=(before.tokens[0], replace(before.tokens[1], at=(15, 12))))
    check_one_step(window, before, expected)


def test_card_rotation_identity_and_stand_in(window: MainWindow) -> None:
    doc, page = window.doc, window.properties.pages["cards"]
    before = doc.scenario
    doc.set_selection({("cards", 0)})
    choose(page.rotation, "180°")
    rotated = before.with_changes(cards=(replace(before.cards[0], rotation=2),) + before.cards[1:])
    check_one_step(window, before, rotated)
    page.ident.setEditText("2")
    page.ident.lineEdit().editingFinished.emit()
    assert doc.scenario.cards[0].ident == "2"
    page.stand_in.setChecked(True)
    assert doc.scenario.cards[0] == replace(before.cards[0], rotation=2, ident="2", stand_in=True)
    assert doc.undo_stack.count() == 3


def test_token_kind_and_value(window: MainWindow) -> None:
    doc, page = window.doc, window.properties.pages["tokens"]
    before = doc.scenario
    doc.set_selection({("tokens", 0)})
    choose(page.value, "?")
    valued = before.with_changes(tokens=(replace(before.tokens[0], value="?"),) + before.tokens[1:])
    check_one_step(window, before, valued)
    choose(page.kind, "water")
    assert doc.scenario.tokens[0] == replace(before.tokens[0], kind="water", value=None)
    assert not page.value.isEnabled()


def test_many_selected_shows_a_count(window: MainWindow) -> None:
    window.doc.set_selection({("cards", 0), ("cards", 1)})
    assert window.properties.stack.currentWidget() is window.properties.message
    assert window.properties.message.text().startswith("2 elements selected")


def test_typing_a_name_is_one_undo_step_and_shows_in_the_title(qtbot: QtBot, window: MainWindow) -> None:
    doc, form = window.doc, window.properties.scenario_page
    before = doc.scenario
    form.name.selectAll()
    QTest.keyClicks(form.name, "Harbour fire")
    expected = before.with_changes(name="Harbour fire")
    check_one_step(window, before, expected)
    assert window.windowTitle().startswith("Harbour fire")


def test_metadata_fields(window: MainWindow) -> None:
    doc, form = window.doc, window.properties.scenario_page
    before = doc.scenario
    choose(form.difficulty, "3 paws")
    check_one_step(window, before, before.with_changes(difficulty=3))
    choose(form.mode, "advanced")
    QTest.keyClicks(form.campaign, "my-campaign")
    QTest.keyClicks(form.author, "Ada")
    form.notes.setPlainText("Watch the east strip.")
    assert doc.scenario == before.with_changes(
        difficulty=3, mode="advanced", campaign="my-campaign", author="Ada", notes="Watch the east strip."
    )
    assert doc.undo_stack.count() == 5
    doc.undo_stack.setIndex(0)
    assert doc.scenario == before and form.campaign.text() == "" and form.notes.toPlainText() == ""


def test_id_field_only_takes_identifier_characters(window: MainWindow) -> None:
    form = window.properties.scenario_page
    form.id.selectAll()
    QTest.keyClicks(form.id, "Bay 2!")
    assert window.doc.scenario.id == "ay2"  # upper case, space and "!" are refused as typed


def test_rule_options(window: MainWindow) -> None:
    doc, form = window.doc, window.properties.scenario_page
    before = doc.scenario
    form.water.setValue(2)
    check_one_step(window, before, before.with_changes(rules=replace(before.rules, water_tokens=2)))
    form.players[3].setChecked(False)
    form.communication.setChecked(True)
    form.disaster.setChecked(True)
    form.hybrid.setChecked(True)
    assert doc.scenario.rules == RuleOptions((1, 2, 3), 2, True, True, True)
    for box in form.players[:3]:
        box.setChecked(False)
    assert doc.scenario.rules.players == (3,)  # the last player count cannot be unticked
    assert form.players[2].isChecked()


def test_the_stuck_hand_reading_is_a_rule_option(window: MainWindow) -> None:
    """RULINGS LC-7 (an unknown): the scenario picks its reading; the default (the game
    is lost) is shown first and named as the default; 'forbid' is offered but refused by
    the engine, so the Problems dock warns that the scenario cannot be playtested."""
    doc, form = window.doc, window.properties.scenario_page
    before = doc.scenario
    assert form.stuck.currentIndex() == 0 and "default" in form.stuck.currentText()
    form.stuck.setCurrentIndex(1)
    form.stuck.activated.emit(1)  # as a click on the item does
    check_one_step(window, before, before.with_changes(rules=replace(before.rules, stuck_hand="discard")))
    form.stuck.activated.emit(2)
    assert doc.scenario.rules.stuck_hand == "forbid"
    found = [i for i in validate(doc.scenario) if i.code == "not-playable-yet"]
    assert [i.where.path for i in found] == ["/rules/stuck_hand"] and "LC-7" in found[0].message


def test_objectives_add_edit_reorder_remove(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    doc, page = window.doc, window.properties.objectives_page
    before = doc.scenario
    page.add_kind.setCurrentIndex(page.add_kind.findData("collect_maps"))
    page.buttons["Add"].click()
    assert (
        page.list.currentRow() == 1 and page.list.currentItem().text() == "2. Collect 1 treasure map"
    )  # "objective 2" in the Problems dock
    added = before.with_changes(objectives=before.objectives + (Objective("collect_maps", count=1),))
    check_one_step(window, before, added)
    page.select(1)

    dialog = ObjectiveDialog(doc.scenario.objectives[1], page)
    dialog.kind.setCurrentIndex(dialog.kind.findData("close_to"))
    dialog.colour_a.setCurrentText("orange")
    dialog.colour_b.setCurrentText("blue")
    dialog.distance.setValue(4)
    monkeypatch.setattr(dialog, "exec", lambda: QDialog.DialogCode.Accepted)
    page.edit_current(dialog)
    close = Objective("close_to", colours=("orange", "blue"), distance=4)
    assert doc.scenario.objectives == (before.objectives[0], close)

    page.buttons["Up"].click()
    assert doc.scenario.objectives == (close, before.objectives[0])
    page.buttons["Remove"].click()
    assert doc.scenario.objectives == (before.objectives[0],)
    assert doc.undo_stack.count() == 4
    doc.undo_stack.setIndex(2)
    assert doc.scenario.objectives == (before.objectives[0], close)


def test_objective_dialog_shows_the_fields_of_its_kind(window: MainWindow) -> None:
    dialog = ObjectiveDialog(Objective("arrive_together", colours=("red", "green")), window)
    assert dialog.together.text() == "red, green"
    assert dialog.form.isRowVisible(dialog.together) and not dialog.form.isRowVisible(dialog.distance)
    dialog.together.setText("Red, orange , white")
    assert dialog.objective() == Objective("arrive_together", colours=("red", "orange", "white"))


def test_clicking_a_board_on_the_canvas_shows_its_fields(window: MainWindow) -> None:
    from studio_helpers import mouse

    mouse(window.canvas, "press", (4.5, 13.5), Qt.MouseButton.LeftButton)
    mouse(window.canvas, "release", (4.5, 13.5))
    page = window.properties.pages["boards"]
    assert window.properties.stack.currentWidget() is page
    assert page.title.text() == "Board 2 (large, plain face) at (0, 9)"  # as the problems dock names it
    assert (page.row.value(), page.col.value()) == (0, 9)


def test_an_arrival_objective_can_be_bound_to_a_raft_square(window: MainWindow) -> None:
    """RULINGS OB-2: the dialog's "On square" binds an arrival objective to the
    destination its token was put on; empty leaves it unbound."""
    dialog = ObjectiveDialog(Objective("arrival_order", colour="green", position=2, destination=(12, 15)), window)
    assert dialog.square.text() == "12, 15" and dialog.form.isRowVisible(dialog.square)
    assert dialog.objective() == Objective("arrival_order", colour="green", position=2, destination=(12, 15))
    dialog.square.setText("")
    assert dialog.objective().destination is None
    dialog.kind.setCurrentIndex(dialog.kind.findData("close_to"))
    assert not dialog.form.isRowVisible(dialog.square)
