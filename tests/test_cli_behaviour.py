"""One behaviour for every subcommand (issue 29, item 3): a bad value exits 2 with one
line; every help page has a description and an example; Ctrl-C exits 130 with one
line; a closed pipe ends quietly; --version and --help stay light (item 2)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from raftwright.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")

# (arguments, what the one line must say); {tmp} is the test's temporary folder
BAD_VALUES: list[tuple[list[str], str]] = [
    (["nosuchcommand"], "invalid choice"),
    (["--bogus"], "unrecognized arguments"),
    (["--log-level", "loud", "list"], "invalid choice: 'loud'"),
    (["list", "--bogus"], "unrecognized arguments"),
    (["validate", "no-such-name"], "'raftwright list' shows the names"),
    (["validate", "{tmp}/x.raftpack"], "raftwright pack verify"),
    (["show"], "the following arguments are required: FILE"),
    (["show", "no-such-name"], "'raftwright list'"),
    (["show", "{tmp}/x.raftpack"], "pack verify"),
    (["import-comp1110", "LNSN"], "the following arguments are required: -o/--output"),
    (["import-comp1110", "garbage", "-o", "{tmp}/g.scenario.json"], "cannot import the challenge"),
    (["edit", "no-such-name"], "'raftwright list'"),
    (["edit", "tutorial/01", "extra"], "unrecognized arguments"),
    (["play", "tutorial/01", "--players", "0"], "0 is out of range: give a whole number from 1 to 4"),
    (["play", "tutorial/01", "--seed", "x"], "'x' is not a whole number"),
    (["play", "tutorial/01", "--text", "--variant", "foo"], "invalid choice: 'foo'"),
    (["play", "no-such-name", "--text"], "'raftwright list'"),
    (["play", "tutorial/01", "--text", "--players", "2", "--variant", "solo"], "cannot be played"),
    (["render", "tutorial/01", "--dpi", "0"], "give a whole number from 30 to 1200"),
    (["render", "tutorial/01", "--format", "svg", "-o", "{tmp}/x.png"], "--format svg but -o"),
    (["render", "tutorial/01", "-o", "{tmp}/x.gif"], "cannot tell the format"),
    (["render", "tutorial/01", "--paper", "a3"], "invalid choice: 'a3'"),
    (["render", "tutorial", "-o", "{tmp}/one.png"], "names one file; give a folder"),
    (["render", "no-such-name"], "'raftwright list'"),
    (["booklet", "tutorial"], "the following arguments are required: -o/--output"),
    (["booklet", "no-such-name", "-o", "{tmp}/b.pdf"], "'raftwright list'"),
    (["pack"], "the following arguments are required: ACTION"),
    (["pack", "frobnicate"], "invalid choice: 'frobnicate'"),
    (["pack", "build", "tutorial"], "the following arguments are required: -o/--output"),
    (["pack", "build", "no-such-name", "-o", "{tmp}/p.raftpack"], "'raftwright list'"),
    (["pack", "inspect", "{tmp}/missing.raftpack"], "missing.raftpack"),
    (["pack", "outdated"], "the following arguments are required: --feed"),
    (["site"], "the following arguments are required"),
    (["site", "{tmp}/x.raftpack", "-o", "{tmp}/g", "--base-url", "ftp://x"], "give an http:// or https:// address"),
    (["difficulty", "tutorial/01", "--variant", "foo"], "invalid choice: 'foo'"),
    (["difficulty", "tutorial/01", "--games", "0"], "0 is out of range: give a whole number 1 or more"),
    (["difficulty", "tutorial/01", "--games", "many"], "'many' is not a whole number"),
    (["difficulty", "tutorial/01", "--jobs", "0"], "give a whole number 1 or more"),
    (["difficulty", "tutorial/01", "--seed", "-1"], "give a whole number 0 or more"),
    (["difficulty", "tutorial/01", "--players", "5"], "give a whole number from 1 to 4"),
    (["difficulty", "tutorial/01", "--bot", "nobody"], "invalid choice: 'nobody'"),
    (["difficulty", "no-such-name"], "'raftwright list'"),
    (["difficulty", "{tmp}/x.raftpack"], "pack verify"),
]


def test_the_table_covers_every_subcommand() -> None:
    assert {args[0] for args, _ in BAD_VALUES} >= set(COMMANDS)


@pytest.mark.parametrize(("argv", "says"), BAD_VALUES, ids=[" ".join(a) for a, _ in BAD_VALUES])
def test_a_bad_value_exits_2_with_one_line(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "x.raftpack").write_bytes(b"PK\x05\x06" + bytes(18))
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    try:
        code = main(args)
    except SystemExit as exit:  # argparse
        code = exit.code
    out, err = capsys.readouterr()
    lines = [line for line in (out + err).splitlines() if line.strip()]
    assert code == 2, (code, out, err)
    assert len(lines) == 1, lines
    assert says in lines[0], lines[0]
    assert "Traceback" not in out + err
    assert not list(tmp_path.glob("*.png")) and not list(tmp_path.glob("*.pdf")), "nothing is written on refusal"


def _every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    found: list[tuple[str, argparse.ArgumentParser]] = []

    def walk(prefix: str, parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    found.append((f"{prefix} {name}".strip(), child))
                    walk(f"{prefix} {name}", child)

    walk("", build_parser())
    return found


def test_every_subcommand_help_has_a_description_and_an_example() -> None:
    parsers = _every_parser()
    assert {name for name, _ in parsers} >= set(COMMANDS) | {"pack build", "pack verify", "pack remove"}
    for name, parser in parsers:
        text = parser.format_help()
        assert parser.description, f"'raftwright {name} --help' has no description"
        assert "example" in text and f"raftwright {name.split()[0]}" in text, f"'raftwright {name}': no example"
        assert "%%" not in text, f"'raftwright {name} --help' shows a doubled %"


def test_an_interrupt_exits_130_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import raftwright.commands.listing as listing

    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(listing, "run", interrupted)
    assert main(["list"]) == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "raftwright: interrupted\n")


def test_ctrl_c_in_a_running_game_exits_130_with_one_line() -> None:
    """A real SIGINT, sent once the terminal game has printed its first status line."""
    process = subprocess.Popen(
        [sys.executable, "-m", "raftwright", "play", "tutorial/01", "--seed", "1", "--text"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    try:
        assert process.stdout is not None and process.stderr is not None
        for line in process.stdout:  # the condition: the game is waiting for input
            if line.startswith("round 1"):
                break
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130
        assert err == "raftwright: interrupted\n"
    finally:
        process.kill()  # never left running when the test fails
        process.communicate()


def test_a_closed_pipe_ends_quietly() -> None:
    """`raftwright list --json | head -1`: the reader is gone before the first write."""
    process = subprocess.Popen(
        [sys.executable, "-m", "raftwright", "list", "--json", "--paths"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # Python's start-up alone outlasts this
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert err == b""


def _modules_added_by(argv: list[str]) -> list[str]:
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "from raftwright.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, env=ENV, cwd=ROOT, check=True
    )
    return list(json.loads(result.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_stay_light(argv: list[str]) -> None:
    added = _modules_added_by(argv)
    heavy = [m for m in added if m.split(".")[0] in {"PySide6", "shiboken6", "dask", "editor", "jsonschema", "tqdm"}]
    engine = [m for m in added if m.split(".")[0] == "engine"]
    assert not heavy and not engine, heavy + engine
    assert len(added) <= 60, f"{len(added)} modules: {added}"


def test_a_subcommand_imports_only_its_own_module() -> None:
    added = _modules_added_by(["list", "--campaigns-only"])
    commands = {m for m in added if m.startswith("raftwright.commands.")}
    assert "raftwright.commands.listing" in commands
    assert commands <= {"raftwright.commands", "raftwright.commands.listing"}, commands
    assert not any(m.startswith(("PySide6", "shiboken6", "editor", "dask")) for m in added)  # no Qt, no Dask


def test_json_numbers_are_written_as_people_write_them(capsys: pytest.CaptureFixture[str]) -> None:
    """Two won games: the Wilson upper bound is 1.0, not 0.9999999999999998."""
    assert main(["difficulty", "tutorial/01", "--games", "2", "--json", "--no-progress"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    for value in [row["win_rate"], *row["interval"]]:
        assert value == round(value, 6)
    assert row["interval"][1] in (1.0, round(row["interval"][1], 6))


def test_two_players_alone_picks_the_standard_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["difficulty", "tutorial/01", "--games", "2", "--players", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "standard, 2 player(s)" in out and "not playable" not in out


def test_ctrl_c_during_a_parallel_estimate_exits_130_at_once() -> None:
    """With worker processes busy, Ctrl-C ends the run now (not after every game) with one line."""
    process = subprocess.Popen(
        [sys.executable, "-m", "raftwright", "--log-level", "info", "difficulty", "campaign-1/01", "--games", "4000",
         "--jobs", "2", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        for line in process.stderr:  # the condition: the estimate has started
            if "estimating campaign-1-1-waiting-for-friends" in line:
                break
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130
        assert err == "raftwright: interrupted\n" and out == ""
    finally:
        if process.poll() is None:  # never left running (with its workers) when the test fails
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def test_log_level_info_shows_the_engine_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.raftpack"
    args = ["pack", "build", "tutorial", "-o", str(out), "--no-sheets", "--licence", "CC-BY-4.0"]
    assert main(["--log-level", "info", *args]) == 0
    assert "raftwright: INFO engine.packs.build: built pack t@1.0.0" in capsys.readouterr().err
    assert main(args) == 0
    assert "INFO" not in capsys.readouterr().err  # the default is warning
