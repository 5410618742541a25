"""The plain flood fill :meth:`engine.play.bitboard.BitGrid.flood` must equal."""

from __future__ import annotations

from engine.play.bitboard import BitGrid


def plain_flood(grid: BitGrid, seed: int, passable: int, limit: int | None = None) -> int:
    """The plain fill: one orthogonal step per round."""
    s = grid.stride
    region, steps = seed, 0
    while limit is None or steps < limit:
        grown = region | (((region << 1) | (region >> 1) | (region << s) | (region >> s)) & passable)
        if grown == region:
            break
        region, steps = grown, steps + 1
    return region
