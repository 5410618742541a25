"""Placement rules for pathway cards and fire tiles (rulebook "Placement"; RULINGS PL-*)."""

from __future__ import annotations

import pytest
from engine_pictures import RED_CAT_ISLAND, deal, picture_state, put_fire_tile

from engine.model.catalog import default_catalog
from engine.model.geometry import cells_extent, rotate_grid, transform_cells
from engine.play.actions import PlaceFire, PlacePathway
from engine.play.bitboard import tile_orientations
from engine.play.outcome import IllegalAction
from engine.play.state import FIRE, OVER, PendingFire

ISLAND = RED_CAT_ISLAND.replace("gggggggggggg\n", "gggggggggggg\ngggggggggggg\n")
CARD = "circle:a"


def _game(**kw):
    return deal(picture_state(ISLAND, **kw), [CARD, "cross:b", "square:c"])


def _code(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.code


@pytest.mark.parametrize(
    ("at", "code"),
    [((5, 10), "off-island"), ((0, 1), "on-fire"), ((1, 4), "on-cat"), ((0, 7), "on-raft")],
)
def test_card_must_sit_on_island_clear_of_fire_cats_and_raft(at, code) -> None:
    """Rulebook "Placement": fully within the island; never over fire (PL-3), cats,
    or any part of a raft (PL-7)."""
    state = _game()
    assert _code(state, PlacePathway(0, "circle", "a", at, 0)) == code
    assert state.hands[0] == [CARD, "cross:b", "square:c"]


def test_card_is_painted_rotated_clockwise_and_may_overlap_cards() -> None:
    """Rulebook "Placement": cards rotate (PL-6, quarter turns as in NOTATION §1) and
    may fully or partially overlap earlier cards; the newest is on top (PL-8)."""
    state = _game()
    card = default_catalog().pathway_card("circle", "a")
    state.apply(PlacePathway(0, "circle", "a", (3, 0), 1))
    state.phase, state.pending = "play", None  # skip the fire tile for this check
    expected = rotate_grid(card.grid, 1)
    letter = {"blue": "b", "red": "r", "green": "g", "orange": "o", "purple": "p"}
    assert ["".join(letter[state.terrain_at((3 + r, c))] for c in range(3)) for r in range(3)] == list(expected)
    state.apply(PlacePathway(0, "cross", "b", (4, 1), 2))
    top = rotate_grid(default_catalog().pathway_card("cross", "b").grid, 2)
    assert letter[state.terrain_at((4, 1))] == top[0][0]
    assert letter[state.terrain_at((3, 0))] == expected[0][0]  # the uncovered part stays


def test_card_placements_are_every_fitting_window_and_distinct_rotation() -> None:
    """PL-6: cards turn in quarter turns and never flip; every window that passes the
    placement rules is listed once per distinct rotation."""
    state = _game()
    listed = set(state.legal_card_placements(0, CARD))
    grid = state.island.grid
    brute = {
        PlacePathway(0, "circle", "a", (r, c), rot)
        for r in range(grid.rows)
        for c in range(grid.cols)
        for rot in range(4)
        if state.placement_error(PlacePathway(0, "circle", "a", (r, c), rot)) is None
    }
    assert listed == brute and listed
    assert {a.at for a in listed} == set(state.legal_card_squares())


def test_add_pathway_draws_a_fire_tile_from_the_bag() -> None:
    """Rulebook "Action: add pathway": place the card, then take 1 tile at random from
    the fire bag and place it (FB-1)."""
    state = _game()
    state.apply(PlacePathway(0, "circle", "a", (3, 0), 0))
    assert state.phase == FIRE and state.pending is not None
    assert state.pending.tile not in state.bag and len(state.bag) == 30
    with pytest.raises(IllegalAction):
        state.apply(PlacePathway(0, "cross", "b", (3, 3), 0))  # the tile comes first


def _pending(state, tile: str):
    state.bag.remove(tile)
    state.pending, state.phase = PendingFire(tile, 0, "pathway"), FIRE
    return state


def test_fire_tile_must_touch_fire_orthogonally() -> None:
    """Rulebook "Placement": a fire tile touches existing fire; diagonals do not count
    (PL-2, PL-3)."""
    state = _pending(picture_state(ISLAND), "z")
    assert default_catalog().fire_tiles["z"].cells == ((0, 0), (1, 0), (1, 1), (2, 0))
    # z at (3,3) covers (3,3) (4,3) (4,4) (5,3): (3,3) meets the fire at (2,2) only diagonally
    assert _code(state, PlaceFire("z", (3, 3), False, 0)) == "not-touching-fire"
    state.apply(PlaceFire("z", (3, 0), False, 0))  # (3,0) touches the fire at (2,0)
    assert state.terrain_at((3, 0)) == "fire" and state.terrain_at((4, 1)) == "fire"


@pytest.mark.parametrize(
    ("at", "code"), [((1, 5), "on-cat"), ((0, 8), "on-raft"), ((0, 1), "on-fire"), ((5, 11), "off-island")]
)
def test_fire_tile_keeps_off_cats_rafts_and_fire(at, code) -> None:
    """Rulebook "Placement": the shared rules apply to fire tiles as well."""
    state = _pending(picture_state(ISLAND), "z")
    assert _code(state, PlaceFire("z", at, False, 0)) == code


def test_fire_placements_cover_every_orientation_with_flips_once() -> None:
    """Rulebook "Placement": fire tiles rotate and flip (PL-6: up to 8 orientations),
    listed once per distinct footprint, in the COMP1110 transform convention."""
    state = _pending(picture_state(ISLAND), "l")
    tile = default_catalog().fire_tiles["l"]
    listed = state.legal_fire_placements()
    assert len(listed) == len(set(listed)) == len(state.legal_actions())
    h, w = cells_extent(tile.cells)
    footprints = {}
    grid = state.island.grid
    for flipped in (False, True):
        for rot in range(4):
            shape = transform_cells(tile.cells, h, w, flipped, rot)
            for r in range(grid.rows):
                for c in range(grid.cols):
                    action = PlaceFire("l", (r, c), flipped, rot)
                    if state.placement_error(action) is None:
                        footprints.setdefault(frozenset((r + a, c + b) for a, b in shape), action)
    assert len(listed) == len(footprints)
    for action in listed:
        shape = transform_cells(tile.cells, h, w, action.flipped, action.rotation)
        assert frozenset((action.at[0] + a, action.at[1] + b) for a, b in shape) in footprints
    assert len(tile_orientations(tile.cells)) == 8


def test_flipped_tile_follows_the_comp1110_worked_example() -> None:
    """NOTATION §12 B: tile l placed ``l1103TW`` (flipped, three quarter turns) covers
    (11,3) (12,3) (12,4) (13,4) (14,4) (13,5)."""
    rows = ["fffgggwww", "fffggGwow", "fffgggwww"] + ["fffgggggg"] * 12
    state = picture_state("\n".join(rows))
    put_fire_tile(state, "l", (11, 3), True, 3)
    assert state.is_terminal() is False
    covered = {(r, c) for r in range(11, 15) for c in range(3, 6) if state.terrain_at((r, c)) == "fire"}
    assert covered == {(11, 3), (12, 3), (12, 4), (13, 4), (14, 4), (13, 5)}


NO_ROOM = """
ffffffffff
fgggfGwwwf
fgggffwowf
fgggffwwwf
ffffffffff
"""


def test_a_fire_tile_with_no_legal_place_loses() -> None:
    """LC-1 (a): a fire tile that must be placed and has nowhere to go loses the game."""
    state = deal(picture_state(NO_ROOM), [CARD, "cross:b", "square:c"])
    long_tile = "d"  # a 2x5 hexomino: no orientation fits the 3x3 room
    state.bag = [long_tile]
    state.apply(PlacePathway(0, "circle", "a", (1, 1), 0))
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome.reason == "fire-tile-no-place" and outcome.tile == long_tile and not outcome.won


def test_an_empty_fire_bag_loses_when_a_tile_must_be_drawn() -> None:
    """LC-1 (c): a fire tile must be drawn and the bag is empty."""
    state = deal(picture_state(NO_ROOM), [CARD, "cross:b", "square:c"])
    state.bag = []
    state.apply(PlacePathway(0, "circle", "a", (1, 1), 0))
    assert state.outcome().reason == "fire-bag-empty"
