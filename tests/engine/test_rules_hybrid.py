"""Hybrid fire tiles (Kickstarter pack, "Hybrid fire tiles", "Placement rules",
"Before you start"; RULINGS KS-4, PL-9, FB-2, WT-2, C17), played with FIXTURE tiles:
the real shapes and safe-spot colours are unknown (C17)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_pictures import deal, put_fire_tile
from kickstarter_fixtures import FIXTURE_BAR, FIXTURE_END, hybrid_catalog, token_state

from engine import new_game, validate
from engine.check.validate_files import open_scenario
from engine.model.catalog import catalog_document_problems
from engine.model.resources import campaigns_dir
from engine.play.actions import PlaceFire, PlacePathway, UseWater
from engine.play.phases import FIRE, PendingFire
from engine.play.reach import move_targets, walkable
from engine.play.support import UnsupportedScenario

# Fire in the north-west; a blue cat at (3, 5) and a red one at (8, 0); an any-colour raft.
ISLAND = """
fffbbbbbbbbb
fffbbbbbbbbb
fffbbbbbbbbb
bbbbbBbbbbbb
bbbbbbbbbwww
bbbbbbbbbwow
bbbbbbbbbwww
rrrrrrrrrrrr
Rrrrrrrrrrrr
"""
HAND = ["circle:a", "circle:b", "circle:c"]


def _game(water: int = 0):
    return deal(token_state(ISLAND, {}, hybrid=True, water=water), list(HAND))


def test_one_fire_square_touching_fire_is_enough_even_if_a_safe_spot_separates_the_rest() -> None:
    """Kickstarter pack "Hybrid fire tiles": it is OK if a safe spot leaves some of the
    tile's fire unconnected, as long as one fire square touches existing fire."""
    state = _game()
    # fixture-hybrid-1 across row 0: fire (0,3) touches the fire at (0,2); safe (0,4); fire (0,5) alone
    assert state.placement_error(PlaceFire(FIXTURE_BAR.id, (0, 3), False, 0)) is None


def test_a_safe_spot_is_not_fire_for_the_touching_rule() -> None:
    """A safe spot is terrain, not fire: a tile touching fire only with its safe spot
    does not touch fire."""
    state = _game()
    # fixture-hybrid-2 turned a quarter: a column with its red safe spot on top, at (3, 2): only the spot touches (2, 2)
    error = state.placement_error(PlaceFire(FIXTURE_END.id, (3, 2), False, 1))
    assert error is not None and error.code == "not-touching-fire"


def test_cats_cross_safe_spots_of_their_own_colour_only() -> None:
    """KS-4: cats move as normal across safe spots of their favoured terrain; the
    tile's other squares are fire."""
    state = _game()
    put_fire_tile(state, FIXTURE_BAR.id, (0, 3))  # blue safe spot on (0, 4)
    grid = state.island.grid
    spot = grid.bit((0, 4))
    assert state.terrain_at((0, 4)) == "blue" and state.terrain_at((0, 3)) == "fire"
    assert walkable(state, 0) & spot and move_targets(state, 0) & spot  # blue (terrain index 0)
    assert not walkable(state, 1) & spot  # red
    assert not move_targets(state, 0) & grid.bit((0, 5))


def test_nothing_is_placed_on_any_part_of_a_hybrid_tile() -> None:
    """PL-9: no pathway card and no fire tile on any square of a hybrid tile, safe spots
    included."""
    state = _game()
    put_fire_tile(state, FIXTURE_END.id, (0, 3), flipped=True)  # fire (0,3) (0,4), red safe spot (0,5)
    assert state.terrain_at((0, 5)) == "red"
    card = state.placement_error(PlacePathway(0, "circle", "a", (0, 5), 0))
    assert card is not None and card.code == "on-hybrid"
    spot = state.island.grid.bit((0, 5))
    assert all(not state.island.card_mask(sq) & spot for sq in state.legal_card_squares())
    put_fire_tile(state, FIXTURE_BAR.id, (1, 3))  # touches (1,2); its cells (1,3)-(1,5) lie under the spot
    state.bag.remove("a")
    state.pending, state.phase = PendingFire("a", 0, "pathway"), FIRE
    assert all(not state.island.tile_mask(a) & (spot | state.safe_any) for a in state.legal_fire_placements())


def test_hybrid_tiles_count_as_fire_tiles_for_placement_and_water() -> None:
    """PL-9: a hybrid tile counts as a fire tile for every placement rule (on the island,
    off cats and rafts); WT-2 (INFERENCE): water returns it to the bag like any tile."""
    state = _game(water=1)
    error = state.placement_error(PlaceFire(FIXTURE_BAR.id, (3, 3), False, 0))  # over the blue cat
    assert error is not None and error.code == "on-cat"
    put_fire_tile(state, FIXTURE_BAR.id, (0, 3))
    state.apply(UseWater(FIXTURE_BAR.id))
    assert FIXTURE_BAR.id in state.bag and state.safe_any == 0 and state.terrain_at((0, 4)) == "blue"
    assert state.terrain_at((0, 3)) == "blue"


def test_hybrid_tiles_go_into_the_bag_only_when_the_scenario_says_so() -> None:
    """FB-2 (Kickstarter pack "Before you start"): hybrid tiles join the bag only by
    choice (rules.hybrid_fire_tiles)."""
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    catalog = hybrid_catalog()
    plain = new_game(scenario, seed=1, catalog=catalog)
    assert FIXTURE_BAR.id not in plain.bag and len(plain.bag) == 31
    hybrid = new_game(replace(scenario, rules=replace(scenario.rules, hybrid_fire_tiles=True)), seed=1, catalog=catalog)
    assert {FIXTURE_BAR.id, FIXTURE_END.id} <= set(hybrid.bag) and len(hybrid.bag) == 33


def test_hybrid_tiles_asked_for_but_in_no_catalog_are_refused_naming_the_missing_data() -> None:
    """C17: the hybrid tiles' shapes and colours are unknown; a game that needs them
    with no catalog defining one is refused, saying what to add; validate warns."""
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    wants = replace(scenario, rules=replace(scenario.rules, hybrid_fire_tiles=True))
    with pytest.raises(UnsupportedScenario, match="hybrid fire tiles without hybrid tiles.*RULINGS C17.*safe_spots"):
        new_game(wants, seed=1)
    warned = [i for i in validate(wants) if i.code == "not-playable-yet"]
    assert [i.where.path for i in warned] == ["/rules/hybrid_fire_tiles"] and "C17" in warned[0].message


def test_catalog_checks_of_hybrid_tiles() -> None:
    """A hybrid tile's safe spots are among its cells and it keeps a fire square."""
    doc = {"fire_tiles": [
        {"id": "h1", "cells": [[0, 0], [0, 1]], "hybrid": True, "safe_spots": [{"square": [0, 2], "terrain": "blue"}]},
        {"id": "h2", "cells": [[0, 0]], "hybrid": True, "safe_spots": [{"square": [0, 0], "terrain": "red"}]},
        {"id": "h3", "cells": [[0, 0], [0, 1]], "safe_spots": [{"square": [0, 1], "terrain": "red"}]},
    ]}  # fmt: skip
    messages = [p.message for p in catalog_document_problems(doc)]
    assert any("not one of its cells" in m for m in messages)
    assert any("no fire square" in m for m in messages)
    assert any("not marked" in m for m in messages)
