"""Set-up's island cache (issue 11 item 7, :mod:`engine.play.island_cache`): the island
built from a scenario's base island and the drawn boards' masks is, field by field,
the one composed square by square (rulebook "Setup": the boards are drawn, the cards
laid on top), for every bundled scenario over many draws and for a special board."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from fixture_boards_oshax import SHAPE_1_PLAIN, fixture_catalog

from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.layout import BoardChoice, LayoutError, compose_island, draw_board_choices
from engine.model.resources import campaigns_dir
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.special_boards import outline_of
from engine.play import island_cache
from engine.play.hybrid import wants_hybrid
from engine.play.island import Island
from engine.play.island_cache import set_up_island

SCENARIOS = sorted(campaigns_dir().glob("*/*.scenario.json"))


def composed(scenario: Scenario, catalog, choices: tuple[BoardChoice, ...]) -> Island:
    """The island the slow way: compose_island, then Island.from_layout."""
    layout = compose_island(scenario, catalog, choices)
    return Island.from_layout(scenario, catalog, layout, hybrid=wants_hybrid(scenario))


def assert_same(fast: Island, slow: Island) -> None:
    for f in fields(Island):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_draw_of_a_bundled_scenario_gives_the_composed_island(path, monkeypatch) -> None:
    scenario = open_scenario(path)
    catalog = default_catalog()
    rng = random.Random(path.name)
    slow: list[tuple[BoardChoice, ...]] = []
    monkeypatch.setattr(island_cache, "compose_island", lambda s, c, ch: slow.append(ch) or compose_island(s, c, ch))
    monkeypatch.setattr(island_cache, "_BASES", {})  # nothing kept from other tests' games
    monkeypatch.setattr(island_cache, "_ISLANDS", {})
    for _ in range(12):
        choices = draw_board_choices(scenario, catalog, rng)
        assert_same(set_up_island(scenario, catalog, choices), composed(scenario, catalog, choices))
    assert len(slow) == 1  # the base only: every other draw took the masks


def test_a_special_board_and_a_fire_face_give_the_composed_island() -> None:
    catalog = fixture_catalog()
    shape = BoardSlot("special", "plain", (0, 9), shape="fixture-shape-1", outline=outline_of(SHAPE_1_PLAIN))
    scenario = Scenario(
        id="fixture-special-cache", name="Fixture special board",
        boards=(BoardSlot("large", "fire", (0, 0), "west"), shape),
        cards=(CardPlacement("location", (3, 3), "3"), CardPlacement("raft", (0, 12), "A")),
    )  # fmt: skip
    rng = random.Random(5)
    for _ in range(12):
        choices = draw_board_choices(scenario, catalog, rng)
        assert_same(set_up_island(scenario, catalog, choices), composed(scenario, catalog, choices))


def test_a_draw_compose_island_refuses_is_refused() -> None:
    """The cache never sets up what the slow path refuses (a board used twice)."""
    scenario = open_scenario(SCENARIOS[0])
    catalog = default_catalog()
    choices = draw_board_choices(scenario, catalog, random.Random(1))
    set_up_island(scenario, catalog, choices)  # the scenario's base is kept
    twice = (choices[0], *choices[1:-1], BoardChoice(choices[0].board, choices[-1].rotation))
    with pytest.raises(LayoutError) as slow:
        compose_island(scenario, catalog, twice)
    with pytest.raises(LayoutError) as fast:
        set_up_island(scenario, catalog, twice)
    assert str(fast.value) == str(slow.value)


def test_an_equal_copy_of_a_scenario_shares_the_base_but_names_itself(monkeypatch) -> None:
    """The difficulty estimate reads the scenario again for every task: an equal copy
    reuses the kept base (no square-by-square composing) and its islands name the copy."""
    scenario = open_scenario(SCENARIOS[-1])
    catalog = default_catalog()
    rng = random.Random(3)
    set_up_island(scenario, catalog, draw_board_choices(scenario, catalog, rng))
    copy = scenario_from_dict(scenario_to_dict(scenario))
    assert copy == scenario and copy is not scenario
    slow: list[object] = []
    monkeypatch.setattr(island_cache, "compose_island", lambda s, c, ch: slow.append(ch) or compose_island(s, c, ch))
    for _ in range(4):
        choices = draw_board_choices(copy, catalog, rng)
        island = set_up_island(copy, catalog, choices)
        assert island.scenario is copy
        assert_same(island, composed(copy, catalog, choices))
    assert slow == []
