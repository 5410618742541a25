"""The fast paths of the COMP1110 interop (issue 8 item 5) build what the checked paths
build: an :class:`Island` without the frozen dataclass's per-field ``__setattr__``, and
a state whose decks and bag strings are written back as read, in canonical form."""

from __future__ import annotations

import dataclasses

from engine_pictures import board_string

from engine.interop import comp1110_board
from engine.interop.comp1110 import apply_placement, game_state_from_strings, game_state_to_strings, move_cat
from engine.model.catalog import default_catalog
from engine.play.island import Island

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
