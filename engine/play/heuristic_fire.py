"""The heuristic bot's fire phase: where the drawn fire tile goes.

A fire tile hurts a cat by the squares it takes from the cat's *passable* squares (its
own terrain and the squares some 3x3 card could still cover, as the cut-off analysis
sees them, :func:`engine.play.reach.coverable_squares`): the tile's own squares, and
every square that only windows across the tile could cover.  For every legal placement
those lost squares are found with a few mask operations and scored against each live
cat's route (:mod:`engine.play.routes`): corridor squares (8), exits (4), squares next
to the raft (3), squares near the corridors (2), and fire frontier the tile opens near
the cats (1).  The cheapest ``FIRE_TRIALS`` are then checked, still without a copy of
the game, cat by cat:

* **cut off**: the cat's passable squares no longer link it to a raft square it may
  use (rulebook "How to lose"; the engine's cut-off analysis, LC-5, as the fire lies:
  no water counted), a placement to avoid at nearly any price;
* **way**: how much longer the cat's way gets (only when the tile touches its corridor),
  24 per square (measured: 12 won fewer Campaign 1 games, 48 and 100 as many; a
  penalty for narrowing the passage round a cat in a notch won fewer too, and was
  dropped).

The placement with the lowest total wins (ties: the engine's legal order, so the bot
is deterministic); it is played on one copy to be sure the engine does not end the
game (the bot's check ignores the raft-square matching), trying the next ones if it
does.  Islands with Oshax paths or rescue strips, whose ways run over links, keep the
older look-ahead on copies (:func:`choose_fire_linked`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, islice
from typing import Protocol

from engine.play.actions import PlaceFire
from engine.play.bitboard import TileShape, bit_list
from engine.play.fire_planes import ring, spoil_shift, spoiled_windows, weight_planes, witness_path
from engine.play.legal import fire_anchor_sets
from engine.play.links import WHITE
from engine.play.reach import coverable_squares, walkable
from engine.play.routes import FAR, Routes, targets, way_to_raft
from engine.play.state import GameState

FIRE_TRIALS = 16  # placements checked cat by cat after the cheap scoring
COPIES = 3  # of those, at most this many played on a copy of the game
LINKED_TRIALS = 10  # islands with links: placements tried on a copy
LOST = 1_000_000  # the value of a lost position
CUT = 100_000  # a cat cut off as the fire lies (water might still save it)
CORRIDOR, EXIT, ENTRY, WARM, FRONTIER = 8, 4, 3, 2, 4  # cheap scoring, per square lost (frontier: opened)
WAY = 24  # per square a cat's way grows


class WhiteWays(Protocol):
    """What the fire phase asks of the bot's ways: a white cat's ``(way, corridor)``."""

    def way(self, cat: int) -> tuple[int, int]: ...


def choose_fire(state: GameState, ways_of: Callable[[GameState], WhiteWays]) -> PlaceFire:
    """The fire placement for the fire phase of ``state`` (a fair view); ``ways_of``
    gives the white cats' ways of a position (islands with Oshax paths)."""
    assert state.pending is not None
    island = state.island
    if island.rescues or WHITE in [island.cat_terrain[c] for c in range(state.cat_count()) if not state.arrived[c]]:
        return choose_fire_linked(state, ways_of)
    grid = island.grid
    routes = Routes(state)
    live = routes.live()
    cats = [routes.route(c) for c in live]
    fire = state.fire
    coverable = routes.coverable
    own = {c: walkable(state, island.cat_terrain[c]) & ~fire for c in live}
    passable = {c: own[c] | coverable for c in live}
    entry = {c: grid.neighbours(targets(state, island.cat_terrain[c])) for c in live}
    path = {c: witness_path(grid, 1 << state.cat_sq[c], passable[c], entry[c]) for c in live}  # kept: no flood needed
    hot = 0
    for r in cats:
        hot |= r.corridor
    warm = grid.near(hot, 2)
    calm = island.land & ~fire & ~island.raft & ~grid.neighbours(fire) & warm  # not yet frontier, near the cats
    weights = (
        [(CORRIDOR, r.corridor) for r in cats] + [(EXIT, r.exits) for r in cats] + [(ENTRY, r.entry) for r in cats]
    )
    weights.append((WARM, warm))
    # coverable squares after a tile: the windows (anchors) that hold none of its squares
    blocked = fire | island.raft | state.safe_any | (state.cat_mask if state.rules.cutoff_cats_block_windows else 0)
    anchors_now = grid.card_anchors(island.land & ~blocked)
    scored = score_placements(state, weights, calm, coverable, anchors_now)
    checked: list[tuple[int, int, PlaceFire]] = []
    tile = state.pending.tile
    for cost, index, (a, shape), mask, after in scored[:FIRE_TRIALS]:
        action = PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation)
        value = cost
        for r in cats:
            c = r.cat
            own_after = own[c] & ~mask
            step = own_after | after
            lost = passable[c] & ~step
            if not lost:
                continue
            if (lost & path[c] or not path[c]) and not grid.flood_to(1 << state.cat_sq[c], step, entry[c]) & entry[c]:
                value += CUT
                continue
            if lost & r.corridor:
                way = way_to_raft(state, c, own_after, after, min(r.way + 6, FAR), entry=entry[c])
                value += WAY * (way - r.way)
        checked.append((value, index, action))
    checked.sort(key=lambda s: (s[0], s[1]))
    rest = (
        PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation)
        for _, _, (a, shape), _, _ in scored[FIRE_TRIALS:]
    )
    for action in chain((action for _, _, action in checked[:COPIES]), islice(rest, LINKED_TRIALS * 4)):
        trial = state.clone()
        trial.apply_unchecked(action)
        if not trial.is_terminal():
            return action
    return checked[0][2]  # every placement tried loses the game


Scored = tuple[int, int, tuple[int, TileShape], int, int]  # (cost, index, (anchor, shape), mask, coverable after)


def score_placements(
    state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors_now: int
) -> list[Scored]:
    """Every legal placement of the pending tile with its cheap cost, cheapest first (ties:
    the engine's legal order): ``sum(w * (lost & m).bit_count())`` over ``weights`` for the
    squares ``lost`` (the tile's and the coverable squares only windows across it could
    cover) plus ``FRONTIER`` per ``calm`` square next to the tile; the weights folded
    into bit planes and the shapes' footprints kept (:mod:`engine.play.fire_planes`)."""
    grid = state.island.grid
    s = grid.stride
    full = grid.full
    planes = weight_planes(weights)
    k = spoil_shift(s)
    plain = state.rules.cutoff_mode != "permissive" and not state.safe_any
    fire = state.fire
    scored: list[Scored] = []
    for shape, anchors in fire_anchor_sets(state):
        spoil = spoiled_windows(s, shape.mask)
        around = ring(s, shape.mask)
        for a in bit_list(anchors):
            mask = shape.mask << a
            if plain:
                keep = anchors_now & ~((spoil << a) >> k)
                row3 = keep | (keep << 1) | (keep << 2)
                after = (row3 | (row3 << s) | (row3 << (2 * s))) & full
            else:
                after = coverable_squares(state, fire | mask)
            lost = (coverable & ~after) | mask
            cost = FRONTIER * (((around << a) >> s) & calm).bit_count()
            for f, p in planes:
                cost += f * (lost & p).bit_count()
            scored.append((cost, len(scored), (a, shape), mask, after))
    scored.sort()  # by cost, then index (unique: the rest is never compared)
    return scored


def choose_fire_linked(state: GameState, ways_of: Callable[[GameState], WhiteWays]) -> PlaceFire:
    """The look-ahead on copies, for islands whose ways run over links (white cats,
    rescue strips) and as the last resort: placements scored by the corridor, exit
    and raft-entry squares they cover; the cheapest ``LINKED_TRIALS`` played on a copy
    (a losing one skipped and more tried), the one leaving the shortest, widest ways
    chosen."""
    assert state.pending is not None
    grid = state.island.grid
    routes = Routes(state)
    cats = [routes.route(c) for c in routes.live()]
    hot = warm = exits = entry = 0
    for r in cats:
        hot |= r.corridor
        exits |= r.exits
        entry |= r.entry
    whites = [c for c in range(state.cat_count()) if state.island.cat_terrain[c] == WHITE and not state.arrived[c]]
    white_hot = 0  # a white cat's corridor: the squares its way search reached
    if whites:
        ways = ways_of(state)
        for c in whites:
            white_hot |= ways.way(c)[1]
        hot |= white_hot
    warm = grid.near(hot, 2)
    scored: list[tuple[int, int, PlaceFire]] = []
    n = 0
    for shape, anchors in fire_anchor_sets(state):
        for a in bit_list(anchors):
            mask = shape.mask << a
            cost = sum(8 * (mask & r.corridor).bit_count() for r in cats) + 8 * (mask & white_hot).bit_count()
            cost += 2 * (mask & warm).bit_count() + 4 * (mask & exits).bit_count() + 3 * (mask & entry).bit_count()
            scored.append((cost, n, PlaceFire(state.pending.tile, grid.square(a), shape.flipped, shape.rotation)))
            n += 1
    scored.sort(key=lambda s: (s[0], s[1]))
    best: tuple[int, PlaceFire] | None = None
    tried = 0
    for cost, _, action in scored:
        if tried >= LINKED_TRIALS and best is not None and best[0] < LOST:
            break
        if tried >= LINKED_TRIALS * 6:
            break
        tried += 1
        after = state.clone()
        after.apply_unchecked(action)
        if after.is_terminal():
            value = LOST + cost
        else:
            later = Routes(after)
            value = cost
            for c in later.live():
                r = later.route(c)
                value += 12 * r.way - min(r.corridor.bit_count(), 24) - min(r.reach2.bit_count(), 30) // 2
            if whites:
                white_ways = ways_of(after)
                value += 12 * sum(white_ways.way(c)[0] for c in whites if not after.arrived[c])
        if best is None or value < best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


__all__ = ["FIRE_TRIALS", "LOST", "Scored", "WhiteWays", "choose_fire", "choose_fire_linked", "score_placements"]
