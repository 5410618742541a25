"""Oshax, the white cats (rulebook "Additional rules" 6; RULINGS OX-1..OX-3, MV-5,
LC-5): they cross any terrain but only along connected Oshax paths, their start spots
and destinations are reserved for them, and other cats ignore paths.  The paths'
geometry is unknown (OX-2), so every path here is FIXTURE data: drawn onto pictured
islands, or on the fixture cards of ``tests/fixture_boards_oshax.py``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine_pictures import deal, picture_layout, put_fire_tile
from fixture_boards_oshax import WHITE_LOCATION, WHITE_RAFT, fixture_catalog

from engine import GameState, Replay, new_game
from engine.model.catalog import default_catalog
from engine.model.scenario import BoardSlot, CardPlacement, Objective, Scenario
from engine.play.actions import MoveCat, PlacePathway, UseWater
from engine.play.island import Island, UnsupportedScenario
from engine.play.outcome import IllegalAction
from engine.play.position import shuffled_decks
from engine.play.reach import find_cut_off, move_targets
from engine.play.support import unplayed_rules
from engine.play.tokens import move_choices
from engine.play.variants import get_variant

# A white cat at (1, 3) on green (added to the picture); raft A's squares are the w's
# on the right; a fire square at (0, 5) lets a fire tile land on the path.
ISLAND = """
fffggfggbwww
fffgggggbwow
fffgggggbwww
bbbbbbbbbbbb
"""
WHITE_AT = (1, 3)
TO_RAFT = {(1, 3): "E", (1, 4): "EW", (1, 5): "EW", (1, 6): "EW", (1, 7): "EW", (1, 8): "W"}


def white_state(paths: dict[tuple[int, int], str], *, cats: tuple[tuple[str, tuple[int, int]], ...] = (),
                water: int = 0, objectives: tuple[Objective, ...] = ()) -> GameState:  # fmt: skip
    """A game on ISLAND with a white cat at WHITE_AT and ``paths`` printed at set-up."""
    layout, _ = picture_layout(ISLAND)
    layout = replace(layout, cats=(("white", WHITE_AT), *cats), oshax=paths)
    scenario = Scenario(id="oshax", name="oshax", cards=(CardPlacement("raft", (0, 9), "A"),), objectives=objectives)
    island = Island.from_layout(scenario, default_catalog(), layout)
    rng = random.Random(0)
    state = GameState(island, get_variant("solo"), rng=rng, decks=shuffled_decks(island, rng), water=water)
    return state


def targets(state: GameState, cat: int = 0) -> set[tuple[int, int]]:
    return set(state.island.grid.squares(move_targets(state, cat)))


def test_a_white_cat_walks_only_along_its_connected_path_over_any_terrain() -> None:
    """Rulebook 6 / OX-1: white cats are "not limited by colour" but "only travel along
    connected Oshax paths": the path's squares (green, then blue) are reachable, the
    green squares beside it are not, and the raft is boarded from the path's end (MV-4)."""
    state = white_state(TO_RAFT)
    reach = targets(state)
    assert {(1, 4), (1, 8)} <= reach and (0, 3) not in reach and (2, 4) not in reach
    assert reach & {(0, 9), (1, 9), (2, 9)}, "raft A boarded from the path beside it"


def test_paths_connect_only_where_both_squares_meet() -> None:
    """OX-2 (inference): two squares connect only if each path leaves towards the other;
    a path ending at a side its neighbour's path does not reach is a dead end."""
    broken = {**TO_RAFT, (1, 6): "NS"}  # turned across the way
    assert targets(white_state(broken)) == {(1, 4), (1, 5)}
    dead_end = {**TO_RAFT, (1, 5): "W"}  # the path stops in (1, 5)
    assert targets(white_state(dead_end)) == {(1, 4), (1, 5)}


def test_other_cats_ignore_paths_and_never_end_on_the_white_start_spot() -> None:
    """Rulebook 6: paths are for the Oshax; MV-5 / OX-3: a white cat's start spot is
    reserved for it (passing through is allowed, MV-5 leaves it open)."""
    state = white_state(TO_RAFT, cats=(("green", (0, 3)),))
    state.cat_sq[0] = state.island.grid.index((1, 8))  # the white cat has left its spot
    state.cat_mask = sum(1 << sq for sq in state.cat_sq)
    green = targets(state, 1)
    assert WHITE_AT not in green and {(0, 4), (2, 3)} <= green  # around it on green, never onto it
    assert (1, 8) not in green  # blue path square: a path is no use to a green cat


def test_the_top_card_hides_the_paths_beneath_and_fire_hides_a_path() -> None:
    """PL-8 (the top piece wins) applied to paths: a pathway card without a path laid
    over the path cuts it; a fire tile over a path hides it until water returns it."""
    catalog = fixture_catalog(full=True)
    scenario = Scenario(
        id="fixture-oshax", name="Fixture Oshax",
        boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (0, 9))),
        cards=(CardPlacement("location", (3, 3), str(WHITE_LOCATION)), CardPlacement("raft", (3, 9), WHITE_RAFT)),
    )  # fmt: skip
    state = new_game(scenario, seed=1, catalog=catalog)
    deal(state, ["triangle:fx-straight", "triangle:fx-plain", "triangle:fx-corner"])
    white = state.island.cat_colours.index("white")
    assert targets(state, white) == {(4, 5)}  # only its own card's path
    state.apply(PlacePathway(0, "triangle", "fx-straight", (3, 6), 0))
    state.apply(state.legal_actions()[-1])  # the fire tile, somewhere legal
    assert {(4, 7), (4, 8), (4, 9)} <= targets(state, white)  # along the straight card, over orange, onto 'w'
    after = state.clone()
    after.apply(PlacePathway(0, "triangle", "fx-plain", (3, 6), 0))
    assert not {(4, 7), (4, 9)} & targets(after, white)


def test_a_white_cat_boards_only_destinations_it_may_use() -> None:
    """MV-3 / MV-5: a raft's 'w' destinations are the white cats'; other cats never end
    there, and the white cat may also use any-colour ones."""
    catalog = fixture_catalog(full=True)
    raft = catalog.raft_cards[WHITE_RAFT]
    assert set(raft.destinations().values()) == {None, "white"}
    state = white_state(TO_RAFT)
    island = state.island
    assert island.dest[island.cat_terrain[0]] & island.dest[0] == island.dest[0]  # white uses the any-colour ones


def test_a_white_cat_is_cut_off_when_no_path_can_ever_reach_the_raft() -> None:
    """LC-5 for white cats: Oshax-path connectivity, with squares a card could still
    cover counted only while a card with a path is still to come (none here: the base
    catalog's cards carry no paths)."""
    state = white_state({(1, 3): "E", (1, 4): "W"})
    found = find_cut_off(state)
    assert found is not None and state.island.cat_colours[found.cat] == "white"
    assert find_cut_off(white_state(TO_RAFT)) is None


def test_cards_with_paths_still_to_come_keep_a_white_cat_in_the_game() -> None:
    """LC-5 bound: while pathway cards with paths remain, any square a card could still
    cover may yet carry a path, so a white cat is not cut off early."""
    catalog = fixture_catalog(full=True)
    scenario = Scenario(
        id="fixture-oshax", name="Fixture Oshax",
        boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (0, 9))),
        cards=(CardPlacement("location", (3, 3), str(WHITE_LOCATION)), CardPlacement("raft", (3, 9), WHITE_RAFT)),
    )  # fmt: skip
    state = new_game(scenario, seed=2, catalog=catalog)
    assert state.outcome() is None
    for deck in state.decks.values():  # take every card with a path out of the game
        deck[:] = [k for k in deck if k not in state.island.path_cards]
    assert find_cut_off(state) is not None


def test_a_white_cat_moves_through_the_normal_move_action() -> None:
    """Move a cat (MV-2): the white cat's move costs a discard like any other and
    exhausts it; a square off the path is refused."""
    state = white_state(TO_RAFT)
    deal(state, ["circle:a", "circle:b", "circle:c"])
    with pytest.raises(IllegalAction, match="cannot end a move"):
        state.apply(MoveCat(0, WHITE_AT, (0, 3), ("circle:a",)))
    state.apply(MoveCat(0, WHITE_AT, (1, 8), ("circle:a",)))
    assert state.cat_square(0) == (1, 8) and state.exhausted[0] and state.clone().cat_square(0) == (1, 8)


def test_a_scenario_with_a_white_cat_plays_with_path_data_and_is_refused_without() -> None:
    """Today's refusal goes: with path data in the catalogs the scenario plays; without
    it, new_game refuses naming the missing data (RULINGS OX-2)."""
    with_paths = fixture_catalog(full=True)
    scenario = Scenario(
        id="fixture-oshax", name="Fixture Oshax",
        boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (0, 9))),
        cards=(CardPlacement("location", (3, 3), str(WHITE_LOCATION)), CardPlacement("raft", (3, 9), WHITE_RAFT)),
    )  # fmt: skip
    assert unplayed_rules(scenario, with_paths) == []
    state = new_game(scenario, seed=4, catalog=with_paths)
    for _ in range(12):  # a few actions, then the dict form and the replay give the same game
        state.apply(state.legal_actions()[0])
    assert GameState.from_dict(state.to_dict(), catalog=with_paths).to_dict() == state.to_dict()
    assert Replay.of(state).play(catalog=with_paths).to_dict() == state.to_dict()
    no_cards = replace(
        with_paths, decks={d: tuple(replace(c, oshax=()) for c in cards) for d, cards in with_paths.decks.items()}
    )
    rules = unplayed_rules(scenario, no_cards)
    assert [r.rule for r in rules] == ["Oshax paths without path data"]
    assert "no pathway card in the catalogs carries an Oshax path" in rules[0].needed_by
    with pytest.raises(UnsupportedScenario, match="Oshax path data"):
        new_game(scenario, seed=4, catalog=no_cards)


def test_water_uncovers_a_path_under_a_fire_tile() -> None:
    """WT-1: returning a fire tile shows what was under it again, paths included."""
    state = white_state(TO_RAFT, water=1)
    deal(state, ["circle:a", "circle:b"])
    put_fire_tile(state, "a", (1, 5))  # over (1, 5) and (1, 6), touching the fire at (0, 5)
    covered = targets(state) == {(1, 4)}
    state.apply(UseWater("a"))
    assert covered and (1, 8) in targets(state)


def test_a_white_cat_collects_the_kickstarter_tokens_on_its_path_only() -> None:
    """KS-3 ("a cat collects every token it enters or passes through") on a white cat's
    way, which runs along its path (rulebook 6): a token on the path is collected by a
    move past it; a token beside the path is not on any way."""
    state = white_state(TO_RAFT)
    deal(state, ["circle:a", "circle:b"])
    grid = state.island.grid
    state.kickstarter.tokens[grid.index((1, 6))] = "fish"
    state.kickstarter.tokens[grid.index((0, 4))] = "map"
    choices = move_choices(state, 0)
    assert all(not taken & grid.bit((0, 4)) for taken, _ in choices)
    past = [taken for taken, dests in choices if dests & grid.bit((1, 8))]
    assert past == [grid.bit((1, 6))]
    with pytest.raises(IllegalAction, match="collects exactly"):
        state.apply(MoveCat(0, WHITE_AT, (1, 8), ("circle:a",)))
    state.apply(MoveCat(0, WHITE_AT, (1, 8), ("circle:a",), collect=((1, 6),)))
    assert grid.index((1, 6)) not in state.kickstarter.tokens


def test_white_arrives_first_is_an_arrival_order_objective_of_the_white_cat() -> None:
    """Kickstarter "Fire control": "White arrives first"; OB-1/OB-3: every cat counts,
    white ones included."""
    white_first = (Objective("arrival_order", colour="white", position=1),)
    state = deal(white_state(TO_RAFT, cats=(("blue", (2, 8)),), objectives=white_first), ["circle:a", "circle:b"])
    ok = state.clone()
    ok.apply(MoveCat(0, WHITE_AT, (1, 9), ("circle:a",)))  # the white cat boards raft A first
    assert ok.outcome() is None and ok.arrivals == [0]
    state.apply(MoveCat(0, (2, 8), (2, 9), ("circle:a",)))  # the blue cat boards first
    assert state.outcome() is not None and state.outcome().reason == "objective-failed"
