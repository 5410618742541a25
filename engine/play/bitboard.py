"""Int bitsets over the island grid, and every shape mask the rules need, built once.

A :class:`BitGrid` numbers square ``(row, col)`` as bit ``row * stride + col`` with
``stride = cols + 1``: one always-empty guard column at the right of every row.  The
guard lets the four neighbour shifts (``<< 1``, ``>> 1``, ``<< stride``,
``>> stride``) run without per-column masks: a shift off the east or west edge lands
in a guard bit, which :attr:`BitGrid.full` never contains.  So a flood fill is a few
int operations per step whatever the shape of the island.

Shape masks are anchored at bit 0 (the top-left of the bounding box) and shifted by
``anchor`` = ``row * stride + col``.  Instead of testing each anchor in turn, the set
of anchors where a shape fits is computed at once by intersecting shifted copies of
the free-square set (binary erosion): ``AND over cells (free >> offset)``.  The
anchors where a fire tile also touches fire are ``OR over cells (adjacent >> offset)``.

Cards are rotated in quarter turns only (RULINGS PL-6: never flipped); fire tiles have
up to 8 orientations (flip left-right, then rotate clockwise, the COMP1110 convention
of :func:`engine.model.geometry.transform_cells`), deduplicated so that symmetric tiles list
each distinct footprint once.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, compress, count
from typing import Iterable, Iterator, Sequence

from engine.model.catalog import TERRAIN_TO_LETTER, TERRAINS, FireTile, PathwayCard
from engine.model.geometry import Square, cells_extent, rotate_grid, transform_cells

CARD = 3  # pathway, location, raft and fire cards are 3x3 (RULINGS C2)
COMPONENT_MASKS = 256  # passable masks whose components a grid keeps (BitGrid.component)


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def fill(seed: int, passable: int, stride: int) -> int:
    """:meth:`BitGrid.flood` without a limit, for non-negative masks of a grid of
    ``stride``: the squares 4-connected to ``seed`` through ``passable``.  A plain
    function, so the route analyses, which grow every level with it, call it directly.

    Each round fills every run of passable squares towards higher bits (along a row) in
    one addition: added to the passable bits, a region bit carries up to the end of its
    run, clearing the bits it passes (the XOR brings them back); then one step down the
    row and one step up and down a column.  Rounds follow the turns of a path, not its
    squares."""
    p = passable | seed
    region = seed
    while True:
        grown = region | (((p + region) ^ p) & p)
        grown |= (grown >> 1) & p
        grown |= ((grown << stride) | (grown >> stride)) & p
        if grown == region:
            return region
        region = grown


def bit_list(mask: int) -> list[int]:
    """Indices of the set bits, lowest first.  A mask with many bits goes through its
    binary digits, one byte per bit, picked by :func:`itertools.compress`: about three
    times faster than a Python step per bit from a dozen bits on."""
    if mask < 0 or mask.bit_count() < 12:
        return list(iter_bits(mask))
    return list(compress(count(), format(mask, "b")[::-1].encode("ascii").translate(_BIT_BYTES)))


_BYTE_POPCOUNT = bytes(bin(b).count("1") for b in range(256))
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def nth_bit(mask: int, n: int) -> int:
    """``bit_list(mask)[n]`` for a mask of at least ``n + 1`` set bits, without listing
    them (a random pick needs one bit of a hundred): the bytes' bit counts are summed
    in C, the byte holding the bit found by bisection, the bit in it from a table."""
    if not 0 <= n < mask.bit_count() or mask < 0:
        raise IndexError(f"bit {n} of a mask with {mask.bit_count()} bits set")
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    counts = list(accumulate(data.translate(_BYTE_POPCOUNT)))  # set bits up to and including each byte
    i = bisect_right(counts, n)
    return 8 * i + _BYTE_BITS[data[i]][n - (counts[i - 1] if i else 0)]


@dataclass(frozen=True)
class Orientation:
    """One distinct footprint of a fire tile: the first (flipped, rotation) pair in
    the order F-N, F-E, F-S, F-W, T-N, ... that produces it."""

    flipped: bool
    rotation: int
    cells: tuple[Square, ...]
    height: int
    width: int


@cache
def tile_orientations(cells: tuple[Square, ...]) -> tuple[Orientation, ...]:
    """Distinct orientations of a tile given in its north form."""
    h, w = cells_extent(cells)
    seen: set[tuple[Square, ...]] = set()
    out: list[Orientation] = []
    for flipped in (False, True):
        for rot in range(4):
            shape = transform_cells(cells, h, w, flipped, rot)
            if shape in seen:
                continue
            seen.add(shape)
            oh, ow = (h, w) if rot % 2 == 0 else (w, h)
            out.append(Orientation(flipped, rot, shape, oh, ow))
    return tuple(out)


class BitGrid:
    """The bit numbering of one ``rows`` x ``cols`` grid and its cached masks.

    Obtain instances through :func:`bit_grid` so that masks are shared."""

    def __init__(self, rows: int, cols: int) -> None:
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a grid needs at least one square, got {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.stride = cols + 1
        row_bits = (1 << cols) - 1
        self.full = sum(row_bits << (r * self.stride) for r in range(rows))
        self._fit: dict[tuple[int, int], int] = {}
        self._components: dict[int, list[int]] = {}  # passable mask -> its components filled so far
        self._last_component: dict[int, tuple[int, int]] = {}  # start bit -> (passable mask, its component)
        self._squares = [divmod(i, self.stride) for i in range(rows * self.stride)]  # bit index -> square

    # --- squares <-> bits ---------------------------------------------------------
    def index(self, square: Square) -> int:
        r, c = square
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(f"square {square} is outside the {self.rows}x{self.cols} grid")
        return r * self.stride + c

    def bit(self, square: Square) -> int:
        return 1 << self.index(square)

    def square(self, index: int) -> Square:
        return divmod(index, self.stride)

    def mask(self, squares: Iterable[Square]) -> int:
        stride, rows, cols = self.stride, self.rows, self.cols
        m = 0
        for r, c in squares:
            if not (0 <= r < rows and 0 <= c < cols):
                self.index((r, c))  # raises, naming the square
            m |= 1 << (r * stride + c)
        return m

    def squares(self, mask: int) -> tuple[Square, ...]:
        """The squares of a mask in row-major order."""
        if mask >> len(self._squares):  # bits past the last row: no table entry
            return tuple(divmod(i, self.stride) for i in bit_list(mask))
        return tuple(map(self._squares.__getitem__, bit_list(mask)))

    def shape(self, cells: Iterable[Square]) -> int:
        """A shape anchored at bit 0 (its bounding box's top-left)."""
        stride = self.stride
        return sum(1 << (r * stride + c) for r, c in set(cells))

    # --- neighbourhoods and flood fill ------------------------------------------
    def neighbours(self, mask: int) -> int:
        """Squares orthogonally adjacent to ``mask`` (may include ``mask`` itself)."""
        s = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.full

    def near(self, mask: int, steps: int) -> int:
        """Squares within ``steps`` king moves (orthogonal or diagonal) of ``mask``."""
        s = self.stride
        for _ in range(steps):
            mask = (mask | (mask << 1) | (mask >> 1)) & self.full
            mask = (mask | (mask << s) | (mask >> s)) & self.full
        return mask

    def flood(self, seed: int, passable: int, limit: int | None = None) -> int:
        """Squares 4-connected to ``seed`` through ``passable`` (seed always included);
        with ``limit``, at most that many steps from the seed."""
        s = self.stride
        if limit is None and passable >= 0 and seed >= 0:
            return fill(seed, passable, s)
        region = seed
        steps = 0
        while limit is None or steps < limit:
            grown = region | (((region << 1) | (region >> 1) | (region << s) | (region >> s)) & passable)
            if grown == region:
                break
            region = grown
            steps += 1
        return region

    def flood_to(self, seed: int, passable: int, goal: int) -> int:
        """:meth:`flood` without a limit, stopping at the first round whose region holds
        a square of ``goal``: then possibly only part of the component (every square
        of it connected to the seed), else the whole of it."""
        if passable < 0 or seed < 0:
            return self.flood(seed, passable)
        s = self.stride
        p = passable | seed
        region = seed
        while not region & goal:
            grown = region | (((p + region) ^ p) & p)  # as in fill: runs towards higher bits in one addition
            grown |= (grown >> 1) & p
            grown |= ((grown << s) | (grown >> s)) & p
            if grown == region:
                break
            region = grown
        return region

    # --- placement windows -------------------------------------------------------
    def component(self, start: int, passable: int) -> int:
        """``flood(start, passable)`` for a one-square ``start``: when that square is
        passable, the 4-connected component of ``passable`` holding it, which is kept
        (for the last ``COMPONENT_MASKS`` passable masks) and found again for any of
        its squares without a fill.  The cut-off analysis and the move rules ask this
        of one terrain and fire for every cat and every move of a turn.  A square also
        keeps the last component filled from it: a mask that differs from that one's
        only away from the component and its neighbours has the same component there."""
        if not passable & start or passable < 0 or start & (start - 1):
            return self.flood(start, passable)
        found = self._components.get(passable)
        if found is None:
            if len(self._components) >= COMPONENT_MASKS:
                self._components.clear()
            found = self._components[passable] = []
        else:
            for region in found:
                if region & start:
                    return region
        last = self._last_component.get(start)
        if last is not None:
            # The last component filled from this square, over another mask: if the masks differ only away
            # from it and its neighbours, it is this mask's component too (a card or a fire tile elsewhere)
            s = self.stride
            region = last[1]
            if not (last[0] ^ passable) & (region | (region << 1) | (region >> 1) | (region << s) | (region >> s)):
                found.append(region)
                self._last_component[start] = (passable, region)
                return region
        region = self.flood(start, passable)
        found.append(region)
        self._last_component[start] = (passable, region)
        return region

    def forget_components(self) -> None:
        """Drop the components :meth:`component` keeps (for cold-start timings)."""
        self._components.clear()
        self._last_component.clear()

    def fit(self, height: int, width: int) -> int:
        """Anchors at which a ``height`` x ``width`` box lies inside the grid."""
        key = (height, width)
        m = self._fit.get(key)
        if m is None:
            m = 0
            if height <= self.rows and width <= self.cols:
                row_bits = (1 << (self.cols - width + 1)) - 1
                for r in range(self.rows - height + 1):
                    m |= row_bits << (r * self.stride)
            self._fit[key] = m
        return m

    def card_anchors(self, free: int) -> int:
        """Anchors of every 3x3 window whose nine squares are all in ``free``."""
        s = self.stride
        row3 = free & (free >> 1) & (free >> 2)
        return row3 & (row3 >> s) & (row3 >> (2 * s)) & self.fit(CARD, CARD)

    def card_cover(self, anchors: int) -> int:
        """The union of the 3x3 windows anchored at ``anchors`` (binary dilation)."""
        s = self.stride
        row3 = anchors | (anchors << 1) | (anchors << 2)
        return (row3 | (row3 << s) | (row3 << (2 * s))) & self.full

    def shape_anchors(
        self, offsets: Sequence[int], height: int, width: int, free: int, touch: int | None = None
    ) -> int:
        """Anchors where a shape (its cells' bit offsets) lies entirely in ``free``
        and, with ``touch``, has at least one cell in ``touch``."""
        ok = self.fit(height, width)
        for off in offsets:
            ok &= free >> off
            if not ok:
                return 0
        if touch is not None:
            hit = 0
            for off in offsets:
                hit |= touch >> off
            ok &= hit
        return ok

    # --- per-grid component masks --------------------------------------------------
    def tile_shapes(self, tile: FireTile) -> tuple["TileShape", ...]:
        return _tile_shapes(self, tile.cells)

    def card_masks(self, card: PathwayCard) -> tuple[tuple[int, ...], ...]:
        """For each rotation 0-3, one mask per terrain (``TERRAINS`` order) of the
        card anchored at bit 0."""
        return _card_masks(self, card.grid)


@dataclass(frozen=True)
class TileShape:
    """A fire-tile orientation laid on a particular grid."""

    orientation: Orientation
    mask: int
    offsets: tuple[int, ...]

    @property
    def flipped(self) -> bool:
        return self.orientation.flipped

    @property
    def rotation(self) -> int:
        return self.orientation.rotation


@cache
def bit_grid(rows: int, cols: int) -> BitGrid:
    return BitGrid(rows, cols)


@cache
def _tile_shapes(grid: BitGrid, cells: tuple[Square, ...]) -> tuple[TileShape, ...]:
    stride = grid.stride
    out = []
    for o in tile_orientations(cells):
        offsets = tuple(r * stride + c for r, c in o.cells)
        out.append(TileShape(o, grid.shape(o.cells), offsets))
    return tuple(out)


@cache
def _card_masks(grid: BitGrid, card_grid: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for rot in range(4):
        g = rotate_grid(card_grid, rot)
        out.append(
            tuple(
                grid.shape((r, c) for r, row in enumerate(g) for c, ch in enumerate(row) if ch == TERRAIN_TO_LETTER[t])
                for t in TERRAINS
            )
        )
    return tuple(out)


@cache
def window_mask(grid: BitGrid) -> int:
    """The 3x3 window anchored at bit 0 (built once per grid)."""
    return grid.shape((r, c) for r in range(CARD) for c in range(CARD))
