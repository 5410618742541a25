"""Raft squares in the digital solo variant (issue 8 item 6): ``RuleSet.raft_entry``.

The digital variant's rules text (``../shared/seeds/solo-digital-variant.txt``, "Move a
Cat") moves a cat "along any number of orthogonally adjacent squares of the same
colour as the cat" with no exception for the raft, and COMP1110-NOTATION.md §3.2 says a
raft square's colour letter "is indistinguishable from ordinary terrain of that
colour" (``w``: any colour); §10.3 and §11 read crossing them as allowed.  So the
``comp1110`` variant says ``raft_entry="crossable"``.  The standard and solo games keep
``"last-step"``: a destination is entered only as the last step of a move (RULINGS
MV-3/MV-4; ``tests/engine/test_rules_moves.py`` covers them on a scenario island).

The board: a blue cat on (2, 5) above a one-square blue corridor (3, 5); below it a
raft card centred on (5, 5) whose top row is ``r W b``: (4, 5) is a wild square where a
cat already stands, (4, 6) a free blue destination.  The blue cat touches only the
occupied wild square.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_pictures import board_string as _board

from engine.interop.comp1110 import (
    game_state_from_strings,
    is_cat_movement_valid,
    is_game_over,
    move_cat,
)
from engine.play.actions import MoveCat
from engine.play.reach import find_cut_off
from engine.play.state import PLAY, GameState
from engine.play.variants import CROSSABLE, LAST_STEP, RAFT_ENTRIES, RuleSet, get_variant

DECKS = "".join(d + "abcdefghijklmnopqrstuvwxy" for d in "ABCD")
MOVE = "B02050406Aa"  # blue cat (2, 5) -> (4, 6), over the occupied wild square (4, 5)


BOARD = _board((2, 5, "B/b"), (4, 4, "rWb/ror/rrr"))
STRINGS = [BOARD, DECKS.replace("Aab", "Ab"), "Aa", "", "abc"]


def _with_raft_entry(state: GameState, raft_entry: str) -> GameState:
    """The same position under the comp1110 rules with another ``raft_entry``."""
    rules = replace(get_variant("comp1110"), name=f"comp1110-{raft_entry}", raft_entry=raft_entry)
    return GameState(
        state.island, rules, players=1, rng=state.rng, cats=state.cat_positions(),
        decks=state.decks, hands=state.hands, bag=state.bag, phase=PLAY,
    )  # fmt: skip


def test_the_variants_name_their_raft_entry() -> None:
    """Digital variant: crossable; standard and solo games: last step (MV-3/MV-4)."""
    assert get_variant("comp1110").raft_entry == CROSSABLE
    assert get_variant("standard").raft_entry == get_variant("solo").raft_entry == LAST_STEP
    assert RAFT_ENTRIES == (LAST_STEP, CROSSABLE)
    with pytest.raises(ValueError, match=r"raft_entry must be one of \('last-step', 'crossable'\), not 'swim'"):
        RuleSet("bad", "a variant with an unknown raft entry", raft_entry="swim")


def test_a_cat_crosses_raft_squares_of_its_colour_in_the_digital_variant() -> None:
    """The rules text ("Move a Cat"): squares of the cat's colour, a ``w`` raft square
    being one; other cats may be passed ("Cats can move through squares occupied by
    other cats")."""
    assert is_cat_movement_valid(STRINGS, MOVE)
    out = move_cat(STRINGS, MOVE)
    rows = out[0].split("\n")
    assert rows[4][4:7] == "rWB" and rows[2][5] == "b" and out[3] == "B0406" and out[2] == "ABCD"
    # every cat is now on the raft: the move ends the game (§11)
    assert is_game_over(STRINGS, MOVE)


def test_the_last_step_rule_refuses_the_same_move() -> None:
    """RULINGS MV-4 (standard and solo games): a destination is entered only as the
    last step, so the occupied wild square cannot be crossed and (4, 6) is out of reach."""
    state = game_state_from_strings(STRINGS)
    move = MoveCat(0, (2, 5), (4, 6), ("circle:a",))
    assert state.is_legal(move)
    last_step = _with_raft_entry(state, LAST_STEP)
    assert not last_step.is_legal(move)
    assert last_step.reachable_squares((2, 5)) == ((3, 5),)
    assert set(state.reachable_squares((2, 5))) == {(3, 5), (4, 6)}


def test_cut_off_follows_the_raft_entry() -> None:
    """NOTATION §11: a cat reaches the raft along squares "of colour X or recolourable";
    with crossable raft squares the blue cat's way over (4, 5) counts, with the last-step
    rule its only raft neighbour is taken and it is cut off."""
    state = game_state_from_strings(STRINGS)
    assert find_cut_off(state) is None
    found = find_cut_off(_with_raft_entry(state, LAST_STEP))
    assert found is not None and state.island.cat_colours[found.cat] == "blue"
    assert find_cut_off(_with_raft_entry(state, CROSSABLE)) is None


def test_a_cat_never_crosses_a_raft_square_of_another_colour() -> None:
    """Crossable raft squares are those the cat's colour may use: a red destination is
    red, not blue, and the centre ``o`` is never entered."""
    strings = [BOARD.replace("rWb", "rWr", 1).replace("ror", "rob", 1), *STRINGS[1:]]
    assert not is_cat_movement_valid(strings, MOVE)
    assert not is_cat_movement_valid(strings, "B02050506Aa")
    assert not is_cat_movement_valid(strings, "B02050505Aa")
