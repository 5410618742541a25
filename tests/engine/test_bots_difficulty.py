"""The difficulty estimate: its figures, the Wilson interval, the paw suggestion,
determinism across job counts and the Dask backend, and `raftwright difficulty`."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.bots.bots import get_bot
from engine.check.validate_files import open_scenario
from engine.model.formats import save_scenario, scenario_from_dict, scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.model.schemas import schema_errors
from engine.play.actions import MoveCat
from engine.play.game import new_game
from engine.sim.cluster import dask_runner
from engine.sim.difficulty import CALIBRATION, CHUNK, chunks, estimate, spearman, stored, suggest_paws, wilson
from engine.sim.traced import crossed_squares, game_replay
from raftwright.cli import main

FIRST_STEPS = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"


def test_wilson_interval_matches_the_formula() -> None:
    lo, hi = wilson(30, 100)
    assert lo == pytest.approx(0.2189, abs=1e-4) and hi == pytest.approx(0.3958, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0.0 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 0) == (0.0, 1.0)


def test_paws_fall_as_the_win_rate_falls() -> None:
    rates = [1.0, 0.5, 0.2, 0.1, 0.03, 0.0]
    paws = [suggest_paws(r) for r in rates]
    assert paws == sorted(paws) and paws[0] == 0 and paws[-1] == 5
    assert [f for _, f in CALIBRATION] == sorted((f for _, f in CALIBRATION), reverse=True)


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2, 2], [1, 2, 3, 4]) == pytest.approx(2 / math.sqrt(5), abs=1e-9)


def test_estimate_figures_add_up() -> None:
    e = estimate(open_scenario(FIRST_STEPS), games=12, bot="heuristic", seed=5)
    assert e.games == 12 and 0 <= e.wins <= 12 and e.win_rate == e.wins / 12
    assert e.interval[0] <= e.win_rate <= e.interval[1]
    assert sum(e.losses.values()) + e.wins + e.unfinished == 12
    assert sum(e.rounds.values()) == 12 and sum(e.scores.values()) == 12 and sum(e.cats_saved.values()) == 12
    assert [a["colour"] for a in e.arrivals] and all(0 <= a["arrived"] <= 12 for a in e.arrivals)
    if e.cut_off_cats:
        assert e.most_cut_off == max(e.cut_off_cats, key=lambda c: e.cut_off_cats[c])
    assert e.actions["min"] <= e.actions["median"] <= e.actions["max"]
    doc = e.to_dict()
    assert {"file", "id", "games", "wins", "win_rate", "interval", "losses", "suggested_paws"} <= set(doc)
    json.dumps(doc)


def test_the_same_seed_gives_the_same_estimate_whatever_the_jobs() -> None:
    scenario = open_scenario(FIRST_STEPS)
    one = estimate(scenario, games=20, bot="random", seed=7, jobs=1)
    two = estimate(scenario, games=20, bot="random", seed=7, jobs=2)
    assert one == two
    assert estimate(scenario, games=20, bot="random", seed=8, jobs=1) != one


@pytest.mark.parametrize("games", [0, 1, 7, 8, 31, 32, 33, 192, 1000])
def test_tasks_hold_every_seed_once_in_order_and_end_small(games: int) -> None:
    """The pool's tasks: CHUNK seeds each, the last ones ever smaller down to one seed
    (so two processes finish together), every seed once, in order."""
    tasks = chunks(range(50, 50 + games))
    assert [s for t in tasks for s in t] == list(range(50, 50 + games))
    sizes = [len(t) for t in tasks]
    assert all(1 <= n <= CHUNK for n in sizes)
    if games:
        assert sizes[-1] == 1
    if games >= 8 * CHUNK:
        assert sizes[: games // CHUNK - 4] == [CHUNK] * (games // CHUNK - 4)  # the body: full tasks
        assert sizes[-8:] == sorted(sizes[-8:], reverse=True)  # the tail: never growing


def test_a_local_dask_cluster_gives_the_identical_estimate() -> None:
    scenario = open_scenario(FIRST_STEPS)
    pool = estimate(scenario, games=16, bot="random", seed=3, jobs=2)
    done: list[int] = []
    dask = estimate(scenario, games=16, bot="random", seed=3, runner=dask_runner("local", jobs=2), progress=done.append)
    assert dask == pool
    assert done[-1] == 16


def test_cli_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["difficulty", str(FIRST_STEPS), "--games", "4", "--bot", "random", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "tutorial-1-first-steps" in out and "win rate" in out
    assert main(["difficulty", str(campaigns_dir() / "tutorial" / "campaign.json"), "--games", "2", "--bot", "random",
                 "--json"]) == 0  # fmt: skip
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 4
    for row in rows:
        assert {"file", "id", "games", "wins", "win_rate"} <= set(row)


def test_cli_unreadable_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.scenario.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["difficulty", str(bad), "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.scenario.json" in err[0]


def test_an_estimate_stored_in_the_scenario_round_trips_and_validates() -> None:
    scenario = open_scenario(FIRST_STEPS)
    e = estimate(scenario, games=4, bot="random", seed=2)
    with_estimate = replace(scenario, difficulty_estimate=stored(e), difficulty=e.suggested_paws)
    doc = scenario_to_dict(with_estimate)
    assert doc["difficulty_estimate"]["games"] == 4 and doc["difficulty_estimate"]["bot"] == "random"
    assert schema_errors("scenario", doc) == []
    assert scenario_from_dict(doc) == with_estimate
    assert "difficulty_estimate" not in scenario_to_dict(scenario)  # files without one stay as they were
    doc["difficulty_estimate"]["win_rate"] = 2
    assert schema_errors("scenario", doc)


def test_a_scenario_the_engine_cannot_play_is_reported_not_estimated(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:  # fmt: skip
    scenario = open_scenario(FIRST_STEPS)
    # hybrid fire tiles asked for, and no catalog defines one (RULINGS C17): refused, naming the missing data
    fishy = replace(scenario, id="no-hybrid-tiles", rules=replace(scenario.rules, hybrid_fire_tiles=True))
    path = tmp_path / "fishy.scenario.json"
    save_scenario(fishy, path)
    assert (
        main(["difficulty", str(path), str(FIRST_STEPS), "--games", "2", "--bot", "random", "--json"]) == 1
    )  # a refusal: exit 1
    rows = json.loads(capsys.readouterr().out)
    refused = next(r for r in rows if r["id"] == fishy.id and r["games"] == 0)
    assert refused["reason"].startswith("not playable yet:") and "hybrid fire tiles" in refused["reason"]
    assert any(r["games"] == 2 for r in rows)
    assert main(["difficulty", str(path), "--games", "2"]) == 1
    assert "not playable yet" in capsys.readouterr().out


def test_a_move_crosses_a_shortest_path_over_the_cats_terrain() -> None:
    """Rulebook "Move the cat": a line over its favoured terrain from start to end; the
    heat map counts the squares of the shortest such line (both ends included)."""
    state = new_game(open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"), seed=2)
    bot, rng = get_bot("heuristic"), random.Random(2)
    moves = 0
    while not state.is_terminal():
        action = bot.choose(state, rng)
        if isinstance(action, MoveCat) and not state.island.raft & state.island.grid.bit(action.to):
            path = crossed_squares(state, action)
            grid = state.island.grid
            cat = state.cat_at(action.cat)
            assert cat is not None
            own = state.terrain[state.island.cat_terrain[cat]] & ~state.fire
            assert path & grid.bit(action.cat) and path & grid.bit(action.to) and not path & ~own
            assert grid.flood(grid.bit(action.cat), path) == path  # one connected line
            assert crossed_squares(state, action) == path
            moves += 1
        state.apply(action)
    assert moves > 0


def test_game_replay_reaches_the_recorded_end() -> None:
    e = estimate(open_scenario(FIRST_STEPS), games=8, bot="heuristic", seed=40)
    record = game_replay(open_scenario(FIRST_STEPS), 40, bot="heuristic")
    end = record.play()
    assert end.is_terminal() and end.outcome().won == (40 not in e.lost_seeds)  # type: ignore[union-attr]
    assert set(e.heat["crossed"]) and all("," in k for k in e.heat["crossed"])
