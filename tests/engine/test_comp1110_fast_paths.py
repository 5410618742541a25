"""The fast paths of the COMP1110 interop (issue 8 item 5) build what the checked paths
build: an :class:`Island` without the frozen dataclass's per-field ``__setattr__``, and
a state whose decks and bag strings are written back as read, in canonical form."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_pictures import board_string
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.interop import comp1110_actions, comp1110_board
from engine.interop.comp1110 import (
    apply_placement,
    game_state_from_strings,
    game_state_to_strings,
    is_cat_movement_valid,
    move_cat,
)
from engine.interop.comp1110_challenge import choose_challenge, initialise_challenge
from engine.model.catalog import default_catalog
from engine.play.actions import MoveCat, PlaceFire
from engine.play.island import Island
from engine.play.state import FIRE, GameState, PendingFire

ALL_TILES = "abcdefghijklmnopqrstuvwxyzABCDE"
BOARD = board_string((2, 2, "bbbbb/bBbbb/bbbbb"), (9, 9, "wwwgg/wowgg/wwwgg"), (5, 5, "ggg/ggG/ggg"))


def test_the_fast_island_equals_the_checked_one() -> None:
    island = comp1110_board.island_from_board(BOARD, default_catalog(), decks=("circle", "cross", "square", "triangle"))
    values = {f.name: getattr(island, f.name) for f in dataclasses.fields(Island)}
    assert type(island) is Island
    checked = Island(**values)
    assert all(getattr(checked, name) == value for name, value in values.items())
    assert comp1110_board._island(**values).land == island.land


def test_decks_and_bag_come_back_in_canonical_form_after_a_move_or_placement() -> None:
    """§13: ids sorted within a deck, every deck letter written, tiles in catalog order."""
    state = [BOARD, "AcaBCDba", "Ax", "", "Eba"]
    out = move_cat(state, "B03030203Ax")
    assert out[1] == "AacBCDab" and out[4] == "abE" and out[2] == "ABCD"
    assert out[3] == "B0203"
    placed = apply_placement([BOARD, "AcaBCDba", "Ax", "", "Eba"], "Ax0204N")
    assert placed[1] == "AacBCDab" and placed[4] == "abE" and placed[2] == "ABCD"
    assert game_state_to_strings(game_state_from_strings(out))[1:] == out[1:]


@pytest.mark.parametrize(
    "decks, canonical",
    [("AacBCDab", "AacBCDab"), ("AcaBCDba", "AacBCDab"), ("ABCD", "ABCD"), ("AyBaCyDa", "AyBaCyDa"), ("Ac", "AcBCD"),
     ("AbBaCD", "AbBaCD"), ("AabBbaCD", "AabBabCD")],
)  # fmt: skip
def test_a_decks_string_comes_back_in_canonical_form(decks: str, canonical: str) -> None:
    """§13: a decks string already in canonical form is written back as given (its
    ids checked all at once), any other sorted."""
    assert move_cat([BOARD, decks, "Ax", "", "Eba"], "B03030203Ax")[1] == canonical


@pytest.mark.parametrize("decks", ["AaaBCD", "AabaBCD", "AbaaBCD", "ABCDxyx"])
def test_a_card_listed_twice_in_a_deck_is_refused_in_any_order(decks: str) -> None:
    with pytest.raises(ValueError, match="lists a card twice"):
        move_cat([BOARD, decks, "Ax", "", ""], "B03030203Ax")


def _mid_game_boards() -> list[tuple[str, GameState]]:
    """Bundled four-board challenges as read states, with a hand and a few fire tiles
    already placed (the engine's own legal placements)."""
    rng = random.Random(3)
    out = []
    for group in (2, 3, 4):
        board = initialise_challenge(choose_challenge(group, rng), rng)
        state = game_state_from_strings([board, "", "AabcBabCaDa", "", ALL_TILES], rng=rng)
        for tile in "abc":
            state.bag.remove(tile)
            state.pending, state.phase = PendingFire(tile, 0, "pathway"), FIRE
            fires = list(state.legal_fire_placements())
            rng.shuffle(fires)
            for fire in fires:  # one that cuts no cat off
                probe = state.clone()
                probe.apply(fire)
                if not probe.is_terminal():
                    state = probe
                    break
        board = game_state_to_strings(state)[0]
        out.append((board, game_state_from_strings([board, "", "AabcBabCaDa", "", "defgh"], rng=rng)))
    return out


def test_writing_only_the_changed_squares_gives_the_whole_board() -> None:
    """``rewrite_board`` (what apply_placement and move_cat write) equals ``write_board``
    after every legal card placement, fire placement and move of mid-game states."""
    checked = 0
    for board, state in _mid_game_boards():
        assert comp1110_board.writes_back(state.island, board)
        after: list[GameState] = []
        for action in [a for card in state.hands[0] for a in state.legal_card_placements(0, card)][::7]:
            after.append(state.clone())
            after[-1].apply_unchecked(action)
        for action in [a for a in state.legal_actions() if isinstance(a, MoveCat)]:
            after.append(state.clone())
            after[-1].apply_unchecked(action)
        fire = state.clone()
        fire.bag.remove("d")
        fire.pending, fire.phase = PendingFire("d", 0, "pathway"), FIRE
        for action in fire.legal_fire_placements()[::5]:
            after.append(fire.clone())
            after[-1].apply_unchecked(action)
        for probe in after:
            changed, cats_only = comp1110_board.changed_squares(probe)
            assert cats_only == isinstance(probe.history[-1], MoveCat)
            whole = comp1110_board.write_board(probe)
            assert comp1110_board.rewrite_board(probe, board, changed) == whole
            assert comp1110_board.rewrite_board(probe, board, changed, cats_only) == whole
            checked += 1
    assert checked > 100


def test_writing_the_squares_a_placement_covers_gives_the_whole_board() -> None:
    """``rewrite_placed`` (what apply_placement writes) equals ``write_board`` after
    every tenth legal card placement and fire placement of mid-game states."""
    checked = 0
    for board, state in _mid_game_boards():
        cards = [a for card in state.hands[0] for a in state.legal_card_placements(0, card)][::10]
        fire = state.clone()
        fire.bag.remove("d")
        fire.pending, fire.phase = PendingFire("d", 0, "pathway"), FIRE
        for start, action in [(state, a) for a in cards] + [(fire, a) for a in fire.legal_fire_placements()[::10]]:
            probe = start.clone()
            probe.apply_unchecked(action)
            if isinstance(action, PlaceFire):
                covered, is_fire = probe.island.tile_mask(action), True
            else:
                covered, is_fire = probe.island.card_mask(action.at), False
            assert comp1110_board.rewrite_placed(probe, board, covered, is_fire) == comp1110_board.write_board(probe)
            checked += 1
    assert checked > 50


def test_calls_on_one_state_share_its_reading_but_not_its_position() -> None:
    """The read cache: asking again after an action gives the same answers (a call's
    position is its own), and a state that fails to read fails the same way again."""
    board, state = _mid_game_boards()[0]
    strings = [board, "AdBc", "AabcBabCaDa", "", "defgh"]
    move = next(a for a in state.legal_actions() if isinstance(a, MoveCat))
    colour = state.island.cat_colours[state.cat_at(move.cat) or 0]
    text = comp1110_actions.format_action_string(move, colour, state.island.catalog)
    first = move_cat(strings, text)
    assert is_cat_movement_valid(strings, text)
    assert move_cat(list(strings), text) == first and first[0] != board
    assert first[1] == "AdBcCD" and first[4] == "defgh"
    bad = [board, "AaBc", "AabcBabCaDa", "", "defgh"]  # card A a in the hand and the decks
    for _ in range(2):
        with pytest.raises(ValueError, match="also in the decks"):
            move_cat(bad, text)


@st.composite
def _boards(draw: st.DrawFn) -> str:
    """Any board string the reader accepts: random letters, wild squares only next to a
    raft centre."""
    rows, cols = draw(st.sampled_from((12, 15, 18))), draw(st.sampled_from((9, 18)))
    grid = [list(draw(st.text("bBfgGnopPrRyY", min_size=cols, max_size=cols))) for _ in range(rows)]
    for r, c in [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "o"]:
        for rr in range(max(r - 1, 0), min(r + 2, rows)):
            for cc in range(max(c - 1, 0), min(c + 2, cols)):
                if grid[rr][cc] != "o":
                    grid[rr][cc] = draw(st.sampled_from((grid[rr][cc], "w", "W")))
    return "".join("".join(row) + "\n" for row in grid)


@settings(max_examples=300, deadline=None)
@given(_boards())
def test_every_board_the_reader_accepts_writes_back(board: str) -> None:
    """apply_placement and move_cat rewrite only the changed squares of the input board,
    which is right because the writer gives back every board the reader accepts."""
    island = comp1110_board.island_from_board(board, default_catalog(), decks=("circle", "cross", "square", "triangle"))
    assert comp1110_board.writes_back(island, board)
