"""The raftwright command line: outputs and exit codes of every subcommand."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import editor
from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.formats import read_json
from engine.model.resources import campaigns_dir
from raftwright.cli import main

FIRST_STEPS = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"
FIRST_STEPS_CHALLENGE = "LNSNLASAF000300060012001503030903C112033060340009R01215"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """Tutorial 1 with location card 3 moved onto the small board's fire strip."""
    doc = read_json(FIRST_STEPS)
    card = next(c for c in doc["cards"] if c.get("card") == "3")
    card["at"] = [12, 2]
    return write_json(tmp_path / "broken.scenario.json", doc)


def test_no_command_says_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 2 and out == ""
    assert "choose a command" in err and "raftwright validate PATH" in err and "usage:" in err


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0
    assert all(name in out for name in ("validate", "show", "import-comp1110", "edit"))


def test_a_clean_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", str(FIRST_STEPS))
    assert (code, out) == (0, "")
    assert "checked 1 file: 0 error(s), 0 warning(s)" in err


def test_an_error_prints_one_line_and_exits_1(capsys: pytest.CaptureFixture[str], broken: Path) -> None:
    code, out, _ = run(capsys, "validate", str(broken))
    assert code == 1
    assert out.splitlines() == [
        f"{broken}: error: location card 3 at (12, 2) covers the fire strip of board 2 (small, "
        "fire face) at (9, 0); cards may not cover fire, so move it off the strip"
    ]  # plain words: the code, the JSON pointer and any rule cited are in --json


def test_warnings_alone_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    path = campaigns_dir() / "tutorial" / "04-down-the-river.scenario.json"
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and ": warning: " in out and "stands in for a location card" in out


def test_json_output(capsys: pytest.CaptureFixture[str], broken: Path) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(broken), str(FIRST_STEPS))
    rows = json.loads(out)
    assert code == 1 and len(rows) == 1
    assert rows[0] == {
        "file": str(broken),
        "code": "card-on-fire-strip",
        "severity": "error",
        "message": rows[0]["message"],
        "where": {"path": "/cards/6", "squares": [[12, 2], [13, 2], [14, 2]]},
    }


def test_json_with_no_issues_is_an_empty_array(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", "--json", str(FIRST_STEPS))
    assert (code, json.loads(out), err) == (0, [], "")


@pytest.mark.parametrize(
    "content, reason",
    [
        (None, "file not found; check the path"),
        ("{ not json", "not valid JSON"),
        ('{"format": "something.else"}', "not a Raftwright file"),
    ],
)
def test_unreadable_input_exits_2_with_a_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path, content: str | None, reason: str
) -> None:
    path = tmp_path / "input.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path), str(broken))
    assert code == 2  # even though the other file only has errors
    assert f"raftwright: {path}: {reason}" in err.splitlines()[0]
    assert "covers the fire strip" in out  # the readable file is still checked


def test_folders_are_searched_recursively(capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path) -> None:
    folder = tmp_path / "deep" / "er"
    folder.mkdir(parents=True)
    shutil.copytree(campaigns_dir() / "tutorial", folder / "tutorial")
    (folder / "notes.json").write_text("not json and not a Raftwright name", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(tmp_path))
    assert code == 1  # broken.scenario.json
    assert "checked 6 files" in err  # 4 scenarios + campaign.json + broken; notes.json skipped
    assert {line.split(":")[0] for line in out.splitlines()} == {
        str(broken),
        str(folder / "tutorial" / "04-down-the-river.scenario.json"),
    }


def test_a_folder_without_raftwright_files_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(tmp_path), str(FIRST_STEPS))
    assert (code, out) == (2, "") and f"{tmp_path}: the folder holds no Raftwright files" in err


def test_a_campaign_with_a_missing_scenario_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copytree(campaigns_dir() / "tutorial", tmp_path / "tutorial")
    (tmp_path / "tutorial" / "03-crossed-paths.scenario.json").unlink()
    code, out, _ = run(capsys, "validate", str(tmp_path / "tutorial" / "campaign.json"))
    assert code == 1 and "error: scenario entry 3 (03-crossed-paths.scenario.json)" in out


def test_bundled_content_validates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", "--bundled", "--json")
    rows = json.loads(out)
    assert code == 0 and rows and {r["severity"] for r in rows} == {"warning"}
    files = {r["file"] for r in rows}
    assert all(f.endswith(".scenario.json") for f in files)


def test_validate_without_paths_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "validate")
    assert code == 2 and "at least one PATH" in err


def test_show_prints_the_island(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(FIRST_STEPS))
    lines = out.splitlines()
    assert code == 0 and lines[0] == "First steps (tutorial-1-first-steps), standard mode"
    assert lines[1] == "    012345678901234567"
    grid = {int(line[:3]): line[4:] for line in lines[2:17]}
    assert len(grid) == 15 and grid[0][:3] == "FFF" and grid[0][9:12] == "FFo"  # strip, card 7's printed fire
    assert grid[13][3:6] == "bBb" and grid[1][10] == "O" and grid[7][4] == "G"  # cats uppercase
    assert grid[12][15:18] == "***" and grid[13][15:18] == "*#*"  # raft A
    assert grid[5][9:18] == "." * 9  # unpinned board: terrain drawn at set-up
    assert "Legend:" in out and "raft A at (12, 15)" in out


def test_show_a_pinned_board_and_tokens(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = read_json(FIRST_STEPS)
    doc["boards"][2]["pin"] = {"board": "L1"}
    doc["tokens"] = [{"kind": "objective", "value": "2", "at": [12, 15]}, {"kind": "map", "at": [5, 9]}]
    code, out, _ = run(capsys, "show", "--no-legend", str(write_json(tmp_path / "p.scenario.json", doc)))
    rows = out.splitlines()
    assert code == 0 and "Legend" not in out
    assert rows[2 + 5][4 + 9 : 4 + 18] == "$bgorogop"  # L1's plain face row 5 "rbgorogop", map token on top
    assert rows[2 + 12][4 + 15] == "2"


def test_show_an_unreadable_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "show", str(tmp_path / "nope.scenario.json"))
    assert (code, out) == (2, "") and "file not found" in err


def test_import_comp1110_writes_a_valid_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "first.scenario.json"
    code, out, err = run(capsys, "import-comp1110", FIRST_STEPS_CHALLENGE, "-o", str(out_file), "--name", "First steps")
    assert code == 0 and out == "" and f"wrote {out_file}" in err
    scenario = open_scenario(out_file)
    bundled = open_scenario(FIRST_STEPS)
    assert (scenario.name, scenario.boards, scenario.cards) == ("First steps", bundled.boards, bundled.cards)


def test_import_comp1110_rejects_a_malformed_string(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "import-comp1110", "LNSNX", "-o", str(tmp_path / "x.scenario.json"))
    assert code == 2 and "cannot import the challenge" in err and not (tmp_path / "x.scenario.json").exists()


def test_import_comp1110_into_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "import-comp1110", FIRST_STEPS_CHALLENGE, "-o", str(tmp_path / "no" / "x.json"))
    assert code == 2 and "cannot write" in err


def _replace_studio(monkeypatch: pytest.MonkeyPatch, fake: types.ModuleType | None) -> None:
    """``from editor import app`` reads the package's attribute once editor.app has been
    imported (by an earlier test), so both the attribute and sys.modules are replaced;
    else the real studio would open and wait for a person."""
    monkeypatch.setitem(sys.modules, "editor.app", fake)
    if fake is None:
        monkeypatch.delattr(editor, "app", raising=False)
    else:
        monkeypatch.setattr(editor, "app", fake, raising=False)


def test_edit_calls_the_studio(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str | None, object]] = []
    fake = types.ModuleType("editor.app")
    fake.main = lambda path, catalog=None: calls.append((path, catalog)) or 7  # type: ignore[attr-defined]
    _replace_studio(monkeypatch, fake)
    assert main(["edit", "x.scenario.json"]) == 7 and main(["edit"]) == 7
    # a file outside any installed pack opens with the default catalog (engine.packs.resolve)
    assert calls == [("x.scenario.json", default_catalog()), (None, None)]


def test_edit_without_the_studio_exits_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _replace_studio(monkeypatch, None)
    code, _, err = run(capsys, "edit")
    assert code == 2 and "the studio cannot start" in err and len(err.strip().splitlines()) == 1


def test_the_installed_console_script(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("raftwright")
    if not script.exists():
        pytest.skip(f"no console script beside {sys.executable}; install the package (make test does)")
    ok = subprocess.run([str(script), "validate", "--bundled"], capture_output=True, text=True, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    missing = subprocess.run([str(script), "validate", "missing.json"], capture_output=True, text=True, cwd=tmp_path)
    assert missing.returncode == 2 and missing.stderr.startswith("raftwright: missing.json: file not found")


def test_edit_pauses_automatic_collection_only_until_the_studio_collects(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``raftwright edit`` turns automatic cycle collection off before the studio's imports
    (the studio collects from its GUI thread, editor.gui_gc); a command that ends without
    the studio's collector running turns it back on."""
    import gc

    seen: list[bool] = []
    fake = types.ModuleType("editor.app")
    fake.main = lambda path, catalog=None: seen.append(gc.isenabled()) or 0  # type: ignore[attr-defined]
    _replace_studio(monkeypatch, fake)
    monkeypatch.setitem(sys.modules, "editor.gui_gc", types.SimpleNamespace(active=lambda: False))
    was_on = gc.isenabled()  # off if an earlier test's application installed the studio's collector
    gc.enable()
    try:
        assert main(["edit"]) == 0
        assert seen == [False] and gc.isenabled()  # off while the studio started, back on after
        assert main(["edit", "no-such-name"]) == 2 and gc.isenabled()  # a refused file: back on
        monkeypatch.setitem(sys.modules, "editor.gui_gc", types.SimpleNamespace(active=lambda: True))
        assert main(["edit"]) == 0
        assert not gc.isenabled()  # the studio's collector owns collection now
    finally:
        (gc.enable if was_on else gc.disable)()
