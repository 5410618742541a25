"""The heuristic bot's simple choices in the advanced game's own phases (the raft-arrival
bonus, a disaster card's choices), from a fair view (:mod:`engine.play.view`).

Bonus (AD-2): a bonus move that lands a cat on the raft (it chains, AD-3); otherwise
the bonus move that brings a cat nearest its raft destinations, when it gains at least
2 squares; otherwise the bonus draw from the deck with most cards left; otherwise
pass.  Disaster: a forced discard gives up the first card in the engine's order (the
bot holds no plan for its hand across actions); a forced move ends where the cat stays
nearest its raft destinations.  Distances are orthogonal steps to the nearest
destination the cat may use (the raft's squares for an open raft).
"""

from __future__ import annotations

from engine.model.geometry import Square
from engine.play.actions import Action, BonusDraw, BonusMove, BonusPass, DisasterMove
from engine.play.state import GameState

MOVE_GAIN = 2  # squares a bonus move must gain to beat drawing a card


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


def choose_advanced(view: GameState) -> Action:
    """A legal action for the bonus or disaster phase of ``view`` (a fair view)."""
    actions = list(view.legal_actions())
    moves = [a for a in actions if isinstance(a, (BonusMove, DisasterMove))]
    if view.phase == "bonus":
        if moves:
            best = max(moves, key=lambda a: _gain(view, a))
            onto, gain = _gain(view, best)
            if onto or gain >= MOVE_GAIN:
                return best
        draws = [a for a in actions if isinstance(a, BonusDraw)]
        if draws:
            return max(draws, key=lambda a: len(view.decks[a.deck]))
        return BonusPass()
    if moves:
        return max(moves, key=lambda a: _gain(view, a)[1])
    return actions[0]


__all__ = ["choose_advanced"]
