"""Disaster cards are data (rulebook "Advanced rules"; RULINGS C15: the real texts are
unknown): a catalog describes each card as effects from a small vocabulary, checked with
errors naming the file, the card and the fix; with no disaster card in any catalog an
advanced game is refused, saying so.  Every card here is a FIXTURE."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from advanced_fixtures import fixture_card, fixture_catalog

from engine import new_game, validate
from engine.check.validate_files import open_scenario
from engine.model.catalog import CatalogError, load_catalog_file
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import RuleOptions, Scenario
from engine.play.support import UnsupportedScenario

FIXTURE_CARD = {"id": "fixture-disaster-1", "name": "Fixture storm", "text": "A fixture, not a real card",
                "effects": [{"effect": "fire", "count": 2}, {"effect": "discard", "who": "each"},
                            {"effect": "move", "cat": "nearest_fire", "squares": 3, "towards": "fire"},
                            {"effect": "exhaust", "cat": "all"}, {"effect": "lose_water"}]}  # fmt: skip


def _write(tmp_path: Path, *cards: dict) -> Path:
    path = tmp_path / "fixture.components.json"
    doc = {"format": "raftwright.components", "format_version": 1, "id": "fixture-disasters", "name": "Fixture",
           "disaster_cards": list(cards)}  # fmt: skip
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")


def test_a_catalog_describes_disaster_cards_with_the_effect_vocabulary(tmp_path: Path) -> None:
    catalog = load_catalog_file(_write(tmp_path, FIXTURE_CARD))
    card = catalog.disaster_cards["fixture-disaster-1"]
    assert [e.effect for e in card.effects] == ["fire", "discard", "move", "exhaust", "lose_water"]
    assert card.effects[2] == DisasterEffect("move", cat="nearest_fire", squares=3, towards="fire")
    assert [e.describe() for e in card.effects] == [
        "place 2 fire tiles", "each player discards 1 card", "move the cat nearest the fire up to 3 squares towards "
        "the fire", "exhaust every cat", "lose 1 water token"]  # fmt: skip


@pytest.mark.parametrize(("effect", "expected"), [
    ({"effect": "move", "who": "each"}, "'who' does not apply to a move effect; remove it (a move effect takes cat"),
    ({"effect": "exhaust", "cat": "any"}, "an exhaust effect cannot name cat 'any'; use one of"),
    ({"effect": "quake"}, "quake"),
    ({"effect": "fire", "count": 9}, "9"),
])  # fmt: skip
def test_a_bad_effect_names_the_file_the_card_and_the_fix(tmp_path: Path, effect: dict, expected: str) -> None:
    path = _write(tmp_path, {"id": "fixture-disaster-bad", "effects": [{"effect": "fire"}, effect]})
    with pytest.raises(CatalogError) as caught:
        load_catalog_file(path)
    message = str(caught.value)
    assert str(path) in message and "/disaster_cards/0/effects/1" in message and expected in message
    if "does not apply" in expected or "use one of" in expected:
        assert "disaster card fixture-disaster-bad, effect 2" in message


def test_two_catalogs_may_not_define_one_disaster_card() -> None:
    catalog = fixture_catalog(fixture_card("a", DisasterEffect("fire")))
    with pytest.raises(CatalogError, match="disaster card fixture-disaster-a"):
        catalog.merged(catalog)


@pytest.mark.parametrize("change", [{"mode": "advanced"}, {"rules": RuleOptions(disaster_deck=True)}])
def test_an_advanced_game_with_no_disaster_card_is_refused_saying_so(scenario: Scenario, change: dict) -> None:
    """The disaster deck cannot be played without cards, and none is known (C15)."""
    changed = scenario.with_changes(**change)
    with pytest.raises(UnsupportedScenario, match="without disaster cards") as caught:
        new_game(changed, seed=1)
    assert "add a catalog with disaster cards" in str(caught.value).lower()
    found = [i for i in validate(changed) if i.code == "not-playable-yet"]
    assert len(found) == 1 and "add a catalog with disaster cards" in found[0].message


def test_with_disaster_cards_the_advanced_game_starts_with_the_deck_shuffled(scenario: Scenario) -> None:
    """Setup 7 (advanced only): shuffle the disaster cards into a face-down pile."""
    cards = [fixture_card(str(i), DisasterEffect("fire")) for i in range(5)]
    catalog = fixture_catalog(*cards)
    state = new_game(scenario.with_changes(mode="advanced"), seed=1, catalog=catalog)
    assert sorted(state.advanced.disaster_deck) == sorted(c.id for c in cards) and not state.is_terminal()
    assert new_game(scenario, seed=1, catalog=catalog).advanced.disaster_deck == []  # the standard game has none
    assert validate(scenario.with_changes(mode="advanced"), catalog) == validate(scenario, catalog)


def test_an_effect_built_in_code_is_checked_too() -> None:
    with pytest.raises(ValueError, match="use one of fire, discard, move, exhaust, lose_water"):
        DisasterEffect("quake")
    with pytest.raises(ValueError, match="count and squares are 1-5"):
        DisasterEffect("move", squares=6)
