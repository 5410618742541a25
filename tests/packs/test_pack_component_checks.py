"""A pack's components are checked like a user's catalog (issue 25, item 4): a card
whose cats start on fire or share a square, a component defined twice (the second used
to win silently), a bad board face, a bad disaster effect, a bad hybrid tile, a special
board whose face rows differ in length: each refused with its own code at ``pack
inspect``, ``pack verify``, ``pack install`` and in the import dialog.  A scenario
whose special-board outline has rows of unequal length (``["xx", "x"]``) is refused
naming the board wherever it can arrive, never an IndexError.  Every component here
is a FIXTURE."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from pack_helpers import FIXTURE_CATALOG, INFO, craft, split, tutorial_campaign
from pytestqt.qtbot import QtBot

from editor.packs.import_dialog import ImportPackDialog
from engine.check.validate import validate
from engine.check.validate_files import open_scenario
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.formats import scenario_to_dict
from engine.packs.build import build_pack, collect
from raftwright.cli import main

COMPONENTS = f"components/{INFO.id}.components.json"


@pytest.fixture(scope="module")
def pack_parts(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A pack whose scenario uses fixture location card 13 (so it carries components)."""
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    next(c for c in doc["cards"] if c["kind"] == "location")["card"] = "13"
    source = tmp_path_factory.mktemp("src") / "custom.scenario.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_CATALOG))
    return split(build_pack(INFO, collect([source]), catalog=catalog)[0])


def _cats_on_fire(doc: dict[str, Any]) -> None:
    doc["location_cards"][0]["grid"] = ["ggg", "gfg", "ggg"]


def _cats_sharing(doc: dict[str, Any]) -> None:
    doc["location_cards"][0]["cats"].append({"colour": "blue", "square": [1, 1]})


def _duplicate(doc: dict[str, Any]) -> None:
    doc["location_cards"].append(copy.deepcopy(doc["location_cards"][0]))


def _board_face(doc: dict[str, Any]) -> None:
    doc["island_boards"] = [
        {"id": "FX-B1", "size": "large", "number": 9, "fire_face": ["g" * 9] * 9, "plain_face": ["g" * 9] * 9}
    ]  # fmt: skip  (its fire face has no fire strip)


def _ragged_special_board(doc: dict[str, Any]) -> None:
    doc["island_boards"] = [{"id": "FX-R1", "size": "special", "shape": "fx-ragged", "number": 1,
                             "fire_face": ["ggg", "gg"], "plain_face": ["ggg", "gg"]}]  # fmt: skip


def _disaster_effect(doc: dict[str, Any]) -> None:
    doc["disaster_cards"] = [{"id": "fx-d1", "effects": [{"effect": "exhaust", "cat": "any"}]}]


def _hybrid_tile(doc: dict[str, Any]) -> None:
    doc["fire_tiles"] = [{"id": "fx-h1", "cells": [[0, 0]], "hybrid": True,
                          "safe_spots": [{"square": [0, 2], "terrain": "blue"}]}]  # fmt: skip


CASES: dict[str, tuple[Callable[[dict[str, Any]], None], str, str]] = {
    "cats on fire": (_cats_on_fire, "catalog-location-cats", "location card 13 starts a cat on printed fire"),
    "cats sharing a square": (_cats_sharing, "catalog-location-cats", "starts two cats on square (1, 1)"),
    "a duplicate id": (_duplicate, "catalog-duplicate-id", "location card 13 is defined twice"),
    "a bad board face": (_board_face, "catalog-board-face", "island board FX-B1: its fire_face must start"),
    "a ragged special board": (_ragged_special_board, "catalog-board-face", "island board FX-R1: the rows of its"),
    "a bad disaster effect": (_disaster_effect, "catalog-disaster-effect", "disaster card fx-d1, effect 1"),
    "a bad hybrid tile": (_hybrid_tile, "catalog-hybrid-tile", "fire tile fx-h1: safe spot (0, 2)"),
}


def _hostile(parts: tuple[dict[str, Any], dict[str, bytes]], change: Callable[[dict[str, Any]], None]) -> bytes:
    manifest, files = copy.deepcopy(parts[0]), dict(parts[1])
    doc = json.loads(files[COMPONENTS])
    change(doc)
    files[COMPONENTS] = json.dumps(doc).encode()
    return craft(manifest, files)


@pytest.mark.parametrize("case", list(CASES))
def test_a_packs_components_are_checked_at_inspect_verify_and_install(
    case: str, pack_parts, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, code, words = CASES[case]
    path = tmp_path / "hostile.raftpack"
    path.write_bytes(_hostile(pack_parts, change))
    for command in (["pack", "inspect"], ["pack", "verify"], ["pack", "install"]):
        assert main([*command, str(path)]) == 1, command
        out = capsys.readouterr().out
        assert words in out and f"({COMPONENTS})" in out, (command, out)
        line = next(x for x in out.splitlines() if words in x)
        assert ": error: " in line and code not in line, line  # plain words; the code is for programs
        assert "Traceback" not in out
    assert not (tmp_path / "user" / "packs" / INFO.id).exists()


def test_the_import_dialog_shows_the_component_problem(pack_parts, tmp_path: Path, qtbot: QtBot) -> None:
    path = tmp_path / "hostile.raftpack"
    path.write_bytes(_hostile(pack_parts, _duplicate))
    dialog = ImportPackDialog(path, root=tmp_path / "packs")
    qtbot.addWidget(dialog)
    items = [dialog.problems.item(n) for n in range(dialog.problems.count())]
    problems = [(item.text(), item.toolTip()) for item in items]  # plain words; the code in the tooltip
    assert any("defined twice" in p and "catalog-duplicate-id" in tip for p, tip in problems), problems
    assert not dialog.install_button.isEnabled()


def _ragged_scenario() -> dict[str, Any]:
    """Tutorial 1 with a FIXTURE special board whose outline rows differ in length."""
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    slot = next(b for b in doc["boards"] if b["at"] == [9, 9])
    slot.clear()
    slot.update(size="special", face="plain", at=[9, 9], shape="fixture-shape-2", outline=["xx", "x"], rotation=1)
    return doc


RAGGED = "board 4 (special fixture-shape-2, plain face) at (9, 9): the rows of 'outline' differ in length (2, 1)"


def test_a_ragged_outline_is_refused_naming_the_board_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert [i.message for i in validate(_ragged_scenario())] == [f"{RAGGED}; give every row the same number of "
                                                                 "letters ('.' for squares that are not part of the board)"]  # fmt: skip
    path = tmp_path / "ragged.scenario.json"
    path.write_text(json.dumps(_ragged_scenario()), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert RAGGED in capsys.readouterr().out
    for command in (["show", str(path)], ["render", str(path), "-o", str(tmp_path / "r.png")]):
        assert main(command) == 2, command
        assert RAGGED in capsys.readouterr().err
    good = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    good_path = tmp_path / "good.scenario.json"
    good_path.write_text(json.dumps(good), encoding="utf-8")
    manifest, files = split(build_pack(INFO, collect([good_path]))[0])
    files[next(p for p in files if p.endswith(".scenario.json"))] = json.dumps(_ragged_scenario()).encode()
    pack = tmp_path / "ragged.raftpack"
    pack.write_bytes(craft(manifest, files))
    assert main(["pack", "verify", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "error: board 4 (special " in out and RAGGED in out and "/boards" not in out  # the pointer: --json, tooltips


def test_a_ragged_outline_never_stops_the_studio(tmp_path: Path, qtbot: QtBot) -> None:
    from editor.app import create_window

    path = tmp_path / "ragged.scenario.json"
    path.write_text(json.dumps(_ragged_scenario()), encoding="utf-8")
    shown: list[str] = []
    window = create_window(None, autosave_seconds=3600)
    qtbot.addWidget(window)
    window.show_error = lambda title, message: shown.append(message)  # type: ignore[method-assign]
    assert window.open_path(path) is False  # refused with a message, the studio keeps running
    assert shown and RAGGED in shown[0]


def test_verify_warns_when_the_manifest_misstates_what_a_scenario_needs(
    pack_parts, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest, files = copy.deepcopy(pack_parts[0]), dict(pack_parts[1])
    assert manifest["scenarios"][0]["needs"]["components"] == [{"kind": "location", "id": "13"}]
    manifest["scenarios"][0]["needs"] = {"box": ["base"], "features": [], "components": []}  # card 13 left out
    path = tmp_path / "misstated.raftpack"
    path.write_bytes(craft(manifest, files))
    assert main(["pack", "verify", str(path)]) == 0  # a warning
    out = capsys.readouterr().out
    assert "warning: the manifest says" in out and "location card 13" in out and "build the pack again" in out
