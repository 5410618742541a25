"""Shortcuts for the fire phase's cheap scoring (:mod:`engine.play.heuristic_fire`).

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


__all__ = ["ring", "spoil_shift", "spoiled_windows", "weight_planes"]
