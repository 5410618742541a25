"""``raftwright play FILE``: the playtest window on a scenario or a replay file, and
the errors the command reports before any window opens."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor.playtest import app
from editor.playtest.app import open_window
from editor.playtest.replays import write_replay
from engine.check.validate_files import first_bundled_scenario_path, open_scenario
from engine.model.formats import FormatError, save_scenario
from engine.play.actions import DrawCard
from engine.play.game import Replay
from raftwright.cli import main as cli_main


def test_play_opens_a_scenario_and_back_to_editing_opens_the_studio_on_it(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    studio_for: list[object] = []
    monkeypatch.setattr(app, "_studio", lambda window, path: studio_for.append(path))
    window = open_window(first_bundled_scenario_path(), seed=77, players=2)
    qtbot.addWidget(window)
    s = window.session.settings
    assert (s.seed, s.players, s.variant) == (77, 2, "standard")
    assert window.panel.setup.seed.text() == "77" and window.session.state.players == 2
    window.actions_by_id["playtest.back"].trigger()
    assert studio_for == [first_bundled_scenario_path()]


def test_play_opens_a_replay_ready_to_step_through(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scenario = open_scenario(first_bundled_scenario_path())
    record = Replay(scenario, 31, "solo", 1, (DrawCard(0, "circle"), DrawCard(0, "square")))
    path = tmp_path / "two-draws.replay.json"
    write_replay(path, record)
    window = open_window(path)
    qtbot.addWidget(window)
    assert window.session.steps() == (0, 2) and window.session.replay_source == "two-draws.replay.json"
    window.step_forward()
    window.step_forward()
    assert window.session.state.to_dict() == record.play().to_dict()


def test_play_refuses_other_files_and_player_counts_the_scenario_does_not_allow(qtbot, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    scenario = open_scenario(first_bundled_scenario_path())
    duo = tmp_path / "duo.scenario.json"
    save_scenario(scenario.with_changes(rules=replace(scenario.rules, players=(2,))), duo)
    with pytest.raises(ValueError, match=r"duo\.scenario\.json: the scenario is for 2 player\(s\), not 3"):
        open_window(duo, players=3)
    campaign = first_bundled_scenario_path().parent / "campaign.json"
    with pytest.raises(FormatError, match="not a scenario or replay file"):
        open_window(campaign)
    assert cli_main(["play", str(tmp_path / "missing.scenario.json")]) == 2
    assert "missing.scenario.json: file not found" in capsys.readouterr().err
    assert cli_main(["play", str(duo), "--players", "3"]) == 2
    assert "not 3; pick another --players" in capsys.readouterr().err
