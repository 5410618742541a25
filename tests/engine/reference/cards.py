"""The plain end masks :func:`engine.bots.heuristic_cards.end_masks` must equal."""

from __future__ import annotations

from engine.bots.routes import FAR
from engine.play.bitboard import bit_list


def plain_end_masks(ends: tuple[tuple[int, ...], tuple[int, ...]], cells: list[int], most: int, way: int,
                    anchors: int) -> list[int]:  # fmt: skip
    """Anchor by anchor: the first level (from the cat, from the raft) any cell lands
    in, and the anchors whose two levels add up to at most ``way + 2 - k``."""

    def first(levels: tuple[int, ...], a: int) -> int:
        return min((i for i, level in enumerate(levels) for o in cells if level >> (a + o) & 1), default=FAR * 2)

    sums = {a: first(ends[0], a) + first(ends[1], a) for a in bit_list(anchors)}
    out = []
    for k in range(1, most + 1):
        m = sum(1 << a for a, s in sums.items() if s <= way + 2 - k)
        if not m:
            break
        out.append(m)
    return out
