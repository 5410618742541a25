"""Replays record the rules version, and an older replay is played as the game it
records or refused naming both versions (issue 27, item 4; engine.play.replay_versions).

``tests/engine/old_replays/`` holds real replays written by the studio's replay writer
of commit 860f254, the parent of 83047bb which made the solo refill a choice (made in a
git worktree of that commit, heuristic bot, solo), each with a summary of the final
position the old engine reached.  Until this change they failed at their first refill
("needs the play phase") while their format version was unchanged."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import Replay, replay
from engine.model.schemas import schema_errors
from engine.play.actions import Refill, parse_action
from engine.play.outcome import IllegalAction
from engine.play.replay_versions import HISTORY, SAME_ACTIONS, ReplayVersionError
from engine.play.state import GameState
from engine.play.version import RULES_VERSION

OLD = Path(__file__).parent / "old_replays"
FIXTURES = ["tutorial-01-seed-1", "campaign-1-02-seed-3"]


def _doc(name: str) -> dict[str, Any]:
    return json.loads((OLD / f"{name}.replay.json").read_text(encoding="utf-8"))


def _summary(name: str) -> dict[str, Any]:
    return json.loads((OLD / f"{name}.summary.json").read_text(encoding="utf-8"))


def _final(state: GameState) -> dict[str, Any]:
    outcome = state.outcome()
    assert outcome is not None
    return {
        "outcome": outcome.to_dict(),
        "cats": [list(state.cat_square(i)) for i in range(state.cat_count())],
        "tiles_placed": sorted(state.tiles_placed),
        "hand": sorted(state.hands[0]),
        "reserve": list(state.reserve[0]),
    }


@pytest.mark.parametrize("name", FIXTURES)
def test_a_replay_saved_before_the_refill_choice_replays_the_same_game(name: str) -> None:
    doc = _doc(name)
    assert doc["format_version"] == 1 and "rules_version" not in doc and schema_errors("replay", doc) == []
    assert not any(a.startswith("refill") for a in doc["actions"])
    with pytest.raises(IllegalAction, match="needs the play phase"):  # read as this version's actions: broken
        replay(Replay.from_dict(doc).scenario, doc["actions"], seed=doc["seed"], variant=doc["variant"])
    record = Replay.from_dict(doc)
    assert record.rules_version is None
    state = record.play()
    want = _summary(name)
    assert _final(state) == {k: want[k] for k in ("outcome", "cats", "tiles_placed", "hand", "reserve")}
    assert len(state.history) > want["actions"]  # the old engine's own refills, now written out


@pytest.mark.parametrize("name", FIXTURES)
def test_the_migrated_replay_writes_the_old_refills_out_and_records_the_version(name: str) -> None:
    record = Replay.from_dict(_doc(name))
    migrated = record.migrated()
    assert migrated.rules_version == RULES_VERSION
    old = [str(a) for a in record.actions]
    new = [str(a) for a in migrated.actions]
    assert [a for a in new if not a.startswith("refill")] == old  # the recorded actions, in order
    assert {a for a in migrated.actions if isinstance(a, Refill)} == {Refill(0, 0)}  # draw order, as then
    state = migrated.play()
    doc = migrated.to_dict(state.outcome())
    assert doc["format_version"] == 2 and doc["rules_version"] == RULES_VERSION
    assert schema_errors("replay", doc) == []
    again = Replay.from_dict(json.loads(json.dumps(doc))).play()
    assert again.to_dict() == state.to_dict() == record.play().to_dict()


def test_an_old_replay_whose_recorded_outcome_is_not_reached_is_refused_naming_both_versions() -> None:
    doc = _doc("tutorial-01-seed-1")
    doc["outcome"] = {"result": "loss", "reason": "cat-cut-off", "score": 0}
    with pytest.raises(ReplayVersionError) as refused:
        Replay.from_dict(doc).play()
    message = str(refused.value)
    assert "no rules version" in message and f"rules version {RULES_VERSION}" in message
    assert "records a loss (cat-cut-off) but replays to a win (all-cats-on-raft)" in message


def test_an_old_replay_with_an_action_these_rules_refuse_is_refused_naming_both_versions() -> None:
    doc = _doc("tutorial-01-seed-1")
    doc["actions"][7] = "water zz"
    del doc["outcome"]
    with pytest.raises(ReplayVersionError, match=r"no rules version .* rules version \d+: its action 8 \('water zz'\)"):
        Replay.from_dict(doc).play()


def _current(name: str = "tutorial-01-seed-1") -> Replay:
    return Replay.from_dict(_doc(name)).migrated()


def test_a_newer_rules_version_is_refused_naming_both() -> None:
    newer = _current().to_dict()
    newer["rules_version"] = RULES_VERSION + 1
    record = Replay.from_dict(newer)
    with pytest.raises(ReplayVersionError, match=rf"rules version {RULES_VERSION + 1} .* plays rules version "
                                                 rf"{RULES_VERSION}: open it with a Raftwright"):  # fmt: skip
        record.play()
    with pytest.raises(ReplayVersionError):
        record.migrated()


def test_older_versions_play_as_the_same_game_where_their_actions_mean_the_same() -> None:
    assert RULES_VERSION - 1 in SAME_ACTIONS  # each bump says whether the versions before it still read the same
    current = _current()
    for version in SAME_ACTIONS:
        doc = current.to_dict(current.play().outcome())
        doc["rules_version"] = version
        record = Replay.from_dict(doc)
        assert record.play().to_dict() == current.play().to_dict()
        assert record.migrated().rules_version == RULES_VERSION
    unknown = replace(current, rules_version=0)
    with pytest.raises(ReplayVersionError, match="rules version 0 .* may mean another game"):
        unknown.play()


def test_the_schema_ties_the_rules_version_to_the_format() -> None:
    current = _current()
    doc = current.to_dict()
    assert schema_errors("replay", doc) == []
    missing = {k: v for k, v in doc.items() if k != "rules_version"}
    assert schema_errors("replay", missing)  # format 2 records its rules version
    old_with_version = {**doc, "format_version": 1}
    assert schema_errors("replay", old_with_version)  # format 1 never had one
    assert schema_errors("replay", {**doc, "rules_version": 0})


def test_new_replays_record_the_rules_version() -> None:
    record = _current()
    state = record.play()
    made = Replay.of(state)
    assert made.rules_version == RULES_VERSION and made.to_dict()["rules_version"] == RULES_VERSION
    assert [str(a) for a in made.actions] == [str(a) for a in record.actions]
    assert parse_action("refill 0 0") == Refill(0, 0)


def test_every_rules_version_says_what_it_changed() -> None:
    """A bump of RULES_VERSION comes with its entry in HISTORY, and says whether the
    version before it still reads the same (SAME_ACTIONS) or is refused."""
    assert sorted(HISTORY) == list(range(1, RULES_VERSION + 1))
    assert SAME_ACTIONS <= set(range(1, RULES_VERSION))
    broken = _current().to_dict()
    del broken["rules_version"]
    with pytest.raises(ValueError, match="rules_version"):
        Replay.from_dict(broken)


def test_a_current_replay_names_the_action_that_does_not_fit() -> None:
    doc = _current().to_dict()
    doc["actions"][2] = "end"
    with pytest.raises(IllegalAction, match=r"^wrong-phase: action 3 \('end'\) does not fit the game: ") as refused:
        Replay.from_dict(doc).play()
    assert refused.value.code == "wrong-phase" and refused.value.message.startswith("action 3 ('end')")


def test_a_replay_whose_recorded_outcome_its_actions_do_not_reach_is_refused_where_people_open_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same rules version, outcome edited to a loss: ``play --text`` refuses it (exit 2)
    rather than show a game the file does not describe; the unchanged file plays."""
    from raftwright.cli import main

    good = _current().to_dict()
    good["outcome"] = _current().play().outcome().to_dict()  # type: ignore[union-attr]
    edited = dict(good, outcome={"result": "loss", "reason": "cat-cut-off", "score": 0})
    for name, doc, code in (("good", good, 0), ("edited", edited, 2)):
        path = tmp_path / f"{name}.replay.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        assert main(["play", "--text", str(path)]) == code
        err = capsys.readouterr().err
        assert ("records a loss (cat-cut-off) but replays to a win (all-cats-on-raft)" in err) == bool(code), err
        assert "Traceback" not in err
