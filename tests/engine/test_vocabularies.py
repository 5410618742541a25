"""The fixed vocabularies are typed: outcome results and reasons and scenario modes are
StrEnums (text in files, checked when read), phases and terrains are Literal types; each
agrees with the JSON Schemas that spell the same words for files."""

from __future__ import annotations

import json
from typing import get_args

import pytest

from engine.model.catalog import CAT_COLOURS, TERRAINS, CatColour, Terrain
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.resources import schema_dir
from engine.model.scenario import ADVANCED_MODES, MODES, Mode, Scenario
from engine.play.outcome import REASONS, Outcome, Reason, Result
from engine.play.phases import PHASE_NAMES, Phase, is_phase
from engine.play.position import PHASES


def _schema(name: str) -> dict:
    return json.loads((schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))


def _enum_of(node: object, key: str) -> list[str] | None:
    """The first ``enum`` under a property named ``key`` anywhere in a schema."""
    if isinstance(node, dict):
        prop = node.get("properties", {}).get(key) if isinstance(node.get("properties"), dict) else None
        if isinstance(prop, dict) and "enum" in prop:
            return list(prop["enum"])
        for value in node.values():
            found = _enum_of(value, key)
            if found is not None:
                return found
    if isinstance(node, list):
        for value in node:
            found = _enum_of(value, key)
            if found is not None:
                return found
    return None


def test_outcome_vocabularies_are_the_replay_schemas() -> None:
    replay = _schema("replay")
    assert _enum_of(replay, "result") == [r.value for r in Result]
    assert _enum_of(replay, "reason") == [r.value for r in Reason] == list(REASONS)


def test_modes_are_the_scenario_schemas() -> None:
    assert _enum_of(_schema("scenario"), "mode") == [m.value for m in Mode] == list(MODES)
    assert set(ADVANCED_MODES) == {Mode.ADVANCED, Mode.EXPERT}


def test_phases_and_terrains_are_their_literal_types() -> None:
    assert set(get_args(Phase)) == set(PHASE_NAMES) == set(PHASES)
    assert all(is_phase(p) for p in PHASES) and not is_phase("lunch")
    assert TERRAINS == get_args(Terrain)
    assert CAT_COLOURS == get_args(CatColour)


def test_an_outcome_read_from_a_dict_is_typed_and_checked() -> None:
    outcome = Outcome.from_dict({"result": "loss", "reason": "cat-cut-off", "message": "m"})
    assert outcome.result is Result.LOSS and outcome.reason is Reason.CAT_CUT_OFF
    assert json.dumps(outcome.to_dict())  # still plain text in files
    assert outcome.to_dict()["reason"] == "cat-cut-off"
    with pytest.raises(ValueError, match="is not a valid Reason"):
        Outcome.from_dict({"result": "loss", "reason": "bored"})


def test_a_scenario_mode_given_as_text_becomes_a_mode_and_a_wrong_one_is_refused() -> None:
    scenario = Scenario(id="s", name="S", mode="expert")  # the studio's form gives text
    assert scenario.mode is Mode.EXPERT and scenario.plays_expert and scenario.plays_advanced
    assert scenario_to_dict(scenario)["mode"] == "expert"
    assert scenario_from_dict(scenario_to_dict(scenario)) == scenario
    with pytest.raises(ValueError, match="mode 'heroic': use one of standard, advanced, expert"):
        Scenario(id="s", name="S", mode="heroic")
