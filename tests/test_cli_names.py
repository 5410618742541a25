"""Bundled and installed content by name in every command (issue 29, item 1), the
several-scenario commands taking campaigns and folders, and ``play --text``."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from engine.bots.bots import get_bot
from engine.check.validate_files import open_scenario
from engine.model.formats import FormatError
from engine.model.resources import campaigns_dir
from engine.play.game import Replay, new_game
from raftwright.cli import main
from raftwright.names import all_names, resolve

BUNDLED = campaigns_dir()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("tutorial", "tutorial/campaign.json"),
        ("campaign-1", "campaign-1/campaign.json"),
        ("campaign-1/03", "campaign-1/03-the-old-teruvian.scenario.json"),
        ("campaign-1/3", "campaign-1/03-the-old-teruvian.scenario.json"),
        ("Campaign-1/03", "campaign-1/03-the-old-teruvian.scenario.json"),
        ("tutorial/01", "tutorial/01-first-steps.scenario.json"),
        ("campaign-1-3-the-old-teruvian", "campaign-1/03-the-old-teruvian.scenario.json"),
        ("campaign-4/07", "campaign-4/07-burning-tails.scenario.json"),
    ],
)
def test_a_bundled_name_is_its_file(name: str, path: str) -> None:
    assert resolve(name) == BUNDLED / path


def test_every_bundled_scenario_has_a_name_and_the_names_are_unique() -> None:
    names = all_names()
    scenarios = {n.path.resolve() for n in names if n.kind == "scenario"}
    assert scenarios == {p.resolve() for p in BUNDLED.rglob("*.scenario.json")}
    assert len({n.name for n in names}) == len(names)
    for n in names:
        if n.kind == "scenario":
            assert open_scenario(n.path).id == n.scenario_id


def test_an_existing_path_wins_over_a_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tutorial").mkdir()
    assert resolve("tutorial") == Path("tutorial")


def test_an_unknown_name_is_refused_pointing_to_list() -> None:
    with pytest.raises(FormatError, match="'raftwright list' shows the names"):
        resolve("campaign-9")
    with pytest.raises(FormatError):
        resolve("campaign-1/99")
    assert resolve("missing.scenario.json") == Path("missing.scenario.json")  # a path: "file not found" later


def test_list_names_the_bundled_campaigns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    for name in ("tutorial", "practice", "campaign-1", "campaign-4", "campaign-1/03"):
        assert any(line.split()[0] == name for line in out.splitlines() if line.strip()), name
    code, out, _ = run(capsys, "list", "--campaigns-only", "--json")
    rows = json.loads(out)
    assert [r["name"] for r in rows] == ["tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4"]


def test_commands_take_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "validate", "tutorial")
    assert code == 0 and "checked 5 files" in err  # the campaign and its four scenarios
    code, out, _ = run(capsys, "show", "campaign-1/03", "--no-legend")
    assert code == 0 and "The old Teruvian" in out
    code, out, _ = run(capsys, "difficulty", "tutorial/01", "--games", "2", "--json", "--no-progress")
    assert code == 0 and json.loads(out)[0]["id"] == "tutorial-1-first-steps"


def test_an_installed_pack_is_named_by_its_id_and_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    pack = tmp_path / "tut.raftpack"
    assert (
        main(["pack", "build", "tutorial", "-o", str(pack), "--id", "tut", "--no-sheets", "--licence", "CC-BY-4.0"])
        == 0
    )
    assert main(["pack", "install", str(pack)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "list")
    assert code == 0
    installed = out.split("installed packs:", 1)[1]
    assert "tut " in installed and "tut/tutorial " in installed and "tut/tutorial/02" in installed
    assert resolve("tut/tutorial/2").is_relative_to(tmp_path / "user")
    code, _, err = run(capsys, "validate", "tut/tutorial")
    assert code == 0 and "checked 5 files" in err
    code, out, _ = run(capsys, "show", "tut/tutorial/01")
    assert code == 0 and "First steps" in out


def test_render_draws_a_campaign_into_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", "tutorial", "--format", "svg", "-o", str(tmp_path / "sheets"))
    assert code == 0, err
    drawn = sorted(p.name for p in (tmp_path / "sheets").glob("*.svg"))
    assert drawn == sorted(
        p.name.replace(".scenario.json", ".svg") for p in (BUNDLED / "tutorial").glob("*.scenario.json")
    )
    assert all((tmp_path / "sheets" / name).read_bytes().lstrip().startswith(b"<") for name in drawn)


def test_render_takes_the_format_from_the_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "render", "tutorial/01", "-o", str(tmp_path / "one.svg"))
    assert code == 0 and (tmp_path / "one.svg").read_bytes().lstrip().startswith(b"<")
    code, _, _ = run(capsys, "render", "tutorial/01", "--format", "svg", "-o", str(tmp_path / "two.svg"))
    assert code == 0 and (tmp_path / "two.svg").exists()


def test_play_text_plays_a_scripted_game_to_its_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The heuristic bot's game with seed 1, typed in: the terminal game ends the same way."""
    state = new_game(open_scenario(BUNDLED / "tutorial" / "01-first-steps.scenario.json"), seed=1)
    bot, rng = get_bot("heuristic"), random.Random(1)
    moves: list[str] = []
    while not state.is_terminal():
        action = bot.choose(state, rng)
        moves.append(str(action))
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    script = "\n".join(["# a comment", "list", moves[0], "nonsense", *moves[1:]]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    replay = tmp_path / "game.replay.json"
    code, out, err = run(capsys, "play", "tutorial/01", "--seed", "1", "--text", "--save-replay", str(replay))
    assert code == 1  # one line refused
    assert "refused: nonsense:" in out and "  1  draw 0 circle" in out
    assert out.count("\n> ") == len(moves)
    verdict = f"won, score {outcome.score}" if outcome.won else f"lost ({outcome.reason})"
    assert f"game over in round {state.round}: {verdict}" in out
    saved = json.loads(replay.read_text(encoding="utf-8"))
    assert saved["actions"] == moves and saved["seed"] == 1
    # the saved game opens again in the terminal: its actions replayed, then play goes on (here: input ends)
    half = dict(saved, actions=moves[: len(moves) // 2])
    half.pop("outcome", None)
    (tmp_path / "half.replay.json").write_text(json.dumps(half), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(moves[len(moves) // 2 :]) + "\n"))
    code, out, err = run(capsys, "play", str(tmp_path / "half.replay.json"), "--text")
    assert code == 0 and f"replayed {len(moves) // 2} recorded action(s)" in err
    assert out.count("\n> ") == len(moves) - len(moves) // 2 and f"game over in round {state.round}: {verdict}" in out


def test_play_text_refuses_a_replay_from_a_newer_raftwright(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game(open_scenario(BUNDLED / "tutorial" / "01-first-steps.scenario.json"), seed=1)
    doc = dict(Replay.of(state).to_dict(), format_version=99)
    path = tmp_path / "future.replay.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "play", str(path), "--text")
    assert code == 2 and out == ""
    assert err.strip() == (
        f"raftwright: {path}: this replay file is in format 99, written by a newer Raftwright; this Raftwright "
        "reads format 2 and older: update Raftwright to open it (nothing in the file was changed)"
    )
