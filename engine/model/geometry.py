"""Grid geometry shared by the scenario model, the validator and the rules engine.

Vocabulary (docs/architecture.md): a *square* is ``(row, col)`` with the origin top-left, rows
growing down and columns right.  Grids are tuples of row strings, north at the top.
A *rotation* is a number of clockwise quarter turns (0-3).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

Square = tuple[int, int]
Grid = tuple[str, ...]

EDGES: tuple[str, ...] = ("west", "north", "east", "south")
# A fire face's strip is on the west edge in the north form; turning the board k
# quarter turns clockwise moves it to EDGES[k].
EDGE_ROTATION: dict[str, int] = {edge: k for k, edge in enumerate(EDGES)}


def rotate_grid(grid: Sequence[str], quarter_turns: int) -> Grid:
    """Rotate a grid clockwise: one quarter turn maps ``R[i][j] = G[h-1-j][i]``."""
    return _rotated(tuple(grid), quarter_turns % 4)


@lru_cache(maxsize=4096)  # boards and cards are rotated again at every game set-up
def _rotated(g: Grid, quarter_turns: int) -> Grid:
    for _ in range(quarter_turns):
        h = len(g)
        w = len(g[0]) if h else 0
        g = tuple("".join(g[h - 1 - j][i] for j in range(h)) for i in range(w))
    return g


def transform_cells(
    cells: Iterable[Square], height: int, width: int, flipped: bool, quarter_turns: int
) -> tuple[Square, ...]:
    """Mirror left-right (if ``flipped``) then rotate clockwise, keeping the bounding
    box anchored at (0, 0).  This is the COMP1110 convention (NOTATION §10.2)."""
    out = [(r, width - 1 - c) if flipped else (r, c) for r, c in cells]
    h, w = height, width
    for _ in range(quarter_turns % 4):
        out = [(c, h - 1 - r) for r, c in out]
        h, w = w, h
    return tuple(sorted(out))


def cells_extent(cells: Iterable[Square]) -> tuple[int, int]:
    """Height and width of the bounding box of cells anchored at (0, 0)."""
    cells = list(cells)
    return (max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1)


def square_text(square: Sequence[int]) -> str:
    """A square as people read it everywhere (messages, the studio, the playtest):
    ``(row, col)`` from 0, as the island's edge numbers show."""
    return f"({square[0]}, {square[1]})"


def rect_squares(top: int, left: int, rows: int, cols: int) -> tuple[Square, ...]:
    return tuple((top + r, left + c) for r in range(rows) for c in range(cols))


def orthogonal_neighbours(square: Square) -> tuple[Square, ...]:
    r, c = square
    return ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
