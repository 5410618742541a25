"""The heuristic bot's fire phase: where the drawn fire tile goes.

A fire tile hurts a cat by the squares it takes from the cat's *passable* squares (its
own terrain and the squares some 3x3 card could still cover, as the cut-off analysis
sees them, :func:`engine.play.reach.coverable_squares`): the tile's own squares, and
every square that only windows across the tile could cover.  For every legal placement
those lost squares are found with a few mask operations and scored against each live
cat's route (:mod:`engine.bots.routes`): corridor squares (8), exits (4), squares next
to the raft (3), squares near the corridors (2), and fire frontier the tile opens near
the cats (4: harmless frontier is where later tiles must go); the weights are
:mod:`engine.bots.weights`'.  The
cheapest ``FIRE_TRIALS`` are then checked, still without a copy of the game, cat by cat:

* **cut off**: the cat's passable squares no longer link it to a raft square it may
  use (rulebook "How to lose"; the engine's cut-off analysis, LC-5, as the fire lies:
  no water counted), a placement to avoid at nearly any price;
* **way**: how much longer the cat's way gets (only when the tile touches its corridor),
  24 per square.

The placement with the lowest total wins (ties: the engine's legal order, so the bot
is deterministic); it is played on one copy to be sure the engine does not end the
game (the bot's check ignores the raft-square matching), trying the next ones if it
does.  Islands with Oshax paths or rescue strips, whose ways run over links, keep the
older look-ahead on copies (:func:`choose_fire_linked`).

Speed (issue 11 item 7; each shortcut gives the plain form's answer, checked by
``tests/engine/test_bots_fire_exact.py``): the placements are scored as int sort keys,
made cheapest first as the checks ask for them (each placement bounded by its heaviest
weight planes, counted in full only when its turn may come: :func:`rank_placements`),
and only the checked ones get their coverable squares again; the checks stop at the
first placement whose cost alone ranks after the ``COPIES`` cheapest values checked (a
check only adds to the cost: a cut-off, a way that can only grow), and a check stops at
the first cat that ranks it there; the cut-off check floods only when the tile hits a
chain that took the cat to the raft (kept across decisions while it still does,
:func:`kept_path`); a way search resumes after the route's levels the tile leaves alone
(:func:`way_after`); the phase reads the game itself and copies it (a fair view) only
for the trial placements, and a placement the engine's cut-off check ends the game for
is seen without a copy played to the end (:func:`lays_cut_off`): while water is left
that check is all a trial needs, on a plain copy of the game (:func:`only_cut_off_ends`),
else once the first trial lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from heapq import heappop, heappush
from itertools import chain, islice

from engine.bots.fire_planes import ring, spoil_shift, spoiled_windows, weight_planes, witness_path
from engine.bots.routes import FAR, CatRoute, Routes, targets, way_to_raft
from engine.bots.view import fair_view
from engine.bots.ways import Ways
from engine.bots.weights import (
    COPIES,
    CORRIDOR,
    CUT,
    ENTRY,
    EXIT,
    FIRE_TRIALS,
    FRONTIER,
    LINKED_CORRIDOR,
    LINKED_REACH,
    LINKED_TRIALS,
    LINKED_WAY,
    WARM,
    WAY,
    WAY_LOOK,
)
from engine.play.actions import PlaceFire
from engine.play.analysis import WHITE, coverable_squares, find_cut_off, fire_anchor_sets, lay_fire_tile
from engine.play.bitboard import BitGrid, TileShape, bit_list
from engine.play.state import GameState

LOST = 1_000_000  # the value of a lost position
NO_LIMIT = 1 << 62  # above every placement's value: the checks' bound before COPIES are checked


def choose_fire(state: GameState) -> PlaceFire:
    """The fire placement for the fire phase of ``state`` (islands with Oshax paths or
    rescue strips: :func:`choose_fire_linked`).  Reads only what a player
    sees (the island, the cats, the drawn tile); placements are tried on fair views
    (:func:`engine.bots.view.fair_view`), never on the game itself."""
    assert state.pending is not None
    island = state.island
    if island.rescues or WHITE in [island.cat_terrain[c] for c in range(state.cat_count()) if not state.arrived[c]]:
        return choose_fire_linked(fair_view(state))
    grid = island.grid
    routes = Routes(state)
    live = routes.live()
    cats = [routes.route(c) for c in live]
    fire = state.fire
    coverable = routes.coverable
    own = {c: routes.own(c) for c in live}
    passable = {c: own[c] | coverable for c in live}
    entry = {c: grid.neighbours(targets(state, island.cat_terrain[c])) for c in live}
    seed = {c: 1 << state.cat_sq[c] for c in live}
    path = {c: kept_path(grid, c, seed[c], passable[c], entry[c]) for c in live}  # kept: no flood needed
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
    ranked, spots = rank_placements(state, weights, calm, coverable, anchors_now)
    checked: list[tuple[int, int, int, TileShape]] = []  # (value, index, anchor, shape), cheapest first
    last = (NO_LIMIT, 0)  # (value, index) of the COPIES-th cheapest checked, once there are that many
    taken = 0  # keys taken from ``ranked`` (the last one perhaps not checked)
    for key in islice(ranked, FIRE_TRIALS):
        taken += 1
        index = key & INDEX_MASK
        value = key >> INDEX_BITS
        limit = last[0] + (index < last[1])  # a value from here on ranks after the COPIES cheapest
        if value >= limit:
            break  # a check only adds to the cost: neither this one nor a later one is among the cheapest
        a, shape = spots[index]
        mask = shape.mask << a
        after = coverable_after(state, anchors_now, a, shape)
        for r in cats:
            c = r.cat
            own_after = own[c] & ~mask
            step = own_after | after
            lost = passable[c] & ~step
            if not lost:
                continue
            if (lost & path[c] or not path[c]) and not grid.flood_to(seed[c], step, entry[c]) & entry[c]:
                value += CUT  # cut off as the fire would lie (a flood only when the tile hits the kept chain)
            elif lost & r.corridor:
                diff = (own[c] & mask) | (coverable ^ after)
                way = way_after(state, r, diff, own_after, after, entry[c], min(r.way + WAY_LOOK, FAR))
                value += WAY * (way - r.way)
            else:
                continue
            if value >= limit:
                break  # out of the cheapest already: the other cats' checks cannot bring it back
        else:
            checked.append((value, index, a, shape))
            checked.sort(key=lambda s: (s[0], s[1]))
            if len(checked) >= COPIES:
                last = checked[COPIES - 1][:2]
    tile = state.pending.tile
    cheapest = (PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation) for _, _, a, shape in checked[:COPIES])
    rest = (spots[key & INDEX_MASK] for key in islice(ranked, FIRE_TRIALS - taken, None))  # ranked only if asked
    others = (PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation) for a, shape in rest)
    tried = chain(cheapest, islice(others, LINKED_TRIALS * 4))
    if only_cut_off_ends(state):  # no copy played to the end: the cut-off check alone decides
        probe = state.clone(state.rng)  # read by the check only (what a player sees), never drawn from
        for action in tried:
            if not lays_cut_off(probe, action):
                return action
    base: GameState | None = None  # a fair view to copy, made once the first trial lost
    for action in tried:
        if base is not None and lays_cut_off(base, action):
            continue  # the engine's first check after the tile ends the game: no copy needed to see it
        trial = fair_view(state) if base is None else base.clone()
        trial.apply_unchecked(action)
        if not trial.is_terminal():
            return action
        if base is None:
            base = fair_view(state)
    _, _, a, shape = checked[0]
    return PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation)  # every placement tried loses the game


def only_cut_off_ends(state: GameState) -> bool:
    """Whether a fire placement can end the game of ``state`` only at the engine's
    cut-off check: no disaster card to go on with, no Kickstarter tokens to resolve, and
    water left (after the check the player refills and play must go on, and
    :func:`engine.play.legal.has_play` holds while water is left and a tile lies, as the
    placed one does).  Then a trial needs no copy played to the end, nor a fair view:
    the check reads only what a player sees (:func:`lays_cut_off`)."""
    return state.advanced.disaster is None and state.kickstarter.task is None and state.water > 0


def lays_cut_off(view: GameState, action: PlaceFire) -> bool:
    """Whether the engine ends the game at its cut-off check once ``action`` is played on
    ``view`` (the fire phase's trial): the check comes first after the tile lies
    (:func:`engine.play.moves.perform`) and reads the island, the cats, the fire and the
    tiles placed, the water and the cards, never the phase or the history, so it is
    made on ``view`` itself with the tile laid, and the tile taken off again.  A lost
    position's trials (every placement cut off: up to ``COPIES + 4 * LINKED_TRIALS``
    of them) need no copy of the game then.  ``view`` must be a copy the caller owns;
    it is left as it was."""
    fire, tile_fire, safe, safe_any = view.fire, view.tile_fire, view.safe, view.safe_any
    view.safe = list(safe)  # a hybrid tile's safe spots are added in place
    lay_fire_tile(view, action, view.island.tile_mask(action))
    try:
        return find_cut_off(view) is not None
    finally:
        del view.tiles_placed[action.tile]  # the newest entry: the order of the others is kept
        view.fire, view.tile_fire, view.safe, view.safe_any = fire, tile_fire, safe, safe_any


def kept_path(grid: BitGrid, cat: int, seed: int, passable: int, goal: int) -> int:
    """:func:`witness_path` for the cat, or the chain found for it before when that one
    still holds the cat's square, lies in ``passable`` (the seed aside) and meets
    ``goal``: a connected set of squares stays connected, so it proves as much (the
    checks skip the flood for a tile missing it, and flood otherwise)."""
    kept = _PATHS.get(cat)
    if kept is not None and kept[0] is grid:
        chain_ = kept[1]
        if chain_ & seed and chain_ & goal and not chain_ & ~(passable | seed):
            return chain_
    found = witness_path(grid, seed, passable, goal)
    if found:
        _PATHS[cat] = (grid, found)
    return found


_PATHS: dict[int, tuple[BitGrid, int]] = {}  # per cat, the last chain found (on that grid)


def way_after(state: GameState, route: CatRoute, diff: int, own: int, coverable: int, entry: int, limit: int) -> int:
    """``way_to_raft(state, cat, own, coverable, limit, entry=entry)`` for ``own`` and
    ``coverable`` that differ from the route's position in the squares ``diff`` only:
    the route's levels from the cat that ``diff`` leaves alone with their neighbours
    are the levels the search would find again, so it resumes after them."""
    start = -1
    if not (1 << state.cat_sq[route.cat]) & entry:  # else the search stops at once (unlike the route's)
        for k, halo in enumerate(route.halos):
            if diff & halo:
                break
            start = k
    if start < 0:
        return way_to_raft(state, route.cat, own, coverable, limit, entry=entry)
    return way_to_raft(state, route.cat, own, coverable, limit, route.levels[start], start, entry)


INDEX_BITS = 16  # a placement's sort key: its cost above its index (placements of one tile: far fewer)
INDEX_MASK = (1 << INDEX_BITS) - 1
BOUND_PLANES = 3  # rank_placements: the heaviest planes a placement's bound counts (as many more after it)
Spot = tuple[int, TileShape]  # (anchor, orientation)


def score_placements(
    state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors_now: int
) -> tuple[list[int], list[Spot]]:
    """Every legal placement of the pending tile (``spots``, in the engine's legal order)
    and its cheap cost, as sort keys ``cost << INDEX_BITS | index`` cheapest first (ties:
    the legal order): ``sum(w * (lost & m).bit_count())`` over ``weights`` for the
    squares ``lost`` (the tile's and the coverable squares only windows across it could
    cover) plus ``FRONTIER`` per ``calm`` square next to the tile (:func:`rank_placements`,
    every key at once)."""
    ranked, spots = rank_placements(state, weights, calm, coverable, anchors_now)
    return list(ranked), spots


def rank_placements(
    state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors_now: int
) -> tuple[Iterator[int], list[Spot]]:
    """:func:`score_placements`' keys, cheapest first, made as they are asked for, and the
    spots.  The weights are folded into bit planes and the shapes' footprints kept
    (:mod:`engine.bots.fire_planes`); every mask is taken shifted up by ``spoil_shift`` so
    that a footprint needs one shift to its anchor (each Python operation on an int
    costs alike, whatever its size).  The squares next to the tile ride in a band above
    the board's (from bit ``high``) with the calm squares there as one more weight mask,
    so one set of planes counts both; and the coverable squares are the cover of
    ``anchors_now`` (as :func:`choose_fire` gives them), so the ones a tile leaves are
    found with one ``^``.

    Every placement is counted on the heaviest ``BOUND_PLANES`` planes first (a lower
    bound of its cost: the factors are positive); the placements are then taken by that
    bound, counted on the other planes, and a key is given out once it is below every
    bound left (a later placement cannot rank before it).  The fire phase asks for a few
    keys (it stops at the first that cannot be among the cheapest), so most placements
    are never counted in full."""
    grid = state.island.grid
    s = grid.stride
    s2 = 2 * s
    k = spoil_shift(s)
    high = grid.full.bit_length() + 2 * k + s  # above every footprint, the ring's unclipped squares included
    planes = [(f, p << k) for f, p in weight_planes([*weights, (FRONTIER, calm << (high - k))])]
    negative = bool(planes) and min(planes)[0] < 0
    if negative:  # no part of the sum bounds it: every key is counted before one is given out
        planes = [(0, 0)] * BOUND_PLANES + planes
    else:
        planes.sort(reverse=True)  # the heaviest first: their counts make the bound
    # the planes are counted by two expressions of BOUND_PLANES each, the missing ones as
    # zero planes (each Python loop step costs about what a plane's count does)
    extra = planes[2 * BOUND_PLANES :]  # counted by a loop (rare: a summed weight of 64 or more)
    padded = planes[: 2 * BOUND_PLANES] + [(0, 0)] * (2 * BOUND_PLANES - len(planes))
    (f0, p0), (f1, p1), (f2, p2), (f3, p3), (f4, p4), (f5, p5) = padded
    cover = coverable << k
    plain = state.rules.cutoff_mode != "permissive" and not state.safe_any
    assert not plain or grid.card_cover(anchors_now) == coverable, "the coverable squares are the free windows' cover"
    windows = anchors_now << k
    fire = state.fire
    bounds: list[int] = []
    lost: list[int] = []  # by index: the squares a placement takes, as the planes read them
    spots: list[Spot] = []
    index = 0
    for shape, anchors in fire_anchor_sets(state):
        m = (shape.mask << k) | (ring(s, shape.mask) << (high - s))  # the tile, and the squares round it up high
        spoil = spoiled_windows(s, shape.mask)
        where = bit_list(anchors)
        spots.extend([(a, shape) for a in where])
        for a in where:
            if plain:  # the coverable squares no window left free covers (the cover of those lies in ``cover``)
                keep = windows & ~(spoil << a)
                row3 = keep | (keep << 1) | (keep << 2)
                x = cover ^ (row3 | (row3 << s) | (row3 << s2)) | (m << a)
            else:
                x = (coverable & ~coverable_squares(state, fire | (shape.mask << a))) << k | (m << a)
            lost.append(x)
            bound = f0 * (x & p0).bit_count() + f1 * (x & p1).bit_count() + f2 * (x & p2).bit_count()
            bounds.append(bound << INDEX_BITS | index)
            index += 1
    bounds.sort()

    def ranked() -> Iterator[int]:
        counted: list[int] = []  # keys counted in full and not given out yet (a heap)
        for low in bounds:
            while counted and counted[0] < low and not negative:
                yield heappop(counted)  # below every bound left: nothing ranks before it
            i = low & INDEX_MASK
            x = lost[i]
            cost = (low >> INDEX_BITS) + f3 * (x & p3).bit_count() + f4 * (x & p4).bit_count()
            cost += f5 * (x & p5).bit_count()
            for f, p in extra:
                cost += f * (x & p).bit_count()
            heappush(counted, cost << INDEX_BITS | i)
        while counted:
            yield heappop(counted)

    return ranked(), spots


def coverable_after(state: GameState, anchors_now: int, a: int, shape: TileShape) -> int:
    """The coverable squares once the tile lies at anchor ``a`` in ``shape``'s orientation
    (``anchors_now``: the card windows free now), as :func:`score_placements` takes them."""
    if state.rules.cutoff_mode == "permissive" or state.safe_any:
        return coverable_squares(state, state.fire | (shape.mask << a))
    grid = state.island.grid
    s = grid.stride
    keep = anchors_now & ~((spoiled_windows(s, shape.mask) << a) >> spoil_shift(s))
    row3 = keep | (keep << 1) | (keep << 2)
    return (row3 | (row3 << s) | (row3 << (2 * s))) & grid.full


def choose_fire_linked(state: GameState) -> PlaceFire:
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
        ways = Ways(state, routes=routes)
        for c in whites:
            white_hot |= ways.way(c)[1]
        hot |= white_hot
    warm = grid.near(hot, 2)
    scored: list[tuple[int, int, PlaceFire]] = []
    n = 0
    for shape, anchors in fire_anchor_sets(state):
        for a in bit_list(anchors):
            mask = shape.mask << a
            cost = sum(CORRIDOR * (mask & r.corridor).bit_count() for r in cats)
            cost += CORRIDOR * (mask & white_hot).bit_count() + WARM * (mask & warm).bit_count()
            cost += EXIT * (mask & exits).bit_count() + ENTRY * (mask & entry).bit_count()
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
                value += (
                    LINKED_WAY * r.way
                    - min(r.corridor.bit_count(), LINKED_CORRIDOR)
                    - min(r.reach2.bit_count(), LINKED_REACH) // 2
                )
            if whites:
                white_ways = Ways(after)
                value += LINKED_WAY * sum(white_ways.way(c)[0] for c in whites if not after.arrived[c])
        if best is None or value < best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


__all__ = [
    "FIRE_TRIALS",
    "INDEX_BITS",
    "LOST",
    "Spot",
    "choose_fire",
    "choose_fire_linked",
    "coverable_after",
    "kept_path",
    "rank_placements",
    "lays_cut_off",
    "only_cut_off_ends",
    "score_placements",
    "way_after",
]
