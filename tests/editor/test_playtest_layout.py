"""The playtest window at 1280x800: every button stays in sight whatever the prompt
says, the island keeps its geometry while the game is played (banner, prompt and
hint come and go around it), its edges carry row and column numbers, and the
hands show each card's deck symbol rather than its id."""

from __future__ import annotations

import pytest
from playtest_driver import Driver
from playtest_search import find_game
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from editor.playtest import PlaytestWindow
from editor.playtest.cards import CardButton
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.actions import MoveCat, PlacePathway

FIRST = "tutorial/01-first-steps.scenario.json"
LOSS = "tutorial/02-ancient-trail.scenario.json"
WATER = "tutorial/03-crossed-paths.scenario.json"
WIDTH, HEIGHT = 1280, 800


def open_at_1280x800(qtbot, name: str, seed: int, players: int) -> Driver:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(open_scenario(campaigns_dir() / name), seed=seed, players=players)
    qtbot.addWidget(window)
    window.resize(WIDTH, HEIGHT)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.size().width() == WIDTH and window.size().height() == HEIGHT)
    return Driver(qtbot, window)


def in_sight(widget: QWidget, window: QWidget, sideways_only: bool = False) -> tuple[QRect, QRect]:
    """The widget's rectangle in window pixels, and the part of the window its
    parents let it show (each parent clips it, a scroll area to its viewport);
    ``sideways_only`` clips the columns alone (for what may scroll up and down)."""
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    shown = window.rect()
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        clip = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        if sideways_only:
            clip = QRect(clip.left(), shown.top(), clip.width(), shown.height())
        shown = shown.intersected(clip)
        parent = parent.parentWidget()
    return rect, shown


def settle_layout(window: QWidget) -> None:
    """Run the posted layout requests (they climb one parent per pass) until no
    button moves any more."""

    def places() -> list[QRect]:
        return [QRect(b.mapTo(window, QPoint(0, 0)), b.size()) for b in window.findChildren(QAbstractButton)]

    before: list[QRect] = []
    for _ in range(50):
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()
        now = places()
        if now == before:
            return
        before = now
    raise AssertionError("the playtest window's layout never settles")


def check_buttons(d: Driver, state_name: str, must_show: tuple[QWidget, ...] = ()) -> None:
    window = d.window
    settle_layout(window)
    wanted = {*must_show, d.panel.end_round, d.panel.use_water, *d.panel.decks.buttons.values()}
    for widget in wanted:
        assert widget.isVisible(), f"{state_name}: {widget.objectName() or widget.text()} is hidden"
    buttons = [b for b in window.findChildren(QAbstractButton) if b.isVisible()]
    assert set(wanted) <= set(buttons)
    for button in buttons:
        name = button.objectName() or button.text()
        if isinstance(button, CardButton):  # hands may scroll up and down, never sideways
            rect, shown = in_sight(button, window, sideways_only=True)
            assert shown.left() <= rect.left() and rect.right() <= shown.right(), (
                f"{state_name}: card {name} cut off at {rect}"
            )
            continue
        rect, shown = in_sight(button, window)
        assert shown.contains(rect), f"{state_name}: button {name!r} at {rect} is cut off (in sight: {shown})"
    extension = [b for b in buttons if b.objectName() == "qt_toolbar_ext_button"]
    assert not extension, f"{state_name}: the toolbar hides actions behind »"


@pytest.mark.parametrize("players", [1, 4])
def test_every_button_is_in_sight_at_1280x800_in_every_prompt_state(qtbot, players: int) -> None:  # type: ignore[no-untyped-def]
    d = open_at_1280x800(qtbot, FIRST, 4, players)
    check_buttons(d, "draw")
    while d.panel.session.state.phase == "draw":
        d.click(next(b for b in d.panel.decks.buttons.values() if b.isEnabled()))
    check_buttons(d, "play")
    state = d.panel.session.state

    d.click(d.panel.hands.cards[0])
    check_buttons(d, "card armed")
    off = next(sq for sq in [(0, 0), (0, 17), (14, 0)] if d.board.placement_at(sq) is not None)
    d.hover(off)
    assert d.board.hint, "the ghost off the island is refused"
    check_buttons(d, "card refused")
    d.key(Qt.Key.Key_Escape)

    green = next(i for i, c in enumerate(state.cats()) if c["colour"] == "green")
    to = state.reachable_squares(green)[-1]
    d.choose_move(MoveCat(0, state.cat_square(green), to, ()))
    assert "Move the green cat to " in d.panel.hands.choose.text()
    check_buttons(d, "discard", (d.panel.hands.confirm, d.panel.hands.cancel))
    d.click(d.panel.hands.cards[0])
    d.click(d.panel.hands.confirm)
    state = d.panel.session.state
    assert state.exhausted[green]
    if players == 1:  # solo: the hand refills from a face-down card the player picks
        assert state.phase == "refill"
        check_buttons(d, "refill", tuple(d.panel.hands.face_down))
        d.click(d.panel.hands.face_down_button(0, 0))
        state = d.panel.session.state
    d.choose_move(MoveCat(0, to, state.reachable_squares(green)[0], ()))
    assert "exhausted: 2 cards" in d.panel.hands.choose.text()
    check_buttons(d, "discard, exhausted", (d.panel.hands.confirm, d.panel.hands.cancel))
    d.click(d.panel.hands.cancel)

    path = next(a for a in d.panel.session.state.legal_actions() if isinstance(a, PlacePathway))
    d.do(path)
    assert d.board.fire_mode()
    check_buttons(d, "fire tile")


def test_a_lost_game_keeps_the_buttons_in_sight_and_the_island_in_place(qtbot) -> None:  # type: ignore[no-untyped-def]
    scenario = open_scenario(campaigns_dir() / LOSS)
    seed, actions, _final = find_game(scenario, "loss", range(0, 12), reason="cat-cut-off")
    d = open_at_1280x800(qtbot, LOSS, seed, 1)
    board = d.board
    where = (board.geometry(), board.square_center((0, 0)), board.square_center((5, 7)))
    for action in actions:
        d.panel.session.apply(action)
        assert (board.geometry(), board.square_center((0, 0)), board.square_center((5, 7))) == where, action
    assert d.panel.banner.isVisible()
    check_buttons(d, "lost")
    d.window.undo_step()
    assert not d.panel.banner.isVisible()
    assert (board.geometry(), board.square_center((0, 0)), board.square_center((5, 7))) == where
    d.hover((0, 0))  # a refusal of up to two lines under the island does not move it either
    d.panel.hint.setText("Refused: a card must touch the path it continues; move it next to one")
    assert (board.geometry(), board.square_center((0, 0))) == where[:2]


def test_a_long_prompt_and_hint_grow_to_show_their_whole_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = open_at_1280x800(qtbot, FIRST, 1, 1)
    for label in (d.panel.prompt, d.panel.hint):
        two_lines = label.height()
        assert two_lines >= 2 * label.fontMetrics().lineSpacing()  # room kept while it is short
        text = "Player 1: " + " ".join(f"step {n} of a long explanation," for n in range(40)) + " then end the round."
        label.setText(text)
        settle_layout(d.window)
        assert label.text() == text and label.wordWrap()
        assert label.height() > two_lines and label.height() >= label.heightForWidth(label.width())  # every line
        rect, shown = in_sight(label, d.window)
        assert shown.contains(rect), (rect, shown)  # and the whole label is in the window
        check_buttons(d, "a long prompt")
        label.setText("")
        settle_layout(d.window)
        assert label.height() == two_lines


def dark_pixels(image: QImage, rect: QRect) -> int:
    return sum(
        1 for x in range(rect.left(), rect.right()) for y in range(rect.top(), rect.bottom())
        if QColor(image.pixel(x, y)).lightness() < 128
    )  # fmt: skip


def test_the_island_edges_carry_row_and_column_numbers_and_prompts_name_squares_alike(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = open_at_1280x800(qtbot, FIRST, 4, 1)
    image = d.board.grab().toImage()
    first, second = d.board.square_center((0, 0)), d.board.square_center((1, 1))
    px = second.x() - first.x()
    above = QRect(first.x() - px // 3, first.y() - px, 2 * px // 3, px // 2)  # column 0's number
    left = QRect(first.x() - px, first.y() - px // 3, px // 2, 2 * px // 3)  # row 0's number
    assert dark_pixels(image, above) > 3 and dark_pixels(image, left) > 3, "no numbers on the island's edges"
    while d.panel.session.state.phase == "draw":
        d.click(next(b for b in d.panel.decks.buttons.values() if b.isEnabled()))
    state = d.panel.session.state
    to = state.reachable_squares(0)[0]
    d.choose_move(MoveCat(0, state.cat_square(0), to, ()))
    assert f"to ({to[0]}, {to[1]})" in d.panel.prompt.text() and "[" not in d.panel.prompt.text()


def test_hand_cards_show_their_deck_symbol_and_keep_the_id_for_the_tooltip(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = open_at_1280x800(qtbot, FIRST, 4, 1)
    while d.panel.session.state.phase == "draw":
        d.click(d.panel.decks.buttons["circle"])
    card = d.panel.hands.cards[0]
    assert card.key in card.toolTip() and "circle" in card.toolTip()
    image = card.grab().toImage()
    label = QRect(0, card.height() - 18, card.width(), 16)
    dark = dark_pixels(image, label)
    assert dark > 5, "no deck symbol under the card"
    width = max(x for x in range(label.left(), label.right()) for y in range(label.top(), label.bottom())
                if QColor(image.pixel(x, y)).lightness() < 128) - min(
        x for x in range(label.left(), label.right()) for y in range(label.top(), label.bottom())
        if QColor(image.pixel(x, y)).lightness() < 128)  # fmt: skip
    assert width <= 16, f"the label under the card is {width} px wide: text, not the deck's symbol"


def test_water_and_end_of_round_prompts_keep_the_buttons_in_sight(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = open_at_1280x800(qtbot, WATER, 6, 2)
    while d.panel.session.state.phase == "draw":
        d.click(next(b for b in d.panel.decks.buttons.values() if b.isEnabled()))
    d.do(next(a for a in d.panel.session.state.legal_actions() if isinstance(a, PlacePathway)))
    d.do(d.panel.session.state.legal_actions()[0])  # the fire tile
    d.click(d.panel.use_water)
    assert d.board.water and d.panel.prompt.text().startswith("Use water")
    check_buttons(d, "water armed")
    d.key(Qt.Key.Key_Escape)
    session = d.panel.session

    def round_done() -> bool:
        state = session.state
        return state.phase == "play" and not any(state.hands) and not any(state.reserve)

    while not round_done():  # spend the hands on moves (discards) rather than pathways
        legal = session.state.legal_actions()
        session.apply(next((a for a in legal if not isinstance(a, PlacePathway)), legal[0]))
        assert not session.state.is_terminal()
    assert d.panel.prompt.text() == "Every card is played: end the round."
    check_buttons(d, "end of round", (d.panel.end_round,))
    assert d.panel.end_round.isEnabled()
