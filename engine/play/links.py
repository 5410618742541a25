"""Moving along links between squares: Oshax paths (white cats) and rescue strips.

Most moves are floods over *squares* (:meth:`BitGrid.flood`).  Two rules are about the
*sides* between squares instead, so they flood over links: ``H`` has the bit of a
square whose east side may be crossed (to the square one bit up), ``V`` the bit of a
square whose south side may be crossed (to the square one row down).  The spare bit at
the end of every row is never land, so no link wraps round a row.

* **Oshax paths** (rulebook "Additional rules" 6; RULINGS OX-1, OX-2; data format and
  the reasons for the choices in :mod:`engine.model.card_paths`): a white cat walks
  only where both squares' visible paths meet at the side between them, over any
  terrain, never over fire.  The visible paths are the island's at set-up (location
  and raft cards) with each pathway card placed since laid over its 3x3 window, the
  top card's paths replacing those beneath (:func:`exits_now`).
* **Rescue strips** (rulebook "Additional rules" 4; RULINGS RF-1, RF-2): a strip is a
  set of sides no cat crosses, except a cat of the strip's colour while *another* cat
  of that colour stands on the strip's circle (:func:`barriers`).
* **Reserved squares** (MV-5, OX-3): white cats' start spots and destinations are
  theirs.  Destinations reserved for white (``w`` on a raft card) are only ever in the
  white cats' destination mask; a start spot is never a square another cat may end
  on (:attr:`Island.white_starts`).  Passing through is allowed (MV-5: unconfirmed).

The cut-off analysis (:mod:`engine.play.reach`) uses the same links with the
optimistic bounds of LC-5: a square some pathway card could still cover may yet show
a path in any direction, provided a card with a path is still to be played
(:func:`future_paths`); a strip counts as open for its colour when two or more cats of
that colour are left and one of them can reach the circle.
"""

from __future__ import annotations

from functools import lru_cache

from engine.model.card_paths import EXIT_LETTERS, PathSquares, turn_exits
from engine.model.catalog import TERRAINS
from engine.play.actions import PlacePathway
from engine.play.bitboard import CARD, BitGrid, window_mask
from engine.play.island import Island
from engine.play.position import Position

WHITE = len(TERRAINS)  # the white cats' index beside the terrain indices (no terrain of their own)
NO_LINKS = (0, 0)


@lru_cache(maxsize=4096)
def card_exit_masks(grid: BitGrid, paths: PathSquares, rotation: int) -> tuple[int, int, int, int]:
    """A card's path exits in one rotation, anchored at bit 0 (its top-left square)."""
    turned: dict[tuple[int, int], str] = {}
    for (r, c), exits in paths:
        for _ in range(rotation % 4):
            r, c = c, CARD - 1 - r
        turned[(r, c)] = turn_exits(exits, rotation)
    out = [0, 0, 0, 0]
    for (r, c), letters in turned.items():
        for letter in letters:
            out[EXIT_LETTERS.index(letter)] |= 1 << (r * grid.stride + c)
    return out[0], out[1], out[2], out[3]


def exits_now(state: Position) -> tuple[int, int, int, int]:
    """The visible path exits (N, E, S, W) with every pathway card placed so far."""
    island = state.island
    if not island.path_cards and not any(island.oshax):
        return (0, 0, 0, 0)
    return _exits_after(island, tuple(state.placed))


@lru_cache(maxsize=256)
def _exits_after(island: Island, placed: tuple[PlacePathway, ...]) -> tuple[int, int, int, int]:
    exits = island.oshax
    for action in placed:
        exits = lay_card(island, exits, action)
    return exits


def lay_card(island: Island, exits: tuple[int, int, int, int], action: PlacePathway) -> tuple[int, int, int, int]:
    """``exits`` with the pathway card of ``action`` laid on top (its paths replace the
    ones in its window; a card without a path clears them)."""
    grid = island.grid
    shift = action.at[0] * grid.stride + action.at[1]
    masks = card_exit_masks(grid, island.cards[action.card].oshax, action.rotation)
    keep = ~(window_mask(grid) << shift)
    n, e, s, w = ((x & keep) | (m << shift) for x, m in zip(exits, masks))
    return n, e, s, w


def path_links(state: Position, fire: int, open_squares: int = 0,
               exits: tuple[int, int, int, int] | None = None) -> tuple[int, int]:  # fmt: skip
    """``(H, V)`` for a white cat if ``fire`` were the fire (and ``exits`` the visible
    paths): sides both squares' paths meet at; ``open_squares`` may show a path in any
    direction (the cut-off bound)."""
    island = state.island
    ok = island.land & ~fire
    north, east, south, west = (m & ok for m in (exits_now(state) if exits is None else exits))
    open_squares &= ok
    east, west, north, south = east | open_squares, west | open_squares, north | open_squares, south | open_squares
    return east & (west >> 1), south & (north >> island.grid.stride)


def square_links(grid: BitGrid, passable: int) -> tuple[int, int]:
    """``(H, V)`` between neighbouring squares both in ``passable``."""
    return passable & (passable >> 1), passable & (passable >> grid.stride)


def link_flood(grid: BitGrid, seed: int, links: tuple[int, int], limit: int | None = None) -> int:
    """Squares reached from ``seed`` over ``links`` (seed included); with ``limit``, in
    at most that many steps."""
    h, v = links
    s = grid.stride
    region, steps = seed, 0
    while limit is None or steps < limit:
        grown = region | ((region & h) << 1) | ((region >> 1) & h) | ((region & v) << s) | ((region >> s) & v)
        if grown == region:
            break
        region, steps = grown, steps + 1
    return region


def barriers(state: Position, cat: int) -> tuple[int, int]:
    """The rescue-strip sides ``cat`` may not cross now (RF-1)."""
    island = state.island
    if not island.rescues:
        return NO_LINKS
    colour = island.cat_terrain[cat]
    bh = bv = 0
    for terrain, h, v, circle in island.rescues:
        if terrain == colour and _friend_on(state, cat, terrain, circle):
            continue
        bh, bv = bh | h, bv | v
    return bh, bv


def _friend_on(state: Position, cat: int, terrain: int, circle: int) -> bool:
    island = state.island
    return any(other != cat and island.cat_terrain[other] == terrain and not state.arrived[other]
               and 1 << sq == circle for other, sq in enumerate(state.cat_sq))  # fmt: skip


def without(links: tuple[int, int], blocked: tuple[int, int]) -> tuple[int, int]:
    return links[0] & ~blocked[0], links[1] & ~blocked[1]


def future_paths(state: Position) -> bool:
    """Whether a pathway card carrying an Oshax path may still be placed."""
    paths = state.island.path_cards
    if not paths:
        return False
    return any(key in paths for pile in (*state.decks.values(), *state.hands, *state.reserve) for key in pile)


def cutoff_barriers(state: Position, regions: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Per terrain index: the strip sides its cats can never cross (LC-5's bound): a
    strip opens for its colour when two or more cats of it are left and one of them
    (``regions``: cat -> squares it could reach with the strips shut) reaches the circle."""
    island = state.island
    out: dict[int, tuple[int, int]] = {}
    for terrain, h, v, circle in island.rescues:
        cats = [c for c in range(len(state.cat_sq)) if island.cat_terrain[c] == terrain and not state.arrived[c]]
        opens = len(cats) >= 2 and any(regions.get(c, 1 << state.cat_sq[c]) & circle for c in cats)
        for t in range(WHITE + 1):
            if t == terrain and opens:
                continue
            bh, bv = out.get(t, NO_LINKS)
            out[t] = (bh | h, bv | v)
    return out
