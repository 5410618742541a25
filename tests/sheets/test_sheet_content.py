"""What a sheet says: the checklist, the Kickstarter tokens, the draft banner, --strict,
and the simulated-difficulty box read defensively from the scenario's metadata."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest
from sheet_helpers import SHORT_EDGE_STRIP, TUTORIAL_1, bundled, fixture_tokens_scenario

from editor.sheets import SheetError, make_sheet, render_scenario
from editor.sheets.content import DifficultyBox, difficulty_estimate, sheet_text
from engine.model.catalog import Catalog
from engine.model.scenario import DifficultyEstimate, Scenario

SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def texts(data: bytes) -> str:
    return " ".join(" ".join("".join(t.itertext()).split()) for t in ET.fromstring(data).iter(SVG_TEXT))


def broken() -> Scenario:
    """Fixture: Tutorial 1 with its first location card moved onto another card."""
    scenario = bundled(TUTORIAL_1)
    cards = list(scenario.cards)
    first = next(i for i, c in enumerate(cards) if c.kind == "location")
    cards[first] = dataclasses.replace(cards[first], at=cards[0].at)
    return dataclasses.replace(scenario, cards=tuple(cards))


def with_metadata(scenario: Scenario, metadata: Any) -> Scenario:
    """The scenario carrying a ``metadata`` mapping (an older draft's place for the
    estimate; the model has no such field, so it is set directly)."""
    if any(f.name == "metadata" for f in dataclasses.fields(scenario)):
        return dataclasses.replace(scenario, metadata=metadata)  # type: ignore[call-arg]
    copy = dataclasses.replace(scenario)
    object.__setattr__(copy, "metadata", metadata)
    return copy


def test_tutorial_checklist_lists_boards_cards_and_supply() -> None:
    text = sheet_text(bundled(TUTORIAL_1))
    assert text.name == "First steps" and text.paws is None
    assert "1 small board, fire face" in text.checklist
    assert "Location cards: 3, 5, 7" in text.checklist and "Raft cards: A" in text.checklist
    assert "6 fire cards" in text.checklist
    c1 = sheet_text(bundled(SHORT_EDGE_STRIP))
    assert "3 water tokens in the supply" in c1.checklist and "Meow and talk tokens" in c1.checklist
    tutorial = bundled(TUTORIAL_1)
    discard = tutorial.with_changes(rules=replace(tutorial.rules, stuck_hand="discard"))  # LC-7 house reading
    assert "Cards that cannot be played go to the disaster pile" in sheet_text(discard).checklist
    assert not any("cannot be played" in line for line in text.checklist)  # the default goes without saying


def test_kickstarter_tokens_are_counted_and_objectives_written_out() -> None:
    text = sheet_text(fixture_tokens_scenario(), unlocks=["objective_tokens"])
    assert text.kickstarter == [("water", "Water", 2), ("fish", "Fish", 1), ("map", "Treasure map", 1)]
    assert "Orange, Blue arrive together" in text.objectives
    assert "Objective tokens: 1 2 =" in text.checklist
    assert text.checklist[-1] == "New rule: objective tokens"


def test_a_scenario_with_errors_renders_with_a_banner(catalog: Catalog) -> None:
    sheet = make_sheet(broken(), catalog)
    assert sheet.text.warnings
    shown = texts(render_scenario(broken(), catalog, "svg"))
    assert "DRAFT:" in shown and "cannot be played as drawn" in shown
    assert "DRAFT:" not in texts(render_scenario(bundled(TUTORIAL_1), catalog, "svg"))


def test_strict_refuses_a_scenario_with_errors(catalog: Catalog) -> None:
    with pytest.raises(SheetError, match="has .* error") as info:
        render_scenario(broken(), catalog, "png", strict=True)
    assert info.value.issues


def test_difficulty_box_only_when_asked_and_present(catalog: Catalog) -> None:
    estimate = DifficultyEstimate(
        bot="greedy", games=400, seed=1, win_rate=0.625, interval=(0.576, 0.672), engine_version="fixture"
    )
    scenario = dataclasses.replace(bundled(TUTORIAL_1), difficulty_estimate=estimate)
    assert "Simulated difficulty" not in texts(render_scenario(scenario, catalog, "svg"))
    shown = texts(render_scenario(scenario, catalog, "svg", show_difficulty=True))
    assert "Simulated difficulty" in shown and "Bot: greedy" in shown and "Games: 400" in shown
    assert "Win rate: 62% (58%-67%)" in shown or "Win rate: 63% (58%-67%)" in shown
    assert "Simulated difficulty" not in texts(
        render_scenario(bundled(TUTORIAL_1), catalog, "svg", show_difficulty=True)
    )


def test_an_estimate_in_a_metadata_mapping_is_read_too() -> None:
    box = difficulty_estimate(
        with_metadata(bundled(TUTORIAL_1), {"difficulty_estimate": {"bot": "greedy", "games": 40, "win_rate": 0.5}})
    )
    assert box == DifficultyBox("greedy", 40, 0.5)


@pytest.mark.parametrize(
    "metadata",
    [
        None,
        "text",
        {},
        {"difficulty_estimate": "high"},
        {"difficulty_estimate": {"bot": "x"}},
        {"simulated_difficulty": []},
    ],
)
def test_odd_metadata_shows_no_box(metadata: Any) -> None:
    assert difficulty_estimate(with_metadata(bundled(TUTORIAL_1), metadata)) is None


def test_wins_and_games_give_the_rate() -> None:
    box = difficulty_estimate(with_metadata(bundled(TUTORIAL_1), {"difficulty": {"games": 10, "wins": 3}}))
    assert box is not None and box.win_rate == pytest.approx(0.3) and box.bot == "?"
