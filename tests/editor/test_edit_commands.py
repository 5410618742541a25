"""Each kind of edit, pushed through the real canvas, keys and actions, then undone and
redone; the document's Scenario is compared with the expected model every time."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from studio_helpers import drag, mouse, viewport_point

from editor import clipboard
from editor.canvas import IslandView
from editor.edits import Element
from editor.mainwindow import MainWindow
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Scenario, TokenPlacement


def check_one_step(window: MainWindow, before: Scenario, expected: Scenario) -> None:
    """The edit produced ``expected`` as exactly one undo step; undo and redo work."""
    doc = window.doc
    assert doc.scenario == expected
    assert doc.undo_stack.count() == 1
    window.action("edit.undo").trigger()
    assert doc.scenario == before
    window.action("edit.redo").trigger()
    assert doc.scenario == expected


def focus_canvas(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    window.canvas.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.canvas)


def key(
    qtbot: QtBot, window: MainWindow, k: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    focus_canvas(qtbot, window)
    QTest.keyClick(window.canvas, k, modifiers)


# --- placing ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("label", "pos", "element"),
    [
        ("Location card 7", (4.5, 10.5), CardPlacement("location", (3, 9), "7")),
        ("Raft card C", (13.4, 16.3), CardPlacement("raft", (12, 15), "C")),
        ("Fire card", (10.5, 7.5), CardPlacement("fire", (9, 6))),
        ("Small board, fire face", (17.0, 4.0), BoardSlot("small", "fire", (12, 0), "west")),
        ("Objective token =", (6.5, 16.5), TokenPlacement("objective", (6, 16), "=")),
        ("Water token", (13.5, 13.5), TokenPlacement("water", (13, 13))),
        ("Map token", (2.5, 12.5), TokenPlacement("map", (2, 12))),
    ],
)
def test_place_from_the_palette_by_pick_and_click(
    window: MainWindow, label: str, pos: tuple[float, float], element: Element
) -> None:
    before = window.doc.scenario
    window.palette_dock.pick(label)
    assert window.tools.current.id == "place"
    mouse(window.canvas, "move", pos, button=Qt.MouseButton.NoButton)
    assert window.canvas.overlay.ghosts == [element]
    mouse(window.canvas, "press", pos)
    mouse(window.canvas, "release", pos)
    layer = {"BoardSlot": "boards", "CardPlacement": "cards", "TokenPlacement": "tokens"}[type(element).__name__]
    expected = before.with_changes(**{layer: getattr(before, layer) + (element,)})
    check_one_step(window, before, expected)
    assert window.doc.selection == {(layer, len(getattr(expected, layer)) - 1)}


def test_place_shows_an_illegal_spot_in_red_before_the_click(window: MainWindow) -> None:
    window.palette_dock.pick("Fire card")
    mouse(window.canvas, "move", (1.5, 4.5), button=Qt.MouseButton.NoButton)  # on location card 3
    assert window.canvas.overlay.legal is False
    assert "fire card at (0, 3) overlaps location card 3 at (0, 3)" in window.statusBar().currentMessage()
    mouse(window.canvas, "move", (4.5, 13.5), button=Qt.MouseButton.NoButton)
    assert window.canvas.overlay.legal is True
    assert window.statusBar().currentMessage() == "", "the reason outlives the illegal spot"
    mouse(window.canvas, "move", (1.5, 4.5), button=Qt.MouseButton.NoButton)
    assert window.statusBar().currentMessage()
    key_escape = Qt.Key.Key_Escape
    QTest.keyClick(window.canvas, key_escape)
    assert window.tools.current.id == "select" and window.canvas.overlay.ghosts == []
    assert window.statusBar().currentMessage() == "", "Esc leaves the reason in the status bar"


def _drop_events(view: IslandView, mime: QMimeData, pos: tuple[float, float]):
    point = viewport_point(view, pos)
    actions = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction  # what a tree view offers
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    return (
        QDragEnterEvent(point.toPoint(), actions, mime, buttons, mods),
        QDragMoveEvent(point.toPoint(), actions, mime, buttons, mods),
        QDropEvent(point, actions, mime, buttons, mods),
    )


def test_drag_from_the_palette_onto_the_grid(window: MainWindow) -> None:
    before = window.doc.scenario
    tree = window.palette_dock.tree
    mime = tree.mimeData([window.palette_dock.items["Location card 9"]])
    enter, _, _ = _drop_events(window.canvas, mime, (16.5, 13.5))
    QApplication.sendEvent(window.canvas.viewport(), enter)
    assert window.canvas.overlay.ghosts == [CardPlacement("location", (15, 12), "9")]
    assert window.canvas.overlay.legal is False  # off the island: red before the drop
    _, move, drop = _drop_events(window.canvas, mime, (13.9, 13.2))
    QApplication.sendEvent(window.canvas.viewport(), move)
    assert window.canvas.overlay.ghosts == [CardPlacement("location", (12, 12), "9")]
    # pulled onto the board's 3x3 card grid, and refused: card 9 prints fire under the fish token
    assert window.canvas.overlay.legal is False
    assert "fish token at (12, 12) sits on fire" in window.statusBar().currentMessage()
    QApplication.sendEvent(window.canvas.viewport(), drop)
    assert drop.isAccepted() and drop.dropAction() == Qt.DropAction.CopyAction  # the palette keeps its entry
    expected = before.with_changes(cards=before.cards + (CardPlacement("location", (12, 12), "9"),))
    check_one_step(window, before, expected)
    assert window.canvas.overlay.ghosts == []


# --- moving ---------------------------------------------------------------------------------
def test_dragging_a_card_is_one_undo_step(window: MainWindow) -> None:
    before = window.doc.scenario
    drag(window.canvas, (1.5, 4.5), [(1.7, 5.0), (2.4, 6.4), (1.6, 7.6), (1.4, 10.4)])
    expected = before.with_changes(cards=(replace(before.cards[0], at=(0, 9)),) + before.cards[1:])
    check_one_step(window, before, expected)
    assert window.doc.undo_stack.undoText() == "Move location card 3"


def test_a_drag_back_to_its_start_leaves_no_undo_step(window: MainWindow) -> None:
    before = window.doc.scenario
    drag(window.canvas, (1.5, 4.5), [(1.5, 8.5), (1.5, 4.5)])
    assert window.doc.scenario == before and window.doc.undo_stack.count() == 0


def test_escape_cancels_a_drag(window: MainWindow) -> None:
    before = window.doc.scenario
    drag(window.canvas, (1.5, 4.5), [(4.5, 10.5)], release=False)
    assert window.doc.scenario != before
    QTest.keyClick(window.canvas, Qt.Key.Key_Escape)
    mouse(window.canvas, "release", (4.5, 10.5))
    assert window.doc.scenario == before and window.doc.undo_stack.count() == 0


def test_rubber_band_then_drag_moves_the_group(window: MainWindow) -> None:
    before = window.doc.scenario
    drag(window.canvas, (15.5, 17.5), [(12.0, 16.0), (6.2, 15.2)])  # from empty grid round raft and token
    assert window.doc.selection == {("cards", 3), ("tokens", 0)}
    drag(window.canvas, (7.5, 16.5), [(4.5, 16.5)])
    expected = before.with_changes(
        cards=before.cards[:3] + (replace(before.cards[3], at=(3, 15)),),
        tokens=(replace(before.tokens[0], at=(5, 15)),) + before.tokens[1:],
    )
    check_one_step(window, before, expected)


def test_ctrl_drag_bands_over_boards_and_ctrl_click_toggles(window: MainWindow) -> None:
    ctrl = Qt.KeyboardModifier.ControlModifier
    drag(window.canvas, (0.2, 3.2), [(5.0, 5.0), (11.8, 5.8)], modifiers=ctrl)  # starts on card 3, over board 1
    assert window.doc.selection == {("cards", 0), ("cards", 1), ("cards", 2)}
    mouse(window.canvas, "press", (4.5, 4.5), modifiers=ctrl)
    mouse(window.canvas, "release", (4.5, 4.5), modifiers=ctrl)
    assert window.doc.selection == {("cards", 0), ("cards", 1)}
    assert window.doc.undo_stack.count() == 0


def test_shift_click_adds_to_the_selection(window: MainWindow) -> None:
    mouse(window.canvas, "press", (1.5, 4.5))
    mouse(window.canvas, "release", (1.5, 4.5))
    mouse(window.canvas, "press", (10.5, 4.5), modifiers=Qt.KeyboardModifier.ShiftModifier)
    mouse(window.canvas, "release", (10.5, 4.5), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert window.doc.selection == {("cards", 0), ("cards", 1)}


@pytest.mark.parametrize(
    ("k", "mods", "delta"),
    [
        (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier, (0, 1)),
        (Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier, (3, 0)),
    ],
)
def test_arrow_keys_move_the_selection(
    qtbot: QtBot, window: MainWindow, k: Qt.Key, mods: Qt.KeyboardModifier, delta: tuple[int, int]
) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("cards", 2)})
    key(qtbot, window, k, mods)
    at = before.cards[2].at
    expected = before.with_changes(
        cards=before.cards[:2] + (replace(before.cards[2], at=(at[0] + delta[0], at[1] + delta[1])),) + before.cards[3:]
    )
    check_one_step(window, before, expected)


def test_arrow_keys_in_a_dock_list_do_not_move_the_island(qtbot: QtBot, window: MainWindow) -> None:
    window.doc.set_selection({("cards", 2)})
    tree = window.palette_dock.tree
    tree.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tree)
    QTest.keyClick(tree, Qt.Key.Key_Down)
    QTest.keyClick(tree, Qt.Key.Key_Delete)
    assert window.doc.undo_stack.count() == 0


# --- rotate, flip, fire strip ----------------------------------------------------------------
def test_rotate_key_turns_the_selected_raft(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("cards", 3)})
    key(qtbot, window, Qt.Key.Key_R)
    expected = before.with_changes(cards=before.cards[:3] + (replace(before.cards[3], rotation=1),))
    check_one_step(window, before, expected)


def test_rotate_tool_turns_a_board_and_shift_turns_back(window: MainWindow) -> None:
    before = window.doc.scenario
    window.action("tool.rotate").trigger()
    mouse(window.canvas, "press", (10.5, 1.5))  # the small fire board's strip
    expected = before.with_changes(
        boards=before.boards[:2] + (BoardSlot("small", "fire", (9, 0), "north", "vertical"),) + before.boards[3:]
    )
    check_one_step(window, before, expected)
    mouse(window.canvas, "press", (10.5, 1.5), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert window.doc.scenario == before


def test_flip_key_turns_a_board_over(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("boards", 1)})
    key(qtbot, window, Qt.Key.Key_F)
    expected = before.with_changes(
        boards=(before.boards[0], BoardSlot("large", "fire", (0, 9), "west")) + before.boards[2:]
    )
    check_one_step(window, before, expected)


def test_fire_strip_key_moves_the_strip_to_the_next_edge(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("boards", 2)})
    key(qtbot, window, Qt.Key.Key_E)
    expected = before.with_changes(
        boards=before.boards[:2] + (replace(before.boards[2], fire_edge="east"),) + before.boards[3:]
    )
    check_one_step(window, before, expected)


# --- delete, erase, copy, paste, duplicate -----------------------------------------------------
def test_delete_key_removes_the_selection(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("tokens", 1), ("cards", 2)})
    key(qtbot, window, Qt.Key.Key_Delete)
    expected = before.with_changes(cards=before.cards[:2] + before.cards[3:], tokens=before.tokens[:1])
    check_one_step(window, before, expected)
    assert window.doc.selection == set()
    window.action("edit.undo").trigger()
    assert window.doc.selection == {("tokens", 1), ("cards", 2)}  # undo brings the selection back too


def test_erase_tool_drag_is_one_undo_step(window: MainWindow) -> None:
    before = window.doc.scenario
    window.action("tool.erase").trigger()
    drag(window.canvas, (4.5, 4.5), [(12.5, 13.5), (10.5, 4.5), (7.5, 16.5)])  # fire card, (board), location 5, raft
    expected = before.with_changes(cards=before.cards[:1])
    check_one_step(window, before, expected)
    assert window.doc.undo_stack.undoText() == "Erase"


def test_copy_then_paste_puts_copies_beside_the_originals(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("cards", 2)})
    window.action("edit.copy").trigger()
    window.action("edit.paste").trigger()
    expected = before.with_changes(cards=before.cards + (CardPlacement("fire", (3, 6)),))
    check_one_step(window, before, expected)
    assert window.doc.selection == {("cards", 4)}


def test_cut_and_paste_moves_through_the_clipboard(window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("tokens", 1)})
    window.action("edit.cut").trigger()
    assert window.doc.scenario.tokens == before.tokens[:1]
    assert clipboard.from_mime(QApplication.clipboard().mimeData()) == [TokenPlacement("fish", (12, 12))]
    window.action("edit.paste").trigger()
    assert window.doc.scenario == before  # pasted where it was cut from
    assert window.doc.undo_stack.count() == 2


def test_paste_ignores_text_that_is_not_elements(window: MainWindow) -> None:
    QApplication.clipboard().setText('{"cards": [{"kind": "location", "at": [99, 0]}]}')
    window.action("edit.paste").trigger()
    assert window.doc.undo_stack.count() == 0
    assert "Nothing to paste" in window.statusBar().currentMessage()


def test_duplicate_shortcut(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("cards", 0)})
    key(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    expected = before.with_changes(cards=before.cards + (CardPlacement("location", (0, 6), "3"),))
    check_one_step(window, before, expected)


def test_token_tool_adds_and_steps_objective_tokens(window: MainWindow) -> None:
    before = window.doc.scenario
    window.action("tool.token").trigger()
    mouse(window.canvas, "press", (6.5, 16.5))
    expected = before.with_changes(tokens=before.tokens + (TokenPlacement("objective", (6, 16), "2"),))
    check_one_step(window, before, expected)
    mouse(window.canvas, "press", (6.5, 16.5))
    assert window.doc.scenario.tokens[2].value == "3"
    mouse(window.canvas, "press", (6.5, 16.5), button=Qt.MouseButton.RightButton)
    assert window.doc.scenario.tokens == before.tokens


def test_select_all_and_delete_everything(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert len(window.doc.selection) == 10
    QTest.keyClick(window.canvas, Qt.Key.Key_Backspace)
    expected = before.with_changes(boards=(), cards=(), tokens=())
    check_one_step(window, before, expected)


def test_pin_is_kept_when_the_pinned_board_moves(window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("boards", 0)})
    window.action("edit.move_down_card").trigger()
    moved = window.doc.scenario.boards[0]
    assert moved.pin == BoardPin("L1") and moved.at == (3, 0)
    window.action("edit.undo").trigger()
    assert window.doc.scenario == before


def test_a_moved_board_carries_the_cards_and_tokens_lying_on_it(window: MainWindow) -> None:
    before = window.doc.scenario
    window.doc.set_selection({("boards", 3)})  # small plain board at (9, 9), the fish token on it
    window.action("edit.move_down_card").trigger()
    expected = before.with_changes(
        boards=before.boards[:3] + (replace(before.boards[3], at=(12, 9)),),
        tokens=(before.tokens[0], replace(before.tokens[1], at=(15, 12))),
    )
    check_one_step(window, before, expected)
    assert window.doc.selection == {("boards", 3)}  # the riders move, the selection stays


def test_a_card_across_two_boards_stays_when_only_one_moves(window: MainWindow) -> None:
    straddling = CardPlacement("location", (7, 6), "7")  # rows 7-9: on boards 0 and 2
    window.doc.reset(window.doc.scenario.with_changes(cards=(straddling,)), None)
    before = window.doc.scenario
    window.doc.set_selection({("boards", 2)})
    window.action("edit.move_down_card").trigger()
    assert window.doc.scenario.cards == (straddling,)
    assert window.doc.scenario.boards[2].at == (12, 0) and window.doc.scenario != before


@pytest.mark.parametrize(
    "text",
    ["9" * 5000, "[" * 100_000 + "]" * 100_000, '{"cards": [], "cards": []}', "not json", '{"cards": "x"}'],
)
def test_pasting_text_that_is_not_a_fragment_pastes_nothing(text: str) -> None:
    """Any text may be on the clipboard: a huge number or deep nesting once escaped the
    paste as an exception (json's ValueError other than a syntax error, RecursionError)."""
    assert clipboard.elements_from_json(text) == []
