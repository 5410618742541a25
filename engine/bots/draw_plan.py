"""The ``counting`` bot: the heuristic bot, drawing by card counting in solo games.

The decks' contents are public (what is left is each deck's cards less those seen), only
their order is hidden.  So at a round's draw the bot knows, for every deck, the multiset
of cards a draw from it may give: the deck's cards and the cards already drawn from it
this round (still face down: unseen, :func:`unseen_by_deck`).  For every one of those
cards, :func:`card_gains` asks the bot's own card search
(:func:`engine.bots.heuristic_cards.shortening_card`, the card alone in hand) how much it
would shorten the cats' ways (weighted as the search weighs them) placed on the island
as it lies.  A draw from a deck gives each of its unseen cards with the same chance, so
the deck's **expected gain** is the mean over that multiset (:func:`deck_values`), exact;
:class:`CountingBot` draws from the deck with the most (ties: the colour score of
:meth:`engine.bots.heuristic.HeuristicBot._deck_scores`, then catalog order); every other
choice is the heuristic bot's.

What it replaces, the heuristic's colour score, counts the squares of the colours the cats need on
the deck's unseen cards: a card of many such squares in the wrong pattern scores as well
as one that fits a cat's corridor.  The expected gain asks the question the play phase
will ask of the card.  Solo only (a team's draws are split among players who do not
talk while drawing), and without white cats (their ways run along Oshax paths the card
search scores otherwise: :func:`engine.bots.heuristic_cards.best_card`); there, and when
no unseen card shortens any way, the colour score decides.  The experiments behind it
(and a plan spreading the draws over the decks by each cat's expected best card, which
won fewer games) are in docs/lab/bot-tuning.md.  It is a bot of its own, not the
heuristic's draw: it wins more in every group but orders the scenarios less like the
campaign groups (docs/difficulty.md "Held-out figures"), and the paw calibration is
fitted to the heuristic bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.bots.heuristic import HeuristicBot, island_as_it_lies
from engine.bots.heuristic_cards import CardSearch, shortening_card
from engine.bots.routes import Routes
from engine.bots.view import deck_of
from engine.bots.ways import Ways
from engine.play.actions import Action, DrawCard
from engine.play.analysis import WHITE
from engine.play.state import GameState

KEPT_GAINS = 64  # positions whose card gains are kept (cleared when full)
_GAINS: dict[tuple[object, ...], tuple[object, object, dict[str, int]]] = {}


def unseen_by_deck(state: GameState, player: int) -> dict[str, list[str]]:
    """Per deck, the cards ``player`` has not seen that a draw this round may give: the
    deck and the cards drawn from it this round (face down until the draw ends)."""
    pool = {deck: list(cards) for deck, cards in state.decks.items()}
    for key in list(state.hands[player]) + list(state.reserve[player]):
        pool.setdefault(deck_of(key), []).append(key)
    return pool


def card_gains(state: GameState, player: int, keys: Sequence[str]) -> dict[str, int]:
    """How much each card of ``keys``, alone in hand, lowers the card search's score (the
    cats' weighted ways) where the search would place it: 0 when it shortens nothing."""
    routes = Routes(state)
    search = CardSearch(state, player, [], routes, Ways(state, routes=routes), {})
    out = {}
    for key in dict.fromkeys(keys):
        search.hand = [key]
        found = shortening_card(search)
        out[key] = 0 if found is None else found[3] - found[0]
    return out


def deck_values(pool: Mapping[str, Sequence[str]], gains: Mapping[str, int]) -> dict[str, float]:
    """Per deck with unseen cards, the expected gain of a card drawn from it: the mean
    gain over its unseen multiset (every unseen card equally likely)."""
    return {deck: sum(gains[k] for k in cards) / len(cards) for deck, cards in pool.items() if cards}


def planned_draw(state: GameState, player: int, scores: Mapping[str, float]) -> str | None:
    """The open deck with the most expected gain, or None where this draw does not
    apply (the bot then draws by the colour score ``scores``)."""
    island = state.island
    if state.players != 1 or WHITE in island.cat_terrain:
        return None
    pool = unseen_by_deck(state, player)
    # the unseen multiset is the same for every draw of a round: the gains are kept
    key = (*island_as_it_lies(state), tuple(sorted(k for cards in pool.values() for k in cards)))
    kept = _GAINS.get(key)
    if kept is not None and kept[0] is island and kept[1] is state.rules:
        gains = kept[2]
    else:
        gains = card_gains(state, player, [k for cards in pool.values() for k in cards])
        if len(_GAINS) >= KEPT_GAINS:
            _GAINS.clear()
        _GAINS[key] = (island, state.rules, gains)
    if not any(gains.values()):
        return None
    values = deck_values(pool, gains)
    open_decks = [d for d, cards in state.decks.items() if cards]
    return max(open_decks, key=lambda d: (round(values[d], 9), scores[d]))  # first of equals


class CountingBot(HeuristicBot):
    """The heuristic bot with the solo draw by expected gain (see the module doc).
    Picklable, stateless (the gains kept per process are a cache)."""

    name = "counting"

    def _draw(self, state: GameState) -> Action:
        player = next(p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw)
        open_decks = [d for d, cards in state.decks.items() if cards]
        if len(open_decks) > 1:
            planned = planned_draw(state, player, self._deck_scores(state, player))
            if planned is not None:
                return DrawCard(player, planned)
        return super()._draw(state)


__all__ = ["CountingBot", "card_gains", "deck_values", "planned_draw", "unseen_by_deck"]
