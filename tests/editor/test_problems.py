"""The problems dock: issues follow the edits (checked off the GUI thread), clicking
one selects its element and highlights its squares, the status bar counts them."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, drag, settle

from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from engine.check.issues import ERROR, Issue
from engine.model.scenario import Objective, Scenario


@pytest.fixture
def window(make_window: WindowFactory, island: Scenario) -> MainWindow:
    """The studio island without its fish token (these tests watch the dock go back to
    "No problems" on an island with no optional pieces)."""
    return make_window(island.with_changes(tokens=tuple(t for t in island.tokens if t.kind != "fish")))


def codes(doc: ScenarioDocument) -> set[tuple[str, str]]:
    return {(i.code, i.where.path) for i in doc.issues}


def test_problems_appear_and_disappear_as_a_card_leaves_and_returns(qtbot: QtBot, window: MainWindow) -> None:
    doc = window.doc
    assert settle(qtbot, doc) == []
    assert window.problem_label.text() == "No problems"
    drag(window.canvas, (7.5, 16.5), [(12.0, 16.5), (16.5, 16.5)])  # raft B off the bottom of the island
    assert doc.scenario.cards[3].at == (15, 15)
    settle(qtbot, doc)
    assert ("card-off-island", "/cards/3") in codes(doc)
    errors = sum(i.severity == ERROR for i in doc.issues)
    assert window.problem_label.text().startswith(f"{errors} error")
    assert window.problems.tree.topLevelItemCount() == len(doc.issues)
    assert window.problems.windowTitle() == f"Problems ({len(doc.issues)})"
    drag(window.canvas, (16.5, 16.5), [(12.0, 16.5), (7.6, 16.4)])
    assert doc.scenario.cards[3].at == (6, 15)
    assert settle(qtbot, doc) == []
    assert window.problems.tree.topLevelItemCount() == 0 and window.problem_label.text() == "No problems"


def test_undo_brings_the_problems_back(qtbot: QtBot, window: MainWindow) -> None:
    doc = window.doc
    doc.set_selection({("tokens", 0)})
    window.action("edit.move_left").trigger()  # the objective token leaves raft B
    settle(qtbot, doc)
    assert ("token-not-on-destination", "/tokens/0") in codes(doc)
    window.action("edit.undo").trigger()
    assert settle(qtbot, doc) == []
    window.action("edit.redo").trigger()
    settle(qtbot, doc)
    assert ("token-not-on-destination", "/tokens/0") in codes(doc)


def test_clicking_a_problem_selects_its_element_and_shows_its_squares(qtbot: QtBot, window: MainWindow) -> None:
    doc = window.doc
    doc.set_selection({("cards", 3)})
    for step in ("edit.move_down_card", "edit.move_down_card", "edit.move_down"):
        window.action(step).trigger()  # raft B down 7 rows: its bottom row is off the island
    doc.set_selection(())
    settle(qtbot, doc)
    issue = next(i for i in doc.issues if i.code == "card-off-island")
    item = window.problems.item_for(issue)
    tree = window.problems.tree
    rect = tree.visualItemRect(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    assert doc.selection == {("cards", 3)}
    assert doc.highlight == issue.where.squares and len(issue.where.squares) == 3
    assert window.properties.stack.currentWidget() is window.properties.pages["cards"]
    assert window.canvas.highlight_item.isVisible()
    window.action("edit.move_up").trigger()  # the located squares go stale with the next edit
    assert doc.highlight == ()


def test_a_problem_with_an_objective_opens_the_objectives_tab(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    window = make_window(
        island.with_changes(objectives=island.objectives + (Objective("arrival_order", colour="purple", position=2),))
    )
    settle(qtbot, window.doc)
    issue = next(i for i in window.doc.issues if i.where.path.startswith("/objectives/1"))
    window.problems.locate(issue)
    assert window.properties.tabs.currentWidget() is window.properties.objectives_page
    assert window.properties.objectives_page.list.currentRow() == 1


def test_validation_runs_off_the_gui_thread_and_skips_stale_scenarios(qtbot: QtBot) -> None:
    seen: list[tuple[str, str]] = []
    gate = threading.Event()

    def slow(scenario: Scenario) -> list[Issue]:
        seen.append((scenario.name, threading.current_thread().name))
        gate.wait(5)
        return [Issue("named", "warning", scenario.name)]

    doc = ScenarioDocument(Scenario(id="s", name="v0"), validator=slow)
    for n in range(1, 6):  # five quick edits while the first check is still running
        doc.edit("rename", doc.scenario.with_changes(name=f"v{n}"))
    assert doc.validation_pending
    gate.set()
    qtbot.waitUntil(lambda: not doc.validation_pending, timeout=15_000)
    assert [i.message for i in doc.issues] == ["v5"]
    assert [name for name, _ in seen] == ["v0", "v5"]  # v1-v4 were never checked
    assert all(thread != threading.main_thread().name for _, thread in seen)


def test_a_crashing_rule_check_becomes_a_problem(qtbot: QtBot) -> None:
    def broken(scenario: Scenario) -> list[Issue]:
        raise KeyError("boom")

    doc = ScenarioDocument(Scenario(id="s", name="s"), validator=broken)
    qtbot.waitUntil(lambda: not doc.validation_pending, timeout=15_000)
    assert doc.issues[0].code == "validator-crashed" and "KeyError" in doc.issues[0].message


def test_validate_now_checks_on_the_spot(window: MainWindow) -> None:
    doc = window.doc
    doc.edit("off", doc.scenario.with_changes(boards=doc.scenario.boards[:1]))
    assert doc.validation_pending
    issues = doc.validate_now()
    assert not doc.validation_pending and issues == doc.issues
    assert ("card-off-island", "/cards/3") in codes(doc)
