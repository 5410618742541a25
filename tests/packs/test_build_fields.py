"""A build never writes what the reader refuses (issue 25, item 1), and authorship and
rights (item 7): plain field messages in the CLI, no silent licence, defaults from the
campaign, and the publisher's credit kept on the official layouts."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pack_helpers import INFO, tutorial_campaign

from engine.packs.build import build_pack, collect
from engine.packs.errors import PackError
from engine.packs.fields import ALL_RIGHTS_RESERVED, field_problems
from engine.packs.reader import open_pack
from raftwright.cli import main

SOURCES = collect([tutorial_campaign()])


def build(capsys: pytest.CaptureFixture[str], out: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["pack", "build", str(tutorial_campaign().parent), "-o", str(out), "--no-sheets", *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("--version", "1.0", "version must look like 1.0.0 (MAJOR.MINOR.PATCH, whole numbers without leading zeros); did you mean 1.0.0?"),
        ("--version", "01.2.3", "version must look like 1.0.0"),
        ("--id", "Bad_ID!", "id must be lowercase letters, digits and hyphens"),
        ("--licence", "CC BY 4.0", "licence must be an SPDX licence id such as CC-BY-4.0"),
        ("--language", "English", "a language must be a code such as en, fr or pt-BR"),
        ("--title", "x" * 201, "title is 201 characters long; it may be at most 200"),
        ("--author", "Ann\x1b[2J", "keep it to one line of text"),
    ],
)  # fmt: skip
def test_each_field_is_refused_in_plain_words_before_writing(capsys, tmp_path, option, value, words) -> None:
    out = tmp_path / "p.raftpack"
    extra = [option, value] + ([] if option == "--licence" else ["--licence", "CC0-1.0"])
    code, stdout, _ = build(capsys, out, *extra)
    assert code == 1 and not out.exists()
    line = next(x for x in stdout.splitlines() if words in x)
    assert line.startswith(f"{out}: error: ")
    assert "^" not in stdout and "does not match" not in stdout and "\x1b" not in stdout


def test_no_licence_is_ever_implied(capsys, tmp_path) -> None:
    out = tmp_path / "p.raftpack"
    code, stdout, _ = build(capsys, out)
    assert code == 1 and not out.exists()
    assert "no licence chosen" in stdout and "--all-rights-reserved" in stdout
    code, stdout, _ = build(capsys, out, "--licence", "MIT", "--all-rights-reserved")
    assert code == 1 and "not both" in stdout


def test_all_rights_reserved_and_the_campaign_defaults(capsys, tmp_path) -> None:
    out = tmp_path / "tutorial.raftpack"
    code, _, err = build(capsys, out, "--all-rights-reserved")
    assert code == 0, err
    manifest = open_pack(out).manifest
    campaign = json.loads(tutorial_campaign().read_text(encoding="utf-8"))
    assert manifest.licence == ALL_RIGHTS_RESERVED
    assert (manifest.id, manifest.title) == ("tutorial", "Tutorial")
    assert manifest.authors == (campaign["author"],) and manifest.description == campaign["description"]
    assert main(["pack", "inspect", str(out)]) == 0
    assert "licence all rights reserved" in capsys.readouterr().out


def test_official_layouts_warn_and_keep_the_publishers_credit(capsys, tmp_path) -> None:
    out = tmp_path / "mine.raftpack"
    code, _, err = build(capsys, out, "--licence", "CC-BY-4.0", "--author", "Someone Else", "--title", "Mine")
    assert code == 0
    warnings = [line for line in err.splitlines() if "warning: " in line and "official scenario" in line]
    assert len(warnings) == 4 and "official scenario 'First steps' by The City of Games" in warnings[0]
    manifest = open_pack(out).manifest
    assert manifest.authors == ("Someone Else",)
    assert len(manifest.credits) == 1 and "The City of Games" in manifest.credits[0]
    assert "not covered by this pack's licence" in manifest.credits[0]
    assert main(["pack", "inspect", str(out)]) == 0
    assert "credit: Scenario layouts from Race to the Raft by The City of Games" in capsys.readouterr().out


def test_a_copied_official_layout_elsewhere_is_still_credited(capsys, tmp_path) -> None:
    doc = json.loads((tutorial_campaign().parent / "02-ancient-trail.scenario.json").read_text(encoding="utf-8"))
    doc.update(id="my-trail", name="My trail", author="Me")
    path = tmp_path / "my-trail.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "copy.raftpack"
    assert main(["pack", "build", str(path), "-o", str(out), "--no-sheets", "--licence", "CC0-1.0"]) == 0
    assert "official scenario 'Ancient trail'" in capsys.readouterr().err
    manifest = open_pack(out).manifest
    assert manifest.title == "My trail" and manifest.authors == ("Me",) and manifest.credits


def test_an_own_layout_has_no_credit(capsys, tmp_path) -> None:
    doc = json.loads((tutorial_campaign().parent / "02-ancient-trail.scenario.json").read_text(encoding="utf-8"))
    doc.update(id="my-own", name="My own", author="Me", tokens=[*doc["tokens"]])
    doc["cards"] = doc["cards"][:-1]
    path = tmp_path / "my-own.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "own.raftpack"
    args = ["pack", "build", str(path), "-o", str(out), "--no-sheets", "--licence", "CC0-1.0", "--allow-errors"]
    assert main(args) == 0
    assert "warning" not in capsys.readouterr().err
    assert open_pack(out).manifest.credits == ()


def test_a_pack_with_no_author_anywhere_is_refused(capsys, tmp_path) -> None:
    doc = json.loads((tutorial_campaign().parent / "02-ancient-trail.scenario.json").read_text(encoding="utf-8"))
    doc.pop("author", None)
    path = tmp_path / "x.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "x.raftpack"
    assert main(["pack", "build", str(path), "-o", str(out), "--no-sheets", "--licence", "MIT"]) == 1
    assert "names no author" in capsys.readouterr().out and not out.exists()


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["1.0", "1.0.0", "v2", "1.2.3-beta+7", "my-pack", "My Pack", "CC-BY-4.0", "MIT OR Apache-2.0", "", "en-GB"]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ident=TEXT, version=TEXT, licence=TEXT, title=TEXT, language=TEXT)
def test_whatever_the_fields_a_build_the_reader_refuses_is_never_written(
    ident: str, version: str, licence: str, title: str, language: str
) -> None:
    info = replace(INFO, id=ident, version=version, licence=licence, title=title, languages=(language,))
    try:
        data, _ = build_pack(info, SOURCES)
    except PackError as exc:
        assert set(exc.codes) == {"field-invalid"}
        assert set(field_problems(info.fields())) == {p.entry for p in exc.problems}
        return
    assert open_pack(data).manifest.id == ident
