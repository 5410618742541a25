"""Special island boards of other shapes (Kickstarter pack "Special island boards";
RULINGS KS-5, C17): board shapes are catalog data, and the catalog checks, the scenario
format, the rule checks and set-up handle any shape.  The shapes are unknown, so every
board here is a FIXTURE from ``tests/fixture_boards_oshax.py``."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from fixture_boards_oshax import SHAPE_1_PLAIN, SHAPE_2_FIRE, catalog_doc, fixture_catalog

from engine import new_game
from engine.check.validate import validate
from engine.model.catalog import catalog_document_problems
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.layout import LayoutError, compose_island, fixed_board_choices
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.schemas import schema_errors
from engine.model.special_boards import outline_of
from engine.play.actions import PlaceFire, PlacePathway
from engine.play.moves import check_footprint
from engine.play.outcome import IllegalAction

CATALOG = fixture_catalog()
SHAPE_1 = BoardSlot("special", "plain", (0, 9), shape="fixture-shape-1", outline=outline_of(SHAPE_1_PLAIN))
SCENARIO = Scenario(
    id="fixture-special", name="Fixture special board",
    boards=(BoardSlot("large", "fire", (0, 0), "west"), SHAPE_1),
    cards=(CardPlacement("location", (3, 3), "3"), CardPlacement("raft", (0, 12), "A")),
)  # fmt: skip


def errors(scenario: Scenario) -> list[str]:
    return [f"{i.code}: {i.message}" for i in validate(scenario, CATALOG) if i.is_error]


def test_the_fixture_catalog_is_valid_and_lists_its_shapes() -> None:
    """KS-5: special boards are catalog data with any footprint ('.' = not the board)."""
    doc = catalog_doc()
    assert schema_errors("components", doc) == [] and catalog_document_problems(doc) == []
    assert set(CATALOG.special_shapes()) == {"fixture-shape-1", "fixture-shape-2"}


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda b: b.update(plain_face=["g" * 9] * 7), "different shapes"),
        (lambda b: b.update(plain_face=SHAPE_1_PLAIN[:-1] + ["..gbro"]), "differ in length"),
        (lambda b: b.update(fire_strip="east"), "fire_strip says"),
        (lambda b: b.pop("shape"), None),  # the schema requires the shape
    ],
)
def test_the_catalog_check_names_a_broken_special_board(change, words) -> None:
    """A catalog board is checked before use, naming the board and the fix."""
    doc = catalog_doc()
    change(doc["island_boards"][0])
    problems = [p.message for p in catalog_document_problems(doc)] if not schema_errors("components", doc) else []
    if words is None:
        assert schema_errors("components", doc)
    else:
        assert any("island board FX-S1a" in m and words in m for m in problems), problems


def test_a_special_slot_round_trips_and_its_squares_follow_the_outline() -> None:
    """The scenario keeps the shape as the diagram shows it (outline, turns)."""
    turned = replace(SHAPE_1, turns=1)
    data = scenario_to_dict(SCENARIO.with_changes(boards=(SCENARIO.boards[0], turned)))
    assert schema_errors("scenario", data) == []
    assert scenario_from_dict(data).boards[1] == turned
    assert (turned.rows, turned.cols) == (9, 7)
    assert (0, 9) not in SHAPE_1.squares() and (0, 11) in SHAPE_1.squares()  # '.' corners are not board
    assert SHAPE_1.strip_squares() == ((3, 13),)  # the single fire square in the middle


def test_set_up_lays_the_shape_with_its_single_centre_fire() -> None:
    """S5: "Shape 1 always has a single square of fire right in the middle"; the board
    of that shape fills the slot, and '.' squares are off the island."""
    layout = compose_island(SCENARIO, CATALOG, fixed_board_choices(SCENARIO, CATALOG))
    assert layout.choices[1].board == "FX-S1a"
    assert (3, 13) in layout.fire and (0, 9) not in layout.island and (0, 11) in layout.island
    state = new_game(SCENARIO, seed=3, catalog=CATALOG)
    assert state.outcome() is None
    grid = state.island.grid
    assert state.island.land & grid.bit((3, 13)) and state.fire & grid.bit((3, 13))


def test_cards_may_not_hang_over_a_special_boards_missing_corner() -> None:
    """Rulebook placement: nothing may hang off the island; a shape's cut corner is off it."""
    state = new_game(SCENARIO, seed=3, catalog=CATALOG)
    with pytest.raises(IllegalAction, match="hang off the island"):
        check_footprint(state, PlacePathway(0, "circle", "a", (4, 15), 0))


def test_a_fire_tile_may_spread_from_the_single_centre_fire() -> None:
    """PL-2: fire spreads from existing fire; the centre square is fire (PL-3)."""
    state = new_game(SCENARIO, seed=3, catalog=CATALOG)
    tile = next(iter(state.island.tiles))
    touching = [PlaceFire(tile, (r, c), False, rot) for r in range(2, 6) for c in range(12, 16) for rot in range(4)]
    legal = []
    for action in touching:
        try:
            check_footprint(state, action)
        except IllegalAction:
            continue
        legal.append(action)
    assert legal, "a tile next to the centre fire square is legal"


def test_rule_checks_see_only_the_outline_squares() -> None:
    """Boards may not overlap (C3), but a shape's '.' corner may lie over nothing; a
    card on a '.' square is off the island; an unknown shape or outline is named."""
    assert errors(SCENARIO) == []
    large = BoardSlot("large", "fire", (0, 0), "west")
    tucked = SCENARIO.with_changes(boards=(large, replace(SHAPE_1, at=(7, 8))), cards=())
    assert not [
        e for e in errors(tucked) if e.startswith(("board-overlap", "island-disconnected"))
    ]  # corners interlock
    pushed = SCENARIO.with_changes(boards=(large, replace(SHAPE_1, at=(2, 8))), cards=())
    overlap = [e for e in errors(pushed) if e.startswith("board-overlap")]
    assert overlap and "on 3 squares" in overlap[0], overlap  # (4, 8), (5, 8), (6, 8)
    off = SCENARIO.with_changes(cards=SCENARIO.cards + (CardPlacement("fire", (4, 15)),))
    assert any("off the island" in e or "hangs off" in e for e in errors(off)), errors(off)
    unknown = SCENARIO.with_changes(boards=(SCENARIO.boards[0], replace(SHAPE_1, shape="fixture-nope")))
    assert any(e.startswith("special-board-unknown") and "'fixture-nope'" in e for e in errors(unknown))
    wrong = SCENARIO.with_changes(boards=(SCENARIO.boards[0], replace(SHAPE_1, outline=outline_of(SHAPE_2_FIRE))))
    assert any("re-place the board from the palette" in e for e in errors(wrong))


def test_set_up_refuses_a_slot_no_board_fills() -> None:
    wrong = SCENARIO.with_changes(boards=(SCENARIO.boards[0], replace(SHAPE_1, shape="fixture-nope")))
    with pytest.raises(LayoutError, match="fixture-nope"):
        fixed_board_choices(wrong, CATALOG)


def test_the_manual_examples_of_custom_boards_paths_and_rescue_cards_are_valid_catalogs(repo_root) -> None:
    """The manual's "Custom components" examples pass the schema and the catalog checks."""
    text = (repo_root / "docs" / "custom-components.md").read_text(encoding="utf-8")
    section = text[text.index("## Special island boards") :]
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]
    assert len(examples) >= 3  # special boards, Oshax paths, rescue strips (and any other kind documented there)
    for doc in examples:
        assert schema_errors("components", doc) == [] and catalog_document_problems(doc) == [], doc["id"]
