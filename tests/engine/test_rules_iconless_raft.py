"""Raft squares with no cat icon (RULINGS C11, §3 unknown 4): the rulebook does not say
what they are; U1 calls them "wild" (any cat may end there), which RULINGS records as
U1's interpretation.  ``RuleSet.iconless_raft_squares`` names the reading:
``"any-colour"`` (the default) or ``"unusable"`` (raft art)."""

from __future__ import annotations

import dataclasses

import pytest
from engine_pictures import deal, picture_state

from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.resources import campaigns_dir
from engine.play.actions import MoveCat
from engine.play.game import new_game
from engine.play.outcome import IllegalAction
from engine.play.state import GameState
from engine.play.variants import ANY_COLOUR, SOLO, UNUSABLE, RuleSet, get_variant

# A raft (centre (2, 9)) with one red icon (2, 8), three blue ones (row 3) and
# icon-less squares (w); two red cats, one beside the icon-less square (1, 8).
PICTURE = """
rrrrrrrrrrrr
rrrrrrrRwwwg
rrrRrrrrrowg
ggggggggbbbg
ffffffffffff
"""
RED_A = (1, 7)
ICONLESS = (1, 8)


def _state(reading: str) -> GameState:
    state = deal(picture_state(PICTURE, variant="standard"), ["circle:a", "circle:b", "circle:c"])
    state.rules = dataclasses.replace(get_variant("standard"), iconless_raft_squares=reading)
    return state


def test_any_colour_reading_lets_a_cat_end_on_an_iconless_square() -> None:
    """U1 (RULINGS C11): a square with no cat icon is "wild": any cat may end there."""
    state = _state(ANY_COLOUR)
    assert ICONLESS in state.reachable_squares(RED_A)
    state.apply(MoveCat(0, RED_A, ICONLESS, ("circle:a",)))
    assert state.arrived[state.cat_at(ICONLESS)]


def test_unusable_reading_makes_iconless_squares_raft_art() -> None:
    """The other reading (C11 is an interpretation): no icon, no cat; the cut-off
    analysis then sees that the two red cats have no raft square they may use."""
    state = _state(UNUSABLE)
    assert ICONLESS not in state.reachable_squares(RED_A)
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, RED_A, ICONLESS, ("circle:a",)))
    assert err.value.code == "unreachable"
    lost = state.cut_off()
    assert lost is not None and lost.cat == "red"


def test_the_reading_is_checked_and_the_default_is_any_colour() -> None:
    assert SOLO.iconless_raft_squares == ANY_COLOUR and get_variant("standard").iconless_raft_squares == ANY_COLOUR
    with pytest.raises(ValueError, match="iconless_raft_squares"):
        RuleSet(name="x", description="x", iconless_raft_squares="wild")


def test_raft_a_is_boarded_from_any_side_whatever_the_reading() -> None:
    """Rulebook "Raft cards" (MV-3): raft A has no destinations; a cat next to it may
    move onto it.  Its squares are not "icon-less squares" of a coloured raft."""
    scenario = open_scenario(campaigns_dir() / "tutorial/01-first-steps.scenario.json")
    game = new_game(scenario, seed=1, catalog=default_catalog())
    assert game.island.iconless == 0
