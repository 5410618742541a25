"""Issue 28 item 4: the small betrayals.  Objectives Add opens a preset editor; a raft
card carries its objective tokens; players count from 1 and cards go by their printed
deck; the playtest island shows card numbers, raft letters and objective tokens; an
unplayable scenario greys its decks out; a fire tile that would lose the game warns on
hover and asks on the click."""

from __future__ import annotations

import random
from dataclasses import replace

from playtest_driver import Driver
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot
from studio_helpers import drag

from editor.docks.objectives import ObjectiveDialog
from editor.mainwindow import MainWindow
from editor.painting import TOKEN_COLOURS
from editor.playtest import PlaytestWindow
from editor.playtest.wording import card_name, for_people
from engine.check.validate_files import first_bundled_scenario_path
from engine.check.validate_files import open_scenario as load_scenario
from engine.model.scenario import Objective, Scenario
from engine.play.actions import PlaceFire, PlacePathway
from engine.play.state import FIRE


def test_objectives_add_opens_the_editor_preset_to_the_next_free_arrival(window: MainWindow) -> None:
    page = window.properties.objectives_page
    page.add_kind.setCurrentIndex(page.add_kind.findData("arrival_order"))
    shown: list[Objective] = []

    def editor(preset: Objective) -> Objective | None:
        shown.append(preset)
        return ObjectiveDialog(preset, page).objective()  # the editor as opened, then OK

    page.ask_objective = editor  # type: ignore[method-assign]
    before = window.doc.scenario.objectives  # "Blue arrives first" is there
    page.buttons["Add"].click()
    assert shown[0] == Objective("arrival_order", colour="green", position=2)  # next place, a cat without one
    assert window.doc.scenario.objectives == (*before, shown[0])
    page.buttons["Add"].click()  # no duplicate: the next free place again
    assert shown[1].position == 3
    page.ask_objective = lambda preset: None  # type: ignore[method-assign]
    page.buttons["Add"].click()  # cancelled: nothing added
    assert len(window.doc.scenario.objectives) == 3


def test_objectives_add_takes_the_token_under_the_selection(window: MainWindow) -> None:
    page = window.properties.objectives_page
    window.doc.set_selection({("tokens", 0)})  # objective token 1 on raft B at (8, 15)
    page.add_kind.setCurrentIndex(page.add_kind.findData("arrival_order"))
    assert page.preset() == Objective("arrival_order", colour="green", position=1, destination=(8, 15))


def test_dragging_a_raft_card_carries_its_objective_tokens(qtbot: QtBot, window: MainWindow) -> None:
    before = window.doc.scenario
    assert before.cards[3].kind == "raft" and before.tokens[0].at == (8, 15)
    drag(window.canvas, (7.5, 16.5), [(9.5, 16.5), (10.5, 16.5)])  # raft B three rows down
    after = window.doc.scenario
    assert after.cards[3].at == (9, 15) and after.tokens[0].at == (11, 15)  # the token came along
    assert after.tokens[1] == before.tokens[1]  # the fish elsewhere stays
    window.action("edit.undo").trigger()
    assert window.doc.scenario == before


def test_players_count_from_one_and_cards_go_by_their_printed_deck() -> None:
    assert card_name("circle:h") == "Circle card"
    assert for_people("discard: player 0 discarded circle:h to the disaster pile") == (
        "discard: Player 1 discarded the Circle card to the disaster pile"
    )
    assert for_people("card cross:b is not in player 1's hand") == "the Cross card is not in Player 2's hand"


def island_window(qtbot: QtBot, scenario: Scenario, seed: int = 0) -> Driver:
    window = PlaytestWindow(scenario, seed=seed, players=1)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return Driver(qtbot, window)


def test_the_playtest_island_shows_card_numbers_raft_letters_and_objective_tokens(
    qtbot: QtBot, island: Scenario
) -> None:
    d = island_window(qtbot, island)
    image = d.board.grab().toImage()
    token = d.board.square_center((8, 15))  # objective token 1 sits in the square's top-right corner
    size = d.board.square_center((8, 16)).x() - token.x()
    corner = image.pixelColor(int(token.x() + size * 0.11), int(token.y() - size * 0.25))  # left of its "1"
    objective = TOKEN_COLOURS["objective"]
    assert abs(corner.red() - objective.red()) + abs(corner.green() - objective.green()) < 60, corner.name()
    badge = d.board.square_center((0, 3))  # location card 3's number badge, top-left corner: white
    assert image.pixelColor(int(badge.x() - size * 0.33), int(badge.y() - size * 0.33)) == QColor("white")
    d.window.close()


def test_an_unplayable_scenario_greys_its_decks_out(qtbot: QtBot, island: Scenario) -> None:
    d = island_window(qtbot, island.with_changes(rules=replace(island.rules, disaster_deck=True)))
    assert d.panel.session.state is None
    decks = d.panel.decks
    assert not decks.isEnabled() and "cannot be played" in decks.prompt.text()
    for button in decks.buttons.values():
        assert not button.isEnabled() and button.text().endswith("no game") and not button.in_play
    d.window.close()


def fatal_fire(window: PlaytestWindow) -> PlaceFire:
    """Play on (random pathways, seeded) until a fire tile is to be placed and one of its
    places cuts a cat off; return that place."""
    session = window.session
    rng = random.Random(0)
    for _ in range(400):
        state = session.state
        assert state is not None and not state.is_terminal()
        actions = state.legal_actions()
        if state.phase == FIRE:
            for action in actions:
                if isinstance(action, PlaceFire):
                    trial = state.clone()
                    trial.apply(action)
                    outcome = trial.outcome()
                    if outcome is not None and not outcome.won and outcome.cat:
                        return action
        pathways = [a for a in actions if isinstance(a, PlacePathway)]
        session.apply(rng.choice(pathways) if pathways and rng.random() < 0.9 else rng.choice(actions))
    raise AssertionError("no fatal fire tile in 400 actions")


def test_a_fire_tile_that_loses_the_game_warns_on_hover_and_asks_on_the_click(qtbot: QtBot) -> None:
    d = island_window(qtbot, load_scenario(first_bundled_scenario_path()))
    action = fatal_fire(d.window)
    cat = d.panel.session.state.clone()
    cat.apply(action)
    colour = cat.outcome().cat
    d.orient_tile(action)
    d.hover(d.tile_centre(action))
    assert d.board.hint == "" and f"this cuts off the {colour} cat" in d.board.warning
    assert f"cuts off the {colour} cat" in d.panel.hint.text()  # said under the island, before the click
    asked: list[str] = []
    d.board.confirm_loss = lambda warning: asked.append(warning) or False  # type: ignore[method-assign]
    d.click_square(d.tile_centre(action))
    assert asked and d.panel.session.state.phase == FIRE  # "No": the tile is still to place
    d.board.confirm_loss = lambda warning: True  # type: ignore[method-assign]
    d.click_square(d.tile_centre(action))
    outcome = d.panel.session.state.outcome()
    assert outcome is not None and not outcome.won and outcome.cat == colour
    d.window.close()
