"""What a player may know: a fair view of a game for bots.

A player sees the island (terrain, fire, cats, rafts), their own hand, the backs of
the decks (how many cards each holds, and so which cards of each deck are still
unseen), the fire tiles left in the bag as a *set*, the water tokens and the piles.
They never see the order of a deck or of the bag, which face-down solo reserve card
came from which unseen card, or what the game's RNG will draw next.

:func:`fair_view` returns a copy of the game in which all of that hidden information
is put in a canonical form that depends only on what the player knows:

* per deck, the unseen cards (that deck's cards still in the deck or in any face-down
  reserve) are sorted; the reserve slots keep the deck their card was drawn from
  (its back was seen) and take the first unseen cards of that deck, the deck the rest;
* the bag is sorted in catalog order, the disaster deck by card id;
* the game's RNG is replaced by one seeded with a constant, so a bot that looks ahead
  by applying actions to the view draws "fire tiles" that say nothing about the real bag.

A bot that decides from ``fair_view(state)`` alone cannot depend on hidden order;
``tests/engine/test_bots_fair.py`` checks it by shuffling the hidden parts of a game.
Team games: a cooperative team bot plays every seat, so it reads every hand (a
limitation noted in docs/difficulty.md; the solo game has one hand).
"""

from __future__ import annotations

import random

from engine.play.state import GameState

VIEW_SEED = 0x5EED
_VIEW_STATE = random.Random(VIEW_SEED).getstate()


def deck_of(card: str) -> str:
    return card.split(":", 1)[0]


def fair_view(state: GameState) -> GameState:
    """A copy of ``state`` whose hidden parts are canonical (see module doc)."""
    rng = random.Random.__new__(random.Random)  # random.Random(VIEW_SEED), without seeding again
    rng.setstate(_VIEW_STATE)
    view = state.clone(rng)  # the game's RNG is not copied: the view has its own
    held: dict[str, list[tuple[int, int]]] = {}  # per deck, its face-down reserve slots (player, index), in order
    for p, reserve in enumerate(view.reserve):
        for i, key in enumerate(reserve):
            held.setdefault(deck_of(key), []).append((p, i))
    for deck, cards in view.decks.items():  # the copy's own lists
        slots = held.get(deck)
        if slots:  # the unseen cards sorted: the reserve slots take the first, the deck the rest
            cards += [view.reserve[p][i] for p, i in slots]
            cards.sort()
            for n, (p, i) in enumerate(slots):
                view.reserve[p][i] = cards[n]
            del cards[: len(slots)]
        else:
            cards.sort()
    view.bag.sort(key=state.island.tile_order.__getitem__)
    view.advanced.disaster_deck.sort()  # the disaster deck's order is hidden too (advanced game)
    return view


def unseen_cards(state: GameState) -> dict[str, list[str]]:
    """Per deck, the cards a player cannot see yet (deck and face-down reserves), sorted."""
    return {
        deck: sorted(cards + [k for r in state.reserve for k in r if deck_of(k) == deck])
        for deck, cards in state.decks.items()
    }


__all__ = ["VIEW_SEED", "fair_view", "unseen_cards"]
