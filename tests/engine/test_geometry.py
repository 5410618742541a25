"""Rotation and flip conventions (COMP1110-NOTATION §1 and §10, worked examples §12)."""

from __future__ import annotations

from engine.model.geometry import rotate_grid, transform_cells


def test_card_rotation_matches_the_worked_example() -> None:
    # NOTATION §12 A: card Bj 'bbb/brb/rry' turned W gives 'bby/brr/bbr'
    assert rotate_grid(("bbb", "brb", "rry"), 3) == ("bby", "brr", "bbr")
    assert rotate_grid(("ab", "cd", "ef"), 1) == ("eca", "fdb")  # 3x2 -> 2x3 clockwise
    assert rotate_grid(("abc",), 4) == ("abc",)


def test_fire_tile_flip_then_rotate_matches_the_worked_example() -> None:
    # NOTATION §12 B: tile l, flipped, W, anchored at (11, 3)
    cells = ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3), (2, 2))
    placed = {(r + 11, c + 3) for r, c in transform_cells(cells, 3, 4, True, 3)}
    assert placed == {(11, 3), (12, 3), (12, 4), (13, 4), (14, 4), (13, 5)}
    # tile a unflipped W: "a1200FW" is anchored at (12, 0)
    a = ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1))
    assert {(r + 12, c) for r, c in transform_cells(a, 3, 3, False, 3)} == {
        (12, 1),
        (13, 0),
        (13, 1),
        (13, 2),
        (14, 0),
        (14, 1),
    }
