"""The heuristic's draw and refill shortcuts are exact: with one open deck (draw) or a
reserve whose cards all come from one deck (refill), the scored choice (first of equals
by :meth:`HeuristicBot._deck_scores`) is that deck / the first card, so the bot skips the
scores. Checked on every draw and refill of seeded heuristic games of bundled scenarios."""

from __future__ import annotations

import random

import pytest

from engine import GameState, new_game
from engine.bots.heuristic import HeuristicBot
from engine.bots.view import deck_of
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.actions import Action, DrawCard, Refill
from engine.play.phases import DRAW, REFILL

SCENARIOS = ["tutorial/01-first-steps", "campaign-1/01-waiting-for-friends", "campaign-3/05-everyone-is-welcome"]


def plain(bot: HeuristicBot, state: GameState) -> Action:
    """The scored choice, always computing the deck scores."""
    scores = bot._deck_scores(state)
    if state.phase == DRAW:
        player = next(p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw)
        return DrawCard(player, max((d for d, cards in state.decks.items() if cards), key=lambda d: scores[d]))
    player = next(p for p in range(state.players) if state.needs_refill(p))
    reserve = state.reserve[player]
    return Refill(player, max(range(len(reserve)), key=lambda i: scores[deck_of(reserve[i])]))


@pytest.mark.parametrize("name", SCENARIOS)
def test_draw_and_refill_match_the_scored_choice(name: str) -> None:
    checked = 0
    for seed in (1, 2):
        state = new_game(open_scenario(campaigns_dir() / f"{name}.scenario.json"), seed=seed)
        bot, rng = HeuristicBot(), random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < 400:
            action = bot.choose(state, rng)
            if state.phase in (DRAW, REFILL):
                assert action == plain(bot, state), state.phase
                checked += 1
            state.apply_unchecked(action)
            steps += 1
    assert checked > 0
