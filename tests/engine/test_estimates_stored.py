"""Estimates tied to what made them (issues 25 item 5 and 27 item 4): the layout and
rules-and-bot fingerprints in ``--json`` and in stored estimates, ``estimate-stale``
from ``validate``, and ``raftwright difficulty --store`` (atomic, a campaign at once,
the designer's paws kept unless ``--set-paws``)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import engine.check.estimates as stale_check
from engine.bots.version import fingerprint
from engine.check.validate import validate
from engine.check.validate_files import open_scenario
from engine.model.fingerprint import layout_fingerprint
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.model.scenario import DifficultyEstimate
from engine.model.schemas import schema_errors
from engine.sim.difficulty import estimate, stored, suggest_paws
from raftwright.cli import main

TUTORIAL = campaigns_dir() / "tutorial"
FIRST_STEPS = TUTORIAL / "01-first-steps.scenario.json"


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A copy of the Tutorial campaign the tests may write into."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    return folder / "campaign.json"


def stale_codes(path: Path) -> list[str]:
    return [i.code for i in validate(open_scenario(path)) if i.code == "estimate-stale"]


def test_the_layout_fingerprint_follows_play_and_ignores_names_paws_and_notes() -> None:
    s = open_scenario(FIRST_STEPS)
    base = layout_fingerprint(s)
    assert base.startswith("sha256:") and len(base) == 7 + 64
    assert layout_fingerprint(replace(s, name="Another name", notes="mine", difficulty=4, author="me")) == base
    assert layout_fingerprint(scenario_from_dict(json.loads(FIRST_STEPS.read_text()))) == base
    fire = [i for i, c in enumerate(s.cards) if c.kind == "fire"]
    assert fire, "the test needs a fire card to take away"
    assert layout_fingerprint(replace(s, cards=tuple(c for i, c in enumerate(s.cards) if i != fire[0]))) != base
    assert layout_fingerprint(replace(s, mode="advanced")) != base
    assert layout_fingerprint(replace(s, rules=replace(s.rules, water_tokens=s.rules.water_tokens + 1))) != base
    assert layout_fingerprint(replace(s, tokens=s.tokens[1:])) != base or not s.tokens


def test_an_estimate_records_what_made_it_and_validate_says_when_it_goes_stale() -> None:
    s = open_scenario(FIRST_STEPS)
    e = estimate(s, games=4, bot="random", seed=1)
    assert e.fingerprint == fingerprint() and e.layout == layout_fingerprint(s)
    record = stored(e)
    assert record.layout == e.layout and record.fingerprint == e.fingerprint
    assert record.expected_length == pytest.approx(e.expected_rounds)
    fresh = replace(s, difficulty_estimate=record)
    doc = scenario_to_dict(fresh)
    assert schema_errors("scenario", doc) == []
    assert scenario_from_dict(doc) == fresh
    assert [i for i in validate(fresh) if i.code == "estimate-stale"] == []
    renamed = replace(fresh, name="Renamed", difficulty=3)
    assert [i for i in validate(renamed) if i.code == "estimate-stale"] == []
    moved = replace(fresh, cards=tuple(c for c in fresh.cards if c.kind != "fire"))
    issue = next(i for i in validate(moved) if i.code == "estimate-stale")
    assert issue.severity == "warning" and "layout changed" in issue.message and "--store" in issue.message
    assert issue.where.path == "/difficulty_estimate"


def test_another_bot_or_an_old_record_makes_the_estimate_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    s = open_scenario(FIRST_STEPS)
    fresh = replace(s, difficulty_estimate=stored(estimate(s, games=2, bot="random")))
    monkeypatch.setattr(stale_check, "fingerprint", lambda: "rules-1.bots-999")
    issue = next(i for i in validate(fresh) if i.code == "estimate-stale")
    assert fingerprint() in issue.message and "rules-1.bots-999" in issue.message
    monkeypatch.undo()
    old = DifficultyEstimate(bot="heuristic", games=200, seed=0, win_rate=0.19, interval=(0.14, 0.25),
                             engine_version="0.1.0", suggested_paws=3)  # fmt: skip
    old_file = scenario_to_dict(replace(s, difficulty_estimate=old))
    assert schema_errors("scenario", old_file) == []  # files from before the records still load
    issue = next(i for i in validate(old_file) if i.code == "estimate-stale")
    assert "predates" in issue.message


def test_json_carries_the_fingerprints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["difficulty", str(FIRST_STEPS), "--games", "2", "--bot", "random", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["fingerprint"] == fingerprint()
    assert row["layout"] == layout_fingerprint(open_scenario(FIRST_STEPS))
    assert row["engine_version"]
    assert main(["difficulty", str(FIRST_STEPS), "--games", "2", "--bot", "random"]) == 0
    assert f"rules and bot {fingerprint()}" in capsys.readouterr().out


def test_store_writes_a_campaign_at_once_and_keeps_the_designers_paws(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = sorted(campaign.parent.glob("*.scenario.json"))
    first = json.loads(files[0].read_text())
    first["difficulty"] = 5  # the designer's own rating
    first["notes"] = "keep me"
    files[0].write_text(json.dumps(first), encoding="utf-8")
    assert main(["difficulty", str(campaign), "--games", "3", "--store", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err.count("stored the estimate in") == len(files)
    assert "kept your paws (5)" in err and "--set-paws" in err
    for path in files:
        doc = json.loads(path.read_text())
        e = doc["difficulty_estimate"]
        assert e["games"] == 3 and e["bot"] == "heuristic" and e["fingerprint"] == fingerprint()
        assert e["layout"] == layout_fingerprint(open_scenario(path)) and "expected_length" in e
        assert stale_codes(path) == []
    kept = json.loads(files[0].read_text())
    assert kept["difficulty"] == 5 and kept["notes"] == "keep me"
    suggested = kept["difficulty_estimate"]["suggested_paws"]
    assert suggested == suggest_paws(kept["difficulty_estimate"]["win_rate"]) and suggested != 5
    assert not list(campaign.parent.glob(".*.tmp"))  # atomic writes leave no temporary file
    assert main(["difficulty", str(files[0]), "--games", "3", "--store", "--set-paws"]) == 0
    assert json.loads(files[0].read_text())["difficulty"] == suggested
    assert f"paws set to {suggested}" in capsys.readouterr().err


def test_an_estimate_off_the_paw_calibration_suggests_no_paws_and_sets_none(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The paws are fitted to the heuristic bot's solo games: the random bot (which loses
    nearly every game) or two players would read as 5 paws on those floors, so such an
    estimate is stored without paws, and --set-paws with it is refused."""
    path = sorted(campaign.parent.glob("*.scenario.json"))[0]
    before = json.loads(path.read_text())
    assert main(["difficulty", str(path), "--games", "3", "--bot", "random", "--store", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "it suggests no paws: paws are calibrated on the heuristic bot's solo games" in captured.err
    assert "(paws -: paws are calibrated" in captured.out
    doc = json.loads(path.read_text())
    assert "suggested_paws" not in doc["difficulty_estimate"]
    assert doc.get("difficulty") == before.get("difficulty")
    for extra in (["--bot", "random"], ["--players", "2"], ["--variant", "standard"]):
        assert main(["difficulty", str(path), "--games", "3", "--store", "--set-paws", *extra]) == 2
        assert "--set-paws: paws are calibrated on the heuristic bot's solo games" in capsys.readouterr().err
    assert json.loads(path.read_text()) == doc  # refused before any game: nothing written


def test_store_refuses_set_paws_alone_and_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    before = FIRST_STEPS.read_bytes()
    assert main(["difficulty", str(FIRST_STEPS), "--games", "1", "--set-paws"]) == 2
    assert "--store" in capsys.readouterr().err
    assert main(["difficulty", str(FIRST_STEPS), "--games", "1", "--bot", "random", "--store"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bundled scenario is read-only" in err[0]
    assert FIRST_STEPS.read_bytes() == before


def test_a_stale_estimate_stored_again_is_current(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sorted(campaign.parent.glob("*.scenario.json"))[1]
    assert main(["difficulty", str(path), "--games", "2", "--bot", "random", "--store"]) == 0
    doc = json.loads(path.read_text())
    doc["cards"] = [c for c in doc["cards"] if c["kind"] != "fire"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert stale_codes(path) == ["estimate-stale"]
    assert main(["validate", str(path)]) == 0
    assert "warning: the stored difficulty estimate" in capsys.readouterr().out  # plain words; the code in --json
    assert main(["difficulty", str(path), "--games", "2", "--bot", "random", "--store"]) == 0
    assert stale_codes(path) == []


def test_store_in_files_reads_every_file_before_writing_any(campaign: Path) -> None:
    """A campaign at once: a file that cannot be read stops the run before any is written."""
    from engine.model.formats import FormatError
    from engine.sim.store import store_in_files

    files = sorted(campaign.parent.glob("*.scenario.json"))
    e = estimate(open_scenario(files[0]), games=2, bot="random")
    before = files[0].read_bytes()
    with pytest.raises(FormatError):
        store_in_files([(files[0], e), (campaign, e)])  # the campaign file is not a scenario
    assert files[0].read_bytes() == before


def test_a_file_that_cannot_be_written_is_one_line_and_exit_2(
    campaign: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.sim.store as store
    from engine.model.files import WriteError

    def refuse(path: object, text: str) -> None:
        raise WriteError(str(path), "the folder is read-only", "store it in a folder you can write")

    monkeypatch.setattr(store, "atomic_write_text", refuse)
    path = sorted(campaign.parent.glob("*.scenario.json"))[0]
    before = path.read_bytes()
    assert main(["difficulty", str(path), "--games", "2", "--bot", "random", "--store"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "read-only" in err[0] and path.name in err[0]
    assert path.read_bytes() == before


def test_validating_the_campaign_names_its_scenarios_stale_estimates(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["difficulty", str(campaign), "--games", "2", "--bot", "random", "--store"]) == 0
    assert main(["validate", str(campaign)]) == 0
    assert "the stored difficulty estimate" not in capsys.readouterr().out
    path = sorted(campaign.parent.glob("*.scenario.json"))[2]
    doc = json.loads(path.read_text())
    doc["cards"] = [c for c in doc["cards"] if c["kind"] != "fire"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["validate", str(campaign)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "the stored difficulty estimate" in line]
    assert len(lines) == 1 and "warning: " in lines[0] and f"scenario entry 3 ({path.name})" in lines[0]
