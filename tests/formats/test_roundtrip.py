"""Round trips: load -> save -> load gives byte-identical files, for a scenario using
every field and for every bundled scenario and campaign."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.check.validate import validate
from engine.check.validate_files import open_campaign, open_scenario
from engine.model.formats import canonical_json, save_campaign, save_scenario, scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Objective, RuleOptions, Scenario, TokenPlacement


def everything(first_steps: Scenario) -> Scenario:
    """Tutorial 1 with every optional field set: pins, a vertical small board, a rotated
    stand-in card, every token and objective kind, non-default rules."""
    boards = list(first_steps.boards)
    boards[0] = BoardSlot("large", "fire", (0, 0), "west", pin=BoardPin("L2"))
    boards[3] = BoardSlot("small", "plain", (9, 9), pin=BoardPin("S3", 2))
    cards = first_steps.cards + (CardPlacement("location", (3, 12), "5", rotation=2, stand_in=True),)
    return first_steps.with_changes(
        campaign="tutorial",
        difficulty=2,
        mode="advanced",
        author="Ada",
        notes="Ünïcode — notes\nsecond line",
        boards=tuple(boards),
        cards=cards,
        tokens=(
            TokenPlacement("objective", (12, 15), "1"),
            TokenPlacement("objective", (12, 16), "="),
            TokenPlacement("water", (5, 9)),
            TokenPlacement("fish", (5, 10)),
            TokenPlacement("map", (5, 11)),
            TokenPlacement("fire", (6, 9)),
        ),
        objectives=(
            Objective("arrival_order", "green", 1),
            Objective("arrive_together", colours=("blue", "orange")),
            Objective("collect_maps", count=1),
            Objective("close_to", colours=("blue", "green"), distance=5),
            Objective("text", text="Keep the raft dry"),
        ),
        rules=RuleOptions(
            players=(1, 2), water_tokens=3, communication_tokens=True, hybrid_fire_tiles=True, disaster_deck=True
        ),
    )


def test_a_scenario_with_every_field_round_trips_byte_for_byte(first_steps: Scenario, tmp_path: Path) -> None:
    scenario = everything(first_steps)
    assert not [i for i in validate(scenario) if i.is_error]
    first, second = tmp_path / "a.scenario.json", tmp_path / "b.scenario.json"
    save_scenario(scenario, first)
    loaded = open_scenario(first)
    assert loaded == scenario
    save_scenario(loaded, second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text(encoding="utf-8") == canonical_json(scenario_to_dict(scenario))


def test_a_vertical_small_board_round_trips(tmp_path: Path) -> None:
    scenario = Scenario("v", "Vertical", boards=(BoardSlot("small", "fire", (0, 0), "north", "vertical"),))
    save_scenario(scenario, tmp_path / "v.scenario.json")
    assert open_scenario(tmp_path / "v.scenario.json") == scenario


@pytest.mark.parametrize("path", sorted(campaigns_dir().rglob("*.scenario.json")), ids=lambda p: p.name)
def test_every_bundled_scenario_round_trips(path: Path, tmp_path: Path) -> None:
    out = tmp_path / path.name
    save_scenario(open_scenario(path), out)
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", sorted(campaigns_dir().rglob("campaign.json")), ids=lambda p: p.parent.name)
def test_every_bundled_campaign_round_trips(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "campaign.json"
    save_campaign(open_campaign(path), out)
    assert out.read_bytes() == path.read_bytes()
