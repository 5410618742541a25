"""The heuristic bot's arrivals (step 1 of the play phase) and the objectives its moves keep.

A cat that can step onto the raft does, cheapest move first, unless the arrival would
break an objective the engine checks (rulebook "Additional rules" 3 and 5;
:mod:`engine.play.objectives`):

* **arrival order** (tokens 1-5, RULINGS OB-3): a cat whose arrival now would take a
  place another colour must have, or leave its own colour's place without a cat, is
  held back; the cat that must come next is preferred when several may arrive;
* **bound squares** (OB-2): a cat lands on a square a pending objective binds to its
  colour first, never on one bound to another colour (:func:`landing_squares`);
* **close to** (CT-1): no move ends with the two named cats too far apart
  (:func:`breaks_objective`, used by :mod:`engine.bots.heuristic_move` too).

Without objectives, of several raft squares the cat takes the one the other cats of its
colour need least (the fewest of them have it as their nearest raft square), so that
same-colour cats do not compete for one raft square.
"""

from __future__ import annotations

from engine.bots.heuristic_tokens import best_collect
from engine.bots.view import fair_view
from engine.play.actions import Action, MoveCat
from engine.play.analysis import (
    PENDING,
    bound_squares,
    destinations,
    failed_objective,
    move_targets,
    objective_statuses,
)
from engine.play.bitboard import bit_list
from engine.play.state import GameState

CHECKED = ("arrival_order", "close_to")  # objectives a single move can break


def landing_squares(state: GameState, cat: int, onto: int) -> int:
    """Of the raft squares ``onto``, those a sensible team lands ``cat`` on: a square a
    pending objective binds to this cat's colour first (OB-2), never one it binds to
    another colour (all of ``onto`` when that leaves none)."""
    grid, colour = state.island.grid, state.island.cat_colours[cat]
    bound = bound_squares(state)
    own = grid.mask(sq for sq, c in bound.items() if c == colour) & onto
    others = grid.mask(sq for sq, c in bound.items() if c != colour)
    return own or (onto & ~others) or onto


def has_move_objectives(state: GameState) -> bool:
    return any(o.kind in CHECKED for o in state.island.scenario.objectives)


def breaks_objective(state: GameState, move: Action) -> bool:
    """Whether ``move`` would make an objective fail (tried on a fair copy: the move may
    draw a fire tile, and only the fair view's canonical bag may be drawn from)."""
    trial = fair_view(state)
    trial.apply_unchecked(move)
    return failed_objective(trial) is not None


def next_in_order(state: GameState) -> set[str]:
    """Colours a pending arrival-order objective wants as the very next arrival."""
    place = len(state.arrivals) + 1
    return {s.objective.colour or "" for s in objective_statuses(state)
            if s.status == PENDING and s.objective.kind == "arrival_order" and s.objective.position == place}  # fmt: skip


def least_needed(state: GameState, cat: int, onto: int) -> int:
    """The square of ``onto`` (a bit index) that the other live cats of this cat's
    colour need least: the fewest have it as their nearest usable raft square (first of
    equals in square order)."""
    grid = state.island.grid
    ci = state.island.cat_terrain[cat]
    others = [grid.square(state.cat_sq[c]) for c in range(state.cat_count())
              if c != cat and not state.arrived[c] and state.island.cat_terrain[c] == ci]  # fmt: skip
    squares = bit_list(onto)
    if not others or len(squares) == 1:
        return squares[0]
    usable = [grid.square(d) for d in bit_list(destinations(state, ci) & ~state.cat_mask)]
    wanted = dict.fromkeys(squares, 0)
    for r, c in others:
        nearest = min(usable, key=lambda sq: (abs(sq[0] - r) + abs(sq[1] - c), sq), default=None)
        if nearest is not None and grid.index(nearest) in wanted:
            wanted[grid.index(nearest)] += 1
    return min(squares, key=lambda d: (wanted[d], d))


def arrival(state: GameState, player: int, hand: list[str], live: list[int]) -> MoveCat | None:
    """The arrival the play phase makes now, or None."""
    island = state.island
    checked = has_move_objectives(state)
    first = next_in_order(state) if checked else set()
    order = sorted(live, key=lambda c: (island.cat_colours[c] not in first, state.rules.move_cost(state.exhausted[c])))
    for cat in order:
        cost = state.rules.move_cost(state.exhausted[cat])
        if cost > len(hand):
            continue
        onto = move_targets(state, cat) & island.raft
        if not onto:
            continue  # no raft square in reach (the objectives' bound squares need not be read)
        onto = landing_squares(state, cat, onto)
        to = island.grid.square(least_needed(state, cat, onto))
        move = MoveCat(player, state.cat_square(cat), to, tuple(hand[:cost]), best_collect(state, cat, to))
        if checked and breaks_objective(state, move):
            continue  # held back: arriving now would break an objective
        return move
    return None


__all__ = ["arrival", "breaks_objective", "has_move_objectives", "landing_squares", "least_needed", "next_in_order"]
