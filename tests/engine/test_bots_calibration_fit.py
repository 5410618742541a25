"""The paw calibration fit of ``bench/bot_targets.py --fit`` (docs/difficulty.md):
scenarios are taken as 0-5 paws by campaign group, given paws that never fall as the
win rate rises with the least total difference from their group's, and the floors
lie midway between the win rates either side of each paw step."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from script_modules import load_script


def _bot_targets() -> ModuleType:
    return load_script(Path(__file__).resolve().parents[2] / "bench" / "bot_targets.py")


def test_floors_sit_midway_between_the_win_rates_of_a_paw_step() -> None:
    rows = [(0, 0.8), (0, 0.6), (1, 0.5), (1, 0.1), (2, 0.3), (2, 0.2), (3, 0.05), (4, 0.02), (5, 0.0), (5, 0.0)]
    # 0.1 (group 1) sits below two group-2 rates: monotone paws give it 2, at a cost of 1
    assert _bot_targets().fit_floors(rows) == [(0, 0.55), (1, 0.4), (2, 0.075), (3, 0.035), (4, 0.01)]


def test_floors_never_rise_with_the_paws_and_equal_rates_share_a_rating() -> None:
    rows = [(0, 0.4), (1, 0.4), (2, 0.4), (3, 0.0), (4, 0.0), (5, 0.0)]
    floors = _bot_targets().fit_floors(rows)
    values = [f for _, f in floors]
    assert values == sorted(values, reverse=True)
    assert [p for p, _ in floors] == [0, 1, 2, 3, 4]
    assert all(f in (0.0, 0.2, 1.0) for f in values)


def test_summary_sums_each_scenarios_games_over_runs_of_other_seeds() -> None:
    """``--summary A.json B.json`` (a ``--seed 0`` and a ``--seed 200`` run): a scenario's
    wins and games are summed over the runs, matched by group folder and file name."""
    first = [
        {"file": "/a/campaigns/practice/01-x.scenario.json", "wins": 3, "games": 10},
        {"file": "/a/campaigns/campaign-4/02-y.scenario.json", "wins": 0, "games": 10},
    ]
    second = [
        {"file": "/b/campaigns/campaign-4/02-y.scenario.json", "wins": 1, "games": 10},
        {"file": "/b/campaigns/practice/01-x.scenario.json", "wins": 4, "games": 10},
        {"file": "/b/campaigns/practice/02-z.scenario.json", "wins": 2, "games": 10},
    ]
    assert _bot_targets().summed_runs([first, second]) == [
        ("practice", 7, 20),
        ("campaign-4", 1, 20),
        ("practice", 2, 10),
    ]


def test_the_default_seed_block_is_held_out_from_the_tuning_seeds() -> None:
    """Seeds 0-999 tuned the bot and the calibration: the default block misses them and a
    block touching them is not called held out."""
    bt = _bot_targets()
    assert bt.held_out(bt.HELD_OUT_SEED, 200)
    assert not bt.held_out(900, 200)
    assert not bt.held_out(0, 200)
    assert bt.held_out(1000, 200)


def test_bootstrap_intervals_hold_the_figure_and_collapse_when_every_game_agrees() -> None:
    bt = _bot_targets()
    rows = [bt.Row(rank, f"s{rank}", [(wins, 100), (wins, 100)]) for rank, wins in enumerate([90, 70, 50, 30, 10, 0])]
    ci = bt.bootstrap(rows, 400)
    assert ci["campaign-4"] == (0.0, 0.0)  # no game won: every resample wins none
    lo, hi = ci["campaign-1"]
    assert lo < 0.5 < hi and hi - lo < 0.25  # 100 of 200 won: about +-7 points
    lo, hi = ci["spearman"]
    assert 0.8 < lo <= hi <= 1.0  # the rates are far apart: the order rarely changes
    assert bt.bootstrap(rows, 400) == ci  # seeded


def test_out_of_sample_calibration_is_scored_on_what_it_was_not_fitted_on() -> None:
    """A calibration fitted on one half of the seeds is scored on the other half's rates:
    halves that disagree show an error the in-sample fit would hide."""
    bt = _bot_targets()
    steady = [bt.Row(rank, f"s{rank}", [(w, 100), (w, 100)]) for rank, w in enumerate([90, 70, 50, 30, 10, 1])]
    results = {what: (exact, error) for what, _, exact, error in bt.out_of_sample(steady)}
    assert results["fitted on the first half of the seeds, scored on the second"] == (6, 0)
    swapped = [bt.Row(rank, f"s{rank}", [(w1, 100), (w2, 100)])
               for rank, (w1, w2) in enumerate([(90, 30), (70, 90), (50, 70), (30, 50), (10, 1), (1, 10)])]  # fmt: skip
    results = {what: (exact, error) for what, _, exact, error in bt.out_of_sample(swapped)}
    exact, error = results["fitted on the first half of the seeds, scored on the second"]
    assert exact < 6 and error > 0
    assert bt.paws_for([(0, 0.5), (1, 0.2)], 0.1) == 2
