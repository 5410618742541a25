"""The search bot (engine.bots.search): fair, legal, and its pieces do what they say.

Fairness as for the heuristic bot (tests/engine/test_bots_fair.py): with the same bot RNG,
reshuffling every hidden part of a game (deck orders, which unseen card lies in each
face-down reserve slot, the bag's order, the game's RNG) never changes its choice, at the
decisions it searches (the first draw of a round) and at the others."""

from __future__ import annotations

import random

import pytest
from test_bots_fair import load, shuffle_hidden

from engine.bots.bots import BOTS, get_bot, playout
from engine.bots.heuristic import HeuristicBot
from engine.bots.search import SearchBot, determinise, plan_value, position_value
from engine.bots.view import deck_of, fair_view, unseen_cards
from engine.play.actions import DrawCard
from engine.play.phases import DRAW
from engine.play.state import GameState

SCENARIOS = ["practice/03-wet-paws", "campaign-1/04-like-a-rainbow"]


def first_draws(name: str, count: int) -> list[GameState]:
    """Positions at the first draw of a round (where the bot searches), from a heuristic game."""
    state, bot, rng = load(name), HeuristicBot(), random.Random(0)
    out: list[GameState] = []
    while not state.is_terminal() and len(out) < count:
        if state.phase == DRAW and state.drawn[0] == 0 and sum(1 for d in state.decks.values() if d) > 1:
            out.append(state.clone())
        state.apply(bot.choose(state, rng))
    return out


@pytest.mark.parametrize("name", SCENARIOS)
def test_hidden_order_does_not_change_the_search(name: str) -> None:
    bot = SearchBot(samples=2)
    shuffler = random.Random(3)
    states = first_draws(name, 3)
    assert states, "no searched decision in the game"
    for state in states:
        choice = bot.choose(state, random.Random(9))
        for _ in range(2):
            assert bot.choose(shuffle_hidden(state, shuffler), random.Random(9)) == choice, (
                f"{name}: hidden order changed the searched draw in round {state.round}"
            )


def test_later_draws_follow_the_rounds_plan() -> None:
    """After the round's first draw the bot keeps to that deck while it holds cards: the
    plan the search chose is played, read from the game's own record of the draw."""
    state = first_draws("campaign-1/04-like-a-rainbow", 1)[0]
    bot = SearchBot(samples=2)
    first = bot.choose(state, random.Random(4))
    assert isinstance(first, DrawCard)
    state.apply(first)
    assert state.phase == DRAW
    assert bot.choose(state, random.Random(99)) == DrawCard(0, first.deck)


def test_a_determinisation_keeps_what_the_player_sees() -> None:
    state = first_draws("practice/03-wet-paws", 2)[-1]
    view = fair_view(state)
    worlds = [determinise(view, random.Random(s)) for s in range(4)]
    for world in worlds:
        assert unseen_cards(world) == unseen_cards(state)  # the same unseen cards per deck, as a set
        assert [[deck_of(k) for k in r] for r in world.reserve] == [[deck_of(k) for k in r] for r in state.reserve]
        assert sorted(world.bag) == sorted(state.bag)
        assert (world.hands, world.terrain, world.fire, world.water) == (state.hands, state.terrain, state.fire,
                                                                         state.water)  # fmt: skip
    assert len({tuple(w.decks[d][-1] for d in sorted(w.decks) if w.decks[d]) for w in worlds}) > 1  # really drawn


def test_a_plan_draws_the_round_from_its_deck_and_scores_the_next_round() -> None:
    state = first_draws("campaign-1/04-like-a-rainbow", 1)[0]
    deck = next(d for d, cards in state.decks.items() if len(cards) >= state.rules.cards_per_draw)
    game = determinise(fair_view(state), random.Random(1))
    start = game.round
    before = len(game.history)
    value = plan_value(game, deck, HeuristicBot(), random.Random(2), 1)
    drawn = [a for a in game.history[before:] if isinstance(a, DrawCard)]
    assert [a.deck for a in drawn[: state.rules.cards_per_draw]] == [deck] * state.rules.cards_per_draw
    assert game.is_terminal() or (game.round == start + 1 and game.phase == DRAW)
    assert value == position_value(game) or game.is_terminal()


def test_the_search_bot_is_registered_and_plays_legal_games() -> None:
    assert "search" in BOTS
    result = playout(load("tutorial/01-first-steps"), get_bot("search"), random.Random(1), checked=True)
    assert result.outcome is not None
