"""Every rule check of engine.check.validate, each on a small change to Tutorial 1
(``first_steps`` in conftest.py): the code, severity, path and squares it reports."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.check.issues import ERROR, WARNING, Issue, Where
from engine.check.validate import validate
from engine.model.catalog import Catalog, catalog_from_dict, default_catalog
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Objective, Scenario, TokenPlacement

LOC3, LOC5, LOC7, RAFT = 6, 7, 8, 9  # indices in first_steps.cards
BLUE_CAT, GREEN_CAT, ORANGE_CAT = (13, 4), (7, 4), (1, 10)


def of(issues: list[Issue], code: str) -> list[Issue]:
    return [i for i in issues if i.code == code]


def layout_only(issues: list[Issue]) -> list[Issue]:
    """The layout checks' issues, without the playability warning (a scenario with
    objectives or tokens cannot be playtested yet: tests/engine/test_unplayed_rules.py)."""
    return [i for i in issues if i.code != "not-playable-yet"]


def one(scenario: Scenario, code: str, catalog: Catalog | None = None) -> Issue:
    found = of(validate(scenario, catalog), code)
    assert len(found) == 1, (code, validate(scenario, catalog))
    return found[0]


def with_card(s: Scenario, index: int, **changes: object) -> Scenario:
    cards = list(s.cards)
    cards[index] = replace(cards[index], **changes)  # type: ignore[arg-type]
    return s.with_changes(cards=tuple(cards))


def with_board(s: Scenario, index: int, **changes: object) -> Scenario:
    boards = list(s.boards)
    boards[index] = replace(boards[index], **changes)  # type: ignore[arg-type]
    return s.with_changes(boards=tuple(boards))


def test_the_base_scenario_has_no_issues(first_steps: Scenario) -> None:
    assert validate(first_steps) == []


# --- boards -----------------------------------------------------------------------
def test_no_boards(first_steps: Scenario) -> None:
    issue = one(first_steps.with_changes(boards=()), "no-boards")
    assert issue.severity == ERROR and issue.where.path == ""


def test_board_overlap_names_both_boards_and_the_shared_squares(first_steps: Scenario) -> None:
    issue = one(with_board(first_steps, 3, at=(8, 9)), "board-overlap")
    assert issue.where.path == "/boards/3"
    assert issue.where.squares == tuple((8, c) for c in range(9, 18))
    assert (
        "board 4 (small, plain face) at (8, 9) overlaps board 3 (large, plain face) at (0, 9) on 9 squares"
        in issue.message
    )


def test_boards_touching_only_at_a_corner_are_not_one_island() -> None:
    s = Scenario("x", "x", boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (9, 9))))
    issue = one(s, "island-disconnected")
    assert issue.where.path == "/boards/1" and len(issue.where.squares) == 81
    assert "shares an edge" in issue.message


def test_a_partly_shared_edge_joins_boards() -> None:
    s = Scenario("x", "x", boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("small", "plain", (9, 5))))
    assert of(validate(s), "island-disconnected") == []


def test_the_smaller_group_of_boards_is_the_one_reported() -> None:
    s = Scenario(
        "x",
        "x",
        boards=(
            BoardSlot("small", "plain", (0, 0), orientation="vertical"),
            BoardSlot("large", "plain", (9, 9)),
            BoardSlot("large", "fire", (0, 9), "west"),
        ),
    )
    assert [i.where.path for i in of(validate(s), "island-disconnected")] == ["/boards/0"]


def test_fire_edge_on_a_long_side_of_a_small_board(first_steps: Scenario) -> None:
    issue = one(with_board(first_steps, 1, fire_edge="north"), "fire-edge-invalid")
    assert issue.where.path == "/boards/1" and issue.where.squares[0] == (9, 0)
    assert "use west or east" in issue.message
    vertical = BoardSlot("small", "fire", (0, 0), "west", orientation="vertical")
    assert "use north or south" in one(Scenario("x", "x", boards=(vertical,)), "fire-edge-invalid").message


@pytest.mark.parametrize(
    "board, pin, words, severity",
    [
        (2, BoardPin("L9"), "not in the catalog", ERROR),
        (3, BoardPin("L1"), "which is a large board; pin a small board", ERROR),
        (3, BoardPin("S1", 1), "turns the board out of its 6x9 slot; use rotation 0 or 2", ERROR),
        (0, BoardPin("L1", 2), "a fire face's rotation follows from its fire edge", WARNING),
    ],
)
def test_pin_problems(first_steps: Scenario, board: int, pin: BoardPin, words: str, severity: str) -> None:
    issue = one(with_board(first_steps, board, pin=pin), "pin-invalid")
    assert (issue.where.path, issue.severity) == (f"/boards/{board}", severity)
    assert words in issue.message


def test_a_board_pinned_twice(first_steps: Scenario) -> None:
    s = with_board(with_board(first_steps, 0, pin=BoardPin("L2")), 2, pin=BoardPin("L2", 3))
    issue = one(s, "pin-invalid")
    assert issue.where.path == "/boards/2" and "already pinned by board 1" in issue.message


def test_valid_pins_are_quiet(first_steps: Scenario) -> None:
    s = with_board(with_board(first_steps, 2, pin=BoardPin("L3", 3)), 3, pin=BoardPin("S2", 2))
    assert validate(s) == []


# --- cards ------------------------------------------------------------------------
def test_card_off_island(first_steps: Scenario) -> None:
    issue = one(with_card(first_steps, RAFT, at=(13, 15)), "card-off-island")
    assert issue.where.path == f"/cards/{RAFT}" and issue.where.squares == ((15, 15), (15, 16), (15, 17))
    assert issue.message.startswith("raft card A at (13, 15) hangs off the island on 3 squares")


def test_card_overlap(first_steps: Scenario) -> None:
    issue = one(with_card(first_steps, LOC3, at=(11, 3)), "card-overlap")
    assert issue.where.path == f"/cards/{LOC3}" and issue.where.squares == ((11, 3), (11, 4), (11, 5))
    assert "location card 3 at (11, 3) overlaps fire card at (9, 3)" in issue.message


def test_card_on_a_fire_strip(first_steps: Scenario) -> None:
    issue = one(with_card(first_steps, LOC3, at=(12, 2)), "card-on-fire-strip")
    assert issue.where.squares == ((12, 2), (13, 2), (14, 2))
    assert "board 2 (small, fire face) at (9, 0)" in issue.message


def test_rotated_location_card_is_a_warning(first_steps: Scenario) -> None:
    issue = one(with_card(first_steps, LOC7, rotation=1), "card-rotated")
    assert issue.severity == WARNING and issue.where.path == f"/cards/{LOC7}"


@pytest.mark.parametrize(
    "index, ident, code, severity",
    [
        (LOC5, "13", "unknown-component", ERROR),
        (LOC5, "x", "unknown-component", ERROR),
        (RAFT, "Z", "unknown-component", ERROR),
        (LOC5, "8", "unknown-layout", WARNING),
        (RAFT, "E", "unknown-layout", WARNING),
    ],
)
def test_card_identities(first_steps: Scenario, index: int, ident: str, code: str, severity: str) -> None:
    issue = one(with_card(first_steps, index, ident=ident), code)
    assert (issue.severity, issue.where.path) == (severity, f"/cards/{index}")


def test_a_reused_card_is_an_error_unless_marked_as_stand_in(first_steps: Scenario) -> None:
    twice = with_card(first_steps, LOC5, ident="3")
    issue = one(twice, "component-reused")
    assert issue.where.path == f"/cards/{LOC5}" and "already used by location card 3 at (12, 3)" in issue.message
    stand_in = with_card(twice, LOC5, stand_in=True)
    issues = validate(stand_in)
    assert of(issues, "component-reused") == [] and not any(i.is_error for i in issues)
    assert one(stand_in, "location-stand-in").severity == WARNING


def test_more_boards_than_the_box_holds() -> None:
    boards = tuple(BoardSlot("small", "plain", (6 * r, 9 * c)) for r in range(3) for c in range(2))
    found = of(validate(Scenario("x", "x", boards=boards)), "box-exceeded")
    assert [i.where.path for i in found] == ["/boards/4", "/boards/5"]
    assert "is small boards number 5, but the boxes hold 4" in found[0].message


def test_more_fire_cards_than_the_box_holds() -> None:
    boards = tuple(BoardSlot("large", "plain", (9 * r, 9 * c)) for r in range(2) for c in range(2))
    cards = tuple(CardPlacement("fire", (3 * (n // 6), 3 * (n % 6))) for n in range(23))
    assert [i.where.path for i in of(validate(Scenario("x", "x", boards=boards, cards=cards)), "box-exceeded")] == [
        "/cards/22"
    ]


def test_more_cats_of_a_colour_than_the_box_holds(first_steps: Scenario) -> None:
    s = first_steps.with_changes(
        cards=first_steps.cards
        + (CardPlacement("location", (3, 12), "4"), CardPlacement("location", (3, 15), "3", stand_in=True))
    )
    issue = one(s, "box-exceeded")
    assert issue.where.path == "/cards/11" and issue.where.squares == ((4, 16),)
    assert "blue cat number 3, but the box has 2 blue cat figures" in issue.message


def test_more_kickstarter_tokens_than_the_box_holds(first_steps: Scenario) -> None:
    tokens = tuple(TokenPlacement("fish", (5, 9 + n)) for n in range(7))
    assert one(first_steps.with_changes(tokens=tokens), "box-exceeded").where.path == "/tokens/6"


def test_no_raft_no_cat_no_fire() -> None:
    boards = (BoardSlot("large", "plain", (0, 0)),)
    issues = validate(Scenario("x", "x", boards=boards))
    assert {i.code for i in issues} == {"no-raft", "no-cat", "no-fire"}
    assert all(i.severity == ERROR and i.where.path == "" for i in issues)


def test_fire_and_cats_of_an_unknown_card_are_not_claimed_missing() -> None:
    boards = (BoardSlot("large", "plain", (0, 0)),)
    cards = (CardPlacement("location", (0, 0), "8"), CardPlacement("raft", (6, 6), "A"))
    issues = validate(Scenario("x", "x", boards=boards, cards=cards))
    assert {(i.code, i.severity) for i in issues} == {("unknown-layout", WARNING), ("no-fire", WARNING)}


# --- cats and destinations ------------------------------------------------------------
def test_cats_competing_for_the_any_colour_destinations(first_steps: Scenario) -> None:
    # raft D: one blue, one orange and one any-colour destination for two blue and two orange cats
    s = with_card(with_card(first_steps, LOC5, ident="4"), RAFT, ident="D")
    issue = one(s, "cat-no-destination")
    # blue cats at (13, 4) and (7, 4), orange cats at (8, 5) and (1, 10)
    assert issue.where.path == "" and set(issue.where.squares) == {BLUE_CAT, (7, 4), (8, 5), ORANGE_CAT}
    assert "(1 blue, 1 orange)" in issue.message or "(1 orange, 1 blue)" in issue.message


def test_a_colour_with_no_destination_at_all(first_steps: Scenario) -> None:
    red_raft = {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "red-raft",
        "name": "Red raft",
        "raft_cards": [{"letter": "R", "grid": ["rrr", "r#r", "rrr"]}],
        "box": {"raft_cards": 1},
    }
    catalog = default_catalog().merged(catalog_from_dict(red_raft))
    found = of(validate(with_card(first_steps, RAFT, ident="R"), catalog), "cat-no-destination")
    assert sorted(i.where.squares for i in found) == sorted([(BLUE_CAT,), (GREEN_CAT,), (ORANGE_CAT,)])
    assert all(i.where.path.startswith("/cards/") for i in found)
    assert any("the blue cat on location card 3 at (12, 3) has no raft destination" in i.message for i in found)


def test_a_cat_walled_in_by_fire(first_steps: Scenario) -> None:
    s = first_steps.with_changes(cards=first_steps.cards + (CardPlacement("fire", (12, 6)),))
    issue = one(s, "cat-cut-off")
    assert issue.where.path == f"/cards/{LOC3}" and issue.where.squares == (BLUE_CAT,)
    assert "the blue cat on location card 3 at (12, 3) is walled in" in issue.message


def test_other_colours_destinations_block_the_way() -> None:
    # the blue cat at (1, 1) has fire north and east; south lies raft B's green, orange
    # and purple destinations, which a blue cat may not use (RULINGS LC-5)
    boards = (BoardSlot("large", "plain", (0, 0)),)
    cards = (CardPlacement("location", (0, 0), "3"), CardPlacement("fire", (0, 3)), CardPlacement("raft", (3, 0), "B"))
    issue = one(Scenario("x", "x", boards=boards, cards=cards), "cat-cut-off")
    assert issue.where == Where("/cards/0", ((1, 1),))
    raft_a = replace(cards[2], ident="A")  # any-colour destinations: the way is open
    assert validate(Scenario("x", "x", boards=boards, cards=cards[:2] + (raft_a,))) == []


# --- tokens -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "token, code",
    [
        (TokenPlacement("water", (16, 3)), "token-off-island"),
        (TokenPlacement("map", (4, 1)), "token-on-fire"),
        (TokenPlacement("fish", (0, 4)), "token-on-fire"),
        (TokenPlacement("objective", (5, 9), "1"), "token-not-on-destination"),
        (TokenPlacement("objective", (13, 16), "1"), "token-not-on-destination"),  # raft A's centre
    ],
)
def test_token_placement(first_steps: Scenario, token: TokenPlacement, code: str) -> None:
    s = first_steps.with_changes(tokens=(token,), objectives=(Objective("arrival_order", "blue", 1),))
    issue = one(s, code)
    assert issue.where.path == "/tokens/0" and issue.where.squares == (token.at,)


def test_two_tokens_on_one_square(first_steps: Scenario) -> None:
    tokens = (TokenPlacement("fish", (5, 9)), TokenPlacement("map", (5, 9)))
    issue = one(first_steps.with_changes(tokens=tokens), "token-overlap")
    assert issue.where.path == "/tokens/1" and "shares its square with fish token at (5, 9)" in issue.message


def test_well_placed_tokens_are_quiet(first_steps: Scenario) -> None:
    s = first_steps.with_changes(
        tokens=(TokenPlacement("objective", (12, 15), "1"), TokenPlacement("map", (5, 9))),
        objectives=(Objective("arrival_order", "green", 1), Objective("collect_maps", count=1)),
    )
    assert layout_only(validate(s)) == []


# --- objectives ---------------------------------------------------------------------
def objectives(s: Scenario, *objs: Objective) -> Scenario:
    return s.with_changes(objectives=objs)


def test_objective_naming_a_colour_without_a_cat(first_steps: Scenario) -> None:
    issue = one(objectives(first_steps, Objective("arrival_order", "red", 1)), "objective-no-cat")
    assert issue.severity == ERROR and issue.where.path == "/objectives/0"
    assert 'objective 1 ("Red arrives first") names red' in issue.message
    unknown = with_card(first_steps, LOC5, ident="8")
    assert one(objectives(unknown, Objective("arrival_order", "red", 1)), "objective-no-cat").severity == WARNING


@pytest.mark.parametrize(
    "objs, path, severity, words",
    [
        (
            (Objective("arrival_order", "blue", 1), Objective("arrival_order", "green", 1)),
            "/objectives/1",
            ERROR,
            "both claim the first arrival",
        ),
        (
            (Objective("arrival_order", "blue", 2), Objective("arrival_order", "blue", 2)),
            "/objectives/1",
            WARNING,
            'repeats objective 1 ("Blue arrives second")',
        ),
        (
            (Objective("arrival_order", "blue", 1), Objective("arrival_order", "blue", 3)),
            "/objectives/1",
            ERROR,
            "need 2 blue cats, but 1 starts",
        ),
    ],
)
def test_conflicting_objectives(
    first_steps: Scenario, objs: tuple[Objective, ...], path: str, severity: str, words: str
) -> None:
    issue = one(objectives(first_steps, *objs), "objective-conflict")
    assert (issue.where.path, issue.severity) == (path, severity) and words in issue.message


@pytest.mark.parametrize(
    "objective, words",
    [
        (Objective("arrival_order", "blue", 4), "asks for arrival number 4, but only 3 cats start"),
        (Objective("collect_maps", count=2), "asks for 2 treasure maps, but 1 map token placed"),
        (Objective("close_to", colours=("blue", "blue"), distance=5), "needs 2 blue cats, but 1 starts"),
    ],
)
def test_impossible_objectives(first_steps: Scenario, objective: Objective, words: str) -> None:
    s = objectives(first_steps, objective).with_changes(tokens=(TokenPlacement("map", (5, 9)),))
    issue = one(s, "objective-impossible")
    assert issue.where.path == "/objectives/0" and words in issue.message


def test_arrive_together_needs_the_advanced_bonus(first_steps: Scenario) -> None:
    s = objectives(first_steps, Objective("arrive_together", colours=("blue", "green")))
    issue = one(s, "objective-needs-advanced")
    assert issue.severity == WARNING and set(issue.where.squares) == {BLUE_CAT, GREEN_CAT}
    assert layout_only(validate(s.with_changes(mode="advanced"))) == []


def test_objective_tokens_should_match_an_objective(first_steps: Scenario) -> None:
    s = with_card(first_steps, RAFT, ident="B")  # raft B: green destination at (12, 15)
    s = s.with_changes(
        tokens=(
            TokenPlacement("objective", (12, 15), "1"),
            TokenPlacement("objective", (12, 16), "2"),
            TokenPlacement("objective", (12, 17), "="),
        ),
        objectives=(Objective("arrival_order", "blue", 1),),
    )
    found = of(validate(s), "objective-token-mismatch")
    assert [i.where.path for i in found] == ["/tokens/0", "/tokens/1", "/tokens/2"]
    assert all(i.severity == WARNING for i in found)
    assert 'sits on a green destination, but the objective is "Blue arrives first"' in found[0].message


def test_issues_are_sorted_errors_first_then_by_path(first_steps: Scenario) -> None:
    s = with_card(first_steps, LOC7, rotation=2)  # warning on /cards/8
    s = with_board(s, 3, pin=BoardPin("Q"))  # error on /boards/3
    s = s.with_changes(tokens=tuple(TokenPlacement("fish", (16, c)) for c in range(11)))  # errors /tokens/0../tokens/10
    issues = layout_only(validate(s))
    paths = [i.where.path for i in issues]
    assert [i.severity for i in issues] == sorted(i.severity for i in issues)  # "error" < "warning"
    assert paths[:3] == ["/boards/3", "/tokens/0", "/tokens/1"] and paths[-2:] == ["/tokens/10", "/cards/8"]


def test_an_objective_bound_to_a_square_needs_a_destination_its_cat_may_use(first_steps: Scenario) -> None:
    """OB-2: an arrival objective bound to a raft square must name a destination of
    its colour (or an icon-less one); raft B's green square is (12, 15)."""
    s = with_card(first_steps, RAFT, ident="B")
    bound = s.with_changes(objectives=(Objective("arrival_order", "green", 1, destination=(12, 16)),))
    issue = one(bound, "objective-impossible")
    assert issue.where.squares == ((12, 16),) and "(12, 15)" in issue.message
    fine = s.with_changes(objectives=(Objective("arrival_order", "green", 1, destination=(12, 15)),))
    assert not of(validate(fine), "objective-impossible")
