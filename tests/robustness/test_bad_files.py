"""Every bad file gets a clear one-line error (issue 16, items 1, 2, 6 and the newcomer
issue's 14-15): deep nesting, a non-string "format", lone surrogates, a top-level
array, broken JSON, through the loaders and the CLI (exit 2, no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import validate
from engine.check.validate_files import open_campaign, open_scenario, validate_path
from engine.model.formats import FormatError
from engine.model.jsonio import MAX_DEPTH, MAX_FILE_BYTES, read_json
from raftwright.cli import main
from raftwright.common import EXIT_ERRORS, EXIT_UNREADABLE

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "campaigns" / "campaign-1" / "01-waiting-for-friends.scenario.json"


def scenario_doc() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    return data


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


BAD_FILES: dict[str, tuple[str | bytes, str]] = {
    "deep.json": ("[" * 100_000 + "]" * 100_000, f"nested more than {MAX_DEPTH} levels"),
    "deep-in-notes.json": (
        '{"format": "raftwright.scenario", "notes": ' + "[" * 500 + "]" * 500 + "}",
        f"nested more than {MAX_DEPTH} levels deep at /notes/0",
    ),
    "format-list.json": ('{"format": ["raftwright.scenario"]}', "its \"format\" is ['raftwright.scenario']"),
    "array.json": ("[1, 2]", "the file holds an array, not a JSON object"),
    "unterminated.json": ('{"format": "raftwright.scenario", "name": "abc', "Unterminated string starting at (line 1"),
    "latin1.json": (b'{"name": "Caf\xe9"}', "not UTF-8 text (byte 13 is 0xe9)"),
    "nan.json": ('{"format": "raftwright.scenario", "difficulty": NaN}', "NaN is not a JSON number"),
    "huge-int.json": (
        '{"format": "raftwright.scenario", "difficulty": ' + "9" * 5000 + "}",
        "a number thousands of digits long",  # not Python's "use sys.set_int_max_str_digits()"
    ),
    "key-twice.json": (  # readers disagree on which "id" counts: a file must not show one and play another
        '{"format": "raftwright.scenario", "id": "shown", "id": "played"}',
        "the key 'id' appears twice in one object",
    ),
}


def write_bad(folder: Path, name: str) -> tuple[Path, str]:
    content, reason = BAD_FILES[name]
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path, reason


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_every_loader_refuses_a_bad_file_with_the_documented_error(tmp_path: Path, name: str) -> None:
    path, reason = write_bad(tmp_path, name)
    for load in (validate_path, open_scenario, open_campaign):
        with pytest.raises(FormatError) as info:
            load(path)
        assert str(path) in str(info.value) and reason in str(info.value), str(info.value)
        assert "at at" not in str(info.value)


@pytest.mark.parametrize("name", ["deep.json", "format-list.json", "latin1.json"])
@pytest.mark.parametrize("command", ["validate", "show"])
def test_the_cli_says_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, command: str
) -> None:
    path, reason = write_bad(tmp_path, name)
    assert main([command, str(path)]) == EXIT_UNREADABLE
    err = capsys.readouterr().err
    assert reason in err.splitlines()[0] and "Traceback" not in err  # one line says why (validate adds its summary)


def test_deep_nesting_through_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    path, _ = write_bad(tmp_path, "deep.json")
    for command in ("validate", "show", "play"):
        result = subprocess.run(
            [sys.executable, "-m", "raftwright", command, str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={
                "QT_QPA_PLATFORM": "offscreen",
                "PATH": "/usr/bin:/bin",
                "RAFTWRIGHT_USER_DIR": str(tmp_path / "user"),
            },
        )
        assert result.returncode == EXIT_UNREADABLE, (command, result.stderr)
        assert "Traceback" not in result.stderr and "nested more than" in result.stderr


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.scenario.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(FormatError, match="larger than 4096 KiB"):
        read_json(path)


def test_validate_of_a_dict_never_raises_for_deep_values() -> None:
    doc = scenario_doc()
    doc["notes"] = nested(1000)
    issues = validate(doc)
    assert [i.code for i in issues] == ["text-unsavable"] and issues[0].where.path.startswith("/notes/0/0")


def test_a_lone_surrogate_is_refused_with_its_location(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = scenario_doc()
    doc["name"] = "Cat \ud83d"
    issues = validate(doc)
    assert [(i.code, i.where.path) for i in issues] == [("text-unsavable", "/name")]
    assert "lone UTF-16 surrogate" in issues[0].message and "'Cat '" in issues[0].message
    path = tmp_path / "cat.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # ASCII-escaped: "Cat \ud83d"
    for command in ("validate", "show"):
        assert main([command, str(path)]) == EXIT_UNREADABLE
        err = capsys.readouterr().err
        assert "the text of 'name' holds, after 'Cat '," in err and "lone UTF-16 surrogate" in err
        assert "Traceback" not in err
    doc["name"] = "Cat \U0001f63a"  # a whole emoji is fine
    assert validate(doc) == []
    path.write_text(json.dumps(doc), encoding="utf-8")  # written as the pair "\ud83d\ude3a"
    assert main(["validate", str(path)]) == 0
    assert validate(doc) == []


def test_show_gives_the_same_located_message_as_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = scenario_doc()
    doc["boards"][0]["at"] = "zero"
    path = tmp_path / "broken.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["validate", str(path)]) == EXIT_ERRORS
    validated = capsys.readouterr().out.splitlines()[0]
    assert main(["show", str(path)]) == EXIT_UNREADABLE
    shown = capsys.readouterr().err
    message = validated.split(" error: ", 1)[1]
    assert message.split(" (")[0] in shown and "is not of type" not in shown  # validate's words, not jsonschema's


CAMPAIGN = ROOT / "campaigns" / "campaign-1" / "campaign.json"


def _broken_campaign(folder: Path) -> Path:
    doc = json.loads(CAMPAIGN.read_text(encoding="utf-8"))
    doc["scenarios"] = "all of them"
    path = folder / "campaign.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["difficulty", "--games", "1"], ["booklet", "-o", "out.pdf"]])
def test_commands_reading_a_campaign_give_validates_located_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A broken campaign read by ``difficulty`` or ``booklet`` is refused with the words
    ``validate`` uses (element, what is wrong, the fix), not jsonschema's raw message."""
    path = _broken_campaign(tmp_path)
    assert main(["validate", str(path)]) == EXIT_ERRORS
    validated = capsys.readouterr().out.splitlines()[0].split(" error: ", 1)[1]
    args = [a if a != "out.pdf" else str(tmp_path / a) for a in command]
    assert main([args[0], str(path), *args[1:]]) == EXIT_UNREADABLE
    said = capsys.readouterr().err
    assert validated.split(" (")[0] in said and "is not of type" not in said, said


def test_render_gives_validates_located_message_for_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``render`` reads a broken scenario as ``show`` does: validate's words, not jsonschema's."""
    doc = scenario_doc()
    doc["boards"][0]["at"] = "zero"
    path = tmp_path / "broken.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["render", str(path), "-o", str(tmp_path / "out.png")]) == EXIT_UNREADABLE
    said = capsys.readouterr().err
    assert "/boards/0" in said or "board 1" in said, said
    assert "is not of type" not in said and not (tmp_path / "out.png").exists()
