"""Shortcuts for the fire phase's cheap scoring (:mod:`engine.bots.heuristic_fire`).

The scoring sums, over the squares a placement takes from the cats, a weight per square
mask the square lies in (``sum(w * popcount(lost & m))`` over some dozen masks).  The
weights are folded once per decision into bit planes, one per binary digit of the
summed weight of each square (a bit-sliced addition of the masks), so a placement costs
one popcount per plane: ``sum(2**k * popcount(lost & plane_k))``, the same number.
A tile shape's footprints that do not depend on where it lies (the windows it spoils,
the squares round it) are kept per shape and shifted to each anchor.
"""

from __future__ import annotations

from functools import cache

from engine.play.bitboard import BitGrid

CARD = 3  # the 3x3 windows a card covers


def weight_planes(weights: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(factor, plane)`` pairs with ``sum(factor * popcount(x & plane))`` equal to
    ``sum(w * popcount(x & m) for w, m in weights)`` for every mask ``x``: the
    weights' binary digits summed square by square (negative weights in planes of
    their own, with negative factors)."""
    out: list[tuple[int, int]] = []
    for sign in (1, -1):
        planes: list[int] = []
        for w, m in weights:
            w *= sign
            k = 0
            while w > 0:
                if w & 1:  # add m at digit k, carrying up
                    carry, j = m, k
                    while carry:
                        while j >= len(planes):
                            planes.append(0)
                        planes[j], carry = planes[j] ^ carry, planes[j] & carry
                        j += 1
                w >>= 1
                k += 1
        out.extend((sign << k, p) for k, p in enumerate(planes) if p)
    return out


def spoil_shift(stride: int) -> int:
    """The shift :func:`spoiled_windows` is kept at (so no bit falls below square 0)."""
    return (CARD - 1) * (stride + 1)


@cache
def spoiled_windows(stride: int, mask: int) -> int:
    """The anchors of the 3x3 windows holding a square of ``mask``, shifted up by
    :func:`spoil_shift`: for the shape at anchor ``a``, ``(this << a) >> spoil_shift``."""
    big = mask << spoil_shift(stride)
    row3 = big | (big >> 1) | (big >> 2)
    return row3 | (row3 >> stride) | (row3 >> (2 * stride))


@cache
def ring(stride: int, mask: int) -> int:
    """The squares orthogonally next to ``mask`` and not in it, shifted up by ``stride``
    (unclipped, as the scoring takes them): at anchor ``a``, ``(this << a) >> stride``."""
    big = mask << stride
    return ((big << 1) | (big >> 1) | (big << stride) | mask) & ~big


def witness_path(grid: BitGrid, seed: int, passable: int, goal: int) -> int:
    """A shortest 4-connected chain of squares from ``seed`` through ``passable`` to a
    square of ``goal`` (both ends included), or 0 when the flood never meets ``goal``.
    Whatever squares are taken away, if none of the chain's, the seed's flood through
    what is left still meets ``goal``: the fire phase floods only when a tile hits it."""
    s = grid.stride
    passable &= grid.full
    layers = [seed]
    region = seed
    while not region & goal:
        grown = region | (((region << 1) | (region >> 1) | (region << s) | (region >> s)) & passable)
        if grown == region:
            return 0
        layers.append(grown)
        region = grown
    cur = region & goal
    cur &= -cur
    path = cur
    for layer in reversed(layers[:-1]):  # back a step at a time: a neighbour one layer nearer
        cur = ((cur << 1) | (cur >> 1) | (cur << s) | (cur >> s)) & layer
        cur &= -cur
        path |= cur
    return path


__all__ = ["ring", "spoil_shift", "spoiled_windows", "weight_planes", "witness_path"]
