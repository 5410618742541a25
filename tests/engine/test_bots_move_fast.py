"""The heuristic bot's cat moves (``engine.bots.heuristic_move``) read a square's
Manhattan distance from its cat's raft squares off rings kept per goal mask
(``distance_rings``), and the walk ahead lists only the targets within its gain's
ring.  Checked here against the plain definitions (the least distance to a goal
square, every target keyed) on positions from real games."""

from __future__ import annotations

import pytest
from reference.moves import manhattan, plain_choose_move, plain_walk_ahead
from test_bots_search_exact import SCENARIOS, VARIANTS, holder, play_positions

from engine.bots.heuristic_move import (
    choose_move,
    distance_rings,
    walk_ahead,
)
from engine.bots.routes import Routes
from engine.bots.ways import Ways
from engine.play.bitboard import bit_list
from engine.play.reach import destinations


@pytest.mark.parametrize("name", SCENARIOS)
def test_distance_rings_give_the_manhattan_distance(name: str) -> None:
    compared = 0
    state = play_positions(name, range(1))[0]
    island = state.island
    for goal in [island.raft] + [destinations(state, ci) for ci in set(island.cat_terrain)]:
        if not goal:
            continue
        rings = distance_rings(island.grid, goal)
        for square in bit_list(island.grid.full):
            assert next(k for k, ring in enumerate(rings) if ring >> square & 1) == manhattan(state, square, goal)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("name", "variant", "players"), [(n, "solo", 1) for n in SCENARIOS] + VARIANTS)
def test_walk_ahead_and_moves_equal_the_plain_keys(name: str, variant: str, players: int) -> None:
    walked = 0
    for state in play_positions(name, range(2), variant, players):
        p = holder(state)
        hand = sorted(state.hands[p])
        routes = Routes(state)
        live = Ways(state).live()
        fast = walk_ahead(state, p, hand, routes, live)
        assert fast == plain_walk_ahead(state, p, hand, routes, live)
        walked += fast is not None
        assert choose_move(state, p, hand, routes, live) == plain_choose_move(state, p, hand, routes, live)
    assert walked > 0
