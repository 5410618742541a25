"""Additional objectives and scores (rulebook "Additional rules" 1, 3, 5 and "Scoring";
RULINGS OB-1, OB-3, CT-1, CT-2, SC-1): an objective that can no longer be met ends the
game as a loss naming it, a win needs every objective met, and a win scores 5 minus
one per water token spent."""

from __future__ import annotations

import dataclasses

from engine_pictures import deal, picture_state

from engine.model.scenario import Objective
from engine.play.actions import MoveCat, UseWater
from engine.play.objectives import FAILED, MET, PENDING, objective_statuses
from engine.play.outcome import Outcome, campaign_total
from engine.play.state import GameState

# A red and a blue cat, each two squares from an any-colour raft destination.
TWO_CATS = """
rrrrrrwww
rrrRrrwow
bbbbBbwww
bbbbbbbbb
"""
HAND = ["circle:a", "circle:b", "circle:c", "cross:a", "cross:b", "cross:c"]
RED, BLUE = (1, 3), (2, 4)
RED_RAFT, BLUE_RAFT = (1, 6), (2, 6)


def _game(*objectives: Objective, variant: str = "standard", water: int = 0) -> GameState:
    return deal(picture_state(TWO_CATS, variant=variant, objectives=objectives, water=water), list(HAND))


def test_arrival_order_met_and_won_with_the_full_score() -> None:
    """OB-1: "Blue arrives first" is met when the first cat to arrive is blue; with
    every cat on the raft and every objective met the game is won, scoring 5 (SC-1)."""
    state = _game(Objective("arrival_order", colour="blue", position=1))
    assert [s.status for s in objective_statuses(state)] == [PENDING]
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    assert [s.status for s in objective_statuses(state)] == [MET]
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:b",)))
    outcome = state.outcome()
    assert outcome is not None and outcome.won and outcome.score == 5


def test_arrival_order_broken_is_a_loss_naming_the_objective() -> None:
    """OB-1, OB-3: the red cat arriving first breaks "Blue arrives first"; the game is
    lost at once (never announced as a win) and the reason names the objective."""
    state = _game(Objective("arrival_order", colour="blue", position=1))
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    outcome = state.outcome()
    assert outcome is not None and not outcome.won
    assert outcome.reason == "objective-failed" and "Blue arrives first" in outcome.message
    assert outcome.score == 0 and state.is_terminal()


def test_a_later_place_fails_when_no_cat_of_the_colour_is_left() -> None:
    """ "Red arrives second" fails as soon as the only red cat arrives first."""
    state = _game(Objective("arrival_order", colour="red", position=2))
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    assert state.outcome() is not None and "no red cat is left" in state.outcome().message


def test_arrive_together_cannot_be_met_without_the_advanced_bonus() -> None:
    """OB-1: '=' needs the named cats to arrive in one action, which only the advanced
    raft bonus allows (AD-3); in the standard game the first arrival alone fails it."""
    state = _game(Objective("arrive_together", colours=("red", "blue")))
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "objective-failed"
    assert "red cat arrived without the others" in outcome.message


def test_arrivals_in_one_action_meet_arrive_together() -> None:
    """AD-3: arrivals that share an action number (a bonus chain) meet '='."""
    state = _game(Objective("arrive_together", colours=("red", "blue")))
    after = GameState(
        state.island, state.rules, players=1, rng=state.rng, decks=state.decks, hands=state.hands,
        drawn=state.drawn, phase=state.phase,
        cats=[dataclasses.replace(c, square=sq, arrived=True, exhausted=True)
              for c, sq in zip(state.cat_positions(), (RED_RAFT, BLUE_RAFT))],
        arrivals=[0, 1], arrival_turns=[4, 4],
    )  # fmt: skip
    assert [s.status for s in objective_statuses(after)] == [MET]


def test_close_to_breaks_when_a_move_takes_the_cats_too_far_apart() -> None:
    """CT-1: "Keep Red close to Blue" within 2 (Manhattan, CT-2's default): the red cat
    moving away ends the game as a loss."""
    state = _game(Objective("close_to", colours=("red", "blue"), distance=2))
    assert [s.status for s in objective_statuses(state)] == [PENDING]  # (1,3)-(2,4): 2 apart
    state.apply(MoveCat(0, RED, (0, 0), ("circle:a",)))
    outcome = state.outcome()
    assert (
        outcome is not None
        and outcome.reason == "objective-failed"
        and "6 squares apart (at most 2)" in outcome.message
    )


def test_close_to_measure_is_a_rule_set_option() -> None:
    """CT-2: the measure is open; 'king' counts a diagonal as one square."""
    state = _game(Objective("close_to", colours=("red", "blue"), distance=1))
    state.rules = dataclasses.replace(state.rules, close_to_measure="king")
    assert [s.status for s in objective_statuses(state)] == [PENDING]  # one diagonal apart
    state.rules = dataclasses.replace(state.rules, close_to_measure="manhattan")
    assert [s.status for s in objective_statuses(state)] == [FAILED]


def test_free_text_objectives_are_never_checked() -> None:
    """Rulebook "Additional rules" 7: '?' objectives come with their own rules."""
    state = _game(Objective("text", text="Meow at every move"))
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:b",)))
    assert state.outcome() is not None and state.outcome().won


def test_water_spent_lowers_the_score_of_a_win() -> None:
    """SC-1 / WT-1: each water token spent costs one point of a win."""
    state = _game(water=3)
    state.water_used = 2  # as if two fire tiles had been removed
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:b",)))
    assert state.outcome() is not None and state.outcome().score == 3
    assert UseWater  # the action that spends them: tests/engine/test_rules_water.py


def test_outcome_score_survives_the_dict_round_trip() -> None:
    state = _game()
    state.apply(MoveCat(0, RED, RED_RAFT, ("circle:a",)))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:b",)))
    outcome = state.outcome()
    assert outcome is not None and Outcome.from_dict(outcome.to_dict()) == outcome
    assert state.arrival_turns == [1, 2] and state.clone().arrival_turns == [1, 2]


def test_a_campaign_total_sums_each_scenarios_best_score() -> None:
    """SC-1: scenarios may be replayed to improve a score; the campaign adds the best."""
    assert campaign_total([("a", 3), ("b", 0), ("a", 5), ("b", 4), ("c", 0)]) == 9
