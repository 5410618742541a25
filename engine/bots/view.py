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

Team games: a player sees their own hand, never a teammate's (the rulebook limits what
players may tell each other; the communication tokens are reminders).  ``fair_view(state,
player)`` treats the teammates' hands as it treats the face-down reserve: each card's
deck is seen (draws are made in the open), its face is not, so their slots take the
first unseen cards of that deck, sorted, with the deck and any reserve.  A bot that
plays ``player``'s seat from that view returns actions with ``player``'s own cards only
(:func:`acting_player` says whose turn the bot is deciding).
"""

from __future__ import annotations

import random

from engine.play.analysis import card_of
from engine.play.state import GameState

VIEW_SEED = 0x5EED
_VIEW_STATE = random.Random(VIEW_SEED).getstate()


def deck_of(card: str) -> str:
    return card.split(":", 1)[0]


def fair_view(state: GameState, player: int | None = None) -> GameState:
    """A copy of ``state`` whose hidden parts are canonical (see module doc); with
    ``player``, the other players' hands are hidden from that player too."""
    rng = random.Random.__new__(random.Random)  # random.Random(VIEW_SEED), without seeding again
    rng.setstate(_VIEW_STATE)
    view = state.clone(rng)  # the game's RNG is not copied: the view has its own
    # per deck, the slots of its unseen cards outside the deck, in order: face-down reserve
    # cards (player, index), then with ``player`` the teammates' hands (players + p, index)
    held: dict[str, list[tuple[int, int]]] = {}
    slots_of: list[list[str]] = list(view.reserve)
    if player is not None and view.players > 1:
        slots_of += [view.hands[p] if p != player else [] for p in range(view.players)]
    for p, cards_held in enumerate(slots_of):
        for i, key in enumerate(cards_held):
            held.setdefault(deck_of(key), []).append((p, i))
    for deck, cards in view.decks.items():  # the copy's own lists
        slots = held.get(deck)
        if slots:  # the unseen cards sorted: the slots take the first, the deck the rest
            cards += [slots_of[p][i] for p, i in slots]
            cards.sort()
            for n, (p, i) in enumerate(slots):
                slots_of[p][i] = cards[n]
            del cards[: len(slots)]
        else:
            cards.sort()
    view.bag.sort(key=state.island.tile_order.__getitem__)
    view.advanced.disaster_deck.sort()  # the disaster deck's order is hidden too (advanced game)
    return view


def acting_player(state: GameState) -> int:
    """The player whose choice a bot makes now: the first still to draw or refill, the
    first holding cards in the play phase, the player who places the fire tile, takes
    the bonus, discards or resolves a disaster line, or resolves the tokens."""
    phase = state.phase
    if phase == "draw":
        return next((p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw), 0)
    if phase == "refill":
        return next((p for p in range(state.players) if state.needs_refill(p)), 0)
    if phase == "fire" and state.pending is not None:
        return state.pending.player
    if phase == "bonus" and state.advanced.bonus is not None:
        return state.advanced.bonus.player
    if phase == "disaster" and state.advanced.disaster is not None:
        progress = state.advanced.disaster
        if progress.left and card_of(state).effects[progress.step].effect == "discard":  # each their own cards
            return next((p for p, n in enumerate(progress.left) if n), progress.player)
        return progress.player
    if phase == "tokens" and state.kickstarter.task is not None:
        return state.kickstarter.task.player
    return next((p for p in range(state.players) if state.hands[p]), 0)


def unseen_cards(state: GameState) -> dict[str, list[str]]:
    """Per deck, the cards a player cannot see yet (deck and face-down reserves), sorted."""
    return {
        deck: sorted(cards + [k for r in state.reserve for k in r if deck_of(k) == deck])
        for deck, cards in state.decks.items()
    }


__all__ = ["VIEW_SEED", "acting_player", "fair_view", "unseen_cards"]
