"""Issue 25, "Done when": a designer's own campaign (FIXTURE components: a custom location
card, a special board, Kickstarter tokens, an advanced scenario with fixture disaster
cards, a hybrid fire tile and an Oshax path card; tests/packs/fixture_campaign.py) goes
build -> inspect -> install into a second user folder -> render, booklet, difficulty,
show, validate and play on the installed scenarios -> print-and-play pages -> an
upgrade to 1.1.0 that replaces 1.0.0, all through the ``raftwright`` command line (the
tests run in file order: the upgrade comes last).  The designer's catalog lives only in the designer's
user folder, so every step on the player's side must find the components in the pack."""

from __future__ import annotations

import io
import json
import random
import shutil
import unicodedata
from pathlib import Path
from typing import Any, Iterator

import pytest
from fixture_campaign import (
    CUSTOM_LOCATION,
    DISASTERS,
    HYBRID_TILE,
    SPECIAL_BOARD,
    record_game,
    write_campaign,
    write_designer_catalog,
)
from pypdf import PdfReader

from engine.check.validate_files import open_scenario
from engine.model.catalog import reload_default_catalog
from engine.packs.reader import open_pack
from engine.packs.resolve import catalog_for
from engine.play.game import new_game
from raftwright.cli import main

A4_POINTS = (595, 842)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The designer builds the pack (with a golden replay); then the test runs as the
    player, whose user folder holds no custom components."""
    root = tmp_path_factory.mktemp("e2e")
    designer, player = root / "designer", root / "player"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("RAFTWRIGHT_USER_DIR", str(designer))
        env.setenv("SOURCE_DATE_EPOCH", "1700000000")
        write_designer_catalog(designer)
        reload_default_catalog()
        campaign = write_campaign(root / "campaign")
        replay = root / "advanced.replay.json"
        replay.write_text(json.dumps(record_game(campaign.parent / "03-advanced.scenario.json")), encoding="utf-8")
        pack = root / "fixture-campaign.raftpack"
        args = ["pack", "build", str(campaign.parent), str(replay), "-o", str(pack), "--id", "fixture-campaign"]
        assert main([*args, "--version", "1.0.0", "--author", "Fixture Designer", "--licence", "CC-BY-4.0"]) == 0
        env.setenv("RAFTWRIGHT_USER_DIR", str(player))
        reload_default_catalog()
        yield {"pack": pack, "player": player, "root": root}
    reload_default_catalog()


@pytest.fixture(scope="module")
def installed(published: dict[str, Path]) -> Path:
    """The pack installed in the player's user folder; its campaign folder."""
    assert main(["pack", "install", str(published["pack"])]) == 0
    return published["player"] / "packs" / "fixture-campaign" / "1.0.0" / "campaigns" / "fixture-campaign"


def test_the_manifest_says_what_each_scenario_needs(
    published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["pack", "inspect", "--json", str(published["pack"])]) == 0
    needs = {s["id"]: s["needs"] for s in json.loads(capsys.readouterr().out)["scenarios"]}
    assert needs["fx-1-custom-card"]["box"] == ["base", "kickstarter"]
    assert needs["fx-1-custom-card"]["features"] == ["kickstarter-tokens"]
    assert {"kind": "location", "id": CUSTOM_LOCATION} in needs["fx-1-custom-card"]["components"]
    assert needs["fx-2-special-board"]["features"] == ["special-boards"]
    assert {"kind": "board", "id": SPECIAL_BOARD} in needs["fx-2-special-board"]["components"]
    assert needs["fx-3-advanced"]["features"] == ["hybrid-tiles", "disaster-cards"]
    kinds = {(c["kind"], c["id"]) for c in needs["fx-3-advanced"]["components"]}
    assert {("fire-tile", HYBRID_TILE), ("disaster", DISASTERS[0]), ("pathway", "triangle:fx-path")} <= kinds
    assert main(["pack", "inspect", str(published["pack"])]) == 0
    text = capsys.readouterr().out
    assert "uses the Kickstarter pack's special island boards" in text
    assert "custom components (not in the box; faces on the print-and-play pages): location card 20" in text


def test_a_fresh_build_carries_every_custom_kind_and_verifies_on_a_strangers_machine(
    published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = open_pack(published["pack"])
    components = next(doc for path, doc in pack.documents.items() if path.startswith("components/"))
    assert [t["id"] for t in components["fire_tiles"]] == [HYBRID_TILE]
    assert components["pathway_decks"][0]["cards"][0]["oshax"]  # the Oshax path card
    assert sorted(d["id"] for d in components["disaster_cards"]) == list(DISASTERS)
    assert main(["pack", "verify", str(published["pack"])]) == 0  # the player has none of the designer's catalog
    captured = capsys.readouterr()
    assert "replay-broken" not in captured.out + captured.err
    assert "3 scenario(s), 1 replay(s); 0 error(s)" in captured.err


def test_every_command_uses_the_installed_packs_components(
    installed: Path, published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    scenarios = sorted(installed.glob("*.scenario.json"))
    assert main(["validate", str(installed)]) == 0
    for path in scenarios:
        assert main(["show", str(path)]) == 0
    out = published["root"] / "out"
    assert main(["render", *map(str, scenarios), "-o", str(out)]) == 0
    assert all((out / f"{p.name.removesuffix('.scenario.json')}.png").read_bytes()[:4] == b"\x89PNG" for p in scenarios)
    assert main(["booklet", str(installed), "-o", str(out / "booklet.pdf")]) == 0
    capsys.readouterr()
    assert main(["difficulty", str(installed), "--games", "8", "--json", "--no-progress"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 3 and all(row.get("playable", True) and row["games"] == 8 for row in rows)
    # outside the pack the same file has no card 20: the pack's catalog is what found it
    outside = published["root"] / "outside.scenario.json"
    shutil.copy(scenarios[0], outside)
    assert main(["validate", str(outside)]) == 1
    assert "location card 20" in capsys.readouterr().out


def test_the_installed_scenarios_play_with_the_packs_components(installed: Path) -> None:
    for path in sorted(installed.glob("*.scenario.json")):
        catalog = catalog_for(path)
        state = new_game(open_scenario(path), seed=2, catalog=catalog)
        rng = random.Random(2)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert state.outcome() is not None
    first = open_scenario(installed / "01-custom-card.scenario.json")
    state = new_game(first, seed=1, catalog=catalog_for(installed / "01-custom-card.scenario.json"))
    assert {"purple", "green"} <= set(state.island.cat_colours)  # location card 20's cats


def test_the_print_and_play_pages_in_the_pack_and_the_booklet(
    installed: Path, published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pack = open_pack(published["pack"])
    pages = PdfReader(io.BytesIO(pack.files["print-and-play.pdf"])).pages
    assert len(pages) >= 2
    assert all((round(float(p.mediabox.width)), round(float(p.mediabox.height))) == A4_POINTS for p in pages)
    assert all(not p["/Resources"].get_object().get("/Font") for p in pages)  # words as outlines: byte-stable
    booklet = published["root"] / "booklet.pdf"
    assert main(["booklet", str(installed), "-o", str(booklet)]) == 0
    reader = PdfReader(booklet)
    texts = [unicodedata.normalize("NFKC", page.extract_text()).replace("\t", " ") for page in reader.pages]
    first = next(n for n, t in enumerate(texts) if "Print-and-play components. Scale" in t)
    printed = " ".join(texts[first:])
    assert "Scale 1:1" in printed and "cards are 70" in printed
    for caption in ("Location card 20", f"Island board {SPECIAL_BOARD}, fire face", f"Island board {SPECIAL_BOARD}, plain",
                    f"Hybrid fire tile {HYBRID_TILE}", "Pathway card fx-path", f"Disaster card {DISASTERS[0]}"):  # fmt: skip
        assert caption in printed, caption
    assert f"Print-and-play components: page {first + 1}" in texts[0]  # the cover says where
    sheets = "".join("".join(texts[1:first]).split())  # lines wrap anywhere: compare without spaces
    assert "20\u2020" in sheets and "notinthebox:printitsfacefromtheprint-and-playpagesatthebackofthisbooklet" in sheets
    for number, text in enumerate(texts[1:], 2):  # every page after the cover is numbered
        assert str(number) in text.split()


def test_one_way_to_find_components_for_a_pack_file_an_installed_file_and_any_other(
    installed: Path, published: dict[str, Path]
) -> None:
    from engine.model.catalog import default_catalog

    scenario = installed / "01-custom-card.scenario.json"
    assert 20 in catalog_for(published["pack"]).location_cards  # the pack file itself
    assert 20 in catalog_for(scenario).location_cards  # a file inside the installed pack
    outside = published["root"] / "outside.scenario.json"
    shutil.copy(scenario, outside)
    assert catalog_for(outside) is default_catalog() and 20 not in catalog_for(outside).location_cards


def test_a_packs_scenario_is_not_sent_to_a_cluster_without_its_components(installed: Path) -> None:
    from engine.sim.difficulty import estimate

    path = installed / "01-custom-card.scenario.json"

    def runner(*_: object) -> list[Any]:
        raise AssertionError("no task may reach the cluster")

    with pytest.raises(ValueError, match="not sent to a cluster's workers; estimate it without --cluster"):
        estimate(open_scenario(path), games=8, runner=runner, catalog=catalog_for(path))


def test_render_names_the_installed_packs_print_and_play_file(
    installed: Path, published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    out = published["root"] / "sheet.svg"
    assert main(["render", str(installed / "01-custom-card.scenario.json"), "-o", str(out)]) == 0
    text = "".join(out.read_text(encoding="utf-8").split())
    assert "print-and-play.pdf" in text and "20\u2020" in text


def test_the_sheet_says_which_parts_of_the_kickstarter_pack_a_scenario_needs(
    installed: Path, published: dict[str, Path]
) -> None:
    out = published["root"] / "special.svg"
    assert main(["render", str(installed / "02-special-board.scenario.json"), "-o", str(out)]) == 0
    text = " ".join(out.read_text(encoding="utf-8").split())
    assert "Kickstarter pack: special boards" in text


def test_an_upgrade_to_1_1_0_replaces_1_0_0_and_keeps_the_components(
    installed: Path, published: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer ships 1.1.0 (card 20's scenario renamed); installing it replaces
    1.0.0, and the new copy's scenarios still find the pack's components."""
    from engine.packs.build import PackInfo, build_pack, collect
    from engine.packs.install import installed_packs

    source = published["root"] / "v110"
    shutil.copytree(installed, source)
    first = source / "01-custom-card.scenario.json"
    doc = json.loads(first.read_text(encoding="utf-8"))
    doc["name"] = "Fixture card twenty, revised"
    first.write_text(json.dumps(doc), encoding="utf-8")
    designer_catalog = catalog_for(installed / "01-custom-card.scenario.json")  # the same components as 1.0.0
    info = PackInfo(id="fixture-campaign", title="Fixture campaign", version="1.1.0", authors=("Fixture Designer",),
                    licence="CC-BY-4.0")  # fmt: skip
    data, _ = build_pack(info, collect([source / "campaign.json"]), catalog=designer_catalog)
    pack = published["root"] / "fixture-campaign-1.1.0.raftpack"
    pack.write_bytes(data)
    assert main(["pack", "install", str(pack)]) == 0
    assert [p.manifest.label for p in installed_packs()] == ["fixture-campaign@1.1.0"]  # 1.0.0 replaced
    assert not installed.exists()
    assert main(["pack", "list"]) == 0
    listing = capsys.readouterr().out
    assert listing.split()[:2] == ["fixture-campaign", "1.1.0"] and "1.0.0" not in listing  # one row per pack id
    upgraded = published["player"] / "packs" / "fixture-campaign" / "1.1.0" / "campaigns" / "fixture-campaign"
    assert main(["validate", str(upgraded)]) == 0
    assert open_scenario(upgraded / "01-custom-card.scenario.json").name == "Fixture card twenty, revised"
    assert 20 in catalog_for(upgraded / "01-custom-card.scenario.json").location_cards
