"""Where a cat can move now, and whether it can still ever reach the raft.

Moving (RULINGS MV-1 .. MV-4)
    A cat walks a 4-connected path over visible squares of its own terrain; it may pass
    other cats but not end on one, and may not stay put.  Raft destinations of its
    colour (or any-colour ones, ``*``) may be entered only as the **last** step, from an
    orthogonally adjacent square of the path: destinations are never crossed, and raft
    art (``#``) is never entered (``RuleSet.raft_entry`` ``"last-step"``; the digital
    variant's ``"crossable"`` makes usable raft squares ordinary squares of their colour,
    :func:`walkable`).  An open raft (raft A, no coloured destination) is
    boarded from any side: a cat whose path touches the card may end on any free
    square of it (rulebook "Raft cards").  A ``move_limit`` (advanced game, MV-6) counts steps
    along the path, the final raft step included.

Cut-off (LC-1 b, LC-5; house decision)
    A cat is cut off, and the game lost, when no orthogonal path links it to a free
    raft square it may use, through squares that are *passable for it*: squares of its
    own terrain and squares that some legal 3x3 pathway-card placement could still
    cover (a card can repaint them in any colour).  This is exactly the digital
    variant's rule and the issue's normative reading of LC-5.  It never declares a loss
    a perfect team could still avoid, because:

    * a card placement is blocked only by fire, raft squares and cats; fire never
      shrinks without water and raft squares never change, so a window that is not
      coverable now never will be - except that cats move, so by default cats do not
      block windows (``RuleSet.cutoff_cats_block_windows``; the digital variant sets it);
    * while the team still holds water tokens (``removable_fire_budget`` = w > 0), up
      to w fire *tiles* may yet be returned to the bag (WT-1), their squares then
      showing the terrain underneath and taking cards again; fire cards, board strips
      and printed fire stay permanent (WT-2).  A cat is cut off when even that is not
      enough: :func:`tiles_needed` searches, level by level, the sets of at most w
      tiles near the cat's region (a tile further than 3 squares from the region can
      neither uncover a neighbouring square nor free a 3x3 window over one, so the
      search is complete).  The tokens are shared, so the per-cat bound is a lower
      bound for the team: a loss it declares is certain, though with several cats
      each needing different tiles it may come later than the last possible moment;
    * other cats never block a path (they may be passed), and placing a pathway card
      changes only coverable squares, so the analysis need only run after fire is
      placed, after cats move, after a water token is spent (one fewer may not be
      enough) and once at set-up.

    On top of the per-cat test the cats are matched to distinct free destinations
    (MV-3: two green cats need two green destinations; an arrived cat never leaves its
    square): if no matching exists, a cat left without one is cut off.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.play import hybrid
from engine.play.bitboard import CARD, iter_bits
from engine.play.island import Island
from engine.play.links import (
    NO_LINKS,
    WHITE,
    barriers,
    cutoff_barriers,
    future_paths,
    link_flood,
    path_links,
    square_links,
    without,
)
from engine.play.position import Position
from engine.play.variants import CROSSABLE, UNUSABLE, RuleSet


def move_targets(state: Position, cat: int, limit: int | None | str = "rules") -> int:
    """Bit mask of the squares the cat may legally end a move on.  ``limit`` is the
    most squares the move may cover: the rule set's ``move_limit`` unless given
    (a disaster card's forced move gives its own, :mod:`engine.play.disasters`)."""
    if state.arrived[cat]:
        return 0
    island = state.island
    grid = island.grid
    ci = island.cat_terrain[cat]
    start = 1 << state.cat_sq[cat]
    if isinstance(limit, str):
        limit = state.rules.move_limit(state)
    if ci == WHITE or island.rescues:  # Oshax paths, rescue strips: sides between squares matter
        return _linked_targets(state, cat, limit)
    own = (
        walkable(state, ci) if state.safe_any or state.rules.raft_entry == CROSSABLE else state.terrain[ci]
    ) & ~state.fire
    free = ~state.cat_mask & ~island.white_starts  # MV-5: a white cat's start spot is its own
    if limit is None:
        last = _LAST_TARGETS.get(start)
        if last is not None and last[0] is island and last[1] is state.rules and not (last[2] ^ own) & last[3]:
            return last[4] & free  # the squares changed since lie away from the cat's region and its neighbours
        region = grid.component(start, own)
        reached = region | raft_entries(state, ci, region)
        s = grid.stride
        near = region | (region << 1) | (region >> 1) | (region << s) | (region >> s)
        _LAST_TARGETS[start] = (island, state.rules, own, near, reached)
        return reached & free
    entry = grid.flood(start, own, max(limit - 1, 0))
    region = grid.flood(entry, own, 1) if limit > 0 else start
    return (region & free) | (raft_entries(state, ci, entry) & free)


# Per start square, the last plain move_targets answer (limit None): (island, rules, passable squares, the
# region with its neighbours, region and raft entries).  A passable mask that differs from the kept one only
# away from that region and its neighbours has the same region there (as BitGrid.component's own hint), so
# the targets are the kept ones less the squares cats stand on now (issue 11: every cat, every play phase).
_LAST_TARGETS: dict[int, tuple[Island, RuleSet, int, int, int]] = {}


def _linked_targets(state: Position, cat: int, limit: int | None) -> int:
    """:func:`move_targets` over links (:mod:`engine.play.links`): a white cat along
    connected Oshax paths, any cat held back by rescue strips; other cats may not end
    on a white cat's start spot (MV-5)."""
    island = state.island
    grid = island.grid
    ci = island.cat_terrain[cat]
    start = 1 << state.cat_sq[cat]
    links = cat_links(state, cat) or NO_LINKS
    if limit is None:
        entry = region = link_flood(grid, start, links)
    else:
        entry = link_flood(grid, start, links, max(limit - 1, 0))
        region = link_flood(grid, entry, links, 1) if limit > 0 else start
    free = ~state.cat_mask & ~(island.white_starts if ci != WHITE else 0)
    return ((region & ~start) & free) | (raft_entries(state, ci, entry) & free)


def cat_links(state: Position, cat: int) -> tuple[int, int] | None:
    """The sides ``cat`` may cross now (:mod:`engine.play.links`): along Oshax paths for
    a white cat, over its terrain for the others, rescue strips shut unless a friend
    is on the circle; None when a plain flood over its terrain says the same (a cat
    that is not white, on an island without strips)."""
    island = state.island
    ci = island.cat_terrain[cat]
    if ci != WHITE and not island.rescues:
        return None
    if ci == WHITE:
        links = path_links(state, state.fire)
    else:
        links = square_links(island.grid, (walkable(state, ci) & ~state.fire) | 1 << state.cat_sq[cat])
    return without(links, barriers(state, cat))


def walkable(state: Position, terrain: int) -> int:
    """Squares a cat of ``terrain`` (an index) may walk over, fire aside: its terrain,
    and with ``RuleSet.raft_entry == "crossable"`` (the digital variant) the raft
    squares it may use, which are then ordinary squares of their colour."""
    own = state.terrain[terrain]
    if state.safe_any:  # a hybrid fire tile's safe spots: crossed by cats of their colour only (KS-4)
        own = (own & ~state.safe_any) | state.safe[terrain]
    if state.rules.raft_entry == CROSSABLE:
        return own | destinations(state, terrain)
    return own


def destinations(state: Position, terrain: int) -> int:
    """Raft squares a cat of ``terrain`` (an index) may end on: destinations of its
    colour, and the icon-less squares of rafts with coloured destinations unless the
    rule set reads those as raft art (``iconless_raft_squares``, RULINGS C11)."""
    island = state.island
    if state.rules.iconless_raft_squares == UNUSABLE:
        return island.dest[terrain] & ~island.iconless
    return island.dest[terrain]


def raft_entries(state: Position, terrain: int, region: int) -> int:
    """Raft destinations a cat of ``terrain`` may step onto from ``region``: its own
    or any-colour destinations next to the region, and every destination of an open
    raft (raft A) that the region touches."""
    island = state.island
    grid = island.grid
    s = grid.stride  # grid.neighbours, inlined: the heuristic bot asks this a million times a run
    around = ((region << 1) | (region >> 1) | (region << s) | (region >> s)) & grid.full
    if state.rules.iconless_raft_squares == UNUSABLE:  # destinations(state, terrain), inlined
        out = island.dest[terrain] & ~island.iconless & around
    else:
        out = island.dest[terrain] & around
    for squares, dests in island.boarding:
        if squares & around:
            out |= dests
    return out


@dataclass(frozen=True)
class CutOff:
    cat: int
    region: int  # bit mask of the squares the cat can still get to
    why: str


def coverable_squares(state: Position, fire: int) -> int:
    """Squares some 3x3 pathway card could still cover if ``fire`` were the fire."""
    rules = state.rules
    island = state.island
    safe = hybrid.safe_within(state, fire) if state.safe_any else 0  # nothing goes on a hybrid tile (PL-9)
    if rules.cutoff_mode == "permissive":
        return island.land & ~fire & ~island.raft & ~safe
    blocked = fire | island.raft | safe | (state.cat_mask if rules.cutoff_cats_block_windows else 0)
    grid = island.grid
    # grid.card_cover(grid.card_anchors(free)), inlined: the analysis asks this for every fire mask it tries
    s = grid.stride
    free = island.land & ~blocked
    row3 = free & (free >> 1) & (free >> 2)
    anchors = row3 & (row3 >> s) & (row3 >> (2 * s)) & grid.fit(CARD, CARD)
    row3 = anchors | (anchors << 1) | (anchors << 2)
    return (row3 | (row3 << s) | (row3 << (2 * s))) & grid.full


def passable_masks(state: Position) -> tuple[int, int]:
    """``(permanent fire, coverable squares)`` as the cut-off analysis sees them, with
    every fire tile removed while any water is left (the optimistic bound)."""
    island = state.island
    perm_fire = island.fixed_fire if state.rules.removable_fire_budget(state) > 0 else state.fire
    return perm_fire, coverable_squares(state, perm_fire)


def _region(state: Position, cat: int, fire: int, coverage: dict[int, int]) -> int:
    """The squares the cat could get to if ``fire`` were the fire: its own terrain
    and coverable squares.  ``coverage`` memoises coverable squares by fire mask, so
    one analysis computes them once per set of returned tiles, not once per cat."""
    coverable = _coverable(state, fire, coverage)
    ci = state.island.cat_terrain[cat]
    if ci == WHITE or state.island.rescues:
        blocked = _strip_barriers(state, fire, coverable).get(ci, NO_LINKS)
        return _cutoff_region(state, cat, fire, coverable, blocked)
    return state.island.grid.flood(1 << state.cat_sq[cat], (walkable(state, ci) & ~fire) | coverable)


def _coverable(state: Position, fire: int, coverage: dict[int, int]) -> int:
    """:func:`coverable_squares` for ``fire``, memoised in ``coverage`` by fire mask."""
    found = coverage.get(fire)
    if found is None:
        found = coverage[fire] = kept_coverable(state, fire)
    return found


def kept_coverable(state: Position, fire: int) -> int:
    """:func:`coverable_squares`, kept by fire mask across analyses of one island and
    rule set (issue 11 item 7: the analysis after a water token or a move asks the fire
    masks the one before asked, and a cat's second try is the fire before the newest
    tile).  Without hybrid safe spots, and unless cats block windows, the answer
    depends on nothing else."""
    if state.safe_any or state.rules.cutoff_cats_block_windows:
        return coverable_squares(state, fire)
    if _COVER_OWNER[0] is not state.island or _COVER_OWNER[1] is not state.rules or len(_COVER) >= COVER_KEPT:
        _COVER.clear()
        _COVER_OWNER[:] = [state.island, state.rules]
    found = _COVER.get(fire)
    if found is None:
        found = _COVER[fire] = coverable_squares(state, fire)
    return found


COVER_KEPT = 256  # fire masks whose coverable squares are kept (one island and rule set at a time)
_COVER: dict[int, int] = {}
_COVER_OWNER: list[Island | RuleSet | None] = [None, None]


def _cutoff_region(state: Position, cat: int, fire: int, coverable: int, blocked: tuple[int, int]) -> int:
    """The cut-off analysis' region over links (LC-5 bounds): a white cat along paths,
    plus coverable squares while a card with a path may still come (OX-2); strips
    shut unless ``blocked`` opens them."""
    island = state.island
    start = 1 << state.cat_sq[cat]
    if island.cat_terrain[cat] == WHITE:
        links = path_links(state, fire, coverable if future_paths(state) else 0)
    else:
        links = square_links(island.grid, (walkable(state, island.cat_terrain[cat]) & ~fire) | coverable | start)
    return link_flood(island.grid, start, without(links, blocked))


# Per cat index, the fire tiles (ids) whose return last gave it a way to the raft
# (what tiles_needed found; () when none had to be).  A hint only: _witness_targets
# checks it against the position at hand, so a stale or foreign entry costs one flood
# and never changes an answer.
_WITNESS: dict[int, tuple[str, ...]] = {}
# Per cat index, the squares that last took it to the raft (a connected set, flooded from where it stood),
# with the raft squares next to them (raft_entries, for that island and rule set): a hint like _WITNESS,
# checked square by square against the passable squares at hand.
_PATHS: dict[int, tuple[int, int, Island, RuleSet]] = {}


def tiles_needed(
    state: Position, cat: int, budget: int, coverage: dict[int, int] | None = None, region: int | None = None
) -> int | None:
    """The fewest fire tiles the team must return to the bag for ``cat`` to have a way
    to a free raft square it may use (0..budget), or None when more than ``budget``.
    ``region``: the cat's region as the fire lies, if known (its first flood)."""
    coverage = {} if coverage is None else coverage
    grid = state.island.grid
    ci = state.island.cat_terrain[cat]
    free = ~state.cat_mask
    tiles = [mask for mask, _ in state.tiles_placed.values()]
    # Without links a set's region grows from the region of the set it extends: that
    # one lies inside it (returning a tile only adds passable squares), so the flood
    # only has the new squares to find (issue 11 item 7).
    plain = not (state.island.rescues or ci == WHITE)
    own = walkable(state, ci) if plain else 0  # (a white cat has no terrain)
    level: list[tuple[int, int]] = [(0, (1 << state.cat_sq[cat]) | (region or 0))]
    seen = {0}
    for removed_count in range(budget + 1):
        following: list[tuple[int, int]] = []
        for removed, seed in level:
            fire = state.fire & ~removed
            if plain:
                region = grid.flood(seed, (own & ~fire) | _coverable(state, fire, coverage))
            else:
                region = _region(state, cat, fire, coverage)
            if raft_entries(state, ci, region) & free:
                if plain:
                    _WITNESS[cat] = tuple(t for t, (mask, _) in state.tiles_placed.items() if mask & removed)
                return removed_count
            if removed_count == budget:
                continue
            near = grid.near(region, 3)
            for mask in tiles:
                union = removed | mask
                if mask & near and union not in seen:
                    seen.add(union)
                    following.append((union, region))
        level = following
    return None


def cat_regions(state: Position) -> dict[int, tuple[int, int]]:
    """For every cat not yet on the raft: ``(region, reachable free destinations)``."""
    perm_fire, coverable = passable_masks(state)
    return _regions_under(state, perm_fire, coverable)


def _regions_under(state: Position, fire: int, coverable: int) -> dict[int, tuple[int, int]]:
    """:func:`cat_regions` if ``fire`` were the fire and ``coverable`` the coverable
    squares.  Each region is a component of the passable squares, which
    :meth:`BitGrid.component` keeps: with every tile returned (water left) the mask is
    the same after each fire tile and each card (cards repaint coverable squares only),
    so the optimistic regions are found again without a fill (issue 11 item 7)."""
    island = state.island
    grid = island.grid
    free = ~state.cat_mask
    out: dict[int, tuple[int, int]] = {}
    if island.rescues or WHITE in island.cat_terrain:
        return _linked_regions(state, fire, coverable)
    done: dict[int, list[int]] = {}  # terrain index -> regions already filled
    for cat, sq in enumerate(state.cat_sq):
        if state.arrived[cat]:
            continue
        ci = island.cat_terrain[cat]
        start = 1 << sq
        region = next((r for r in done.get(ci, ()) if r & start), 0)
        if not region:
            region = grid.component(start, (walkable(state, ci) & ~fire) | coverable)
            done.setdefault(ci, []).append(region)
        out[cat] = (region, raft_entries(state, ci, region) & free)
    return out


def _linked_regions(state: Position, fire: int, coverable: int) -> dict[int, tuple[int, int]]:
    """:func:`cat_regions` over links: strips shut first, then open for a colour whose
    cats can bring a friend to the circle (:func:`engine.play.links.cutoff_barriers`)."""
    live = [c for c in range(len(state.cat_sq)) if not state.arrived[c]]
    blocked = _strip_barriers(state, fire, coverable)
    free = ~state.cat_mask
    out: dict[int, tuple[int, int]] = {}
    for cat in live:
        ci = state.island.cat_terrain[cat]
        region = _cutoff_region(state, cat, fire, coverable, blocked.get(ci, NO_LINKS))
        out[cat] = (region, raft_entries(state, ci, region) & free)
    return out


def _strip_barriers(state: Position, fire: int, coverable: int) -> dict[int, tuple[int, int]]:
    """Per terrain index, the strip sides the cut-off analysis keeps shut: every strip
    is shut while finding who can reach a circle, then opened for its colour if one can."""
    if not state.island.rescues:
        return {}
    h = v = 0
    for _, east, south, _circle in state.island.rescues:
        h, v = h | east, v | south
    live = [c for c in range(len(state.cat_sq)) if not state.arrived[c]]
    shut = {c: _cutoff_region(state, c, fire, coverable, (h, v)) for c in live}
    return cutoff_barriers(state, shut)


def find_cut_off(state: Position) -> CutOff | None:
    """The first cat that can no longer reach the raft, or None (see module doc)."""
    if state.rules.cutoff_mode == "off":
        return None
    budget = state.rules.removable_fire_budget(state)
    water = budget > 0 and bool(state.tiles_placed)
    if not (state.island.rescues or WHITE in state.island.cat_terrain):
        if water:
            return _with_water(state, budget)
        if budget == 0:
            return _as_it_lies(state)
    regions = cat_regions(state)
    found = _optimistic_cut_off(regions)
    if found is None and water:
        coverage: dict[int, int] = {}
        for cat in regions:
            if tiles_needed(state, cat, budget, coverage) is None:
                return _needs_more_tiles(state, cat, budget, coverage)
    return found


def _as_it_lies(state: Position) -> CutOff | None:
    """:func:`find_cut_off` with no water left, on an island without links: the
    optimistic check with the fire as it lies, each cat's flood stopping once the raft
    is in reach (issue 11 item 7: with no water the passable squares change with
    every tile, so :meth:`BitGrid.component` keeps nothing worth finding again).  A
    cat that does not reach it is flooded whole, as :func:`cat_regions` floods it, and
    is the first cat without a raft square; when every cat reaches one but the ones
    found cannot go to distinct cats, the full regions decide."""
    island = state.island
    grid = island.grid
    fire = state.fire
    coverable = kept_coverable(state, fire)
    free = ~state.cat_mask
    reached: dict[int, int] = {}
    for cat, sq in enumerate(state.cat_sq):
        if state.arrived[cat]:
            continue
        ci = island.cat_terrain[cat]
        region = grid.flood_to(1 << sq, (walkable(state, ci) & ~fire) | coverable, _entry_goal(state, ci, free))
        targets = raft_entries(state, ci, region) & free
        if not targets:
            return CutOff(cat, region, "no free raft square it may use can be reached")
        reached[cat] = targets
    if _unmatched(reached) is None:
        return None
    return _optimistic_cut_off(cat_regions(state))


def _optimistic_cut_off(regions: dict[int, tuple[int, int]]) -> CutOff | None:
    """The cut-off :func:`cat_regions` alone shows: a cat reaching no free raft square,
    or one left without a square of its own."""
    for cat, (region, targets) in regions.items():
        if not targets:
            return CutOff(cat, region, "no free raft square it may use can be reached")
    unmatched = _unmatched({cat: targets for cat, (_, targets) in regions.items()})
    if unmatched is not None:
        return CutOff(unmatched, regions[unmatched][0], "the raft squares it can reach are needed by other cats")
    return None


def _needs_more_tiles(state: Position, cat: int, budget: int, coverage: dict[int, int]) -> CutOff:
    tokens = f"{budget} water token{'s' if budget != 1 else ''}"
    region = _region(state, cat, state.fire, coverage)  # as it lies now
    return CutOff(cat, region, f"its way to the raft needs more fire tiles removed than the {tokens} left")


def _with_water(state: Position, budget: int) -> CutOff | None:
    """:func:`find_cut_off` with water left and tiles placed, on an island without links
    (issue 11 item 7).  Each cat first tries the tiles it last needed returned (none at
    first: the fire as it lies).  Returning tiles only adds passable squares (fire
    leaves them, and coverable squares grow as fire shrinks), so a cat's region with
    any tile set returned lies inside its optimistic region, and the raft squares it
    reaches inside the optimistic ones: when every cat reaches some this way and the
    cats can all have distinct ones (of those found: the floods stop once the raft
    is in reach), the optimistic checks pass and every cat needs at most ``budget``
    tiles: no cut-off, without the optimistic floods or a tile search.  Otherwise the
    full analysis runs, searching tiles only for the cats whose remembered set failed
    (the others provably need at most ``budget``)."""
    coverage: dict[int, int] = {}
    reached: dict[int, int] = {}
    seeds: dict[int, int] = {}  # the region as the fire lies, when that is what was flooded
    every = True
    arrived = state.arrived
    for cat in range(len(state.cat_sq)):
        if not arrived[cat]:
            found = reached[cat] = _witness_targets(state, cat, budget, coverage, seeds)
            if not found:
                every = False
    if every and _unmatched(reached) is None:
        return None
    regions = _regions_under(state, *passable_masks(state))
    found_cut = _optimistic_cut_off(regions)
    if found_cut is not None:
        return found_cut
    for cat in regions:
        if not reached[cat] and tiles_needed(state, cat, budget, coverage, seeds.get(cat)) is None:
            return _needs_more_tiles(state, cat, budget, coverage)
    return None


def _witness_targets(state: Position, cat: int, budget: int, coverage: dict[int, int], seeds: dict[int, int]) -> int:
    """Free raft squares ``cat`` reaches with the tiles :data:`_WITNESS` remembers for
    it returned (those still placed; none at first: the fire as it lies), or failing
    that with the newest tile returned too, flooded as :func:`tiles_needed` floods a
    tile set but only until the raft is in reach (so some of them, not always all);
    0 when neither set of at most ``budget`` tiles takes the cat to the raft (then
    tiles_needed decides).  The region as the fire lies, as far as it was flooded,
    goes into ``seeds`` for tiles_needed's first level.

    Before flooding, the region that took the cat to the raft last time (:data:`_PATHS`)
    is tried: a connected set of squares holding the cat, all still passable, takes it
    wherever it took it before (a fire tile placed away from it changes nothing).
    Written out flat (issue 11 item 7: four cats after every fire tile)."""
    placed = state.tiles_placed
    witness = _WITNESS.get(cat, ())
    ids: list[str] = []
    removed = 0
    for tile in witness:
        got = placed.get(tile)
        if got is not None:
            ids.append(tile)
            removed |= got[0]
    if len(ids) > budget:
        return 0
    island = state.island
    rules = state.rules
    ci = island.cat_terrain[cat]
    own = walkable(state, ci) if state.safe_any or rules.raft_entry == CROSSABLE else state.terrain[ci]
    start = 1 << state.cat_sq[cat]
    free = ~state.cat_mask
    kept = _PATHS.get(cat)
    path = reach = 0
    if kept is not None and kept[0] & start:
        path = kept[0]
        reach = kept[1] if kept[2] is island and kept[3] is rules else raft_entries(state, ci, path)
    first_path, first_reach = path, reach  # the second try starts from them again, not from a failed flood
    goal = -1  # squares next to a free raft square the cat may use, when a flood first needs them
    while True:
        fire = state.fire & ~removed if removed else state.fire
        coverable = coverage.get(fire)
        if coverable is None:
            coverable = coverage[fire] = kept_coverable(state, fire)
        passable = (own & ~fire) | coverable
        targets = 0
        if path and not path & ~(passable | start):
            targets = reach & free
        if not targets:
            if goal < 0:
                goal = _entry_goal(state, ci, free)
            path = island.grid.flood_to(start, passable, goal)
            if not removed:
                seeds[cat] = path
            reach = raft_entries(state, ci, path)
            targets = reach & free
        if targets:
            if kept is None or path is not kept[0] or kept[2] is not island or kept[3] is not rules:
                _PATHS[cat] = (path, reach, island, rules)
            if len(ids) != len(witness):
                _WITNESS[cat] = tuple(ids)
            return targets
        newest = next(reversed(placed))
        if newest in ids or len(ids) >= budget:
            return 0
        ids = [*ids, newest]  # the second try: the newest tile returned too
        removed |= placed[newest][0]
        path, reach = first_path, first_reach


def _entry_goal(state: Position, terrain: int, free: int) -> int:
    """Squares from which a cat of ``terrain`` steps onto a free raft square it may use
    (:func:`raft_entries` of any region holding one is not empty): where a flood that
    only asks whether the raft is in reach may stop.  Kept per terrain until the
    island, the rules or the free squares change (a cat moves)."""
    kept = _GOALS.get(terrain)
    if kept is not None and kept[0] is state.island and kept[1] is state.rules and kept[2] == free:
        return kept[3]
    grid = state.island.grid
    goal = grid.neighbours(destinations(state, terrain) & free)
    for squares, dests in state.island.boarding:
        if dests & free:
            goal |= grid.neighbours(squares)
    _GOALS[terrain] = (state.island, state.rules, free, goal)
    return goal


_GOALS: dict[int, tuple[Island, RuleSet, int, int]] = {}


def _unmatched(options: dict[int, int]) -> int | None:
    """Kuhn's augmenting paths: a cat with no destination in a maximum matching of
    cats to distinct destination squares, or None when every cat gets one."""
    n = len(options)
    for mask in options.values():
        if mask.bit_count() < n:
            break
    else:
        return None  # each cat has a square left whatever the others take
    taken = 0
    for mask in sorted(options.values(), key=int.bit_count):
        free = mask & ~taken
        if not free:
            break
        taken |= free & -free
    else:
        return None  # a greedy choice already gives every cat its own square
    owner: dict[int, int] = {}

    def assign(cat: int, seen: set[int]) -> bool:
        for d in iter_bits(options[cat]):
            if d in seen:
                continue
            seen.add(d)
            if d not in owner or assign(owner[d], seen):
                owner[d] = cat
                return True
        return False

    for cat in sorted(options, key=lambda c: bin(options[c]).count("1")):
        if not assign(cat, set()):
            return cat
    return None
