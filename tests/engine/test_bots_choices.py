"""The heuristic bot's choices in the advanced game's bonus phase (rulebook "Advanced
rules", RULINGS AD-2): a cat that can land on the raft takes the bonus move, otherwise
the bonus draw comes from the deck whose unseen cards carry the colours the cats
still need.  The island is a fixture picture; no disaster card is involved."""

from __future__ import annotations

import random

from advanced_fixtures import ADVANCED_ISLAND, advanced_state
from engine_pictures import deal

from engine.bots.heuristic import HeuristicBot
from engine.play.actions import BonusDraw, BonusMove, MoveCat
from engine.play.state import GameState

ISLAND = ADVANCED_ISLAND  # blue 3 squares from an any-colour raft square
BLUE, BLUE_RAFT = (2, 7), (2, 10)
HAND = ["circle:a", "circle:b", "circle:c"]


def _bonus(island: str = ISLAND) -> GameState:
    state = deal(advanced_state(island), list(HAND))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    assert state.phase == "bonus"
    return state


def _arriving(state: GameState) -> list[BonusMove]:
    raft = state.island.raft
    return [a for a in state.legal_actions() if isinstance(a, BonusMove) and raft & state.island.grid.bit(a.to)]


def test_the_bonus_moves_a_cat_that_can_arrive() -> None:
    """AD-2 / AD-3: the free action may be a move; one that lands a cat chains."""
    state = _bonus()
    choice = HeuristicBot().choose(state, random.Random(0))
    assert _arriving(state) and isinstance(choice, BonusMove) and choice in _arriving(state)


def test_otherwise_the_bonus_draws_from_the_deck_the_cats_need() -> None:
    """AD-2: with no cat able to arrive, a card from the deck whose unseen cards carry
    most of the colours the cats still need."""
    state = _bonus(ISLAND.replace("rrrrrrrrrrwww", "rrrrrrrrbrwww").replace("rrrrrRrrrrwow", "rrrrrRrrbrwow"))
    assert not _arriving(state)
    bot = HeuristicBot()
    choice = bot.choose(state, random.Random(0))
    assert isinstance(choice, BonusDraw)
    scores = bot._deck_scores(state)
    drawable = [d for d, cards in state.decks.items() if cards]
    assert scores[choice.deck] == max(scores[d] for d in drawable)
