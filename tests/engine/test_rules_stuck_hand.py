"""The stuck hand (RULINGS LC-7, an unknown): cards remain to be played, yet no card
fits, no cat can move and no water can be spent.  The scenario's rule option
``stuck_hand`` names the reading: ``loss`` (the default: the game is lost,
``no-legal-play``), ``discard`` (the cards go to the disaster pile without a move and
play goes on) or ``forbid`` (refused: whether an action leads there depends on fire
tiles not drawn yet)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine_pictures import picture_layout
from test_rules_rounds import STUCK  # a green cat boxed in by fire: no window for a card, no move

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.model.scenario import STUCK_HAND_READINGS, RuleOptions, Scenario
from engine.model.schemas import schema_errors
from engine.play.actions import DrawCard, EndRound, Refill
from engine.play.island import Island
from engine.play.position import shuffled_decks
from engine.play.state import DRAW, PLAY, REFILL, GameState
from engine.play.support import UnsupportedScenario
from engine.play.variants import get_variant


def _stuck(reading: str, variant: str = "solo", players: int = 1) -> GameState:
    layout, _ = picture_layout(STUCK)
    scenario = Scenario(id="stuck", name="stuck", rules=RuleOptions(stuck_hand=reading))
    island = Island.from_layout(scenario, default_catalog(), layout)
    rng = random.Random(0)
    return GameState(island, get_variant(variant), players=players, seed=0, rng=rng,
                     decks=shuffled_decks(island, rng))  # fmt: skip


def _draw_all(state: GameState) -> None:
    while state.phase == DRAW and not state.is_terminal():
        player = next(p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw)
        state.apply(DrawCard(player, "circle"))


def test_the_default_reading_loses_the_game() -> None:
    assert RuleOptions().stuck_hand == "loss" == STUCK_HAND_READINGS[0]
    state = _stuck("loss")
    _draw_all(state)
    assert state.outcome() is not None and state.outcome().reason == "no-legal-play"


def test_the_discard_reading_sends_the_hand_to_the_disaster_pile_and_play_goes_on() -> None:
    """Solo: the 3 cards in hand go to the disaster pile (no move: the pile is not
    checked, DP-1), the hand refills from the face-down cards by the player's choice,
    those are stuck too and follow; then ending the round is the action."""
    state = _stuck("discard")
    _draw_all(state)
    assert not state.is_terminal() and state.phase == REFILL
    assert len(state.disaster_pile) == 3 and state.hands == [[]] and len(state.reserve[0]) == 3
    while state.phase == REFILL:
        state.apply(Refill(0, 0))
    assert state.phase == PLAY and not state.is_terminal()
    assert len(state.disaster_pile) == 6 and state.hands == [[]] and state.reserve == [[]]
    assert list(state.legal_actions()) == [EndRound()]
    state.apply(EndRound())
    assert state.phase == DRAW


def test_the_discard_reading_in_a_team_game_empties_every_hand() -> None:
    state = _stuck("discard", variant="standard", players=2)
    _draw_all(state)
    assert not state.is_terminal() and state.hands == [[], []] and len(state.disaster_pile) == 6
    assert list(state.legal_actions()) == [EndRound()]


def test_the_discarded_cards_leave_the_game_where_discards_do() -> None:
    """The digital variant removes discarded cards from the game (SO-3): so do these."""
    state = _stuck("discard", variant="comp1110")
    _draw_all(state)
    assert not state.disaster_pile and len(state.removed) == 6 and not state.is_terminal()


def test_the_forbid_reading_is_refused_naming_the_rule() -> None:
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    forbid = scenario.with_changes(rules=replace(scenario.rules, stuck_hand="forbid"))
    with pytest.raises(UnsupportedScenario, match=r"stuck-hand reading 'forbid' \(RULINGS LC-7"):
        new_game(forbid, seed=0)
    typo = scenario.with_changes(rules=replace(scenario.rules, stuck_hand="lose"))
    with pytest.raises(UnsupportedScenario, match="'lose'"):
        new_game(typo, seed=0)


def test_the_reading_travels_in_the_file_and_the_default_is_not_written() -> None:
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    assert "stuck_hand" not in scenario_to_dict(scenario)["rules"]  # bundled files stay byte-identical
    chosen = scenario.with_changes(rules=replace(scenario.rules, stuck_hand="discard"))
    doc = scenario_to_dict(chosen)
    assert doc["rules"]["stuck_hand"] == "discard" and schema_errors("scenario", doc) == []
    assert scenario_from_dict(doc) == chosen
    assert schema_errors("scenario", {**doc, "rules": {**doc["rules"], "stuck_hand": "lose"}})
