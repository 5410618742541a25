"""The heuristic cat moves keyed the plain way (every target, Manhattan distances to the
goal squares): what :mod:`engine.bots.heuristic_move` must choose."""

from __future__ import annotations

from engine.bots.heuristic_arrive import breaks_objective, has_move_objectives, next_in_order
from engine.bots.heuristic_move import blocked_need, needed_squares
from engine.bots.heuristic_tokens import best_collect
from engine.bots.routes import Routes
from engine.bots.weights import WALK_GAIN, WALK_WAY
from engine.play.actions import Action, MoveCat
from engine.play.bitboard import bit_list
from engine.play.links import WHITE
from engine.play.reach import destinations, move_targets
from engine.play.state import GameState


def manhattan(state: GameState, square: int, goal: int) -> int:
    grid = state.island.grid
    r, c = grid.square(square)
    return min(abs(r - gr) + abs(c - gc) for gr, gc in (grid.square(g) for g in bit_list(goal)))


def plain_walk_ahead(state: GameState, player: int, hand: list[str], routes: Routes, live: list[int]) -> Action | None:
    """Every target of every fresh far cat keyed (distances by the goal squares)."""
    if not hand or state.rules.move_cost(False) > len(hand) or has_move_objectives(state):
        return None
    island = state.island
    best = None
    for cat in live:
        route = routes.route(cat)
        if state.exhausted[cat] or island.cat_terrain[cat] == WHITE or route.way < WALK_WAY:
            continue
        goal = destinations(state, island.cat_terrain[cat]) or island.raft
        if not goal:
            continue
        now = manhattan(state, state.cat_sq[cat], goal)
        for t in bit_list(move_targets(state, cat)):
            d = manhattan(state, t, goal)
            if now - d < WALK_GAIN or route.raft_level(1 << t) > route.raft_level(1 << state.cat_sq[cat]):
                continue
            need = needed_squares(state, routes, live)
            free = island.land & ~(
                state.fire | island.raft | state.safe_any | (state.cat_mask & ~(1 << state.cat_sq[cat]))
            )
            key = (blocked_need(state, need, free, t) if need else 0, d - now, cat, t)
            best = key if best is None or key < best else best
    if best is None:
        return None
    to = island.grid.square(best[3])
    return MoveCat(player, state.cat_square(best[2]), to, tuple(hand[:1]), best_collect(state, best[2], to))


def plain_choose_move(state: GameState, player: int, hand: list[str], routes: Routes, live: list[int]) -> Action | None:
    """Every target of every cat keyed, distances by the goal squares."""
    island = state.island
    grid = island.grid
    need = needed_squares(state, routes, live)
    ground = island.land & ~(state.fire | island.raft | state.safe_any)
    checked = has_move_objectives(state)
    first = next_in_order(state) if checked else set()
    options = []
    for cat in live:
        cost = state.rules.move_cost(state.exhausted[cat])
        targets = move_targets(state, cat)
        if cost > len(hand) or not targets:
            continue
        white = island.cat_terrain[cat] == WHITE
        goal = destinations(state, island.cat_terrain[cat]) or island.raft
        now = manhattan(state, state.cat_sq[cat], goal) if goal else 0
        free = ground & ~(state.cat_mask & ~(1 << state.cat_sq[cat]))
        for t in bit_list(targets):
            d = manhattan(state, t, goal) if goal else 0
            if white and d >= now:
                continue
            heat = (grid.near(1 << t, 1) & state.fire).bit_count()
            level = 0 if white else routes.route(cat).raft_level(1 << t)
            blocked = blocked_need(state, need, free, t) if need else 0
            options.append((cost, island.cat_colours[cat] not in first, level, blocked, d, heat, cat, t))
    for cost, _, _, _, _, _, cat, target in sorted(options):
        to = grid.square(target)
        move = MoveCat(player, state.cat_square(cat), to, tuple(hand[:cost]), best_collect(state, cat, to))
        if not (checked and breaks_objective(state, move)):
            return move
    return None
