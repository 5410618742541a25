"""Building packs: byte-identical rebuilds, what goes in, refusing scenarios with errors."""

from __future__ import annotations

import json
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from pack_helpers import FIXTURE_CATALOG, INFO, manifest_of, tutorial_campaign

from engine.bots.version import fingerprint
from engine.check.validate_files import open_scenario
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.fingerprint import layout_fingerprint
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.schemas import schema_errors
from engine.packs.build import ExtraFile, build_pack, collect
from engine.packs.components import used_custom_components
from engine.packs.errors import PackError
from engine.packs.reader import open_pack
from engine.packs.verify import catalog_of

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16


def test_the_same_inputs_give_byte_identical_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first, _ = build_pack(INFO, collect([tutorial_campaign()]), extra=[ExtraFile("preview.png", "preview", PNG)])
    second, _ = build_pack(INFO, collect([tutorial_campaign()]), extra=[ExtraFile("preview.png", "preview", PNG)])
    assert first == second
    with zipfile.ZipFile(BytesIO(first)) as archive:
        infos = archive.infolist()
    assert infos[0].filename == "manifest.json"
    assert [i.filename for i in infos[1:]] == sorted(i.filename for i in infos[1:])
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
    assert manifest_of(first)["created"] == "2023-11-14"


def test_a_campaign_pack_holds_the_campaign_its_scenarios_and_a_valid_manifest(tutorial_pack) -> None:
    data, manifest = tutorial_pack
    doc = manifest_of(data)
    assert schema_errors("pack", doc) == []
    paths = [f["path"] for f in doc["files"]]
    assert "campaigns/tutorial/campaign.json" in paths
    assert len(doc["scenarios"]) == len([p for p in paths if p.endswith(".scenario.json")]) == 4
    assert doc["scenarios"][0] == {
        "path": "campaigns/tutorial/01-first-steps.scenario.json",
        "id": "tutorial-1-first-steps",
        "name": "First steps",
        "mode": "standard",
        "players": [1, 2, 3, 4],
        "needs": {"box": ["base"], "features": [], "components": []},
    }
    assert doc["requires"]["formats"] == {"campaign": 1, "scenario": 1}
    pack = open_pack(data)
    assert pack.manifest == manifest
    campaign = pack.documents["campaigns/tutorial/campaign.json"]
    assert all(f"campaigns/tutorial/{e['file']}" in paths for e in campaign["scenarios"])


def test_paws_and_the_estimate_go_into_the_manifest(tmp_path: Path) -> None:
    doc = json.loads((tutorial_campaign().parent / "01-first-steps.scenario.json").read_text(encoding="utf-8"))
    doc["difficulty"] = 3
    path = tmp_path / "rated.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    sources = collect([path])
    sources.scenarios[0][2]["difficulty_estimate"] = {  # as `raftwright difficulty` stores it
        "bot": "greedy",
        "games": 200,
        "seed": 1,
        "win_rate": 0.42,
        "interval": [0.35, 0.49],
        "engine_version": "0.1.0",
        "expected_length": 11.5,
        "layout": layout_fingerprint(scenario_from_dict(doc)),  # made on this layout, by this bot: current
        "fingerprint": fingerprint(),
    }
    # allow_errors: the scenario schema may not know every estimate field yet
    entry = build_pack(INFO, sources, allow_errors=True)[1].scenarios[0]
    assert (entry.paws, entry.difficulty, entry.expected_length) == (3, 0.42, 11.5)


def test_only_the_custom_components_the_scenarios_use_are_pulled_in() -> None:
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_CATALOG))
    scenario = open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json")
    doc = scenario_to_dict(scenario)
    location = next(c for c in doc["cards"] if c["kind"] == "location")
    location["card"] = "13"
    used = used_custom_components([scenario_from_dict(doc)], catalog, "my-pack")
    assert used is not None and schema_errors("components", used) == []
    assert [c["number"] for c in used["location_cards"]] == [13]
    assert used_custom_components([scenario], catalog, "my-pack") is None  # bundled components only


def test_a_pack_with_custom_components_plays_with_them(tmp_path: Path) -> None:
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_CATALOG))
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    next(c for c in doc["cards"] if c["kind"] == "location")["card"] = "13"
    path = tmp_path / "custom.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    data, manifest = build_pack(INFO, collect([path]), catalog=catalog, allow_errors=True)
    assert [f.path for f in manifest.of_kind("components")] == ["components/tutorial-pack.components.json"]
    pack_cat = catalog_of(open_pack(data))
    assert 13 in pack_cat.location_cards and 14 not in pack_cat.location_cards
    assert "tutorial-pack/tutorial-pack" in pack_cat.ids  # namespaced by the pack's id


def test_a_scenario_with_errors_is_refused_by_name_unless_allowed(tmp_path: Path) -> None:
    doc = json.loads((tutorial_campaign().parent / "01-first-steps.scenario.json").read_text(encoding="utf-8"))
    doc["cards"].append(dict(doc["cards"][0]))  # the same card twice on one spot
    path = tmp_path / "broken.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PackError) as caught:
        build_pack(INFO, collect([path]))
    assert caught.value.codes == ["scenario-errors"]
    assert str(path) in caught.value.problems[0].entry
    data, _ = build_pack(INFO, collect([path]), allow_errors=True)
    assert open_pack(data).manifest.scenarios[0].path == "scenarios/broken.scenario.json"


FIXTURE_DISASTERS = {  # fixture cards: the real disaster cards' texts are unknown (RULINGS C15)
    "format": "raftwright.components",
    "format_version": 1,
    "id": "fixture-disasters",
    "name": "Fixture disasters",
    "disaster_cards": [
        {
            "id": "fixture-disaster-1",
            "name": "Fixture storm",
            "text": "A fixture, not a real card",
            "effects": [
                {"effect": "fire", "count": 1},
                {"effect": "move", "cat": "any", "squares": 2, "towards": "raft"},
            ],
        },
        {"id": "fixture-disaster-2", "effects": [{"effect": "discard", "who": "each", "count": 1}]},
    ],
}


def test_a_pack_of_an_advanced_scenario_carries_the_designers_disaster_cards(tmp_path: Path) -> None:
    """Rulebook "Advanced rules" (set-up: shuffle the disaster cards): a game with the
    disaster deck plays every disaster card of its catalog, so a pack built from the
    designer's catalog carries theirs and a stranger's game plays exactly those."""
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_DISASTERS))
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    assert used_custom_components([scenario_from_dict(doc)], catalog, "my-pack") is None  # standard: no deck
    doc["mode"] = "advanced"
    used = used_custom_components([scenario_from_dict(doc)], catalog, "my-pack")
    assert used is not None and schema_errors("components", used) == []
    assert used["disaster_cards"] == FIXTURE_DISASTERS["disaster_cards"] and used["box"] == {"disaster_cards": 2}
    path = tmp_path / "advanced.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    data, manifest = build_pack(INFO, collect([path]), catalog=catalog, allow_errors=True)
    assert [f.path for f in manifest.of_kind("components")] == ["components/tutorial-pack.components.json"]
    pack_cat = catalog_of(open_pack(data))
    assert pack_cat.disaster_cards == catalog.disaster_cards
