"""Packs whose zip is sound but whose contents were crafted or hand-edited: a manifest
that lists a file twice, a campaign that names a scenario the pack does not hold (or
one twice), values a megabyte long.  Each is refused or reported by ``pack verify`` in
plain words: the element named, no JSON pointer in the sentence (it is kept apart, for
programs and tooltips), long values cut short."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pack_helpers import craft, split, zip_bytes

from engine.packs.errors import REFUSAL_CODES, PackError
from engine.packs.reader import open_pack
from engine.packs.verify import verify_pack

CAMPAIGN = "campaigns/tutorial/campaign.json"
FIRST = "campaigns/tutorial/01-first-steps.scenario.json"


@pytest.fixture
def parts(tutorial_pack) -> tuple[dict[str, Any], dict[str, bytes]]:
    return split(tutorial_pack[0])


def opened(data: bytes, tmp_path: Path):
    path = tmp_path / "crafted.raftpack"
    path.write_bytes(data)
    return open_pack(path)


def refusal(data: bytes, tmp_path: Path) -> PackError:
    with pytest.raises(PackError) as caught:
        opened(data, tmp_path)
    return caught.value


def edited(files: dict[str, bytes], path: str, change) -> dict[str, bytes]:
    doc = json.loads(files[path])
    change(doc)
    return {**files, path: json.dumps(doc).encode()}


def test_a_manifest_that_lists_a_file_twice_is_refused(parts, tmp_path: Path) -> None:
    manifest, files = parts
    twice = dict(manifest, files=[*manifest["files"], manifest["files"][0]])
    error = refusal(craft(twice, files, relist=False), tmp_path)
    assert error.codes == ["manifest-file-twice"] and "manifest-file-twice" in REFUSAL_CODES
    assert error.problems[0].entry == manifest["files"][0]["path"]
    assert "lists this file twice" in error.problems[0].line()


@pytest.mark.parametrize("named", ["missing.scenario.json", "campaign.json"])  # ".." is the schema's refusal
def test_a_campaign_naming_a_scenario_the_pack_does_not_hold_is_refused(parts, tmp_path: Path, named: str) -> None:
    """It would install a campaign the player cannot play: refused when the pack is
    opened (install, inspect, verify, the import dialog), naming the campaign and entry."""
    manifest, files = parts

    def lacking(doc: dict[str, Any]) -> None:
        doc["scenarios"][1]["file"] = named

    error = refusal(craft(manifest, edited(files, CAMPAIGN, lacking)), tmp_path)
    problem = error.problems[0]
    assert (error.codes, problem.entry, problem.pointer) == (["campaign-scenario-missing"], CAMPAIGN, "/scenarios/1")
    assert f"scenario entry 2 names {named}, which the pack does not hold" in problem.line()


def test_a_campaign_listing_a_scenario_twice_fails_verify(parts, tmp_path: Path) -> None:
    manifest, files = parts

    def repeated(doc: dict[str, Any]) -> None:
        doc["scenarios"][1]["file"] = doc["scenarios"][0]["file"]

    findings, _ = verify_pack(opened(craft(manifest, edited(files, CAMPAIGN, repeated)), tmp_path))
    assert [f.issue.code for f in findings if f.issue.is_error] == ["campaign-scenario-duplicate"]


def test_the_tutorial_pack_verifies_with_its_campaign_checked(parts, tmp_path: Path) -> None:
    manifest, files = parts
    findings, _ = verify_pack(opened(craft(manifest, files), tmp_path))
    assert not [f for f in findings if f.issue.is_error]


def test_a_schema_error_names_the_element_and_keeps_the_pointer_apart(parts, tmp_path: Path) -> None:
    manifest, files = parts

    def off_grid(doc: dict[str, Any]) -> None:
        doc["cards"][0]["at"] = [99, 0]

    error = refusal(craft(manifest, edited(files, FIRST, off_grid)), tmp_path)
    problem = error.problems[0]
    assert (problem.code, problem.entry, problem.pointer) == ("file-invalid", FIRST, "/cards/0")
    line = problem.line()
    assert "error: fire card at (99, 0): 'at[0]' is 99; it must be at most 17" in line
    assert "/cards" not in line


def test_a_huge_value_is_cut_short_in_the_message(parts, tmp_path: Path) -> None:
    manifest, files = parts

    def long_id(doc: dict[str, Any]) -> None:
        doc["id"] = "x" * 100_000

    line = refusal(craft(manifest, edited(files, FIRST, long_id)), tmp_path).problems[0].line()
    assert len(line) < 400 and "(100002 characters)" in line


def test_a_manifest_that_is_not_an_object_is_named_so(parts, tmp_path: Path) -> None:
    _manifest, files = parts
    error = refusal(zip_bytes([("manifest.json", b"[]"), *files.items()]), tmp_path)
    assert error.codes == ["manifest-format"]
    assert "not a JSON object" in error.problems[0].line()


def test_a_damaged_manifest_list_is_said_in_words(parts, tmp_path: Path) -> None:
    manifest, files = parts
    broken = dict(manifest, files=[dict(manifest["files"][0], path="../x.scenario.json"), *manifest["files"][1:]])
    problem = refusal(craft(broken, files, relist=False), tmp_path).problems[0]
    assert problem.code == "manifest-invalid" and problem.pointer == "/files"
    assert "the manifest's file list is damaged (entry 1, its 'path')" in problem.line()
    assert problem.line().count("build it again") == 1
