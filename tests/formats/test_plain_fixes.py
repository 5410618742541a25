"""Issue 28 item 3: every message a person reads says what is wrong and the fix, in
plain words, with no internal codes.

Two sweeps: the message catalogue (every issue and pack refusal the checker and the
pack code can make, read from their source) and every issue a set of bad layouts and
files really produces, as ``raftwright validate`` prints it.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.check.issues import Issue
from engine.check.validate import validate
from engine.model.formats import scenario_to_dict
from engine.model.scenario import BoardPin, CardPlacement, Objective, Scenario, TokenPlacement
from engine.model.wording import plain_text
from engine.packs.reader import READER_FIXES
from raftwright.cli import main

ROOT = Path(__file__).resolve().parents[2]
SWEPT = sorted([*(ROOT / "engine" / "check").glob("*.py"), *(ROOT / "engine" / "packs").glob("*.py")])
VERBS = (
    "add|move|use|remove|set|change|pick|put|open|replace|fix|give|list|lower|drop|turn|bind|place|build|check|"
    "record|run|choose|rename|delete|install|re-place|copy|save|compare|see|try|estimate|mark|edit|download|update|"
    "ask|close|free|make|select|leave|keep|start|reduce|write|split|name|pin|rebuild"
)
# a fix: an imperative after a clause break ("; move it", ": use raft B", "so move it",
# "or remove the pin"), "it must be ..." / "it needs ...", or a placeholder holding one
FIX = re.compile(
    rf"(?:^|[;:.,(]\s*|\b(?:so|then|or|and|instead)\s+)(?:{VERBS})\b|\bmust be\b|\bit needs\b|\{{[^}}]*fix[^}}]*\}}",
    re.IGNORECASE,
)
# what a person cannot act on: a rule code, an issue code, a JSON pointer, a regular expression
INTERNAL = re.compile(
    r"RULINGS|\b[a-z]+(?:-[a-z]+){2,}\b(?! \w)|(?<![\w.])/(?:cards|boards|tokens|objectives)/\d|\^\[|\(\?|\\d"
)
# call -> index of its message argument: issue(code, message), Issue(code, severity, message),
# Problem(code, pack, entry, message), the packs' refusal helpers and the reader's collector
MESSAGE_ARG = {"issue": 1, "Issue": 2, "Problem": 3, "_refuse": 2, "refuse": 1, "_problem": 2, "add": 2}


def has_fix(text: str) -> bool:
    return FIX.search(text) is not None


def _template(node: ast.expr) -> str | None:
    """A message literal with ``{expression}`` for each value put in; None when the
    message is a variable (made elsewhere, and swept there or below)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(v.value) if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"  # type: ignore[attr-defined]
            for v in node.values
        )
    return None


def catalogue() -> list[tuple[str, str, str | None]]:
    """(file:line, message template, code) for every message the swept modules make."""
    out: list[tuple[str, str, str | None]] = []
    for path in SWEPT:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            index = MESSAGE_ARG.get(str(name))
            if index is None or len(node.args) <= index:
                continue
            text = _template(node.args[index])
            code = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            if text is not None:
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", text, code if isinstance(code, str) else None))
    return out


def test_the_fix_detector_tells_a_fix_from_none() -> None:
    assert has_fix("card 3 overlaps card 5; move one of them")
    assert has_fix("board 2 has its strip on the east edge; use west or turn the board")
    assert has_fix("the campaign book places them so: turn it back to rotation 0")
    assert has_fix("'at' is 20; it must be at most 17")
    assert not has_fix("card 3 overlaps card 5")
    assert not has_fix("the pack holds two entries with this name")


def test_every_message_in_the_catalogue_says_the_fix() -> None:
    found = catalogue()
    assert len(found) > 80  # the sweep reads the checker and the pack code, not nothing
    missing = []
    for where, text, code in found:
        plain = plain_text(text)
        if has_fix(plain) or (code is not None and code in READER_FIXES):
            continue
        if re.search(r"\{[^}]+\}$", plain.strip()):  # ends with a message made elsewhere: swept there or below
            continue
        missing.append(f"{where}: {plain}")
    assert missing == []


def test_no_message_in_the_catalogue_shows_an_internal_code() -> None:
    shown = [
        (where, text)
        for where, text, _ in catalogue()
        # an issue's code put in a message (an HTTP status, exc.code, is fine), or an internal code shown
        if re.search(r"\{(?!exc\.)[^}]*\.code\}", text) or INTERNAL.search(plain_text(re.sub(r"\{[^}]*\}", "x", text)))
    ]
    assert shown == []


def _with_card(s: Scenario, index: int, **changes: object) -> Scenario:
    cards = list(s.cards)
    cards[index] = replace(cards[index], **changes)  # type: ignore[arg-type]
    return s.with_changes(cards=tuple(cards))


def bad_layouts(first_steps: Scenario) -> list[Scenario]:
    """Tutorial 1 broken in each way the rule checks know (tests/formats/test_rulecheck.py)."""
    loc3, loc5, loc7, raft = 6, 7, 8, 9
    boards = list(first_steps.boards)
    overlap = first_steps.with_changes(boards=(*boards[:3], replace(boards[3], at=(8, 9))))
    pinned = first_steps.with_changes(boards=(replace(boards[0], pin=BoardPin("ZZ")), *boards[1:]))
    edge = first_steps.with_changes(boards=(*boards[:1], replace(boards[1], fire_edge="north"), *boards[2:]))
    tokens = (
        TokenPlacement("water", (16, 3)),
        TokenPlacement("map", (4, 1)),
        TokenPlacement("objective", (5, 9), "1"),
        TokenPlacement("fish", (5, 10)),
        TokenPlacement("map", (5, 10)),
        TokenPlacement("objective", (12, 15), "3"),
    )
    objectives = (
        Objective("arrival_order", "red", 1),
        Objective("arrival_order", "blue", 1),
        Objective("arrival_order", "green", 1),
        Objective("arrival_order", "blue", 9),
        Objective("collect_maps", count=4),
    )
    return [
        first_steps.with_changes(boards=()),
        overlap,
        pinned,
        edge,
        _with_card(first_steps, raft, at=(13, 15)),
        _with_card(first_steps, loc3, at=(11, 3)),
        _with_card(first_steps, loc3, at=(12, 2)),
        _with_card(first_steps, loc7, rotation=1),
        _with_card(first_steps, loc5, ident="3"),
        _with_card(first_steps, loc5, ident="2"),
        _with_card(first_steps, loc5, ident="99"),
        _with_card(first_steps, raft, ident="R"),
        first_steps.with_changes(cards=tuple(c for c in first_steps.cards if c.kind != "fire")),
        first_steps.with_changes(cards=tuple(c for c in first_steps.cards if c.kind != "raft")),
        first_steps.with_changes(cards=(*first_steps.cards, CardPlacement("fire", (12, 6)))),
        first_steps.with_changes(tokens=tokens, objectives=objectives),
    ]


def test_every_issue_bad_layouts_produce_says_the_fix_in_plain_words(first_steps: Scenario) -> None:
    issues: list[Issue] = [i for s in bad_layouts(first_steps) for i in validate(s)]
    issues += validate({"format": "raftwright.scenario", "id": "Bad Id", "name": 3, "boards": [{"size": "huge"}]})
    codes = {i.code for i in issues}
    assert len(codes) >= 20, codes  # the fixtures reach most of the checks
    for issue in issues:
        plain = plain_text(issue.message)
        assert has_fix(plain), issue
        assert not INTERNAL.search(plain), issue


def test_validate_prints_plain_words_and_keeps_the_codes_for_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, first_steps: Scenario
) -> None:
    files = []
    for n, scenario in enumerate(bad_layouts(first_steps)):
        path = tmp_path / f"bad-{n}.scenario.json"
        path.write_text(json.dumps(scenario_to_dict(scenario)), encoding="utf-8")
        files.append(str(path))
    assert main(["validate", *files]) == 1
    plain = capsys.readouterr().out.splitlines()
    assert main(["validate", "--json", *files]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert len(plain) == len(rows) > 20
    assert any("RULINGS" in row["message"] for row in rows)  # the record keeps the rules cited
    for line, row in zip(plain, rows):
        assert line.startswith(f"{row['file']}: {row['severity']}: ")
        assert row["code"] not in line and "RULINGS" not in line
        assert not row["where"]["path"] or row["where"]["path"] not in line.removeprefix(row["file"])
        assert not INTERNAL.search(line.split(": ", 1)[1]) and has_fix(line), line


def test_difficulty_and_play_refuse_an_unplayable_scenario_in_plain_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, first_steps: Scenario
) -> None:
    advanced = first_steps.with_changes(rules=replace(first_steps.rules, disaster_deck=True))  # no disaster cards
    path = tmp_path / "advanced.scenario.json"
    path.write_text(json.dumps(scenario_to_dict(advanced)), encoding="utf-8")
    main(["difficulty", str(path), "--games", "2", "--no-progress"])
    table = capsys.readouterr().out
    assert "not playable yet: " in table and "disaster cards" in table and "RULINGS" not in table
    assert "cannot be played yet" not in table  # said once: the row names the scenario already
    main(["difficulty", str(path), "--games", "2", "--no-progress", "--json"])
    assert "RULINGS C15" in json.loads(capsys.readouterr().out)[0]["reason"]  # the record keeps the rule
    assert main(["play", str(path), "--text", "--seed", "1"]) == 2
    said = capsys.readouterr().err
    assert "cannot be played" in said and "Add a catalog with disaster cards" in said and "RULINGS" not in said
    assert said.count("cannot be played") == 1
