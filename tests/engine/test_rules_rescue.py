"""Rescue friends (rulebook "Additional rules" 4; RULINGS RF-1, RF-2, LC-5): a cat that
starts behind a small strip of fire crosses it with a normal move only while a cat of
the same colour stands on the nearby circle.  Which cards carry a strip is unknown
(RF-2), so the strips here are FIXTURES: drawn onto pictured islands, or the fixture
location card of ``tests/fixture_boards_oshax.py``.  Modelled as RF-2's inference says:
an edge barrier owned by the card."""

from __future__ import annotations

import random
from dataclasses import replace

from engine_pictures import deal, picture_layout
from fixture_boards_oshax import RESCUE_LOCATION, fixture_catalog, full_doc

from engine import GameState, new_game
from engine.model.catalog import catalog_document_problems, default_catalog
from engine.model.layout import PlacedRescue
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.schemas import schema_errors
from engine.play.actions import MoveCat
from engine.play.island import Island
from engine.play.position import shuffled_decks
from engine.play.reach import find_cut_off, move_targets
from engine.play.variants import get_variant

# The trapped red cat at (2, 1) behind a strip along the east sides of column 1; its
# friend at (2, 6); the circle at (2, 3); raft A on the right.
ISLAND = """
ffffffffffff
frrrrrrrrwww
fRrrrrRrrwow
frrrrrrrrwww
ffffffffffff
"""
STRIP = PlacedRescue("red", (((1, 1), "E"), ((2, 1), "E"), ((3, 1), "E")), (2, 3))


def rescue_state(picture: str = ISLAND, strip: PlacedRescue = STRIP) -> GameState:
    layout, _ = picture_layout(picture)
    layout = replace(layout, rescues=(strip,))
    scenario = Scenario(id="rescue", name="rescue", cards=(CardPlacement("raft", (1, 9), "A"),))
    island = Island.from_layout(scenario, default_catalog(), layout)
    rng = random.Random(0)
    return deal(GameState(island, get_variant("solo"), rng=rng, decks=shuffled_decks(island, rng)),
                ["circle:a", "circle:b", "circle:c"])  # fmt: skip


def targets(state: GameState, cat: int) -> set[tuple[int, int]]:
    return set(state.island.grid.squares(move_targets(state, cat)))


def test_the_trapped_cat_stays_behind_the_strip_until_a_friend_is_on_the_circle() -> None:
    """RF-1: "Only whilst a cat of the same colour is on the circle the rescued cat may
    be moved through the strip of fire with a normal move action"."""
    state = rescue_state()
    assert targets(state, 0) == {(1, 1), (3, 1)}
    state.apply(MoveCat(0, (2, 6), (2, 3), ("circle:a",)))  # the friend onto the circle
    assert {(2, 2), (1, 8)} <= targets(state, 0)
    assert state.island.grid.squares(move_targets(state, 0) & state.island.raft), "it can reach the raft now"
    state.apply(MoveCat(0, (2, 1), (2, 2), ("circle:b",)))
    assert state.cat_square(0) == (2, 2)


def test_the_friend_leaving_the_circle_shuts_the_strip_again() -> None:
    """RF-1: "only whilst" the friend stands there."""
    state = rescue_state()
    state.apply(MoveCat(0, (2, 6), (2, 3), ("circle:a",)))
    state.apply(MoveCat(0, (2, 3), (2, 5), ("circle:b", "circle:c")))  # exhausted: two cards
    assert targets(state, 0) == {(1, 1), (3, 1)}


def test_a_cat_of_another_colour_never_crosses_the_strip() -> None:
    """RF-1: the strip is fire for every cat but the rescued colour."""
    picture = """
ffffffffffff
fbbbbbbbbwww
fBrrrrRrrwow
fbbbbbbbbwww
ffffffffffff
"""
    state = rescue_state(picture, STRIP)
    blue = state.island.cat_colours.index("blue")
    state.apply(MoveCat(0, (2, 6), (2, 3), ("circle:a",)))  # a red friend on the circle
    assert targets(state, blue) == {(1, 1), (3, 1)}


def test_the_cut_off_analysis_opens_a_strip_only_for_a_friend_who_can_reach_the_circle() -> None:
    """LC-5: for a rescue-friend cat the strip blocks "unless a friend of the same colour
    can stand on the circle"; without a second red cat the trapped one is cut off."""
    assert find_cut_off(rescue_state()) is None
    alone = rescue_state(ISLAND.replace("fRrrrrR", "fRrrrrr"))
    found = find_cut_off(alone)
    assert found is not None and found.cat == 0


def test_a_fixture_rescue_card_sets_up_its_strip_turned_with_the_card() -> None:
    """The strip and circle are catalog data on the location card and turn with it."""
    catalog = fixture_catalog(full=True)
    card = catalog.location_cards[RESCUE_LOCATION]
    assert card.rescue[0].circle == (1, 2)
    scenario = Scenario(
        id="fixture-rescue", name="Fixture rescue",
        boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (0, 9))),
        cards=(CardPlacement("location", (3, 3), str(RESCUE_LOCATION), rotation=1), CardPlacement("location", (3, 9), "1"),
               CardPlacement("raft", (6, 12), "B")),
    )  # fmt: skip
    state = new_game(scenario, seed=5, catalog=catalog)
    terrain, east, south, circle = state.island.rescues[0]
    grid = state.island.grid
    assert grid.squares(circle) == ((5, 4),)  # (1, 2) turned a quarter: row 2, col 1 of the card
    assert east == 0 and set(grid.squares(south)) == {
        (3, 3),
        (3, 4),
        (3, 5),
    }  # the west column's east sides, turned south


def test_the_catalog_check_names_a_rescue_strip_that_cannot_work() -> None:
    """A strip must hold back a cat that starts on the card, and its circle must be a
    square a friend can stand on (not printed fire); the schema keeps sides to N E S W."""
    doc = full_doc()
    card = next(c for c in doc["location_cards"] if c["number"] == RESCUE_LOCATION)
    card["rescue"][0]["colour"] = "blue"
    card["grid"] = ["rrr", "rrr", "rrf"]
    card["rescue"][0]["circle"] = [2, 2]
    messages = [p.message for p in catalog_document_problems(doc)]
    assert any("holds back a blue cat, but no blue cat starts on the card" in m for m in messages), messages
    assert any("rescue circle at (2, 2) is on printed fire" in m for m in messages), messages
    card["rescue"][0]["strip"][0]["side"] = "X"
    assert schema_errors("components", doc)
