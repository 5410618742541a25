"""The counting bot's solo draw by card counting (:mod:`engine.bots.draw_plan`): it draws
from the deck whose unseen cards, placed by the bot's own card search, shorten the cats'
ways most on average; the average is over exactly the cards left (seen cards out), and
it reads only what the player knows (the unseen cards as a multiset, not their order
nor which of them were drawn this round)."""

from __future__ import annotations

import random

import pytest

from engine import GameState, new_game
from engine.bots.bots import bot_names, get_bot, playout
from engine.bots.draw_plan import CountingBot, card_gains, deck_values, planned_draw, unseen_by_deck
from engine.bots.view import deck_of
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.actions import DrawCard
from engine.play.phases import DRAW


def draw_positions(name: str, seed: int, rounds: int = 2, players: int = 1) -> list[GameState]:
    """The draw-phase positions of a seeded counting-bot game's first ``rounds`` rounds."""
    state = new_game(
        open_scenario(campaigns_dir() / f"{name}.scenario.json"),
        seed=seed,
        players=players,
        variant="solo" if players == 1 else "standard",
    )
    bot, rng = CountingBot(), random.Random(seed)
    out = []
    while not state.is_terminal() and state.round <= rounds:
        if state.phase == DRAW:
            out.append(state.clone())
        state.apply(bot.choose(state, rng))
    return out


def colour_choice(bot: CountingBot, state: GameState) -> str:
    scores = bot._deck_scores(state, 0)
    return max((d for d, cards in state.decks.items() if cards), key=lambda d: scores[d])


def test_deck_values_are_the_mean_gain_over_the_unseen_cards() -> None:
    # fixture pool and gains (made-up keys, not catalog cards)
    pool = {"circle": ["circle:f1", "circle:f2", "circle:f3"], "cross": ["cross:f1"], "square": []}
    gains = {"circle:f1": 3, "circle:f2": 0, "circle:f3": 1, "cross:f1": 2}
    assert deck_values(pool, gains) == {"circle": pytest.approx(4 / 3), "cross": 2.0}


@pytest.mark.parametrize(("name", "seed"), [("practice/03-wet-paws", 5), ("campaign-1/04-like-a-rainbow", 2)])
def test_the_bot_draws_from_the_deck_of_most_expected_gain(name: str, seed: int) -> None:
    bot = CountingBot()
    positions = draw_positions(name, seed)
    assert len(positions) >= 6
    differs = 0
    for state in positions:
        pool = unseen_by_deck(state, 0)
        keys = [k for cards in pool.values() for k in cards]
        held = list(state.hands[0]) + list(state.reserve[0])  # drawn this round, still face down
        assert sorted(keys) == sorted([k for cards in state.decks.values() for k in cards] + held)
        gains = card_gains(state, 0, keys)
        values = deck_values(pool, gains)
        action = bot.choose(state, random.Random(0))
        assert isinstance(action, DrawCard)
        best = max(values[d] for d, cards in state.decks.items() if cards)
        assert values[action.deck] == pytest.approx(best)
        differs += action.deck != colour_choice(bot, state)
    assert differs > 0  # the expected gain is not the colour score under another name


def test_the_draw_counts_the_cards_seen() -> None:
    """Cards seen (here: taken out of a deck as if played) leave the count: once the deck
    the bot would draw from keeps only its least helpful cards, it draws elsewhere."""
    bot = CountingBot()
    state = draw_positions("practice/03-wet-paws", 5)[0]
    chosen = bot.choose(state, random.Random(0))
    assert isinstance(chosen, DrawCard)
    pool = unseen_by_deck(state, 0)
    gains = card_gains(state, 0, [k for cards in pool.values() for k in cards])
    ranked = sorted(state.decks[chosen.deck], key=gains.__getitem__)
    thinned = state.clone()
    thinned.decks[chosen.deck] = ranked[:3]
    thinned.removed = list(thinned.removed) + ranked[3:]
    values = deck_values(unseen_by_deck(thinned, 0), gains)
    assert values[chosen.deck] < max(values.values())  # the three left shorten less than another deck's mean
    again = bot.choose(thinned, random.Random(0))
    assert isinstance(again, DrawCard) and again.deck != chosen.deck
    assert values[again.deck] == max(values.values())


def test_the_draw_reads_no_hidden_card() -> None:
    """The cards drawn this round are face down: swapped with unseen cards of their decks
    (and the decks reshuffled), every draw of the round is the same."""
    bot = CountingBot()
    rng = random.Random(2)
    mid_draw = 0
    for state in draw_positions("practice/02-the-protector", 4):
        other = state.clone()
        pool = unseen_by_deck(other, 0)
        for deck, cards in pool.items():
            rng.shuffle(cards)
            for held in (other.hands[0], other.reserve[0]):
                for i, k in enumerate(held):
                    if deck_of(k) == deck:
                        held[i] = cards.pop()
            other.decks[deck] = cards
        mid_draw += bool(state.hands[0])
        assert bot.choose(other, random.Random(0)) == bot.choose(state, random.Random(0))
    assert mid_draw > 0


def test_team_games_keep_the_colour_score() -> None:
    bot = CountingBot()
    team = draw_positions("campaign-1/01-waiting-for-friends", 1, rounds=1, players=2)[0]
    assert planned_draw(team, 0, bot._deck_scores(team, 0)) is None


def test_the_counting_bot_is_offered_and_plays_legal_games() -> None:
    state = new_game(open_scenario(campaigns_dir() / "practice/02-the-protector.scenario.json"), seed=7)
    bot = get_bot("counting")
    assert isinstance(bot, CountingBot) and "counting" in bot_names()
    result = playout(state, bot, random.Random(7), checked=True)  # every choice through the checked path
    assert result.outcome is not None
