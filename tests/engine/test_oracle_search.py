"""The full-information search (:mod:`engine.sim.oracle`): it finds wins the fair bot
misses, proves there is none on a tiny unwinnable fixture, its lines replay to a win
through the checked path, and the difficulty estimate never uses it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_pictures import picture_state

from engine.bots.bots import get_bot, playout
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.game import Replay, new_game, replay
from engine.play.outcome import WIN
from engine.sim import difficulty, oracle
from engine.sim.oracle import BUDGET, NO_WIN, WIN_FOUND, OracleSearch, position_key, winnable
from raftwright.cli import main

FIRST_STEPS = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"
WAITING = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"

# A fixture layout (not a real component): the green cat's only way to the raft is a
# red corridor one square wide between fire, which no 3x3 pathway card can ever cover.
UNWINNABLE = """
ffffffffff
fGgrrrwwwf
ffffffwowf
ffffffwwwf
ffffffffff
"""


def test_a_deal_the_fair_bot_loses_is_won_with_full_information() -> None:
    """Deal 2 of Waiting for Friends: the heuristic bot loses it; the search, seeing
    the real draws, finds a line that wins, and that line replays to a win."""
    scenario = open_scenario(WAITING)
    fair = new_game(scenario, seed=2)
    assert playout(fair, get_bot("heuristic"), random.Random(2)).outcome.result != WIN
    found = OracleSearch(scenario, budget=2_000).search(2)
    assert found.status == WIN_FOUND and found.discrepancies >= 1 and found.nodes <= 2_000
    state = replay(Replay(scenario, 2, "solo", 1, found.actions))
    assert state.outcome() is not None and state.outcome().result == WIN


def test_an_easy_scenario_is_winnable_and_the_shortest_line_is_a_replay() -> None:
    scenario = open_scenario(FIRST_STEPS)
    w = winnable(scenario, deals=3, budget=500)
    assert w.wins == 3 and w.sentence() == "a win exists in 3 of 3 deals"
    best = w.shortest
    assert best is not None and len(best.actions) == min(len(r.actions) for r in w.results)
    record = w.replay_of(scenario, "solo", 1)
    assert record is not None and record.seed == best.seed
    again = Replay.from_dict(json.loads(json.dumps(record.to_dict())))  # the replay file's round trip
    assert replay(again).outcome().result == WIN


def test_the_search_proves_a_tiny_fixture_unwinnable() -> None:
    """With every legal action a child (``width=None``) the search is complete: it
    searches every line of the fixture game and reports a proof, not a budget."""
    state = picture_state(UNWINNABLE)
    before = position_key(state)
    found = OracleSearch(state.island.scenario, budget=40_000, width=None).search_from(state)
    assert found.status == NO_WIN and found.actions == ()
    assert found.nodes > 100  # lines were played out, not refused at once
    assert position_key(state) == before  # the root is left as it was


def test_a_small_budget_says_so_instead_of_claiming_a_proof() -> None:
    state = picture_state(UNWINNABLE)
    found = OracleSearch(state.island.scenario, budget=50, width=None).search_from(state)
    assert found.status == BUDGET and found.nodes == 51
    w = oracle.Winnable(1, 50, None, 0, (found,))
    assert w.sentence() == "no win found in 1 deals within budget 50"


def test_a_sampled_search_never_claims_a_proof() -> None:
    """Where the search leaves actions out (``width``), a lost deal is "not found", never "none"."""
    scenario = open_scenario(campaigns_dir() / "campaign-4" / "02-drawing-straws.scenario.json")
    found = OracleSearch(scenario, budget=300).search(0)
    assert found.status in (BUDGET, WIN_FOUND)


def test_the_position_key_sees_hidden_order() -> None:
    """Two deals that differ only in the hidden deck order have different keys."""
    scenario = open_scenario(FIRST_STEPS)
    a, b = new_game(scenario, seed=1), new_game(scenario, seed=1)
    assert position_key(a) == position_key(b)
    deck = next(d for d, cards in b.decks.items() if len(cards) > 1)
    b.decks[deck].reverse()
    assert position_key(a) != position_key(b)


def test_the_estimate_never_uses_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The estimate plays fair bots only: with the search broken it is unchanged, and
    its modules never import the search (an import-linter contract holds it too)."""

    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("the estimate used the full-information search")

    scenario = open_scenario(FIRST_STEPS)
    before = difficulty.estimate(scenario, games=6, seed=4)
    monkeypatch.setattr(OracleSearch, "search", broken)
    monkeypatch.setattr(OracleSearch, "search_from", broken)
    assert difficulty.estimate(scenario, games=6, seed=4) == before
    for name in ("difficulty", "montecarlo", "traced", "cluster"):
        source = (Path(difficulty.__file__).parent / f"{name}.py").read_text(encoding="utf-8")
        assert "oracle" not in source


def test_cli_reports_the_answer_and_saves_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["difficulty", str(FIRST_STEPS), "--games", "4", "--winnable", "2", "--budget", "400", "--json",
                 "--lines", str(tmp_path), "--no-progress"])  # fmt: skip
    assert code == 0
    [doc] = json.loads(capsys.readouterr().out)
    answer = doc["winnable"]
    assert answer["deals"] == 2 and answer["wins"] == 2 and answer["answer"] == "a win exists in 2 of 2 deals"
    saved = tmp_path / "tutorial-1-first-steps.win.replay.json"
    assert saved.is_file() and answer["line_file"].endswith(saved.name)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["outcome"]["result"] == WIN and len(data["actions"]) == len(answer["shortest_win"]["actions"])
    assert replay(Replay.from_dict(data)).outcome().result == WIN


def test_cli_refuses_lines_without_a_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["difficulty", str(FIRST_STEPS), "--games", "2", "--lines", "x", "--no-progress"]) == 2
    assert "--winnable" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["difficulty", str(FIRST_STEPS), "--budget", "0"])


def test_the_answer_is_the_same_on_one_or_two_processes() -> None:
    scenario = open_scenario(FIRST_STEPS)
    assert winnable(scenario, deals=2, seed=3, budget=300, jobs=1) == winnable(
        scenario, deals=2, seed=3, budget=300, jobs=2
    )


def test_a_seconds_budget_stops_the_search_too() -> None:
    """``seconds`` caps a deal's search besides the positions (the answer then depends on the machine)."""
    scenario = open_scenario(campaigns_dir() / "campaign-4" / "02-drawing-straws.scenario.json")
    found = OracleSearch(scenario, budget=1_000_000, seconds=1e-9).search(0)
    assert found.status == BUDGET and found.nodes == 1
