"""The heuristic bot's simple choices in the advanced game's own phases (the raft-arrival
bonus, a disaster card's choices), from a fair view (:mod:`engine.bots.view`).

Bonus (AD-2): a bonus move that lands a cat on the raft (it chains, AD-3); otherwise
the bonus draw from the deck the cats need most (``deck_scores``, the heuristic bot's
measure; without it the deck with most cards left: a card builds more than a free step);
with no deck left, the bonus move that brings a cat nearest its raft destinations when
it gains at least 2 squares; otherwise pass.  Disaster: a forced discard gives up the first card in the engine's order (the
bot holds no plan for its hand across actions); a forced move ends where the cat stays
nearest its raft destinations.  With arrival-order or close-to objectives, moves that
would fail one are left out (:mod:`engine.bots.heuristic_arrive`).  Distances are orthogonal steps to the nearest
destination the cat may use (the raft's squares for an open raft).
"""

from __future__ import annotations

from typing import Mapping

from engine.bots.heuristic_arrive import breaks_objective, has_move_objectives
from engine.bots.weights import MOVE_GAIN
from engine.model.geometry import Square
from engine.play.actions import Action, BonusDraw, BonusMove, BonusPass, DisasterMove
from engine.play.state import GameState


def _goal_distance(state: GameState, cat: int, square: Square) -> int:
    island = state.island
    goal = island.dest[island.cat_terrain[cat]] or island.raft
    r, c = square
    return min((abs(r - gr) + abs(c - gc) for gr, gc in island.grid.squares(goal)), default=0)


def _gain(state: GameState, action: BonusMove | DisasterMove) -> tuple[int, int]:
    """(lands on the raft, squares nearer the raft) for a cat move."""
    cat = state.cat_at(action.cat)
    assert cat is not None
    onto = bool(state.island.raft & state.island.grid.bit(action.to))
    return int(onto), _goal_distance(state, cat, action.cat) - _goal_distance(state, cat, action.to)


def choose_advanced(view: GameState, deck_scores: Mapping[str, float] | None = None) -> Action:
    """A legal action for the bonus or disaster phase of ``view`` (a fair view);
    ``deck_scores`` rates the decks for a bonus draw (highest first)."""
    actions = list(view.legal_actions())
    moves = [a for a in actions if isinstance(a, (BonusMove, DisasterMove))]
    if moves and has_move_objectives(view):  # arrival order, close to: no move that fails one
        moves = [a for a in moves if not breaks_objective(view, a)] or moves
    if view.phase == "bonus":
        best = max(moves, key=lambda a: _gain(view, a)) if moves else None
        if best is not None and _gain(view, best)[0]:
            return best  # a cat lands on the raft (and the bonus chains, AD-3)
        draws = [a for a in actions if isinstance(a, BonusDraw)]
        if draws:
            if deck_scores is not None:
                return max(draws, key=lambda a: (deck_scores.get(a.deck, 0.0), len(view.decks[a.deck])))
            return max(draws, key=lambda a: len(view.decks[a.deck]))
        if best is not None and _gain(view, best)[1] >= MOVE_GAIN:
            return best
        return BonusPass()
    if moves:
        return max(moves, key=lambda a: _gain(view, a)[1])
    return actions[0]


__all__ = ["choose_advanced"]
