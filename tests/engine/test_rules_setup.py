"""Set-up (rulebook "Setup", "Island boards"; RULINGS C3, FB-1) and the variant registry."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.catalog import CatStart, LocationCard, default_catalog
from engine.model.layout import BoardChoice, compose_island, draw_board_choices
from engine.model.resources import campaigns_dir
from engine.model.scenario import BoardPin
from engine.play.island import UnsupportedScenario
from engine.play.variants import VARIANTS, get_variant, register_variant


@pytest.fixture(scope="module")
def scenario():
    return open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")


def test_cats_stand_on_their_icons_on_boards_drawn_from_the_seed(scenario) -> None:
    """Rulebook "Setup" 1A-1C: boards drawn at random (right size, rotations the slot
    allows), cards placed, a cat on every cat icon."""
    state = new_game(scenario, seed=7)
    catalog = default_catalog()
    choices = draw_board_choices(scenario, catalog, random.Random(7))
    assert state.island.choices == choices
    layout = compose_island(scenario, catalog, choices)
    assert [(c["colour"], c["square"]) for c in state.cats()] == list(layout.cats)
    assert not any(c["exhausted"] or c["arrived"] for c in state.cats())
    seeds = {new_game(scenario, seed=s).island.choices for s in range(8)}
    assert len(seeds) > 1


def test_decks_are_shuffled_separately_and_the_bag_holds_every_tile(scenario) -> None:
    """Rulebook "Setup" 2-3 (FB-1): four shuffled pathway decks of 25; the fire bag
    holds all 31 tiles; the disaster pile starts empty; water as the scenario says."""
    state = new_game(scenario, seed=1)
    assert {d: len(c) for d, c in state.decks.items()} == {"circle": 25, "cross": 25, "square": 25, "triangle": 25}
    assert all(k.startswith(d + ":") for d, cards in state.decks.items() for k in cards)
    assert sorted(state.bag) == sorted(default_catalog().fire_tiles) and len(state.bag) == 31
    assert state.disaster_pile == [] and state.phase == "draw" and state.round == 1
    assert state.water == scenario.rules.water_tokens
    other = new_game(scenario, seed=2)
    assert state.decks != other.decks
    assert new_game(scenario, seed=1).to_dict() == state.to_dict()


def test_pinned_boards_are_honoured(scenario) -> None:
    """docs/architecture.md: a board slot may pin a physical board (and plain-face rotation) for
    reproducible playtests."""
    catalog = default_catalog()
    free = draw_board_choices(scenario, catalog, random.Random(0))
    slots = list(scenario.boards)
    index = next(i for i, s in enumerate(slots) if s.face == "plain")
    slot = slots[index]
    other = next(b.id for b in catalog.boards_of_size(slot.size) if b.id != free[index].board)
    rotation = 2 if slot.size == "large" or slot.orientation == "horizontal" else 3
    slots[index] = dataclasses.replace(slot, pin=BoardPin(other, rotation))
    pinned = scenario.with_changes(boards=tuple(slots))
    for seed in range(5):
        assert new_game(pinned, seed=seed).island.choices[index] == BoardChoice(other, rotation)


def test_player_counts_follow_the_variant_and_the_scenario(scenario) -> None:
    """Rulebook: 1-4 players; the solo rules are for one (SO-1)."""
    with pytest.raises(ValueError, match="solo variant is for 1"):
        new_game(scenario, seed=0, players=2, variant="solo")
    with pytest.raises(ValueError):
        new_game(scenario, seed=0, players=5, variant="standard")
    state = new_game(scenario, seed=0, players=4, variant="standard")
    assert len(state.hands) == 4
    with pytest.raises(ValueError, match="is for 1"):
        new_game(
            scenario.with_changes(rules=dataclasses.replace(scenario.rules, players=(1,))),
            seed=0,
            players=2,
            variant="standard",
        )
    with pytest.raises(KeyError, match="known variants"):
        new_game(scenario, seed=0, variant="nonesuch")


def test_the_digital_variant_has_no_water(scenario) -> None:
    """Digital variant (seeds/solo-digital-variant.txt): no water tokens."""
    assert scenario.rules.water_tokens > 0
    assert new_game(scenario, seed=0, variant="comp1110").water == 0


def test_white_cats_are_refused_with_a_clear_error(scenario) -> None:
    """MV-5/OX-2: white cats (Oshax) walk only along Oshax paths, which the bundled
    catalogs do not have (OX-2 unknown); a scenario with one is refused, naming the
    white cat's card and the missing path data (tests/engine/test_rules_oshax.py plays
    them with fixture paths)."""
    catalog = default_catalog()
    number = next(n for n, _ in ((int(c.ident), c) for _, c in scenario.cards_of("location")))
    card = catalog.location_cards[number]
    white = LocationCard(number, card.grid, (CatStart("white", card.cats[0].square),))
    custom = dataclasses.replace(catalog, location_cards={**catalog.location_cards, number: white})
    with pytest.raises(UnsupportedScenario, match="white cat"):
        new_game(scenario, seed=0, catalog=custom)


def test_variants_are_one_registry_of_hooks() -> None:
    """docs/architecture.md: variants are named hooks in a registry, never forked engines."""
    assert {"standard", "solo", "comp1110"} <= set(VARIANTS)
    solo = get_variant("solo")
    assert (solo.hand_size, solo.reserve_size, solo.cards_per_draw, solo.disaster_threshold) == (3, 3, 6, 4)
    comp = get_variant("comp1110")
    assert (comp.cards_per_draw, comp.discard_destination, comp.disaster_threshold) == (6, "out", None)
    quick = dataclasses.replace(get_variant("standard"), name="test-quick-disasters", disaster_threshold=2)
    register_variant(quick)
    try:
        assert get_variant("test-quick-disasters") is quick
        with pytest.raises(ValueError, match="already registered"):
            register_variant(dataclasses.replace(quick))
    finally:
        VARIANTS.pop("test-quick-disasters")


QUICK = """
rrrwww
Bbbwow
rrrwww
gggggg
gggggg
gggggg
ffffff
"""


def test_quick_disaster_variant_changes_play_through_its_hook() -> None:
    """The disaster threshold is a hook (DP-1 says 4 cards, 4 moved): a variant with 2
    and 2 draws a fire tile as soon as two cards lie on the pile."""
    from engine_pictures import deal, picture_state

    from engine.play.actions import MoveCat

    quick = dataclasses.replace(get_variant("standard"), name="test-quick", disaster_threshold=2, disaster_cards=2)
    register_variant(quick)
    try:
        state = deal(picture_state(QUICK, variant="test-quick"), ["circle:a", "circle:b", "circle:c"])
        state.apply(MoveCat(0, (1, 0), (1, 1), ("circle:a",)))
        assert state.phase == "play" and state.disaster_pile == ["circle:a"]
        state.apply(MoveCat(0, (1, 1), (1, 2), ("circle:b", "circle:c")))
        assert state.phase == "fire" and state.pending.cause == "disaster"
        assert state.discard_pile == ["circle:a", "circle:b"] and state.disaster_pile == ["circle:c"]
    finally:
        VARIANTS.pop("test-quick")
