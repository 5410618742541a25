"""The raft-arrival bonus of the advanced game (rulebook "Advanced rules", "Arriving at
the raft"; RULINGS AD-2, AD-3, AD-4, DP-4, SO-1).

Whenever a cat arrives on the raft, before the disaster pile is resolved, the team
*may* take one free action; the game waits in phase ``bonus`` for one of:

``BonusDraw``   the active player draws the top card of a deck of their choice into
                their hand (solo too: from the decks, never from the face-down
                reserve).  The card is extra: it raises that player's hand size until
                the round ends (``Position.advanced.extra_cards``), so the solo refill still
                brings the hand back to 3 beside it, and it must be played this round
                (every card is played before resting).  Not offered when every deck is
                empty (AD-4 INFERENCE).
``BonusMove``   any cat not on the raft, rested or exhausted, moves up to 5 squares
                over its terrain (the normal move rules, no discard, nothing added to
                the disaster pile) and ends exhausted.  A bonus move that arrives earns
                another bonus (AD-3): the chain continues, and every arrival of the
                chain counts as arriving in the action that started it (the ``=``
                objective, OB-1).
``BonusPass``   the team declines.

Reading: a bonus move is a move, so "close to" objectives are checked after it (AD-4
INFERENCE) and the cut-off analysis runs after it; it collects the Kickstarter tokens
on its way like any move (AD-4 INFERENCE, ``BonusMove.collect``, :mod:`engine.play.tokens`).  When every cat is on the raft the
game is won at once and no bonus is offered.
"""

from __future__ import annotations

from engine.play import tokens
from engine.play.actions import Action, BonusDraw, BonusMove, BonusPass
from engine.play.outcome import IllegalAction
from engine.play.phases import BONUS
from engine.play.position import Position
from engine.play.reach import move_targets


def bonus_actions(state: Position) -> list[Action]:
    """Every way to take the waiting bonus, in a fixed order: draws (deck order),
    moves (cat order, end square row-major), then pass."""
    pending = state.advanced.bonus
    if pending is None or state.phase != BONUS:
        return []
    square = state.island.grid.square
    out: list[Action] = [BonusDraw(pending.player, deck) for deck, cards in state.decks.items() if cards]
    for cat in range(state.cat_count()):
        at = square(state.cat_sq[cat])
        choices = tokens.move_choices(state, cat) if state.kickstarter.tokens else [(0, move_targets(state, cat))]
        for taken, targets in choices:
            collect = state.island.grid.squares(taken)
            while targets:
                low = targets & -targets
                out.append(BonusMove(pending.player, at, square(low.bit_length() - 1), collect))
                targets ^= low
    out.append(BonusPass())
    return out


def check(state: Position, action: BonusDraw | BonusMove | BonusPass) -> None:
    """Raise :class:`IllegalAction` unless ``action`` takes the waiting bonus."""
    pending = state.advanced.bonus
    if state.phase != BONUS or pending is None:
        raise IllegalAction(
            "wrong-phase", f"'{action}' takes the raft-arrival bonus, but the game is in the {state.phase} phase"
        )
    if isinstance(action, BonusPass):
        return
    if action.player != pending.player:
        raise IllegalAction("not-active-player", f"the bonus belongs to player {pending.player}, the active player")
    if isinstance(action, BonusDraw):
        if not state.decks.get(action.deck):
            known = ", ".join(d for d, cards in state.decks.items() if cards) or "none"
            raise IllegalAction("empty-deck", f"the {action.deck} deck is empty or unknown; draw from: {known}")
        return
    grid = state.island.grid
    inside = all(0 <= v < n for v, n in zip(action.cat, (grid.rows, grid.cols)))
    cat = state.cat_at(action.cat) if inside else None
    if cat is None:
        raise IllegalAction("no-cat", f"no cat stands on {action.cat[0]},{action.cat[1]}")
    tr, tc = action.to
    if not (0 <= tr < grid.rows and 0 <= tc < grid.cols) or not move_targets(state, cat) & grid.bit(action.to):
        raise IllegalAction(
            "unreachable",
            f"the {state.island.cat_colours[cat]} cat cannot end a bonus move on "
            f"{tr},{tc} (at most 5 squares over its terrain); see reachable_squares()",
        )
    if action.collect or state.kickstarter.tokens:
        tokens.check_move(state, cat, action)


def draw(state: Position, action: BonusDraw) -> None:
    """The active player draws an extra card (SO-1: from the decks)."""
    state.hands[action.player].append(state.decks[action.deck].pop())
    state.advanced.extra_cards[action.player] += 1


__all__ = ["bonus_actions", "check", "draw"]
