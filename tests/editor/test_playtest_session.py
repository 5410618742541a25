"""The playtest session (no widgets): starting, undo / redo, replays, refusals, and
scenarios that cannot be played; plus the replay files it reads and writes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from editor.playtest.replays import read_replay, replay_text, write_replay
from editor.playtest.session import SEED_LIMIT, PlaytestSession, variants_for
from engine import IllegalAction, Replay, new_game
from engine.check.validate_files import first_bundled_scenario_path, open_scenario
from engine.model.formats import FormatError
from engine.model.scenario import Scenario
from engine.play.actions import DrawCard, EndRound, PlacePathway


@pytest.fixture
def scenario() -> Scenario:
    return open_scenario(first_bundled_scenario_path())


def draws(session: PlaytestSession, n: int) -> None:
    for _ in range(n):
        session.apply(session.state.legal_actions()[0])


def test_a_new_session_has_a_random_shown_seed_and_the_solo_rules(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start()
    assert 0 <= session.settings.seed < SEED_LIMIT
    assert (session.settings.players, session.settings.variant) == (1, "solo")
    assert session.state.to_dict() == new_game(scenario, seed=session.settings.seed).to_dict()
    assert variants_for(1)[0] == "solo" and "comp1110" in variants_for(1)
    assert variants_for(3) == ["standard"]


def test_more_players_switch_to_the_standard_rules_and_back(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start(seed=5, players=3)
    assert session.settings.variant == "standard" and session.state.players == 3
    session.start(players=1)
    assert session.settings.variant == "solo" and session.settings.seed == 5
    session.start(variant="comp1110")
    assert session.state.rules.cards_per_draw == 6 and session.state.rules.name == "comp1110"


def test_undo_and_redo_walk_the_states_and_a_new_action_drops_the_redo(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start(seed=3)
    start = session.state.to_dict()
    with qtbot.waitSignal(session.changed):
        session.apply(DrawCard(0, "circle"))
    after_one = session.state.to_dict()
    session.apply(DrawCard(0, "cross"))
    session.undo()
    assert session.state.to_dict() == after_one and session.steps() == (1, 2)
    session.undo()
    assert session.state.to_dict() == start and not session.can_undo()
    session.redo()
    assert session.state.to_dict() == after_one and session.can_redo()
    session.apply(DrawCard(0, "square"))  # a different step: the undone "cross" draw is gone
    assert not session.can_redo() and session.steps() == (2, 2)
    session.restart()
    assert session.state.to_dict() == start and session.steps() == (0, 0)


def test_an_illegal_action_changes_nothing_and_says_why(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start(seed=3)
    before = session.state.to_dict()
    assert "every card must be played" not in session.refusal(EndRound())
    assert "needs the play phase" in session.refusal(EndRound())
    with pytest.raises(IllegalAction):
        session.apply(EndRound())
    assert session.state.to_dict() == before and not session.can_undo()
    draws(session, 6)
    card = session.state.hands[0][0]
    deck, card_id = card.split(":")
    raft_corner = PlacePathway(0, deck, card_id, (11, 14), 0)
    assert session.refusal(raft_corner) == f"card {card} would cover part of a raft card"
    assert session.refusal(PlacePathway(0, deck, card_id, (4, 9), 0)) == ""


def test_a_replay_loads_onto_the_redo_list_and_a_bad_one_keeps_the_game(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start(seed=9)
    draws(session, 6)
    record = session.replay()
    assert record.seed == 9 and len(record.actions) == 6
    session.new_seed()
    session.load_replay(record, "nine.replay.json")
    assert session.steps() == (0, 6) and session.settings.seed == 9 and session.replay_source
    for _ in range(6):
        session.redo()
    assert session.state.to_dict() == record.play().to_dict()
    bad = Replay(scenario, 9, "solo", 1, (DrawCard(0, "circle"), EndRound()))
    with pytest.raises(ValueError, match=r"action 2 \('end'\) does not fit the game"):
        session.load_replay(bad)
    assert session.state.to_dict() == record.play().to_dict() and session.settings.seed == 9


def test_a_scenario_that_cannot_be_set_up_is_reported_not_raised(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(Scenario(id="empty", name="Empty island"))
    session.start(seed=1)
    assert session.state is None
    assert session.error == "Scenario 'Empty island' cannot be played: it has no island boards; add at least one board."
    with pytest.raises(IllegalAction):
        session.apply(DrawCard(0, "circle"))
    assert not session.can_undo() and not session.can_redo()


def test_replay_files_round_trip_and_bad_files_name_the_problem(tmp_path, scenario) -> None:  # type: ignore[no-untyped-def]
    state = new_game(scenario, seed=4)
    state.apply(DrawCard(0, "triangle"))
    record = Replay.of(state)
    path = tmp_path / "game.replay.json"
    write_replay(path, record)
    assert path.read_text(encoding="utf-8") == replay_text(record)
    assert read_replay(path) == record
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].append("dance 0")
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(
        FormatError,
        match=r"game\.replay\.json: the replay: 'actions\[1\]' \"dance 0\" is not in the expected form; see: draw",
    ):
        read_replay(path)
    data["format_version"] = 99  # from a newer Raftwright: one line asking to update, no schema text
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FormatError, match="format 99, written by a newer Raftwright.*update Raftwright") as info:
        read_replay(path)
    assert "should not be valid" not in str(info.value) and "{" not in str(info.value)
    path.write_text(json.dumps({"format": "raftwright.scenario"}), encoding="utf-8")
    with pytest.raises(FormatError, match="not a Raftwright replay"):
        read_replay(path)
    with pytest.raises(OSError, match="cannot write the replay"):
        write_replay(tmp_path / "no-such-folder" / "x.replay.json", record)


def test_a_replay_saved_before_the_refill_choice_opens_and_steps_to_its_end(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    """A real replay written by the studio before the solo refill became a choice (no
    rules version; tests/engine/old_replays) opens with the refills the engine then made
    written out, and steps to the position that engine reached; one whose recorded
    outcome is not reached is refused naming both rules versions, the game kept."""
    old = Path(__file__).parents[1] / "engine" / "old_replays"
    session = PlaytestSession(scenario)
    session.start(seed=9)
    session.load_replay(read_replay(old / "tutorial-01-seed-1.replay.json"), "old.replay.json")
    done, total = session.steps()
    assert done == 0 and total == 49  # 44 recorded actions and 5 refills
    while session.steps()[0] < total:
        session.redo()
    summary = json.loads((old / "tutorial-01-seed-1.summary.json").read_text(encoding="utf-8"))
    assert session.state.outcome().to_dict() == summary["outcome"]
    data = json.loads((old / "tutorial-01-seed-1.replay.json").read_text(encoding="utf-8"))
    data["outcome"]["reason"] = "cat-cut-off"
    with pytest.raises(ValueError, match="no rules version .* plays rules version"):
        session.load_replay(Replay.from_dict(data))
    assert session.state.outcome() is not None and session.steps()[0] == total


def test_a_replay_whose_recorded_outcome_is_not_reached_keeps_the_game(qtbot, scenario) -> None:  # type: ignore[no-untyped-def]
    session = PlaytestSession(scenario)
    session.start(seed=9)
    draws(session, 6)
    kept = session.state.to_dict()
    edited = replace(session.replay(), recorded={"result": "win", "reason": "all-cats-on-raft"})
    with pytest.raises(ValueError, match=r"The replay records a win \(all-cats-on-raft\) but replays to no end"):
        session.load_replay(edited)
    assert session.state.to_dict() == kept
    session.load_replay(replace(edited, recorded=None))  # a game saved unfinished records no outcome
    assert session.steps() == (0, 6)
