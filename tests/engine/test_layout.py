"""engine.model.layout: drawing boards for slots and composing the set-up island."""

from __future__ import annotations

import random

import pytest

from engine.model.catalog import LETTER_TO_TERRAIN, Catalog
from engine.model.geometry import rotate_grid
from engine.model.layout import (
    BoardChoice,
    LayoutError,
    compose_island,
    draw_board_choices,
    fixed_board_choices,
    footprint_rotations,
)
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Scenario

FOUR = (
    BoardSlot("large", "fire", (0, 0), fire_edge="north"),
    BoardSlot("small", "plain", (9, 0)),
    BoardSlot("large", "plain", (0, 9)),
    BoardSlot("small", "fire", (9, 9), fire_edge="east"),
)


def scenario(boards=FOUR, cards=()) -> Scenario:
    return Scenario(id="t", name="T", boards=tuple(boards), cards=tuple(cards))


def test_draw_uses_distinct_boards_of_the_right_size_and_allowed_rotations(catalog: Catalog) -> None:
    s = scenario()
    for seed in range(30):
        choices = draw_board_choices(s, catalog, random.Random(seed))
        assert len({c.board for c in choices}) == 4
        for slot, choice in zip(s.boards, choices):
            assert catalog.board(choice.board).size == slot.size
            assert choice.rotation in footprint_rotations(slot)
        assert choices[0].rotation == 1 and choices[3].rotation == 2  # fire strip north / east


def test_draw_is_reproducible_and_varies_with_the_seed(catalog: Catalog) -> None:
    s = scenario()
    assert draw_board_choices(s, catalog, random.Random(5)) == draw_board_choices(s, catalog, random.Random(5))
    seen = {draw_board_choices(s, catalog, random.Random(seed)) for seed in range(40)}
    assert len(seen) > 10
    plain_large = {choices[2].rotation for choices in seen}
    plain_small = {choices[1].rotation for choices in seen}
    assert plain_large == {0, 1, 2, 3} and plain_small == {0, 2}


def test_fixed_choices_take_the_first_unused_board(catalog: Catalog) -> None:
    assert fixed_board_choices(scenario(), catalog) == (
        BoardChoice("L1", 1),
        BoardChoice("S1", 0),
        BoardChoice("L2", 0),
        BoardChoice("S2", 2),
    )


def test_pinned_slots_keep_their_board_and_others_avoid_it(catalog: Catalog) -> None:
    boards = list(FOUR)
    boards[2] = BoardSlot("large", "plain", (0, 9), pin=BoardPin("L1", 3))
    s = scenario(boards)
    for seed in range(20):
        choices = draw_board_choices(s, catalog, random.Random(seed))
        assert choices[2] == BoardChoice("L1", 3)
        assert choices[0].board != "L1"


def test_too_many_slots_of_a_size_is_a_clear_error(catalog: Catalog) -> None:
    s = scenario(
        [BoardSlot("large", "plain", (0, 9 * i)) for i in range(2)]
        + [BoardSlot("large", "plain", (9, 9 * i)) for i in range(2)]
        + [BoardSlot("large", "plain", (0, 18))]
    )
    with pytest.raises(
        LayoutError, match=r"board slot 5 .*no unused large board left \(the scenario needs 5, the catalog has 4\)"
    ):
        draw_board_choices(s, catalog, random.Random(0))


def test_vertical_small_plain_board_turns_a_quarter(catalog: Catalog) -> None:
    s = scenario([BoardSlot("small", "plain", (0, 0), orientation="vertical")])
    choice = fixed_board_choices(s, catalog)[0]
    assert choice.rotation == 1
    layout = compose_island(s, catalog, (choice,))
    assert (layout.rows, layout.cols) == (9, 6) and len(layout.island) == 54


def test_small_fire_strip_on_a_long_edge_is_rejected(catalog: Catalog) -> None:
    s = scenario([BoardSlot("small", "fire", (0, 0), fire_edge="north")])
    with pytest.raises(LayoutError, match="board slot 1 .*not a short edge; use west or east"):
        fixed_board_choices(s, catalog)


def test_composed_terrain_is_the_rotated_board_face(catalog: Catalog) -> None:
    s = scenario()
    choices = (BoardChoice("L3", 1), BoardChoice("S2", 2), BoardChoice("L4", 3), BoardChoice("S1", 2))
    layout = compose_island(s, catalog, choices)
    assert (layout.rows, layout.cols) == (15, 18) and len(layout.island) == 15 * 18
    for slot, choice in zip(s.boards, choices):
        grid = rotate_grid(catalog.board(choice.board).face(slot.face), choice.rotation)
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                sq = (slot.at[0] + r, slot.at[1] + c)
                if ch == "f":
                    assert sq in layout.fire and layout.terrain_at(sq) is None
                else:
                    assert layout.terrain_at(sq) == LETTER_TO_TERRAIN[ch] and sq not in layout.fire
    assert set(FOUR[0].strip_squares()) | set(FOUR[3].strip_squares()) == layout.fire
    assert layout.choices == choices


def test_cards_overlay_fire_cats_and_raft(catalog: Catalog) -> None:
    cards = [
        CardPlacement("raft", (12, 15), "B"),  # listed first, laid last
        CardPlacement("location", (3, 3), "4"),
        CardPlacement("fire", (3, 12)),
    ]
    layout = compose_island(scenario(cards=cards), catalog, fixed_board_choices(scenario(), catalog))
    assert {(3 + r, 12 + c) for r in range(3) for c in range(3)} <= layout.fire
    # location card 4: fff / bbb / bbo with a blue cat at (1,1) and an orange one at (2,2)
    assert layout.cats == (("blue", (4, 4)), ("orange", (5, 5)))
    assert {(3, 3), (3, 4), (3, 5)} <= layout.fire and layout.terrain_at((5, 5)) == "orange"
    # raft B: gop / r#* / b**
    assert layout.raft_blocked == frozenset({(13, 16)})
    assert layout.rafts[(12, 15)] == "green" and layout.rafts[(12, 16)] == "orange" and layout.rafts[(13, 17)] is None
    assert len(layout.rafts) == 8 and layout.raft_squares() == frozenset(
        (12 + r, 15 + c) for r in range(3) for c in range(3)
    )
    assert all(layout.terrain_at(sq) is None for sq in layout.raft_squares())


def test_a_raft_laid_over_a_location_card_removes_its_cat(catalog: Catalog) -> None:
    cards = [CardPlacement("location", (3, 3), "4"), CardPlacement("raft", (4, 4), "A")]
    layout = compose_island(scenario(cards=cards), catalog, fixed_board_choices(scenario(), catalog))
    assert layout.cats == ()
    assert layout.raft_blocked == frozenset({(5, 5)}) and layout.rafts[(4, 4)] is None
    assert (3, 3) in layout.fire and (4, 3) not in layout.fire  # the card's uncovered part stays


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            CardPlacement("location", (0, 3), "2"),
            r"card 1 \(location 2 at \(0, 3\)\): the catalog has no location card '2'",
        ),
        (CardPlacement("raft", (0, 3), "E"), r"card 1 \(raft E .*no raft card 'E'"),
        (CardPlacement("fire", (14, 0)), r"card 1 \(fire at \(14, 0\)\): square \(15, 0\) is off the island"),
    ],
)
def test_card_problems_name_the_card(catalog: Catalog, card: CardPlacement, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        compose_island(scenario(cards=[card]), catalog, fixed_board_choices(scenario(), catalog))


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ((BoardChoice("L1", 1),), "1 board choices for 4 board slots"),
        (
            (BoardChoice("L9", 1), BoardChoice("S1", 0), BoardChoice("L2", 0), BoardChoice("S2", 2)),
            "'L9' is not in the catalog",
        ),
        (
            (BoardChoice("S3", 1), BoardChoice("S1", 0), BoardChoice("L2", 0), BoardChoice("S2", 2)),
            "'S3' is small; pick a large board",
        ),
        (
            (BoardChoice("L1", 1), BoardChoice("S1", 0), BoardChoice("L1", 0), BoardChoice("S2", 2)),
            "already used by slot 1",
        ),
        (
            (BoardChoice("L1", 0), BoardChoice("S1", 0), BoardChoice("L2", 0), BoardChoice("S2", 2)),
            r"board slot 1 .*rotation 0 is not allowed here; use one of \(1,\)",
        ),
        (
            (BoardChoice("L1", 1), BoardChoice("S1", 1), BoardChoice("L2", 0), BoardChoice("S2", 2)),
            r"board slot 2 .*rotation 1 is not allowed here; use one of \(0, 2\)",
        ),
    ],
)
def test_bad_choices_are_rejected_with_the_slot(catalog: Catalog, choices, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        compose_island(scenario(), catalog, choices)


def test_choice_must_respect_a_pin(catalog: Catalog) -> None:
    s = scenario([BoardSlot("large", "plain", (0, 0), pin=BoardPin("L2")), BoardSlot("large", "plain", (9, 0))])
    with pytest.raises(LayoutError, match="pinned to 'L2', not 'L1'"):
        compose_island(s, catalog, (BoardChoice("L1", 0), BoardChoice("L2", 0)))
