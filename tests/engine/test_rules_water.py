"""Water tokens (rulebook "2. Water tokens"; RULINGS WT-1, WT-2)."""

from __future__ import annotations

import pytest
from engine_pictures import RED_CAT_ISLAND, deal, picture_state, put_fire_tile

from engine.play.actions import PlacePathway, UseWater
from engine.play.outcome import IllegalAction

ISLAND = RED_CAT_ISLAND


def _code(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.code


def test_water_returns_a_fire_tile_to_the_bag_and_uncovers_the_square() -> None:
    """WT-1: spend 1 water token to return 1 fire tile to the bag; the squares under
    it show again (the tile sat on top, PL-8)."""
    state = deal(picture_state(ISLAND, water=2), ["circle:a"])
    put_fire_tile(state, "z", (3, 0))
    assert state.terrain_at((4, 1)) == "fire" and "z" not in state.bag
    state.apply(UseWater("z"))
    assert state.terrain_at((3, 0)) == "green" and state.terrain_at((4, 1)) == "blue"
    assert "z" in state.bag and state.bag == sorted(state.bag, key=state.island.tile_order.__getitem__)
    assert (state.water, state.water_used) == (1, 1)


def test_only_fire_tiles_can_be_removed() -> None:
    """WT-2: fire cards, board strips and printed fire are not fire tiles."""
    state = deal(picture_state(ISLAND, water=2), ["circle:a"])
    assert _code(state, UseWater("z")) == "tile-not-placed"
    assert UseWater("z") not in list(state.legal_actions())


def test_no_water_no_removal() -> None:
    """WT-1: there are only the scenario's tokens (3 at most)."""
    state = deal(picture_state(ISLAND, water=0), ["circle:a"])
    put_fire_tile(state, "z", (3, 0))
    assert _code(state, UseWater("z")) == "no-water"


def test_water_is_never_spent_during_an_action() -> None:
    """WT-1: tokens are spent only when talking is allowed: not while a drawn fire tile
    waits to be placed, nor during the draw."""
    state = deal(picture_state(ISLAND, water=2), ["circle:a", "circle:b"])
    put_fire_tile(state, "z", (3, 0))
    state.apply(PlacePathway(0, "circle", "a", (3, 3), 0))
    assert state.phase == "fire"
    assert _code(state, UseWater("z")) == "wrong-phase"
    assert not any(isinstance(a, UseWater) for a in state.legal_actions())
    fresh = picture_state(ISLAND, water=2)
    assert _code(fresh, UseWater("z")) == "wrong-phase"
