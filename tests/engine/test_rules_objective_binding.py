"""An objective token bound to a raft destination square (rulebook "Additional rules"
3: "If there are 2 options, for example 2 green destination squares, the team may
choose (during setup) which you will use for the objective"; RULINGS OB-2: the
scenario may bind the objective to a square).  Bound, the cat must arrive on it."""

from __future__ import annotations

import random

from engine_pictures import deal, picture_state

from engine.bots.heuristic import HeuristicBot
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.scenario import Objective, Scenario
from engine.model.schemas import schema_errors
from engine.play.actions import MoveCat
from engine.play.objectives import FAILED, MET, PENDING, objective_statuses
from engine.play.state import GameState

# A red and a blue cat; the raft (centre (1, 7)) has any-colour destinations.
TWO_CATS = """
rrrrrrwww
rrrRrrwow
bbbbBbwww
bbbbbbbbb
"""
HAND = ["circle:a", "circle:b", "circle:c", "cross:a", "cross:b", "cross:c"]
RED, BLUE = (1, 3), (2, 4)


def _game(*objectives: Objective) -> GameState:
    return deal(picture_state(TWO_CATS, variant="standard", objectives=objectives), list(HAND))


def test_a_bound_objective_is_met_on_its_square() -> None:
    """OB-2: "Blue arrives first" on (2, 7): met when blue is first and on that square."""
    state = _game(Objective("arrival_order", colour="blue", position=1, destination=(2, 7)))
    assert [s.status for s in objective_statuses(state)] == [PENDING]
    state.apply(MoveCat(0, BLUE, (2, 7), ("circle:a",)))
    assert [s.status for s in objective_statuses(state)] == [MET]
    assert not state.is_terminal()


def test_arriving_first_on_another_square_fails_and_names_both_squares() -> None:
    """Bound to (2, 7), a blue cat arriving first on (2, 6) does not meet it: the game
    is lost, the reason naming the objective and the squares."""
    state = _game(Objective("arrival_order", colour="blue", position=1, destination=(2, 7)))
    state.apply(MoveCat(0, BLUE, (2, 6), ("circle:a",)))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "objective-failed"
    assert "Blue arrives first on (2, 7)" in outcome.message and "on (2, 6), not on (2, 7)" in outcome.message


def test_another_cat_taking_the_square_first_fails_it_at_once() -> None:
    """A cat on the raft never moves again (MV-3), so once another cat stands on the
    bound square the objective can no longer be met."""
    state = _game(Objective("arrival_order", colour="blue", position=2, destination=(1, 6)))
    state.apply(MoveCat(0, RED, (1, 6), ("circle:a",)))
    (status,) = objective_statuses(state)
    assert status.status == FAILED and "the red cat took (1, 6) first" in status.why
    assert state.outcome() is not None and state.outcome().reason == "objective-failed"


def test_unbound_objectives_are_unchanged() -> None:
    """Without a destination any square of the raft counts (OB-1)."""
    state = _game(Objective("arrival_order", colour="blue", position=1))
    state.apply(MoveCat(0, BLUE, (2, 6), ("circle:a",)))
    assert [s.status for s in objective_statuses(state)] == [MET]


def test_the_destination_is_optional_in_the_file_format() -> None:
    """schema/scenario.schema.json: ``destination`` is an optional square of an
    arrival-order objective; files without it read and write as before."""
    bound = Scenario(id="s", name="s", objectives=(Objective("arrival_order", colour="green", position=2,
                                                             destination=(12, 16)),))  # fmt: skip
    data = scenario_to_dict(bound)
    assert data["objectives"] == [{"kind": "arrival_order", "colour": "green", "position": 2, "destination": [12, 16]}]
    assert schema_errors("scenario", data) == []
    assert scenario_from_dict(data).objectives == bound.objectives
    free = scenario_to_dict(
        Scenario(id="s", name="s", objectives=(Objective("arrival_order", colour="green", position=2),))
    )
    assert "destination" not in free["objectives"][0] and schema_errors("scenario", free) == []


def test_the_heuristic_bot_lands_cats_where_bound_objectives_allow() -> None:
    """A sensible team keeps a square bound to another colour free (OB-2): the red cat
    boards on (1, 6), not on (0, 6) which "Blue arrives second" is bound to."""
    state = _game(Objective("arrival_order", colour="blue", position=2, destination=(0, 6)))
    action = HeuristicBot().choose(state, random.Random(0))
    assert isinstance(action, MoveCat) and action.cat == RED and action.to == (1, 6)
    free = _game()
    assert HeuristicBot().choose(free, random.Random(0)).to == (0, 6)  # unbound: the first square
