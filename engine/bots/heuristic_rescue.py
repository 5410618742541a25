"""The heuristic bot's rescue-friends move (rulebook "Additional rules" 4, RF-1).

A cat held behind a rescue strip crosses only while another cat of its colour stands
on the strip's circle.  The heuristic's ways ignore strips, so this step comes first in
the play phase, and is simple: when a cat of the strip's colour is *held back* (its
region, over its terrain with every strip shut, does not hold the circle), then

1. if a friend of that colour stands on the circle, move a held cat: to the square of
   its move targets nearest its raft destinations (the strip is open now);
2. otherwise, if a friend can step onto the circle now, move it there.

Nothing is chosen when the hand cannot pay for the move.
"""

from __future__ import annotations

from engine.bots.heuristic_tokens import best_collect
from engine.play.actions import MoveCat
from engine.play.analysis import link_flood, move_targets, square_links, without
from engine.play.bitboard import bit_list
from engine.play.position import Position


def rescue_move(state: Position, player: int, hand: list[str]) -> MoveCat | None:
    island = state.island
    grid = island.grid
    shut = (0, 0)
    for _, east, south, _ in island.rescues:
        shut = (shut[0] | east, shut[1] | south)
    live = [c for c in range(len(state.cat_sq)) if not state.arrived[c]]
    for terrain, _east, _south, circle in island.rescues:
        cats = [c for c in live if island.cat_terrain[c] == terrain]
        held = [c for c in cats if not _region(state, c, shut) & circle]
        if not held:
            continue
        on_circle = [c for c in cats if 1 << state.cat_sq[c] == circle]
        movers = held if on_circle else [c for c in cats if c not in held and move_targets(state, c) & circle]
        for cat in movers:
            cost = state.rules.move_cost(state.exhausted[cat])
            targets = move_targets(state, cat) & (~circle if on_circle else circle)
            if cost > len(hand) or not targets:
                continue
            to = _nearest(state, cat, targets) if on_circle else bit_list(targets)[0]
            square = grid.square(to)  # the way collects Kickstarter tokens: the most valuable (heuristic_tokens)
            return MoveCat(player, state.cat_square(cat), square, tuple(hand[:cost]), best_collect(state, cat, square))
    return None


def _region(state: Position, cat: int, shut: tuple[int, int]) -> int:
    island = state.island
    start = 1 << state.cat_sq[cat]
    own = state.terrain[island.cat_terrain[cat]] & ~state.fire
    return link_flood(island.grid, start, without(square_links(island.grid, own | start), shut))


def _nearest(state: Position, cat: int, targets: int) -> int:
    """The target nearest the cat's raft destinations (Manhattan distance)."""
    island = state.island
    grid = island.grid
    goals = [grid.square(g) for g in bit_list(island.dest[island.cat_terrain[cat]] or island.raft)]

    def distance(bit: int) -> int:
        r, c = grid.square(bit)
        return min((abs(r - gr) + abs(c - gc) for gr, gc in goals), default=0)

    return min(bit_list(targets), key=distance)
