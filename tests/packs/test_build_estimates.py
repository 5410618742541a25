"""A pack never advertises a stale difficulty (issue 25 item 5): ``pack build`` refuses a
stored estimate made on another layout or by another bot (``estimate-stale``), unless
``--estimate N`` plays it again or ``--drop-stale`` leaves it out; a current estimate
fills the manifest's difficulty and expected length; the designer's paws stay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pack_helpers import INFO, manifest_of, tutorial_campaign

from engine.bots.version import fingerprint
from engine.check.validate_files import open_scenario
from engine.model.fingerprint import layout_fingerprint
from engine.packs.build import build_pack, collect
from engine.packs.errors import REFUSAL_CODES, PackError
from raftwright.cli import main


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A copy of the Tutorial with estimates stored by ``raftwright difficulty --store``,
    then one scenario's fire cards taken away (its estimate is stale) and rated 2 paws."""
    folder = tmp_path / "tutorial"
    shutil.copytree(tutorial_campaign().parent, folder)
    path = folder / "campaign.json"
    assert main(["difficulty", str(path), "--games", "4", "--bot", "random", "--store"]) == 0
    second = sorted(folder.glob("*.scenario.json"))[1]
    doc = json.loads(second.read_text())
    doc["cards"] = [c for c in doc["cards"] if c["kind"] != "fire"]
    doc["difficulty"] = 2
    second.write_text(json.dumps(doc), encoding="utf-8")
    capsys.readouterr()
    return path


def test_a_stale_estimate_is_refused_naming_the_file_and_the_ways_out(campaign: Path) -> None:
    assert "estimate-stale" in REFUSAL_CODES
    with pytest.raises(PackError) as refused:
        build_pack(INFO, collect([campaign]))
    (problem,) = refused.value.problems
    assert problem.code == "estimate-stale" and "02-ancient-trail" in problem.entry
    assert "layout changed" in problem.message and "--estimate" in problem.message and "--drop-stale" in problem.message


def test_current_estimates_fill_the_manifest_difficulty_and_expected_length(campaign: Path) -> None:
    data, manifest = build_pack(INFO, collect([campaign]), stale="drop")
    entries = {e.id: e for e in manifest.scenarios}
    first = open_scenario(sorted(campaign.parent.glob("*.scenario.json"))[0])
    e = first.difficulty_estimate
    assert e is not None and e.expected_length is not None
    assert entries[first.id].difficulty == e.win_rate and entries[first.id].expected_length == e.expected_length
    dropped = entries["tutorial-2-ancient-trail"]
    assert dropped.difficulty is None and dropped.expected_length is None and dropped.paws == 2
    packed = json.loads(_entry(data, dropped.path))
    assert "difficulty_estimate" not in packed and packed["difficulty"] == 2


def test_estimate_n_plays_the_stale_one_again_for_the_pack_and_leaves_the_file(campaign: Path) -> None:
    second = sorted(campaign.parent.glob("*.scenario.json"))[1]
    before = second.read_bytes()
    data, manifest = build_pack(INFO, collect([campaign]), stale="estimate", estimate_games=6)
    entry = next(e for e in manifest.scenarios if e.id == "tutorial-2-ancient-trail")
    packed = json.loads(_entry(data, entry.path))
    e = packed["difficulty_estimate"]
    assert e["games"] == 6 and e["bot"] == "random" and e["fingerprint"] == fingerprint()
    assert e["layout"] == layout_fingerprint(open_scenario(second))
    assert entry.difficulty == e["win_rate"] and entry.expected_length == e["expected_length"]
    assert packed["difficulty"] == 2  # the designer's paws
    assert second.read_bytes() == before


def test_cli_build_refuses_then_estimates_or_drops(campaign: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    out = tmp_path / "t.raftpack"
    base = ["pack", "build", str(campaign), "-o", str(out), "--no-sheets", "--licence", "CC-BY-4.0"]
    assert main(base) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and "error: " in lines[0] and "estimate" in lines[0] and not out.exists()
    assert main([*base, "--drop-stale"]) == 0
    assert "left out of the pack" in capsys.readouterr().err
    assert main([*base, "--estimate", "4"]) == 0
    assert "made again with 4 games" in capsys.readouterr().err
    doc = manifest_of(out.read_bytes())
    assert all(s.get("expected_length") is not None for s in doc["scenarios"])
    with pytest.raises(SystemExit):
        main([*base, "--estimate", "0"])
    with pytest.raises(SystemExit):
        main([*base, "--estimate", "4", "--drop-stale"])


def _entry(data: bytes, path: str) -> str:
    import zipfile
    from io import BytesIO

    with zipfile.ZipFile(BytesIO(data)) as archive:
        return archive.read(path).decode("utf-8")
