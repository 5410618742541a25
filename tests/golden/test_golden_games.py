"""The golden games (``tests/golden/games/``, see :mod:`golden_games`): every recorded game
replays to its recorded outcome, and its bot, given its seed, still chooses the recorded
actions under the recorded RULES_VERSION and BOTS_VERSION.  When play changes on purpose,
bump the version that says why and run ``tools/update_goldens.py``; the diff shows the
changed choices."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import golden_games as golden
import pytest

from engine.bots.version import BOTS_VERSION
from engine.play.version import RULES_VERSION

RECORDS = {path.stem: path for path in sorted(golden.GAMES_DIR.glob("*.json"))}


def _load(name: str) -> dict:
    return json.loads(RECORDS[name].read_text(encoding="utf-8"))


def test_every_sample_has_its_file_and_no_file_is_stray() -> None:
    wanted = {s.name for s in golden.SAMPLES}
    assert set(RECORDS) == wanted, "run tools/update_goldens.py: the sample list and tests/golden/games/ differ"


def test_the_sample_covers_groups_variants_bots_modes_and_tokens() -> None:
    samples = golden.SAMPLES
    assert {s.scenario.split("/")[0] for s in samples} >= {"tutorial", "practice"} | {
        f"campaign-{i}" for i in range(1, 5)
    }
    assert {s.variant for s in samples} >= {"solo", "standard", "comp1110"}
    assert {s.bot for s in samples} == {"random", "heuristic"}
    assert {s.changes.get("mode", "standard") for s in samples} == {"standard", "advanced"}
    kinds = {t["kind"] for s in samples for t in s.changes.get("tokens", [])}
    assert kinds == {"map", "fish", "water", "fire"}
    results = {_load(s.name)["outcome"]["result"] for s in samples}
    assert results == {"win", "loss"}


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_golden_game_replays_and_replays_its_choices(name: str) -> None:
    problems = golden.check_record(_load(name), name)
    assert not problems, "\n".join(problems)


def test_a_changed_choice_asks_for_a_version_bump() -> None:
    """A record whose bot choices no longer match (here: one action altered) under the
    current versions fails, naming the action and asking for a version bump."""
    name = "tutorial-01-solo1-heuristic-s1"
    record = _load(name)
    tampered = copy.deepcopy(record)
    index = next(i for i, a in enumerate(tampered["actions"]) if a.startswith("path "))
    tampered["actions"][index] = "draw 0 circle"
    problems = golden.check_record(tampered, name)
    assert problems[-1] == golden.CHOICES_CHANGED
    assert any(f"at action {index + 1}" in p for p in problems)
    assert "bump RULES_VERSION (engine/play/version.py) or BOTS_VERSION (engine/bots/version.py)" in problems[-1]


def test_a_changed_outcome_is_reported() -> None:
    name = "practice-03-solo1-random-s4"
    record = _load(name)
    record["outcome"] = dict(record["outcome"], result="win", reason="all-cats-on-raft")
    problems = golden.check_record(record, name)
    assert any("the recorded actions now give" in p for p in problems)
    assert problems[-1] == golden.CHOICES_CHANGED


@pytest.mark.parametrize("field", ["rules_version", "bots_version"])
def test_other_versions_ask_for_update_goldens(field: str) -> None:
    name = "practice-03-solo1-random-s4"
    record = _load(name)
    record[field] = record[field] + 1
    problems = golden.check_record(record, name)
    assert problems == [
        f"{name}: recorded under rules {record['rules_version']}, bots {record['bots_version']}, the code is at "
        f"rules {RULES_VERSION}, bots {BOTS_VERSION}: run tools/update_goldens.py"
    ]


def test_update_goldens_check_finds_nothing_to_change(repo_root) -> None:
    """The tool that rewrites the files reproduces them byte for byte from the samples."""
    done = subprocess.run([sys.executable, "tools/update_goldens.py", "--check"], cwd=repo_root,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(golden.SAMPLES)} golden games, 0 file(s) to change" in done.stdout
