"""COMP1110 notation, scenario level: challenge strings <-> scenarios, board strings,
initialise_challenge through the model, choose_challenge from the bundled campaigns."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.interop import comp1110
from engine.interop.comp1110_challenge import (
    BoardSquare,
    Challenge,
    challenge_to_scenario,
    choose_challenge,
    format_board_string,
    format_challenge,
    initialise_challenge,
    parse_board_string,
    parse_challenge,
    scenario_to_challenge,
)
from engine.model.catalog import Catalog
from engine.model.geometry import rotate_grid
from engine.model.layout import compose_island, fixed_board_choices
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Objective, TokenPlacement

STRAIGHT_DASH = "LESALASAF001200151200120912121215C00600100093030041203R20615"  # NOTATION §12 D
MEET_THE_TWINS = "SNSNSASAF000300150303C0000600009300123090340603R30912"


def test_facade_exports_the_scenario_level_functions() -> None:
    for name in ("initialise_challenge", "is_board_string_well_formed", "choose_challenge", "challenge_to_scenario"):
        assert callable(getattr(comp1110, name)) and name in comp1110.__all__


def test_parse_the_worked_example() -> None:
    c = parse_challenge(STRAIGHT_DASH)
    assert c.islands == ("LE", "SA", "LA", "SA")
    assert c.fires == ((0, 12), (0, 15), (12, 0), (12, 9), (12, 12), (12, 15))
    assert c.cats == ((0, (6, 0)), (1, (0, 9)), (3, (3, 0)), (4, (12, 3)))
    assert c.raft == (2, (6, 15))
    assert (c.rows, c.cols) == (15, 18)
    assert format_challenge(c) == STRAIGHT_DASH


def test_empty_fire_part_and_two_islands() -> None:
    c = parse_challenge("LASAFC100003000640003R20906")
    assert c.fires == () and (c.rows, c.cols) == (15, 9)
    assert format_challenge(Challenge(c.islands, c.fires, c.cats, c.raft)) == "LASAFC100003000640003R20906"


def test_challenge_to_scenario_lays_out_slots_and_cards(catalog: Catalog) -> None:
    s = challenge_to_scenario(STRAIGHT_DASH, "Straight dash")
    assert (s.id, s.name, s.mode, s.difficulty) == ("straight-dash", "Straight dash", "standard", None)
    assert s.boards == (
        BoardSlot("large", "fire", (0, 0), fire_edge="north"),
        BoardSlot("small", "plain", (9, 0)),
        BoardSlot("large", "plain", (0, 9)),
        BoardSlot("small", "plain", (9, 9)),
    )
    assert all(b.pin is None and b.orientation == "horizontal" for b in s.boards)
    assert [c.at for _, c in s.cards_of("fire")] == [(0, 12), (0, 15), (12, 0), (12, 9), (12, 12), (12, 15)]
    # digital ids 0, 1, 3, 4 are physical location cards 1, 3, 5, 7; raft id 2 is C
    assert [(c.ident, c.at) for _, c in s.cards_of("location")] == [
        ("1", (6, 0)),
        ("3", (0, 9)),
        ("5", (3, 0)),
        ("7", (12, 3)),
    ]
    assert [(c.ident, c.at) for _, c in s.cards_of("raft")] == [("C", (6, 15))]
    assert not any(c.stand_in for c in s.cards) and "stand" not in s.notes


@pytest.mark.parametrize(("letter", "edge"), [("N", "west"), ("E", "north"), ("S", "east"), ("W", "south")])
def test_island_letters_give_the_fire_edge(letter: str, edge: str, catalog: Catalog) -> None:
    s = challenge_to_scenario(f"L{letter}LAF1500C01203R01206")
    assert s.boards[0] == BoardSlot("large", "fire", (0, 0), fire_edge=edge)
    assert s.boards[1] == BoardSlot("large", "plain", (9, 0))
    layout = compose_island(s, catalog, fixed_board_choices(s, catalog))
    assert set(s.boards[0].strip_squares()) <= layout.fire
    assert scenario_to_challenge(s) == f"L{letter}LAF1500C01203R01206"


def test_repeated_location_cards_are_marked_stand_ins_with_notes() -> None:
    s = challenge_to_scenario(MEET_THE_TWINS, "Meet the twins")
    locations = [(c.ident, c.at, c.stand_in) for _, c in s.cards_of("location")]
    assert locations == [
        ("1", (0, 6), False),
        ("1", (0, 9), True),
        ("5", (0, 12), False),
        ("5", (9, 3), True),
        ("7", (6, 3), False),
    ]
    assert "Location card 1 at (0, 9) and location card 5 at (9, 3) stand in for cards" in s.notes
    assert "knows 7 of the 12 location cards" in s.notes
    assert scenario_to_challenge(s) == MEET_THE_TWINS


def test_default_name_and_id() -> None:
    s = challenge_to_scenario(STRAIGHT_DASH)
    assert s.name == "COMP1110 challenge" and s.id.startswith("comp1110-") and len(s.id) == 17
    assert challenge_to_scenario(STRAIGHT_DASH).id == s.id
    assert challenge_to_scenario("  " + STRAIGHT_DASH + "\n").boards == s.boards


@pytest.mark.parametrize(
    ("string", "message"),
    [
        ("", "no 'F' separator"),
        ("LNSAF0003R00000", "no 'C' separator"),
        ("LNSAF0003C10000", "no 'R' separator"),
        ("LNSF0000C10000R00000", "island part 'LNS' must be 2 or 4 islands"),
        ("LNSALAF0000C10000R00000", "island part 'LNSALA' must be 2 or 4 islands"),
        ("LNSXF0000C10000R00000", "island 2 'SX' is not a size"),
        ("LNXAF0000C10000R00000", "island 2 'XA' is not a size"),
        ("LNSEF0000C10000R00000", "island 2 'SE': a small board turned E or W"),
        ("LNSASALAF0000C10000R00000", "ragged layout"),
        ("LNSAF000C10000R00000", "fire part '000' has 3 characters, not a multiple of 4"),
        ("LNSAF00a0C10000R00000", "fire entry 1 '00a0' is malformed"),
        ("LNSAF0000C1000R00000", "location card part '1000' has 4 characters"),
        ("LNSAF0000CR00000", "no location card after 'C'"),
        ("LNSAF0000C10000R000", "raft part '000' must be one KRRCC entry"),
        ("LNSAF0000C10000R00000X", "raft part '00000X'"),
        ("LNSAF1300C10000R00000", r"fire card 1 at \(13, 0\) reaches past the 15x9 island"),
        ("LNSAF0000C10007R00000", r"location card 1 at \(0, 7\) reaches past the 15x9 island"),
        ("LNSAF0000C10000R01300", r"raft 1 at \(13, 0\) reaches past"),
        ("LNSAF0000C90000R00000", "location card 1 has id 9; the notation knows ids 0, 1, 2, 3, 4, 5, 6"),
        ("LNSAF0000C10000R70000", "raft id 7 is unknown"),
    ],
)
def test_malformed_challenges_raise_value_errors_naming_the_part(string: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        challenge_to_scenario(string)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.with_changes(tokens=(TokenPlacement("water", (4, 4)),)), "no tokens or objectives"),
        (lambda s: s.with_changes(objectives=(Objective("collect_maps", count=1),)), "no tokens or objectives"),
        (lambda s: s.with_changes(boards=s.boards[:3]), "needs 2 or 4 boards, the scenario has 3"),
        (lambda s: s.with_changes(boards=(replace(s.boards[0], pin=BoardPin("L1")),) + s.boards[1:]), "pinned to 'L1'"),
        (
            lambda s: s.with_changes(boards=s.boards[:3] + (replace(s.boards[3], orientation="vertical"),)),
            "vertical small board",
        ),
        (
            lambda s: s.with_changes(boards=s.boards[:3] + (replace(s.boards[3], at=(9, 10)),)),
            r"board at \[9, 10\] breaks it",
        ),
        (
            lambda s: s.with_changes(
                boards=s.boards[:2] + (BoardSlot("small", "plain", (0, 9)), BoardSlot("large", "plain", (6, 9)))
            ),
            "two-column layout",
        ),
        (
            lambda s: s.with_changes(cards=tuple(replace(c, rotation=1) if c.kind == "raft" else c for c in s.cards)),
            "is rotated",
        ),
        (
            lambda s: s.with_changes(cards=s.cards + (CardPlacement("location", (3, 9), "2"),)),
            "location card 2, which the notation does not know",
        ),
        (
            lambda s: s.with_changes(cards=s.cards + (CardPlacement("raft", (3, 9), "E"),)),
            "raft card E, which the notation does not know",
        ),
        (lambda s: s.with_changes(cards=s.cards + (CardPlacement("raft", (3, 9), "A"),)), "exactly one raft card"),
        (
            lambda s: s.with_changes(cards=tuple(c for c in s.cards if c.kind != "location")),
            "at least one location card",
        ),
    ],
)
def test_scenarios_the_notation_cannot_express(change, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        scenario_to_challenge(change(challenge_to_scenario(STRAIGHT_DASH, "x")))


def test_export_orders_fire_then_locations_then_raft_and_ignores_rules() -> None:
    s = challenge_to_scenario(STRAIGHT_DASH)
    shuffled = s.with_changes(
        cards=(s.cards[-1],) + s.cards[:-1], rules=replace(s.rules, water_tokens=3), mode="advanced"
    )
    assert scenario_to_challenge(shuffled) == STRAIGHT_DASH
    assert scenario_to_challenge(s.with_changes(boards=tuple(reversed(s.boards)))) == STRAIGHT_DASH


# --- board strings -----------------------------------------------------------------
def test_parse_board_string_into_the_model_vocabulary() -> None:
    board = "bBfgGnopP\nrRwWyYbbb\n" + "bbbbbbbbb\n" * 10
    rows = parse_board_string(board)
    assert len(rows) == 12 and all(len(r) == 9 for r in rows)
    assert rows[0][:5] == (
        BoardSquare(terrain="blue"),
        BoardSquare(terrain="blue", cat="blue"),
        BoardSquare(fire=True),
        BoardSquare(terrain="green"),
        BoardSquare(terrain="green", cat="green"),
    )
    assert rows[0][5] == BoardSquare() and rows[0][6] == BoardSquare(raft_centre=True)
    assert rows[1][2] == BoardSquare(wild=True) and rows[1][3] == BoardSquare(wild=True, cat="unknown")
    assert rows[1][4] == BoardSquare(terrain="orange") and rows[1][5] == BoardSquare(terrain="orange", cat="orange")
    with pytest.raises(ValueError, match="no terrain cannot be written"):
        format_board_string(rows)  # 'n' is accepted on input, never emitted
    fixed = board.replace("n", "b")
    assert format_board_string(parse_board_string(fixed)) == fixed


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("bbbbbbbbb\n" * 11 + "bbbbbbbbb", "does not end with a newline"),
        ("bbbbbbbbb\n" * 13, "13 rows"),
        ("bbbbbbbbbb\n" * 12, "row 0 has 10 squares"),
        ("bbbbbbbbb\n" * 11 + "bbbbbbbb\n", "row 11 has 8 squares, row 0 has 9"),
        ("bbbbbbbbb\n" * 11 + "bbbbxbbbb\n", "row 11 holds 'x'"),
        ("bbbbbbbbb\n" * 5 + "bbbbbbbbb\tbbbbbbbbb\n" + "bbbbbbbbb\n" * 6, "row 5 has 19 squares"),
        ("bbbbbbbbb\r\n" * 12, "row 0 has 10 squares"),
    ],
)
def test_parse_board_string_says_what_is_wrong(board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_board_string(board)
    assert comp1110.is_board_string_well_formed(board) is False


# --- initialise_challenge ----------------------------------------------------------
def _region(rows: list[str], top: int, left: int, height: int) -> tuple[str, ...]:
    return tuple(row[left : left + 9] for row in rows[top : top + height])


def test_initialise_challenge_draws_real_boards_through_the_model(catalog: Catalog) -> None:
    """Outside the cards, every island shows a distinct catalog board of its size,
    its fire face for N/E/S/W, its plain face in a footprint-keeping rotation for A."""
    s = challenge_to_scenario(STRAIGHT_DASH)
    card_squares = {sq for card in s.cards for sq in card.squares()}
    rotations_seen: set[int] = set()
    for seed in range(25):
        rows = initialise_challenge(STRAIGHT_DASH, random.Random(seed)).splitlines()
        used = []
        for slot in s.boards:
            shown = _region(rows, slot.at[0], slot.at[1], slot.rows)
            matches = []
            for board in catalog.boards_of_size(slot.size):
                turns = (
                    (slot.rotation(),) if slot.face == "fire" else ((0, 1, 2, 3) if slot.size == "large" else (0, 2))
                )
                for t in turns:
                    grid = rotate_grid(board.face(slot.face), t)
                    if all(
                        (slot.at[0] + r, slot.at[1] + c) in card_squares or shown[r][c] == grid[r][c].replace("o", "y")
                        for r in range(slot.rows)
                        for c in range(9)
                    ):
                        matches.append((board.id, t))
            assert matches, f"seed {seed}: slot at {slot.at} shows no catalog board"
            used.append(matches[0][0])
            if slot.size == "large" and slot.face == "plain":
                rotations_seen.add(matches[0][1])
        assert len(set(used)) == 4
    assert rotations_seen == {0, 1, 2, 3}


def test_initialise_challenge_is_reproducible_with_a_seed() -> None:
    a = initialise_challenge(STRAIGHT_DASH, random.Random(7))
    assert a == initialise_challenge(STRAIGHT_DASH, random.Random(7))
    assert len({initialise_challenge(STRAIGHT_DASH, random.Random(seed)) for seed in range(10)}) > 1


def test_initialise_challenge_rejects_bad_strings() -> None:
    with pytest.raises(ValueError, match="ragged layout"):
        initialise_challenge("LNSASALAF0000C10000R00000")


# --- choose_challenge ----------------------------------------------------------------
def test_choose_challenge_reads_the_bundled_campaigns() -> None:
    tutorial = {choose_challenge(0, random.Random(seed)) for seed in range(60)}
    assert len(tutorial) == 4 and all(parse_challenge(c).raft for c in tutorial)
    assert "LNSNLASAF000300060012001503030903C112033060340009R01215" in tutorial  # First steps
    assert len({choose_challenge(5, random.Random(seed)) for seed in range(100)}) == 7


@pytest.mark.parametrize("difficulty", [-1, 6])
def test_choose_challenge_out_of_range(difficulty: int) -> None:
    with pytest.raises(ValueError, match=r"difficulty .* is out of range; use 0-5"):
        choose_challenge(difficulty)
