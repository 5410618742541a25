"""The plain fair view :func:`engine.bots.view.fair_view` must equal."""

from __future__ import annotations

from engine.bots.view import deck_of
from engine.play.state import GameState


def plain_fair_view(state: GameState) -> GameState:
    """:func:`fair_view` as first written: per deck, its unseen cards (deck and reserve
    slots) sorted, the slots taking the first in order, the deck the rest."""
    view = state.clone()
    for deck in view.decks:
        unseen = sorted(view.decks[deck] + [k for r in view.reserve for k in r if deck_of(k) == deck])
        for reserve in view.reserve:
            for i, key in enumerate(reserve):
                if deck_of(key) == deck:
                    reserve[i] = unseen.pop(0)
        view.decks[deck] = unseen
    view.bag.sort(key=state.island.tile_order.__getitem__)
    view.advanced.disaster_deck.sort()
    return view
