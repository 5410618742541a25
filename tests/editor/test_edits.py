"""The pure edits and placement rules behind the studio's commands (no Qt needed)."""

from __future__ import annotations

from dataclasses import replace

from studio_helpers import four_board_island

from editor import edits, placement
from engine.check.validate import validate
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, TokenPlacement


def test_insert_and_remove_keep_layers_and_return_refs() -> None:
    s = four_board_island()
    added, refs = edits.insert(s, [CardPlacement("fire", (3, 6)), TokenPlacement("map", (4, 10))])
    assert refs == {("cards", 4), ("tokens", 2)}
    assert added.cards[4] == CardPlacement("fire", (3, 6)) and added.tokens[2].kind == "map"
    assert edits.remove(added, refs) == s


def test_move_clamps_the_group_inside_the_grid() -> None:
    s = four_board_island()
    moved = edits.move(s, [("cards", 3), ("tokens", 0)], (0, 5))  # raft at col 15 can only go 0 further
    assert moved == s
    moved = edits.move(s, [("cards", 0)], (-4, 20))
    assert moved.cards[0].at == (0, 15)


def test_rotate_large_fire_board_moves_its_strip_and_keeps_the_pin() -> None:
    board = BoardSlot("large", "fire", (0, 0), "west", pin=BoardPin("L1"))
    assert edits.rotate_element(board, 1) == replace(board, fire_edge="north")
    assert edits.rotate_element(board, -1).fire_edge == "south"


def test_rotate_small_board_turns_it_and_stays_on_the_grid() -> None:
    board = BoardSlot("small", "fire", (12, 12), "west")
    turned = edits.rotate_element(board, 1)
    assert (turned.orientation, turned.fire_edge, turned.rows, turned.cols) == ("vertical", "north", 9, 6)
    assert turned.at == (9, 12)  # 9 rows from row 12 would leave the grid
    assert edits.rotate_element(turned, 1).fire_edge == "east"


def test_rotate_plain_pinned_board_turns_the_pin() -> None:
    board = BoardSlot("large", "plain", (0, 0), pin=BoardPin("L2", 3))
    assert edits.rotate_element(board, 1).pin == BoardPin("L2", 0)


def test_rotate_cards_but_not_fire_cards_or_tokens() -> None:
    assert edits.rotate_element(CardPlacement("raft", (0, 0), "B", 3), 1).rotation == 0
    fire = CardPlacement("fire", (0, 0))
    assert edits.rotate_element(fire, 1) is fire
    token = TokenPlacement("fish", (1, 1))
    assert edits.rotate_element(token, 2) is token


def test_flip_face_and_cycle_fire_edge() -> None:
    plain = BoardSlot("small", "plain", (0, 0), orientation="vertical")
    fire = edits.flip_face(plain)
    assert (fire.face, fire.fire_edge) == ("fire", "north")
    assert edits.next_fire_edge(fire).fire_edge == "south"
    assert edits.next_fire_edge(edits.next_fire_edge(fire)) == fire
    assert edits.flip_face(fire) == plain
    assert edits.next_fire_edge(plain) == plain


def test_with_size_keeps_a_legal_strip_and_drops_a_pin() -> None:
    board = BoardSlot("large", "fire", (10, 10), "north", pin=BoardPin("L1"))
    small = edits.with_size(board, "small")
    assert (small.orientation, small.fire_edge, small.pin, small.at) == ("vertical", "north", None, (9, 10))


def test_copies_go_beside_the_originals() -> None:
    cards = [CardPlacement("fire", (0, 0)), CardPlacement("fire", (0, 3))]
    assert edits.offset_for_copies(cards) == (0, 6)
    edge = [CardPlacement("fire", (0, 15))]
    assert edits.offset_for_copies(edge) == (3, 0)
    assert [c.at for c in edits.shifted(edge, (1, 5))] == [(1, 15)]


def test_element_at_prefers_tokens_then_cards_then_boards() -> None:
    s = four_board_island()
    assert placement.element_at(s, (8, 15)) == ("tokens", 0)
    assert placement.element_at(s, (7, 16)) == ("cards", 3)
    assert placement.element_at(s, (5, 10)) == ("boards", 1)
    assert placement.element_at(s, (17, 17)) is None


def test_rubber_band_selects_what_lies_wholly_inside() -> None:
    s = four_board_island()
    assert placement.refs_in_rect(s, (9, 14), (6, 17)) == {("cards", 3), ("tokens", 0)}
    assert placement.refs_in_rect(s, (17, 17), (0, 9)) == {
        ("boards", 1),
        ("boards", 3),
        ("cards", 3),
        ("tokens", 0),
        ("tokens", 1),
    }


def test_cards_snap_to_their_boards_card_grid_unless_free() -> None:
    s = four_board_island()
    assert placement.snap_card_origin(s, (3.6, 9.4)) == (3, 9)  # near the grid: pulled onto it
    assert placement.snap_card_origin(s, (4.1, 10.2)) == (4, 10)  # clearly between: nearest square
    assert placement.snap_card_origin(s, (3.4, 9.6), free=True) == (3, 10)


def test_drop_problems_are_the_engines_rule_errors_about_the_drop() -> None:
    s = four_board_island()
    assert placement.drop_problems(s, CardPlacement("fire", (3, 12))) == []
    off = placement.drop_problems(s, CardPlacement("fire", (15, 15)))
    assert off == ["fire card at (15, 15) hangs off the island on 9 squares; move it fully onto the boards"]
    over = placement.drop_problems(s, CardPlacement("fire", (1, 4)))
    assert over[:2] == ["fire card at (1, 4) overlaps location card 3 at (0, 3); move one of them",
                        "fire card at (1, 4) overlaps fire card at (3, 3); move one of them"]  # fmt: skip
    # and what the overlap does: fire on the blue cat's card walls it in (the set-up check
    # asks the engine's own cut-off analysis, so the drop says so before the playtest does)
    assert len(over) == 3 and over[2].startswith("the blue cat on location card 3 at (0, 3) is walled in"), over
    assert placement.drop_problems(s, BoardSlot("large", "plain", (9, 9))) == [
        "board 5 (large, plain face) at (9, 9) overlaps board 4 (small, plain face) at (9, 9) on 54 squares; "
        "move one so the boards only share edges"]  # fmt: skip
    on_art = placement.drop_problems(s, TokenPlacement("objective", (7, 16), "2"))  # raft B's middle: its art
    assert any("not on a raft destination square" in p for p in on_art), on_art


def test_the_drag_preview_refuses_what_the_problems_dock_will_report() -> None:
    """Fire strips, fire cards and raft art: the checks the document runs after the drop."""
    s = four_board_island()
    strip = placement.drop_problems(s, CardPlacement("location", (12, 0), "9"))  # small fire board's west strip
    assert any("covers the fire strip of board 3" in p for p in strip), strip
    fire_card = placement.drop_problems(s, CardPlacement("raft", (4, 4), "A"))
    assert any("overlaps fire card at (3, 3)" in p for p in fire_card), fire_card
    token = placement.drop_problems(s, TokenPlacement("fish", (1, 1)))  # L1's fire strip
    assert any("sits on fire" in p for p in token), token
    for ghost in (
        CardPlacement("location", (12, 0), "9"),
        CardPlacement("raft", (4, 4), "A"),
        TokenPlacement("fish", (1, 1)),
    ):
        after = s.with_changes(**{edits.layer_of(ghost): (*getattr(s, edits.layer_of(ghost)), ghost)})
        reported = {i.message for i in validate(after) if i.is_error} - {i.message for i in validate(s) if i.is_error}
        assert reported <= set(placement.drop_problems(s, ghost)), "the preview misses what the drop reports"
    moved = edits.move(s, [("cards", 0)], (0, 3))
    assert placement.moved_problems(moved, [("cards", 0)]) == {}
