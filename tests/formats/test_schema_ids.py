"""Saved documents name their versioned schema in ``$schema``; schemas have stable
``$id``s under https://raftwright.org/schema/ (identifiers, never fetched); documents
written before ``$schema`` existed still load (issue 29, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.check.validate_files import open_campaign, open_scenario
from engine.model.formats import read_json, save_campaign, save_scenario
from engine.model.resources import campaigns_dir, schema_dir
from engine.model.schema_ids import SCHEMA_BASE
from engine.model.schemas import schema, schema_errors
from engine.packs.build import PackInfo, build_pack, collect
from engine.play.game import Replay, new_game

FIRST_STEPS = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"


def test_every_schema_id_is_a_stable_versioned_url() -> None:
    for path in schema_dir().glob("*.schema.json"):
        ident = json.loads(path.read_text(encoding="utf-8"))["$id"]
        assert ident.startswith(SCHEMA_BASE) and ident.endswith(".json"), (path.name, ident)
        assert "invalid" not in ident
        assert ident.removeprefix(SCHEMA_BASE).rsplit("-", 1)[1].removesuffix(".json").isdigit(), ident


def test_saved_scenarios_and_campaigns_name_their_schema(tmp_path: Path) -> None:
    save_scenario(open_scenario(FIRST_STEPS), tmp_path / "a.scenario.json")
    save_campaign(open_campaign(campaigns_dir() / "tutorial" / "campaign.json"), tmp_path / "campaign.json")
    for file, kind in (("a.scenario.json", "scenario"), ("campaign.json", "campaign")):
        doc = read_json(tmp_path / file)
        assert doc["$schema"] == schema(kind)["$id"]
        assert next(iter(doc)) == "$schema"


def test_replays_manifests_and_pack_components_name_their_schema() -> None:
    state = new_game(open_scenario(FIRST_STEPS), seed=3)
    assert Replay.of(state).to_dict()["$schema"] == schema("replay")["$id"]
    _, manifest = build_pack(PackInfo(id="t", title="T", version="1.0.0", authors=("Me",), licence="CC0-1.0",
                                      description="", languages=("en",)), collect([FIRST_STEPS]))  # fmt: skip
    assert manifest.to_dict()["$schema"] == schema("pack")["$id"]


def test_the_bundled_documents_name_their_schema() -> None:
    for path in campaigns_dir().rglob("*.json"):
        doc = read_json(path)
        kind = {"raftwright.scenario": "scenario", "raftwright.campaign": "campaign"}.get(doc["format"], "components")
        assert doc["$schema"] == schema(kind)["$id"], path


def test_a_document_without_schema_still_loads(tmp_path: Path) -> None:
    doc = read_json(FIRST_STEPS)
    del doc["$schema"]
    path = tmp_path / "old.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert open_scenario(path).id == "tutorial-1-first-steps"


@pytest.mark.parametrize("kind", ["scenario", "campaign"])
def test_a_wrong_schema_is_refused(kind: str) -> None:
    source = FIRST_STEPS if kind == "scenario" else campaigns_dir() / "tutorial" / "campaign.json"
    doc = read_json(source)
    doc["$schema"] = "https://raftwright.org/schema/scenario-99.json"
    assert schema_errors(kind, doc)
