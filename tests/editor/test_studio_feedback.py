"""What the studio says while the designer works: the token tool's ghost and reason,
a status bar that forgets a reason once it no longer holds, one numbering for
elements (the Properties dock and the Problems dock agree), the Problems dock's
one-line Where column, and labels that pieces do not hide."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, drag, four_board_island, mouse, settle

from editor import painting
from editor.docks.problems import squares_text, where_text
from editor.mainwindow import MainWindow
from editor.painting import SQUARE
from engine.check.issues import Issue, Where
from engine.model.catalog import default_catalog
from engine.model.scenario import BoardSlot, CardPlacement, Scenario, TokenPlacement


def test_the_token_tool_shows_its_ghost_and_why_a_square_is_refused(window: MainWindow) -> None:
    window.tools.set_tool("token")
    mouse(window.canvas, "move", (4.5, 13.5), button=Qt.MouseButton.NoButton)  # plain board, no raft
    assert window.canvas.overlay.ghosts == [TokenPlacement("objective", (4, 13), "2")]
    assert window.canvas.overlay.legal is False
    assert "is not on a raft destination square" in window.statusBar().currentMessage()
    mouse(window.canvas, "move", (6.5, 15.5), button=Qt.MouseButton.NoButton)  # raft B's top-left: a destination
    assert window.canvas.overlay.ghosts == [TokenPlacement("objective", (6, 15), "2")]
    assert "is not on a raft destination" not in window.statusBar().currentMessage()


def test_the_status_bar_forgets_a_reason_after_a_valid_drop_or_esc(qtbot: QtBot, window: MainWindow) -> None:
    drag(window.canvas, (10.5, 4.5), [(10.8, 4.0), (10.6, 1.4)], release=False)  # location 5 onto the fire strip
    assert window.canvas.overlay.legal is False
    assert "covers the fire strip of board 3" in window.statusBar().currentMessage()
    QTest.keyClick(window.canvas, Qt.Key.Key_Escape)
    assert window.statusBar().currentMessage() == ""
    mouse(window.canvas, "release", (10.6, 1.4))
    drag(window.canvas, (10.5, 4.5), [(10.8, 4.0), (10.6, 1.4), (10.5, 7.5)])  # over the strip, then a fine spot
    assert window.statusBar().currentMessage() == ""
    window.statusBar().showMessage("Saved")  # someone else's message is left alone
    window.canvas.clear_feedback()
    assert window.statusBar().currentMessage() == "Saved"


def test_properties_and_problems_name_an_element_alike(qtbot: QtBot, window: MainWindow) -> None:
    drag(window.canvas, (7.5, 16.5), [(12.0, 16.5), (16.5, 16.5)])  # raft B (cards[3]) off the island
    settle(qtbot, window.doc)
    issue = next(i for i in window.doc.issues if i.code == "card-off-island")
    item = window.problems.item_for(issue)
    assert item is not None and item.text(1) == "raft card B at (15, 15)"
    assert "/cards/3" not in item.text(1) and "/cards/3" in item.toolTip(1)
    window.problems.locate(issue)
    assert window.properties.pages["cards"].title.text() == "Raft card B at (15, 15)"


def test_the_where_column_is_one_short_line() -> None:
    scenario = four_board_island()
    many = tuple((r, c) for r in range(10, 15) for c in range(5, 14))
    assert squares_text(many) == "45 squares in rows 10-14, cols 5-13"
    assert squares_text(((3, 4),)) == "(3, 4)"
    assert where_text(scenario, Issue("x", "error", "m", Where("", many))) == "45 squares in rows 10-14, cols 5-13"
    assert where_text(scenario, Issue("x", "error", "m", Where("/objectives/0"))) == "objective 1"
    assert (
        where_text(scenario, Issue("x", "error", "m", Where("/boards/1/at"))) == "board 2 (large, plain face) at (0, 9)"
    )


def test_the_last_problem_row_is_not_under_a_scroll_bar(qtbot: QtBot, make_window: WindowFactory) -> None:
    crowded = four_board_island().with_changes(tokens=tuple(TokenPlacement("fish", (16, c)) for c in range(12)))
    window = make_window(crowded)
    issues = settle(qtbot, window.doc)
    assert len(issues) > 8
    tree = window.problems.tree
    assert tree.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    last = tree.topLevelItem(tree.topLevelItemCount() - 1)
    bar = tree.verticalScrollBar()
    bar.setValue(bar.maximum())  # scrolled to the end, the last row shows whole
    qtbot.waitUntil(lambda: tree.viewport().rect().contains(tree.visualItemRect(last)))


def _picture(scenario: Scenario) -> QImage:
    image = QImage(int(18 * SQUARE), int(18 * SQUARE), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    painting.paint_scenario(p, scenario, default_catalog())
    p.end()
    return image


def _white_in(image: QImage, left: float, top: float, width: float, height: float) -> int:
    return sum(1 for x in range(int(left), int(left + width)) for y in range(int(top), int(top + height))
               if QColor(image.pixel(x, y)).lightness() > 235)  # fmt: skip


def _yellow_in(image: QImage, left: float, top: float, width: float, height: float) -> int:
    """Pixels of the objective token's yellow (#f2c230)."""
    return sum(1 for x in range(int(left), int(left + width)) for y in range(int(top), int(top + height))
               if 35 <= QColor(image.pixel(x, y)).hue() <= 55 and QColor(image.pixel(x, y)).saturation() > 150)  # fmt: skip


def test_a_token_is_not_hidden_by_the_rafts_letter_nor_a_card_the_boards_name(window: MainWindow) -> None:
    """Issue 25, item 9: the letter's badge moves to the next corner clockwise when a
    token is on its printed corner, so both the token and the letter show."""
    raft = CardPlacement("raft", (6, 15), "B")  # in board 2's bottom-right corner
    token = TokenPlacement("objective", (6, 15), "1")  # on the raft's top-left (lettered) square
    board = BoardSlot("large", "plain", (0, 9))
    scenario = Scenario(id="labels", name="Labels", boards=(board,), cards=(raft,), tokens=(token,))
    image = _picture(scenario)
    corner = SQUARE * 0.35
    assert _yellow_in(image, 15 * SQUARE + 4, 6 * SQUARE + 4, corner, corner) > corner * corner / 2, (
        "the raft's letter hides the objective token"
    )
    badge = _white_in(image, 18 * SQUARE - 4 - corner, 6 * SQUARE + 4, corner, corner)
    assert badge > 20, "raft B's letter is not in its next free corner (top-right)"
    assert painting.label_corner(board, {*raft.squares(), token.at}) == 3  # bottom-left: free
    label = _white_in(image, 9 * SQUARE + 4, 8 * SQUARE + SQUARE * 0.5, SQUARE * 2, SQUARE * 0.4)
    assert label > 100, "the board's name is not in its free bottom-left corner"
    window.doc.reset(scenario, None)
    window.canvas.fitInView(painting.square_rect(6, 15, 1, 3))
    shot = window.canvas.viewport().grab().toImage()
    top_left = window.canvas.mapFromScene(QPointF(15 * SQUARE + 4, 6 * SQUARE + 4))
    top_right = window.canvas.mapFromScene(QPointF(18 * SQUARE - 4 - corner, 6 * SQUARE + 4))
    size = window.canvas.mapFromScene(QPointF(15 * SQUARE + 4 + corner, 0)).x() - top_left.x()
    assert _yellow_in(shot, top_left.x(), top_left.y(), size, size) > size * size / 10, "on the canvas too"
    assert _white_in(shot, top_left.x(), top_left.y(), size, size) < size * size / 10, "no badge over the token"
    assert _white_in(shot, top_right.x(), top_right.y(), size, size) > size * size / 4, "on the canvas too"


def test_save_as_for_a_new_scenario_opens_in_the_users_campaigns_folder(
    make_window: WindowFactory, user_env: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # a checkout, say: the dialog must not open here
    window = make_window()
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _parent, _title, start, _filter: (asked.append(start), "")[1:]
    )
    assert MainWindow.ask_save_path(window) == ""  # the real question, answered "cancel"
    start = Path(asked[0])
    assert start.parent == user_env / "campaigns" and start.parent.is_dir(), start
    assert start.name.endswith(".scenario.json")


def test_every_library_action_shows_at_the_default_dock_width(qtbot: QtBot, window: MainWindow) -> None:
    window.library.raise_()
    qtbot.waitUntil(window.library.isVisible)
    dock = window.library

    def all_inside() -> bool:
        area = QRect(QPoint(0, 0), dock.size())
        return all(
            dock.bar.button_for(action).isVisible()
            and area.contains(
                QRect(dock.bar.button_for(action).mapTo(dock, QPoint(0, 0)), dock.bar.button_for(action).size())
            )
            for action in dock.buttons.values()
        )

    qtbot.waitUntil(all_inside)
    assert dock.width() < 400  # the default width, where a toolbar hid actions behind "»"
