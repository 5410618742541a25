"""The playtest's gestures one by one, on the real widgets: turning with the wheel and
keys, flipping, cancelling, an exhausted cat's two discards from one hand, water,
seeds typed in, players changed, replays that fail to open, and a scenario that
cannot be played."""

from __future__ import annotations

import json

from playtest_driver import Driver
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.playtest import PlaytestWindow
from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario
from engine.play.actions import MoveCat, PlacePathway, Refill, UseWater

FIRST = "tutorial/01-first-steps.scenario.json"
WATER = "tutorial/03-crossed-paths.scenario.json"


def window_on(qtbot, name: str, seed: int, players: int | None = None) -> Driver:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(open_scenario(campaigns_dir() / name), seed=seed, players=players)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return Driver(qtbot, window)


def wheel(d: Driver, down: bool) -> None:
    pos = QPointF(d.board.square_center((7, 9)))
    delta = QPoint(0, -120 if down else 120)
    event = QWheelEvent(pos, d.board.mapToGlobal(pos), QPoint(), delta, Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)  # fmt: skip
    QApplication.sendEvent(d.board, event)


def draw_all(d: Driver) -> None:
    while d.panel.session.state.phase == "draw":
        d.click(next(b for b in d.panel.decks.buttons.values() if b.isEnabled()))


def test_a_card_turns_with_the_wheel_and_keys_and_goes_back_with_escape_or_right_click(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 2)
    draw_all(d)
    card = d.panel.hands.cards[0]
    d.click(card)
    assert d.board.card == (0, card.key) and card.armed and f"Add the {card.deck.title()} card" in d.panel.prompt.text()
    wheel(d, down=True)
    wheel(d, down=True)
    assert d.board.card_rotation == 2
    wheel(d, down=False)
    d.key(Qt.Key.Key_R)
    d.qtbot.keyClick(d.board, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert d.board.card_rotation == 1
    d.key(Qt.Key.Key_Escape)
    assert d.board.card is None and not d.panel.hands.cards[0].armed
    d.click(card)
    d.qtbot.mouseClick(d.board, Qt.MouseButton.RightButton, pos=d.board.square_center((7, 9)))
    assert d.board.card is None and d.board.card_rotation == 0
    d.click(card)
    d.click(card)  # the same card again puts it back
    assert d.board.card is None


def test_the_fire_tile_turns_and_flips_and_only_dotted_squares_take_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 2)
    draw_all(d)
    state = d.panel.session.state
    path = next(a for a in state.legal_actions() if isinstance(a, PlacePathway))
    d.do(path)
    state = d.panel.session.state
    assert state.phase == "fire" and d.board.fire_mode()
    assert d.panel.prompt.text().startswith(f"Place fire tile {state.pending.tile}")
    d.key(Qt.Key.Key_F)
    wheel(d, down=True)
    assert (d.board.fire_flipped, d.board.fire_rotation) == (True, 1)
    d.key(Qt.Key.Key_F)
    d.key(Qt.Key.Key_R, 3)
    assert (d.board.fire_flipped, d.board.fire_rotation) == (False, 0)
    before = state.to_dict()
    centres = d.board.legal_centres()
    squares = [(r, c) for r in range(state.island.grid.rows) for c in range(state.island.grid.cols)]
    for square in squares:  # the dots are exactly where the engine takes the tile as it is turned now
        assert (square in centres) == state.is_legal(d.board.placement_at(square)), square
    off = next(sq for sq in squares if sq not in centres)
    d.click_square(off)  # refused: nothing happens
    assert d.panel.session.state.to_dict() == before
    fire = next(f for f in map(d.board.placement_at, centres) if not _ends(state, f))
    d.do(fire)
    assert d.panel.session.state.phase == "refill" and not d.board.fire_mode()  # solo: the hand refills
    assert "face-down card" in d.panel.prompt.text() and all(b.isEnabled() for b in d.panel.hands.face_down)
    d.do(Refill(0, 1))
    assert d.panel.session.state.phase == "play" and not any(b.isEnabled() for b in d.panel.hands.face_down)
    assert d.panel.counters.value("bag") == str(len(state.bag))


def _ends(state, action) -> bool:  # type: ignore[no-untyped-def]
    after = state.clone()
    after.apply(action)
    return after.is_terminal()


def test_an_exhausted_cat_costs_two_cards_of_one_hand(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 4, players=2)
    assert d.panel.session.settings.variant == "standard"
    draw_all(d)
    state = d.panel.session.state
    green = next(i for i, c in enumerate(state.cats()) if c["colour"] == "green")
    at = state.cat_square(green)
    first_to = state.reachable_squares(green)[0]
    d.do(MoveCat(0, at, first_to, (state.hands[0][0],)))
    state = d.panel.session.state
    assert state.exhausted[green] and d.panel.counters.value("exhausted") == "1 of 3"
    assert d.panel.counters.value("disaster") == "1 / 4"
    d.choose_move(MoveCat(1, first_to, at, ()))
    assert "exhausted: 2 cards" in d.panel.prompt.text() and d.panel.hands.need == 2
    mine = [d.panel.hands.button(0, k) for k in state.hands[0]]
    theirs = [d.panel.hands.button(1, k) for k in state.hands[1]]
    d.click(mine[0])
    d.click(theirs[1])  # discards come from one hand: ticking player 2's card clears player 1's
    assert not mine[0].isChecked() and theirs[1].isChecked() and not d.panel.hands.confirm.isEnabled()
    d.click(theirs[0])
    assert d.panel.hands.confirm.isEnabled()
    d.click(d.panel.hands.confirm)
    state = d.panel.session.state
    assert state.history[-1] == MoveCat(1, first_to, at, (theirs[1].key, theirs[0].key))
    assert len(state.hands[1]) == 1 and d.panel.counters.value("disaster") == "3 / 4"


def test_cancelling_a_move_keeps_the_game(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 4)
    draw_all(d)
    state = d.panel.session.state
    before = state.to_dict()
    d.choose_move(MoveCat(0, state.cat_square(1), state.reachable_squares(1)[0], ()))
    assert d.panel.hands.need == 1 and d.panel.hands.confirm.isVisible()
    d.click(d.panel.hands.cancel)
    assert d.panel.hands.need == 0 and d.board.cat is None and not d.panel.hands.confirm.isVisible()
    assert d.panel.session.state.to_dict() == before


def test_water_returns_a_fire_tile_to_the_bag(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, WATER, 6)
    assert d.panel.counters.value("water") == "3 left (0 used)" and not d.panel.use_water.isEnabled()
    draw_all(d)
    state = d.panel.session.state
    d.do(next(a for a in state.legal_actions() if isinstance(a, PlacePathway)))
    d.do(d.panel.session.state.legal_actions()[0])
    assert not d.panel.use_water.isEnabled(), (
        "no water while the solo hand refills: the refill ends the action, water comes between actions"
    )
    d.do(d.panel.session.state.legal_actions()[0])  # the refill
    state = d.panel.session.state
    (tile,) = state.tiles_placed
    bag = len(state.bag)
    assert d.panel.use_water.isEnabled()
    d.do(UseWater(tile))
    state = d.panel.session.state
    assert tile not in state.tiles_placed and len(state.bag) == bag + 1
    assert d.panel.counters.value("water") == "2 left (1 used)"
    assert d.panel.counters.value("bag") == str(bag + 1)


def test_typed_seed_new_seed_and_player_count_start_new_games(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 11)
    scenario = d.panel.session.scenario
    d.click(d.panel.decks.buttons["circle"])
    d.panel.setup.seed.clear()
    d.qtbot.keyClicks(d.panel.setup.seed, "4242")
    d.qtbot.keyClick(d.panel.setup.seed, Qt.Key.Key_Return)
    assert d.panel.session.settings.seed == 4242 and d.panel.counters.value("steps") == "0"
    assert d.panel.session.state.to_dict() == new_game(scenario, seed=4242).to_dict()
    d.click(d.panel.setup.new_seed)
    assert d.panel.setup.seed.text() == str(d.panel.session.settings.seed)
    d.panel.setup.players.setValue(3)
    assert d.panel.session.state.players == 3 and d.panel.session.settings.variant == "standard"
    assert len(d.panel.hands.reserve_notes) == 3
    d.panel.setup.variant.setCurrentText("standard")
    d.panel.setup.players.setValue(1)
    d.panel.setup.variant.setCurrentText("comp1110")
    assert d.panel.session.state.rules.name == "comp1110" and d.panel.counters.value("disaster").startswith("none")
    d.click(d.panel.decks.buttons["cross"])
    assert d.panel.decks.prompt.text() == "Player 1: pick a deck for card 2 of 6"


def test_a_broken_replay_file_is_reported_with_its_name(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 3)
    d.click(d.panel.decks.buttons["square"])
    before = d.panel.session.state.to_dict()
    path = tmp_path / "broken.replay.json"
    path.write_text(json.dumps({"format": "raftwright.replay", "format_version": 1}), encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert not d.window.open_replay(str(path))
    assert shown and "broken.replay.json" in shown[0] and "'scenario' is missing" in shown[0]
    assert d.panel.session.state.to_dict() == before


def test_an_unplayable_scenario_shows_why_and_offers_nothing_to_play(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(Scenario(id="empty", name="Empty island"), seed=1)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    panel = window.panel
    assert panel.banner.isVisible() and "has no island boards" in panel.banner.text()
    assert not any(b.isEnabled() for b in panel.decks.buttons.values())
    assert not window.actions_by_id["playtest.save_replay"].isEnabled()
    assert not window.actions_by_id["playtest.undo"].isEnabled()
    assert panel.counters.value("round") == "-"
    window.grab()  # paints without a game
    qtbot.mouseClick(panel.board, Qt.MouseButton.LeftButton)


def test_back_to_editing_closes_the_window_and_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = window_on(qtbot, FIRST, 3)
    with qtbot.waitSignal(d.window.backToEditing):
        d.window.actions_by_id["playtest.back"].trigger()
    assert not d.window.isVisible()
    assert [s.toString() for s in d.window.actions_by_id["playtest.back"].shortcuts()][0] == "Shift+F5"


def test_drawn_cards_stay_face_down_until_the_player_has_drawn_them_all(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rulebook, Drawing cards: no looking until all 3 are drawn (solo: all 6, SO-1)."""
    d = window_on(qtbot, FIRST, seed=3)
    hands = d.panel.hands
    for drawn in range(1, 6):
        d.click(d.panel.decks.buttons["circle"])
        assert len(hands.cards) == min(drawn, 3)  # the rest go face down to the reserve
        assert all(b.face_down and "circle:" not in b.toolTip() for b in hands.cards)
        assert all(not b.isEnabled() for b in hands.cards)
    d.click(d.panel.decks.buttons["cross"])
    assert d.panel.session.state.phase == "play"
    assert hands.cards and not any(b.face_down for b in hands.cards)
