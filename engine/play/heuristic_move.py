"""The heuristic bot's cat moves in the play phase (step 4 of :mod:`engine.play.heuristic`).

Cards are spent moving a cat (four discards cost one fire tile, a placed card costs one):
the cheapest move first (fresh cats), to the square fewest repaints from the raft; among
equals, the square where the cat **blocks fewest windows** a card still needs: a card
cannot go over a cat (rulebook "Placement"), so a cat standing next to the one square
its way still has to repaint can keep every card off it (the route analysis, like the
cut-off analysis, lets cats pass).  Then away from fire, then nearest the raft.  A white
cat only steps closer to its destination along its paths.  When the scenario has
arrival-order or close-to objectives, a cat that must arrive next is moved first and no
move that would break one is made (:mod:`engine.play.heuristic_arrive`).
"""

from __future__ import annotations

from engine.play.actions import Action, MoveCat
from engine.play.bitboard import bit_list
from engine.play.heuristic_arrive import breaks_objective, has_move_objectives, next_in_order
from engine.play.heuristic_tokens import best_collect
from engine.play.links import WHITE
from engine.play.reach import destinations, move_targets, walkable
from engine.play.routes import Routes
from engine.play.state import GameState


def needed_squares(state: GameState, routes: Routes, live: list[int]) -> int:
    """Squares on the live cats' corridors that are not yet of the cat's colour: where
    cards must still go."""
    need = 0
    for cat in routes.live():
        if cat in live:
            need |= routes.route(cat).corridor & ~walkable(state, state.island.cat_terrain[cat])
    return need


def blocked_need(state: GameState, need: int, free: int, square: int) -> int:
    """How many ``need`` squares no card could cover with one more cat on ``square``
    (``free``: the squares a card may lie on, the moving cat's own square included)."""
    grid = state.island.grid
    cover = grid.card_cover(grid.card_anchors(free & ~(1 << square)))
    return (need & ~cover).bit_count()


def choose_move(state: GameState, player: int, hand: list[str], routes: Routes, live: list[int]) -> Action | None:
    """The move towards the raft ``player`` pays from ``hand``, or None."""
    island = state.island
    grid = island.grid
    need = needed_squares(state, routes, live)
    ground = island.land & ~(state.fire | island.raft | state.safe_any)
    checked = has_move_objectives(state)
    first = next_in_order(state) if checked else set()
    # (cost, not wanted next, level, blocked, heat, distance, cat, target)
    options: list[tuple[int, bool, int, int, int, int, int, int]] = []
    for cat in live:
        cost = state.rules.move_cost(state.exhausted[cat])
        if cost > len(hand):
            continue
        targets = move_targets(state, cat)
        if not targets:
            continue
        white = island.cat_terrain[cat] == WHITE
        later = island.cat_colours[cat] not in first
        goal = destinations(state, island.cat_terrain[cat]) or island.raft
        goals = [grid.square(g) for g in bit_list(goal)]
        r0, c0 = state.cat_square(cat)
        now = min(abs(r0 - gr) + abs(c0 - gc) for gr, gc in goals) if goals else 0
        free = ground & ~(state.cat_mask & ~(1 << state.cat_sq[cat]))
        mine: list[tuple[int, bool, int, int, int, int, int, int]] = []
        for t in bit_list(targets):
            bit = 1 << t
            r, c = grid.square(t)
            d = min(abs(r - gr) + abs(c - gc) for gr, gc in goals) if goals else 0
            if white and d >= now:  # along a path: only a step closer is worth a card
                continue
            heat = (grid.near(bit, 1) & state.fire).bit_count()
            level = 0 if white else routes.route(cat).raft_level(bit)
            blocked = blocked_need(state, need, free, t) if need else 0
            mine.append((cost, later, level, blocked, heat, d, cat, t))
        if not checked and mine:
            mine = [min(mine)]  # only the best of each cat can be chosen
        options.extend(mine)
    for cost, _, _, _, _, _, cat, target in sorted(options):
        to = grid.square(target)
        move = MoveCat(player, state.cat_square(cat), to, tuple(hand[:cost]), best_collect(state, cat, to))
        if checked and breaks_objective(state, move):
            continue  # out of order, or too far from a friend it must stay close to
        return move
    return None


__all__ = ["blocked_need", "choose_move", "needed_squares"]
