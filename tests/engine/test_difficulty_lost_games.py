"""The estimate lists its lost games with what the designer reads in the dock: the
seed, the round the game ended in, the cause and the cat cut off with its square."""

from __future__ import annotations

import random

from engine.bots.bots import get_bot, playout
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.game import new_game
from engine.sim.difficulty import estimate

STRAWS = campaigns_dir() / "campaign-4" / "02-drawing-straws.scenario.json"


def test_lost_games_carry_their_cause_round_and_cat() -> None:
    scenario = open_scenario(STRAWS)
    e = estimate(scenario, games=6, seed=0)
    assert e.lost_games and [g["seed"] for g in e.lost_games] == e.lost_seeds
    for game in e.lost_games:
        state = new_game(scenario, seed=game["seed"])
        outcome = playout(state, get_bot(e.bot), random.Random(game["seed"])).outcome
        assert outcome is not None and not outcome.won
        assert game["reason"] == outcome.reason and game["round"] == state.round
        if outcome.reason == "cat-cut-off":
            assert game["cat"] == outcome.cat and tuple(game["square"]) == tuple(outcome.square)
        else:
            assert game["cat"] is None and game["square"] is None
