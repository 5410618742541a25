"""Kickstarter tokens: water, fish, treasure-map and fire tokens on island squares
(Kickstarter pack, "Objective tokens", "Action: add pathway", "Action: move a cat",
"Placement rules", "Mandatory objectives"; RULINGS KS-1, KS-2, KS-3, PL-9, SC-2,
WT-3, DP-4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from advanced_fixtures import ADVANCED_ISLAND, advanced_state, fixture_card
from engine_pictures import deal, put_fire_tile
from kickstarter_fixtures import token_state

from engine import GameState, new_game
from engine.check.validate_files import open_scenario
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, TokenPlacement
from engine.play.actions import DisasterMove, MoveCat, PlaceFire, PlacePathway, ResolveToken, ReturnToken, parse_action
from engine.play.outcome import IllegalAction
from engine.play.phases import FIRE, PLAY, TOKENS
from engine.play.tokens import move_choices

# A red cat in open country beside an any-colour raft, fire in the north-west corner.
ISLAND = """
fffrrrrrrwww
fffrrrrrrwow
fffrrRrrrwww
gggggggggggg
bbbbbbbbbbbb
bbbbbbbbbbbb
"""
RED = (2, 5)
HAND = ["circle:a", "circle:b", "circle:c"]


def _game(tokens: dict[tuple[int, int], str], **kw: object) -> GameState:
    return deal(token_state(ISLAND, tokens, variant="standard", **kw), list(HAND))  # type: ignore[arg-type]


def _far_from_the_cat(state: GameState) -> PlaceFire:
    """The fire placement farthest from the red cat (so that it is never cut off)."""
    r, c = state.cat_square(0)
    return max(state.legal_fire_placements(), key=lambda a: abs(a.at[0] - r) + abs(a.at[1] - c))


def _place_card(state: GameState, at: tuple[int, int]) -> None:
    state.apply(PlacePathway(0, "circle", "a", at, 0))


def test_a_card_over_tokens_picks_them_up_and_the_player_puts_them_back_on_it() -> None:
    """KS-2 (Kickstarter pack, "Action: add pathway" i-ii): a card may cover tokens; it
    picks them all up, is placed, and the water, fish and map tokens go back onto its
    squares, one per square, where the player chooses, before the fire tile."""
    state = _game({(3, 1): "water", (4, 1): "map", (5, 0): "fish"})
    _place_card(state, (3, 0))
    assert (
        state.phase == TOKENS
        and sorted(state.kickstarter.held) == ["fish", "map", "water"]
        and not state.kickstarter.tokens
    )
    choices = list(state.legal_actions())
    assert choices == [ReturnToken("water", (r, c)) for r in range(3, 6) for c in range(3)]  # water first, 9 squares
    state.apply(ReturnToken("water", (5, 2)))
    with pytest.raises(IllegalAction, match="not-on-card"):
        state.apply(ReturnToken("fish", (5, 2)))  # one token per square
    with pytest.raises(IllegalAction, match="not-on-card"):
        state.apply(ReturnToken("fish", (0, 5)))  # onto the card just placed only
    state.apply(ReturnToken("fish", (3, 0)))
    assert len(state.legal_actions()) == 7
    state.apply(ReturnToken("map", (4, 2)))
    assert state.phase == FIRE and state.pending is not None and state.pending.cause == "pathway"
    assert state.token_at((5, 2)) == "water" and state.token_at((3, 0)) == "fish" and state.token_at((4, 2)) == "map"


def test_fire_tokens_under_a_card_bring_one_more_fire_tile_each_after_the_normal_one() -> None:
    """KS-2 iii-iv: the normal fire tile first, then one tile per fire token, drawn and
    placed one at a time; the fire tokens leave the game."""
    state = _game({(3, 1): "fire", (4, 1): "fire"})
    _place_card(state, (3, 0))
    assert state.phase == FIRE and state.pending is not None and state.pending.cause == "pathway"
    causes = []
    while state.phase == FIRE:
        assert state.pending is not None
        causes.append(state.pending.cause)
        state.apply(_far_from_the_cat(state))
    assert causes == ["pathway", "fire-token", "fire-token"] and state.phase == PLAY
    assert not state.kickstarter.held and not state.kickstarter.tokens and len(state.tiles_placed) == 3
    assert state.hands[0] == ["circle:b", "circle:c"]


def test_fire_tiles_may_not_cover_tokens() -> None:
    """PL-9 (Kickstarter pack, "Placement rules"): fire tiles cannot overlap any square
    holding a water, fish, map or fire token; cards may."""
    state = _game({(0, 3): "fish"})
    error = state.placement_error(PlaceFire("a", (0, 3), False, 0))
    assert error is not None and error.code == "on-token"
    _place_card(state, (3, 3))
    assert state.phase == FIRE
    token = state.island.grid.bit((0, 3))
    assert all(not state.island.tile_mask(a) & token for a in state.legal_fire_placements())


def test_a_card_may_cover_tokens() -> None:
    """PL-9: pathway cards may overlap tokens (the placement rules allow it)."""
    state = _game({(4, 4): "water"})
    assert state.placement_error(PlacePathway(0, "circle", "a", (3, 3), 0)) is None


def test_a_moving_cat_collects_the_tokens_on_the_way_it_takes() -> None:
    """KS-3 (Kickstarter pack, "Action: move a cat"): a cat moving onto or through a
    token square takes the token, every one on its way; the player chooses the way, so
    a token may be avoided ("If you can find a way to avoid them, you may do so")."""
    state = _game({(2, 7): "fish", (1, 8): "map"})
    fish, map_ = state.island.grid.bit((2, 7)), state.island.grid.bit((1, 8))
    choices = {taken: dests for taken, dests in move_choices(state, 0)}
    to = state.island.grid.bit((2, 8))  # only reachable through a token
    assert sorted(t for t, d in choices.items() if d & to) == sorted([fish, map_, fish | map_])
    assert choices[0] & state.island.grid.bit((0, 9))  # the raft without a token, round by row 0
    moves = [a for a in state.legal_actions() if isinstance(a, MoveCat) and a.to == (2, 8)]
    assert {a.collect for a in moves} == {((2, 7),), ((1, 8),), ((1, 8), (2, 7))}
    with pytest.raises(IllegalAction, match="wrong-tokens"):
        state.apply(MoveCat(0, RED, (2, 8), ("circle:a",)))  # no way there collects nothing
    state.apply(MoveCat(0, RED, (2, 8), ("circle:a",), ((2, 7),)))
    assert state.kickstarter.held == ["fish"] and state.token_at((1, 8)) == "map" and state.token_at((2, 7)) is None


def test_collected_tokens_resolve_after_the_move_in_the_order_chosen() -> None:
    """KS-3, DP-4: exhaust the cat, resolve the disaster pile, then every collected
    token, in any order: fish stands every cat up, a map is kept beside the island."""
    state = _game({(2, 7): "fish", (1, 8): "map"})
    state.apply(MoveCat(0, RED, (2, 8), ("circle:a",), ((1, 8), (2, 7))))
    assert state.phase == TOKENS and state.exhausted == [True]
    assert list(state.legal_actions()) == [ResolveToken("fish"), ResolveToken("map")]
    state.apply(ResolveToken("map"))
    assert state.kickstarter.maps == 1 and state.exhausted == [True]
    state.apply(ResolveToken("fish"))
    assert state.exhausted == [False] and state.phase == PLAY and state.kickstarter.task is None
    assert state.hands[0] == ["circle:b", "circle:c"]


def test_a_water_token_returns_one_fire_tile_at_no_point_cost() -> None:
    """KS-3 water, WT-3: remove 1 fire tile per water token (or none: "you may"); unlike
    a water token of the base game it costs no points."""
    state = _game({(2, 6): "water"}, water=2)
    put_fire_tile(state, "a", (3, 0))
    state.apply(MoveCat(0, RED, (2, 7), ("circle:a",), ((2, 6),)))
    assert list(state.legal_actions()) == [ResolveToken("water", "a"), ResolveToken("water")]
    state.apply(ResolveToken("water", "a"))
    assert "a" in state.bag and "a" not in state.tiles_placed and state.water == 2 and state.water_used == 0


def test_a_fire_token_collected_by_a_cat_brings_a_fire_tile_and_order_matters() -> None:
    """KS-3 fire: one tile per token, one at a time.  The order is the player's: fire
    first, then water may return the tile just placed."""
    state = _game({(2, 6): "water", (2, 7): "fire"})
    state.apply(MoveCat(0, RED, (2, 8), ("circle:a",), ((2, 6), (2, 7))))
    assert ResolveToken("fire") in list(state.legal_actions())
    state.apply(ResolveToken("fire"))
    assert state.phase == FIRE and state.pending is not None and state.pending.cause == "fire-token"
    tile = state.pending.tile
    state.apply(_far_from_the_cat(state))
    assert state.phase == TOKENS and ResolveToken("water", tile) in list(state.legal_actions())
    state.apply(ResolveToken("water", tile))
    assert state.phase == PLAY and not state.tiles_placed


def test_maps_are_mandatory_where_the_scenario_asks_for_them() -> None:
    """SC-2 (Kickstarter pack, "Mandatory objectives"): a scenario that asks for maps is
    won only with them; the last cat arriving without them loses, naming the objective."""
    state = _game({(1, 8): "map"}, objectives=(Objective("collect_maps", count=1),))
    state.apply(MoveCat(0, RED, (0, 9), ("circle:a",)))  # round by row 0, no map
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "objective-failed" and "Collect 1 treasure map" in outcome.message


def test_a_map_collected_on_the_last_move_wins() -> None:
    """SC-2, KS-3: a map the arriving cat collects counts (it is kept once resolved)."""
    state = _game({(1, 8): "map"}, objectives=(Objective("collect_maps", count=1),))
    state.apply(MoveCat(0, RED, (1, 9), ("circle:a",), ((1, 8),)))
    outcome = state.outcome()
    assert outcome is not None and outcome.won and outcome.score == 5


def test_too_few_maps_left_fails_the_objective() -> None:
    """SC-2: with fewer maps left than the count, the objective can no longer be met."""
    state = _game({(1, 8): "map"}, objectives=(Objective("collect_maps", count=2),))
    state.apply(MoveCat(0, RED, (2, 7), ("circle:a",)))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "objective-failed" and "only 1 left" in outcome.message


def test_kickstarter_water_counts_for_the_cut_off_analysis() -> None:
    """LC-5, WT-3: water tokens on the island may still return fire tiles, so they count
    in the budget of tiles that may yet be removed (a cut-off is never declared early)."""
    state = _game({(5, 11): "water"}, water=1)
    assert state.rules.removable_fire_budget(state) == 2


def test_token_phases_survive_to_dict_replay_and_clone() -> None:
    """The new choices work with clones, the action text form and to_dict."""
    state = _game({(3, 1): "water", (2, 7): "fish"})
    _place_card(state, (3, 0))
    copy = state.clone()
    copy.apply(ReturnToken("water", (3, 2)))
    assert state.kickstarter.held == ["water"] and state.token_at((3, 2)) is None
    for action in state.history:
        assert parse_action(str(action)) == action
    data = state.to_dict()  # from_dict needs a scenario with boards: tests/engine/test_playouts_tokens.py
    assert data["held"] == ["water"] and data["task"]["step"] == "return" and data["phase"] == TOKENS


def test_a_disaster_move_collects_the_tokens_on_its_way_resolved_after_the_disaster() -> None:
    """KS-3 ("Whenever a cat moves onto or through a space containing [a token], you
    must take that token"), DP-3, DP-4: a cat moved by a disaster card collects the
    tokens on the way the active player chooses; they are resolved after the disaster,
    like those of the move action itself (same reading as the bonus move, AD-4)."""
    card = fixture_card("push", DisasterEffect("move", cat="nearest_fire", squares=2, towards="fire"))
    state = deal(advanced_state(ADVANCED_ISLAND, [card]), ["circle:a", "circle:b", "circle:c"])
    state.kickstarter.tokens[state.island.grid.index((4, 4))] = "fish"
    for key in state.decks["square"][:3]:
        state.decks["square"].remove(key)
        state.disaster_pile.append(key)
    state.apply(MoveCat(0, (1, 5), (0, 9), ("circle:a",)))  # 4 on the pile: the disaster card moves green
    assert state.phase == "disaster"
    ways = {a.collect for a in state.legal_actions() if isinstance(a, DisasterMove) and a.to == (4, 3)}
    assert ways == {(), ((4, 4),)}  # round by (3, 3), or over the fish
    assert all(isinstance(a, DisasterMove) and a.to != (4, 4) or a.collect == ((4, 4),) for a in state.legal_actions())
    state.apply(DisasterMove(0, (3, 4), (4, 3), ((4, 4),)))
    assert state.phase == TOKENS and state.kickstarter.held == ["fish"] and state.advanced.disaster is None
    state.apply(ResolveToken("fish"))
    assert state.phase == PLAY and not any(state.exhausted)


def test_fewer_maps_than_the_objective_asks_lose_at_set_up() -> None:
    """SC-2: "Collect 2 treasure maps" with one map on the island can never be met: the
    game is lost at set-up, naming the objective (validate also reports it)."""
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    short = replace(scenario, tokens=(TokenPlacement("map", (8, 5)),), objectives=(Objective("collect_maps", count=2),))
    outcome = new_game(short, seed=1).outcome()
    assert outcome is not None and outcome.reason == "objective-failed" and "Collect 2 treasure maps" in outcome.message
    assert not new_game(replace(short, objectives=(Objective("collect_maps", count=1),)), seed=1).is_terminal()
