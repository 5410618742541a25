"""Scripted games of bundled scenarios played through the playtest's widgets: one to a
win, one to a loss.  The games are found with the engine (``playtest_search.py``);
every step is then a gesture on the real widgets (``playtest_driver.py``), and what
the window shows is checked against an engine game that follows along.  A replay
saved from the toolbar reproduces the game in the engine and steps back through the
window.  Screenshots go to tests/screenshots/ (git ignores it)."""

from __future__ import annotations

import json

import pytest
from playtest_driver import Driver
from playtest_search import find_game
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QToolBar

from editor.messages import plain_text
from editor.playtest import PlaytestWindow
from editor.playtest.wording import for_people
from engine import GameState, Replay, new_game, replay
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.schemas import schema_errors
from engine.play.actions import Action, DrawCard, MoveCat, PlaceFire, PlacePathway

WIN_SCENARIO = "tutorial/01-first-steps.scenario.json"
LOSS_SCENARIO = "tutorial/02-ancient-trail.scenario.json"


def bundled(name: str):  # type: ignore[no-untyped-def]
    return open_scenario(campaigns_dir() / name)


def open_window(qtbot, scenario, seed: int) -> Driver:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(scenario, seed=seed)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return Driver(qtbot, window)


def check_shown(d: Driver, expected: GameState) -> None:
    """The window shows exactly the engine's game: counters, decks, hands, banner."""
    panel = d.panel
    state = panel.session.state
    assert state is not None and state.to_dict() == expected.to_dict()
    c = panel.counters
    assert c.value("round") == str(expected.round)
    assert c.value("bag") == str(len(expected.bag))
    assert c.value("disaster") == f"{len(expected.disaster_pile)} / 4"
    assert c.value("water") == f"{expected.water} left ({expected.water_used} used)"
    assert c.value("exhausted") == f"{sum(expected.exhausted)} of {expected.cat_count()}"
    assert c.value("arrived") == f"{sum(expected.arrived)} of {expected.cat_count()}"
    assert c.value("tile") == (expected.pending.tile if expected.pending else "-")
    assert c.value("steps") == str(len(expected.history))
    for deck, button in panel.decks.buttons.items():
        assert button.left == len(expected.decks[deck])
        assert button.isEnabled() == (
            expected.phase == "draw" and not expected.is_terminal() and bool(expected.decks[deck])
        )
    for player, hand in enumerate(expected.hands):
        assert sorted(b.key for b in panel.hands.cards if b.player == player) == sorted(hand)
        backs = [b for b in panel.hands.face_down if b.player == player]
        assert [b.deck for b in backs] == [k.split(":")[0] for k in expected.reserve[player]]
        assert all(b.isEnabled() == (expected.phase == "refill" and not expected.is_terminal()) for b in backs)
        note = panel.hands.reserve_notes[player].text()
        assert note == (
            f"+{len(expected.reserve[player])} face down"
            if expected.reserve[player]
            else ("no cards" if not hand else "")
        )
    assert panel.banner.isVisible() == expected.is_terminal()
    end_ok = (
        expected.phase == "play"
        and not any(expected.hands)
        and not any(expected.reserve)
        and not expected.is_terminal()
    )
    assert panel.end_round.isEnabled() == end_ok


def play_through(d: Driver, actions: list[Action], expected: GameState, shots: dict[str, int]) -> None:
    """Play every action through the widgets, checking the window after each; take
    the named screenshots just before the action of that index is completed."""
    for i, action in enumerate(actions):
        if i in shots.values():
            name = next(k for k, v in shots.items() if v == i)
            stage_screenshot(d, action, name, expected)
        d.do(action)
        expected.apply(action)
        check_shown(d, expected)


def stage_screenshot(d: Driver, action: Action, name: str, expected: GameState) -> None:
    """Set the gesture of ``action`` up halfway and photograph it, then back out."""
    board = d.board
    if isinstance(action, PlacePathway):
        d.arm_card(action)
        d.hover((action.at[0] + 1, action.at[1] + 1))
        assert set(board.legal_centres()) == {(r + 1, c + 1) for r, c in expected.legal_card_squares()}
        assert board.hint == ""
        d.screenshot(name)
        over_raft = refused_centre(expected, action, "on-raft")  # refused, with the engine's reason
        d.hover(over_raft)
        said = for_people(plain_text(board.hint))  # under the island: players from 1, cards by their deck
        assert "cover part of a raft card" in board.hint and said in d.panel.hint.text()
        d.screenshot(name + "_refused")
        d.click_square(over_raft)  # a refused click changes nothing
        assert d.panel.session.state.to_dict() == expected.to_dict()
        d.key(Qt.Key.Key_Escape)
        assert board.card is None
    elif isinstance(action, PlaceFire):
        d.orient_tile(action)
        d.hover(d.tile_centre(action))
        centres = board.legal_centres()
        assert d.tile_centre(action) in centres and board.hint == ""
        away = refused_fire_centre(d, expected, action, "not-touching-fire")  # refused, with the reason
        d.hover(away)
        assert "must touch existing fire" in board.hint and board.hint in d.panel.hint.text()
        d.screenshot(name + "_refused")
        d.hover(d.tile_centre(action))
        d.screenshot(name)
    elif isinstance(action, MoveCat):
        d.click_square(action.cat)
        cat = expected.cat_at(action.cat)
        assert board.cat == cat and action.to in expected.reachable_squares(cat)
        d.screenshot(name)
        d.click_square(action.cat)  # clicking the cat again lets it go
        assert board.cat is None


def refused_fire_centre(d: Driver, state: GameState, action: PlaceFire, code: str) -> tuple[int, int]:
    """A square where the tile's centre is refused for ``code`` alone."""
    dr, dc = d.board.centre_offset(d.board.tile_cells())
    grid = state.island.grid
    for r in range(grid.rows):
        for c in range(grid.cols):
            error = state.placement_error(PlaceFire(action.tile, (r - dr, c - dc), action.flipped, action.rotation))
            if error is not None and error.code == code:
                return (r, c)
    raise AssertionError(f"no placement of fire tile {action.tile} is refused for {code}")


def refused_centre(state: GameState, action: PlacePathway, code: str) -> tuple[int, int]:
    """A square where the card's centre is refused for ``code`` alone."""
    grid = state.island.grid
    for r in range(1, grid.rows - 1):
        for c in range(1, grid.cols - 1):
            error = state.placement_error(
                PlacePathway(action.player, action.deck, action.card_id, (r - 1, c - 1), action.rotation)
            )
            if error is not None and error.code == code:
                return (r, c)
    raise AssertionError(f"no placement of {action.card} is refused for {code}")


def toolbar_click(d: Driver, action_id: str) -> None:
    toolbar = d.window.findChild(QToolBar, "playtest-toolbar")
    d.click(toolbar.widgetForAction(d.window.actions_by_id[action_id]))


def first_index(actions: list[Action], kind: type, start: int = 0) -> int:
    return next(i for i, a in enumerate(actions) if isinstance(a, kind) and i >= start)


def test_scripted_game_to_a_win_and_its_replay(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    scenario = bundled(WIN_SCENARIO)
    seed, actions, final = find_game(scenario, "win", range(0, 12))
    d = open_window(qtbot, scenario, seed)
    assert d.panel.setup.seed.text() == str(seed)
    expected = new_game(scenario, seed=seed)
    check_shown(d, expected)
    path = first_index(actions, PlacePathway)
    shots = {
        "card_under_mouse": path,
        "fire_tile": first_index(actions, PlaceFire),
        "cat_reach": first_index(actions, MoveCat),
    }
    play_through(d, actions, expected, shots)
    outcome = d.panel.session.state.outcome()
    assert outcome is not None and outcome.won and outcome.reason == "all-cats-on-raft"
    assert d.panel.banner.text().startswith("Won!")
    assert d.panel.counters.value("arrived") == f"{final.cat_count()} of {final.cat_count()}"
    d.screenshot("win_banner")

    # save the replay from the toolbar; the engine reproduces the same game from it
    target = tmp_path / "first-steps.replay.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    toolbar_click(d, "playtest.save_replay")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert schema_errors("replay", data) == []
    assert data["seed"] == seed and data["outcome"]["result"] == "win"
    assert [str(a) for a in actions] == data["actions"]
    again = replay(Replay.from_dict(data))
    assert again.to_dict() == final.to_dict() == d.panel.session.state.to_dict()

    # open it again and step through it with the toolbar
    toolbar_click(d, "playtest.new_seed")
    assert d.panel.session.steps() == (0, 0)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
    toolbar_click(d, "playtest.open_replay")
    assert d.panel.setup.seed.text() == str(seed) and "replay" in d.window.windowTitle()
    assert d.panel.counters.value("steps") == f"0 of {len(actions)} (replay)"
    for _ in actions:
        toolbar_click(d, "playtest.redo")
    assert d.panel.session.state.to_dict() == final.to_dict()
    assert d.panel.banner.isVisible() and not d.window.actions_by_id["playtest.redo"].isEnabled()
    toolbar_click(d, "playtest.undo")
    assert not d.panel.banner.isVisible()
    assert d.panel.counters.value("steps") == f"{len(actions) - 1} of {len(actions)} (replay)"


def test_scripted_game_to_a_loss_shows_the_cut_off_cat(qtbot) -> None:  # type: ignore[no-untyped-def]
    scenario = bundled(LOSS_SCENARIO)
    seed, actions, final = find_game(scenario, "loss", range(0, 12), reason="cat-cut-off")
    d = open_window(qtbot, scenario, seed)
    expected = new_game(scenario, seed=seed)
    play_through(d, actions, expected, {})
    outcome = final.outcome()
    assert outcome is not None and outcome.region
    banner = d.panel.banner.text()
    assert banner.startswith(f"Lost: the {outcome.cat} cat is cut off") and "outlined on the island" in banner
    assert f"({outcome.square[0]}, {outcome.square[1]})" in banner
    if isinstance(actions[-1], PlaceFire):  # the losing tile was called out and asked about first
        assert d.warned == [f"this cuts off the {outcome.cat} cat and the game is lost"]
    # nothing more can be played: decks, hands and end of round are off; undo is on
    assert not any(b.isEnabled() for b in d.panel.decks.buttons.values())
    assert not any(b.isEnabled() for b in d.panel.hands.cards)
    assert d.window.actions_by_id["playtest.undo"].isEnabled()
    d.screenshot("loss_banner")

    # undo the losing step: the banner goes, the game goes on; restart keeps the seed
    toolbar_click(d, "playtest.undo")
    assert not d.panel.banner.isVisible() and d.panel.counters.value("steps") == f"{len(actions) - 1} of {len(actions)}"
    toolbar_click(d, "playtest.restart")
    assert d.panel.session.settings.seed == seed
    check_shown(d, new_game(scenario, seed=seed))


@pytest.mark.parametrize("players", [2, 4])
def test_several_players_draw_in_turn_and_hold_their_own_hands(qtbot, players: int) -> None:  # type: ignore[no-untyped-def]
    scenario = bundled(WIN_SCENARIO)
    d = open_window(qtbot, scenario, 7)
    d.panel.setup.players.setValue(players)  # the spin box a person turns
    assert d.panel.session.settings.players == players and d.panel.setup.variant.currentText() == "standard"
    expected = new_game(scenario, seed=7, players=players, variant="standard")
    decks = list(d.panel.decks.buttons)
    for i in range(3 * players):
        player = i // 3
        assert d.panel.decks.prompt.text().startswith(f"Player {player + 1}: pick a deck for card {i % 3 + 1} of 3")
        d.click(d.panel.decks.buttons[decks[i % 4]])
        expected.apply(DrawCard(player, decks[i % 4]))
        check_shown(d, expected)
    assert expected.phase == "play"
    assert d.window.windowTitle().startswith(f"Playtest: {scenario.name} (seed 7)")
