"""The fast flood fill and bit listing of :class:`~engine.play.bitboard.BitGrid` (whole runs of a row
filled by one addition, issue 11 item 7) gives exactly the squares a step-by-step
breadth-first fill gives, on random grids, masks and seeds."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.flood import plain_flood

from engine.play.bitboard import BitGrid, bit_grid, bit_list, nth_bit


@st.composite
def grids_and_masks(draw: st.DrawFn) -> tuple[BitGrid, int, int]:
    grid = bit_grid(draw(st.integers(1, 18)), draw(st.integers(1, 18)))
    squares = grid.rows * grid.stride
    density = draw(st.sampled_from([0.3, 0.55, 0.7, 0.9]))
    rnd = draw(st.randoms(use_true_random=False))
    passable = sum(1 << i for i in range(squares) if rnd.random() < density) & grid.full
    seed = sum(1 << i for i in draw(st.lists(st.integers(0, squares - 1), min_size=1, max_size=4))) & grid.full
    return grid, seed, passable


@settings(max_examples=300, deadline=None)
@given(grids_and_masks())
def test_flood_matches_a_step_by_step_fill(case: tuple[BitGrid, int, int]) -> None:
    grid, seed, passable = case
    assert grid.flood(seed, passable) == plain_flood(grid, seed, passable)
    # guard-column and out-of-grid bits in the passable mask are walked the same way
    leaky = passable | ~grid.full & ((1 << (grid.rows * grid.stride + 3)) - 1)
    assert grid.flood(seed, leaky) == plain_flood(grid, seed, leaky)
    for limit in (0, 1, 3):
        assert grid.flood(seed, passable, limit) == plain_flood(grid, seed, passable, limit)
    # flood_to stops once it holds a goal square: part of the fill then (grown from the seed), else all of it
    full = plain_flood(grid, seed, passable)
    for goal in (0, passable & -passable, full & ~seed & -(full & ~seed), grid.full & ~passable):
        part = grid.flood_to(seed, passable, goal)
        assert part & ~full == 0 and part & seed == seed
        assert part & goal or part == full
        assert plain_flood(grid, seed, part) == part  # connected to the seed


def test_flood_with_a_negative_mask_takes_the_plain_path() -> None:
    grid = bit_grid(4, 4)
    assert grid.flood(1, ~0 & grid.full) == grid.full
    assert grid.flood(1, -1, 2) == plain_flood(grid, 1, -1, 2)


def test_flood_around_a_wall_and_down_a_row() -> None:
    """A path that runs right, down, left (towards lower bits) and up again."""
    rows = ["#####.", "....#.", ".##.#.", ".#..#.", ".#####"]
    grid = bit_grid(len(rows), len(rows[0]))
    passable = grid.mask((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
    seed = grid.bit((3, 2))
    expected = passable & ~grid.mask([(0, 5), (1, 5), (2, 5), (3, 5)])
    assert grid.flood(seed, passable) == expected == plain_flood(grid, seed, passable)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 18), st.integers(1, 18), st.integers(min_value=0))
def test_bit_list_and_squares_list_every_set_bit_in_order(rows: int, cols: int, mask: int) -> None:
    """``bit_list`` takes a faster path for masks with many bits; ``squares`` a table;
    ``nth_bit`` finds one bit by counting halves."""
    grid = bit_grid(rows, cols)
    bits = [i for i in range(mask.bit_length()) if mask >> i & 1]
    assert bit_list(mask) == bits
    assert grid.squares(mask) == tuple(divmod(i, grid.stride) for i in bits)
    assert [nth_bit(mask, n) for n in range(len(bits))] == bits
    with pytest.raises(IndexError):
        nth_bit(mask, len(bits))


@settings(max_examples=200, deadline=None)
@given(grids_and_masks())
def test_a_kept_component_is_the_fill_from_any_of_its_squares(case: tuple[BitGrid, int, int]) -> None:
    """``BitGrid.component`` (the fills kept per passable mask) gives the plain fill's
    squares for every one-square seed, passable or not, asked in any order, twice."""
    _, _, passable = case
    grid = BitGrid(case[0].rows, case[0].cols)  # a grid of its own: nothing kept yet
    seeds = [1 << i for i in bit_list(case[1] | passable)][:40]
    for _ in range(2):
        for seed in seeds:
            assert grid.component(seed, passable) == plain_flood(grid, seed, passable)


@settings(max_examples=100, deadline=None)
@given(grids_and_masks(), st.randoms(use_true_random=False))
def test_a_component_found_again_after_small_changes_is_the_fill(case: tuple[BitGrid, int, int], rnd: Random) -> None:
    """``BitGrid.component`` also reuses the last component filled from a square when a
    new mask differs from that one's only away from it (a card or a fire tile placed
    elsewhere): over a run of masks changed a few squares at a time, every answer is
    the plain fill's."""
    grid = BitGrid(case[0].rows, case[0].cols)
    passable = case[2]
    seeds = [1 << i for i in bit_list(case[1] | passable)][:12]
    squares = grid.rows * grid.stride
    for _ in range(12):
        for _ in range(rnd.randint(1, 4)):  # a few squares flip, now and then a guard-column bit
            passable ^= 1 << rnd.randrange(squares)
        for seed in seeds:
            assert grid.component(seed, passable) == plain_flood(grid, seed, passable)
