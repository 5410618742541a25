"""The official solo game (rulebook "Solo", RULINGS SO-1).

The player draws 3 cards into hand and 3 more face down (6 per round).  After every
action the hand refills to 3 from the face-down cards; the player may pick any of them
but cannot look first: a ``Refill`` action names the face-down card by its place in the
draw order, and what the player knows of it is its back, its deck (``refill_choice``).  LC-6 house decision: the round needs 6 cards, so the game is lost
(``decks-short``) when fewer than 6 remain in the decks at the start of a round.
"""

from __future__ import annotations

from .base import RuleSet

SOLO = RuleSet(
    name="solo",
    description="Official solo game: 3 in hand + 3 face down per round (LC-6: lose below 6 cards)",
    players=(1,),
    hand_size=3,
    reserve_size=3,
)
