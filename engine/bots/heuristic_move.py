"""The heuristic bot's cat moves in the play phase (step 4 of :mod:`engine.bots.heuristic`).

Cards are spent moving a cat (four discards cost one fire tile, a placed card costs one):
the cheapest move first (fresh cats), to the square fewest repaints from the raft; among
equals, the square where the cat **blocks fewest windows** a card still needs: a card
cannot go over a cat (rulebook "Placement"), so a cat standing next to the one square
its way still has to repaint can keep every card off it (the route analysis, like the
cut-off analysis, lets cats pass).  Then nearest the raft, then away from fire.  A white
cat only steps closer to its destination along its paths.  When the scenario has
arrival-order or close-to objectives, a cat that must arrive next is moved first and no
move that would break one is made (:mod:`engine.bots.heuristic_arrive`).

A **walk ahead** (:func:`walk_ahead`, step 2b of :mod:`engine.bots.heuristic`) comes
before the card search: a fresh cat still ``WALK_WAY`` or more squares from the raft
that can walk ``WALK_GAIN`` squares nearer it (Manhattan distance) along its own
colour, without its way growing, walks: the longest such walk.  A placed card costs a whole
fire tile and a discard a quarter of one, and a cat far from the raft has a long
corridor for the fire to cut; walked ahead early, its corridor is shorter and the cards
it still needs lie nearer the raft.  Cats nearly there (way under ``WALK_WAY``) wait
for the cards that let them reach the raft in one move: walked partway they would be
exhausted and pay two cards for the last move.  Scenarios with arrival-order or
close-to objectives never walk ahead.
"""

from __future__ import annotations

from engine.bots.heuristic_arrive import breaks_objective, has_move_objectives, next_in_order
from engine.bots.heuristic_tokens import best_collect
from engine.bots.routes import Routes
from engine.bots.weights import WALK_GAIN, WALK_WAY
from engine.play.actions import Action, MoveCat
from engine.play.analysis import WHITE, destinations, move_targets, walkable
from engine.play.bitboard import BitGrid, bit_list
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
    # (cost, not wanted next, level, blocked, distance, heat, cat, target): nearest the raft
    # before away from fire (the other way round won fewer games: engine.bots.weights)
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
        rings = distance_rings(grid, goal) if goal else [grid.full]  # no goal: every distance 0
        now = _distance(rings, 1 << state.cat_sq[cat])
        free = ground & ~(state.cat_mask & ~(1 << state.cat_sq[cat]))
        mine: list[tuple[int, bool, int, int, int, int, int, int]] = []
        for t in bit_list(targets):
            bit = 1 << t
            d = _distance(rings, bit)
            if white and d >= now:  # along a path: only a step closer is worth a card
                continue
            heat = (grid.near(bit, 1) & state.fire).bit_count()
            level = 0 if white else routes.route(cat).raft_level(bit)
            blocked = blocked_need(state, need, free, t) if need else 0
            mine.append((cost, later, level, blocked, d, heat, cat, t))
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


def walk_ahead(state: GameState, player: int, hand: list[str], routes: Routes, live: list[int]) -> Action | None:
    """The walk ahead (module doc) ``player`` pays one card of ``hand`` for, or None:
    of the fresh coloured cats whose way is ``WALK_WAY`` or more, the target at least
    ``WALK_GAIN`` squares nearer the raft (Manhattan) where the cat's way is no longer,
    blocking fewest windows a card still needs, then the longest walk (ties: the first
    cat, the first square)."""
    if not hand or state.rules.move_cost(False) > len(hand) or has_move_objectives(state):
        return None
    island = state.island
    grid = island.grid
    best: tuple[int, int, int, int] | None = None
    need = -1  # the squares cards must still cover, found once a target qualifies
    ground = island.land & ~(state.fire | island.raft | state.safe_any)
    for cat in live:
        if state.exhausted[cat] or island.cat_terrain[cat] == WHITE:
            continue
        route = routes.route(cat)
        if route.way < WALK_WAY:
            continue
        goal = destinations(state, island.cat_terrain[cat]) or island.raft
        if not goal:
            continue
        rings = distance_rings(grid, goal)
        now = _distance(rings, 1 << state.cat_sq[cat])
        if now < WALK_GAIN:
            continue  # no square is WALK_GAIN nearer
        level = route.raft_level(1 << state.cat_sq[cat])
        free = ground & ~(state.cat_mask & ~(1 << state.cat_sq[cat]))  # as choose_move's: the cat's own square free
        for t in bit_list(move_targets(state, cat) & rings[now - WALK_GAIN]):  # WALK_GAIN nearer or more
            if route.raft_level(1 << t) > level:
                continue
            d = _distance(rings, 1 << t)
            if need < 0:
                need = needed_squares(state, routes, live)
            key = (blocked_need(state, need, free, t) if need else 0, d - now, cat, t)
            if best is None or key < best:
                best = key
    if best is None:
        return None
    _, _, cat, t = best
    to = grid.square(t)
    return MoveCat(player, state.cat_square(cat), to, tuple(hand[:1]), best_collect(state, cat, to))


KEPT_RINGS = 256  # goal masks whose distance rings are kept per process (cleared when full)
_RINGS: dict[tuple[BitGrid, int], list[int]] = {}


def distance_rings(grid: BitGrid, goal: int) -> list[int]:
    """``rings[k]``: the squares at most ``k`` (Manhattan distance) from a square of
    ``goal``, up to the whole grid (a shortest Manhattan path between two squares stays
    in their bounding box, so on the full grid it is a 4-neighbour breadth-first
    search).  Kept per process: a cat's goal squares are its colour's raft squares."""
    found = _RINGS.get((grid, goal))
    if found is None:
        if len(_RINGS) >= KEPT_RINGS:
            _RINGS.clear()
        found = [goal]
        while found[-1] != grid.full:
            grown = found[-1] | grid.neighbours(found[-1])
            if grown == found[-1]:
                break
            found.append(grown)
        _RINGS[(grid, goal)] = found
    return found


def _distance(rings: list[int], bit: int) -> int:
    """The first ring holding the square ``bit``: its distance from the goal."""
    for k, ring in enumerate(rings):
        if ring & bit:
            return k
    raise ValueError("a square off the grid")


__all__ = ["WALK_GAIN", "WALK_WAY", "blocked_need", "choose_move", "needed_squares", "walk_ahead"]
