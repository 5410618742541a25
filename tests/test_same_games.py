"""tools/same_games.py: the fingerprint of the heuristic bot's choices that speed work
compares before and after a change (issue 27 item 6: faster, with the same games)."""

from __future__ import annotations

from pathlib import Path

import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent


same = load_script(ROOT / "tools" / "same_games.py")


def test_the_set_covers_solo_team_and_comp1110_games() -> None:
    runs = same.runs()
    assert len(runs) == 80
    assert {variant for _, _, variant, _ in runs} == {"solo", "standard", "comp1110"}
    assert all(path.is_file() for path, _, _, _ in runs)
    assert len(set(runs)) == len(runs)


def test_the_fingerprint_follows_the_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = same.runs()[0]
    monkeypatch.setattr(same, "runs", lambda: [first])
    digest, games, actions = same.fingerprint()
    assert games == 1 and actions > 10
    assert same.fingerprint()[0] == digest  # the same code plays the same game
    assert same.main(["--expect", digest[:12]]) == 0
    assert same.main(["--expect", "0" * 12 if digest[:12] != "0" * 12 else "1" * 12]) == 1
    assert "the games changed" in capsys.readouterr().err
    path, seed, variant, players = first
    monkeypatch.setattr(same, "runs", lambda: [(path, seed + 1, variant, players)])
    assert same.fingerprint()[0] != digest  # another deal, other actions
