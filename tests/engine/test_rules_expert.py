"""Expert mode (Kickstarter pack, "Expert scenarios": they "use the advanced rules and
require you to include the hybrid fire tiles in your fire bag"; RULINGS KS-6, FB-2,
C15, C17), played with FIXTURE disaster cards and FIXTURE hybrid tiles."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from advanced_fixtures import fixture_card
from kickstarter_fixtures import FIXTURE_HYBRID

from engine import new_game, validate
from engine.bots.bots import RandomBot
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.play.support import UnsupportedScenario
from engine.play.variants.base import ADVANCED_MOVE_LIMIT

CARD = fixture_card("expert", DisasterEffect("fire", count=1))


def _catalog(disasters: bool = True, hybrid: bool = True) -> Catalog:
    catalog = default_catalog()
    if hybrid:
        catalog = catalog.merged(FIXTURE_HYBRID)
    if disasters:
        catalog = catalog.merged(Catalog(ids=("fixture-disasters",), name="fixture", disaster_cards={CARD.id: CARD}))
    return catalog


def _expert():
    scenario = open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")
    return replace(scenario, mode="expert")


def test_expert_mode_is_the_advanced_game_with_the_hybrid_tiles_in_the_bag() -> None:
    """KS-6: the advanced rules (5-square moves, the disaster deck, the arrival bonus)
    and the hybrid tiles in the bag, without the hybrid_fire_tiles option."""
    state = new_game(_expert(), seed=4, catalog=_catalog())
    assert not state.scenario.rules.hybrid_fire_tiles
    assert {"fixture-hybrid-1", "fixture-hybrid-2"} <= set(state.bag)
    assert state.rules.advanced(state) and state.rules.move_limit(state) == ADVANCED_MOVE_LIMIT
    assert state.rules.arrival_bonus(state) and state.rules.disaster_deck(state.scenario)
    assert state.advanced.disaster_deck == [CARD.id]


def test_expert_mode_plays_to_the_end() -> None:
    """A few random expert games end (win or loss) with every move within 5 squares."""
    for seed in range(3):
        state = new_game(_expert(), seed=seed, catalog=_catalog())
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(RandomBot().choose(state, rng))
        assert state.outcome() is not None


@pytest.mark.parametrize(("disasters", "hybrid", "missing"), [
    (False, True, "expert mode without disaster cards"),
    (True, False, "expert mode without hybrid tiles"),
])  # fmt: skip
def test_expert_mode_without_its_components_is_refused_naming_them(disasters: bool, hybrid: bool, missing: str) -> None:
    """C15, C17: the disaster cards' texts and the hybrid tiles' shapes are unknown, so
    with no catalog defining them an expert game is refused, saying what to add."""
    with pytest.raises(UnsupportedScenario, match=missing) as caught:
        new_game(_expert(), seed=1, catalog=_catalog(disasters, hybrid))
    assert "catalog" in str(caught.value)


def test_validate_warns_when_no_catalog_holds_the_expert_components() -> None:
    """The bundled catalogs hold neither disaster cards nor hybrid tiles (C15, C17)."""
    warned = [i for i in validate(_expert()) if i.code == "not-playable-yet"]
    assert {i.where.path for i in warned} == {"/mode"}
    assert any("hybrid tiles" in i.message for i in warned) and any("disaster cards" in i.message for i in warned)
