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
from engine.play.bitboard import iter_bits
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
from engine.play.variants import CROSSABLE, UNUSABLE


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
    own = walkable(state, ci) & ~state.fire
    if limit is None:
        region = grid.component(start, own)
        entry = region
    else:
        entry = grid.flood(start, own, max(limit - 1, 0))
        region = grid.flood(entry, own, 1) if limit > 0 else start
    free = ~state.cat_mask & ~island.white_starts  # MV-5: a white cat's start spot is its own
    return (region & free) | (raft_entries(state, ci, entry) & free)


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
    out = destinations(state, terrain) & around
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
    safe = hybrid.safe_within(state, fire)  # nothing goes on a hybrid tile (PL-9)
    if rules.cutoff_mode == "permissive":
        return island.land & ~fire & ~island.raft & ~safe
    blocked = fire | island.raft | safe | (state.cat_mask if rules.cutoff_cats_block_windows else 0)
    grid = island.grid
    return grid.card_cover(grid.card_anchors(island.land & ~blocked))


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
    if fire not in coverage:
        coverage[fire] = coverable_squares(state, fire)
    ci = state.island.cat_terrain[cat]
    if ci == WHITE or state.island.rescues:
        blocked = _strip_barriers(state, fire, coverage[fire]).get(ci, NO_LINKS)
        return _cutoff_region(state, cat, fire, coverage[fire], blocked)
    return state.island.grid.flood(1 << state.cat_sq[cat], (walkable(state, ci) & ~fire) | coverage[fire])


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
                if fire not in coverage:
                    coverage[fire] = coverable_squares(state, fire)
                region = grid.flood(seed, (own & ~fire) | coverage[fire])
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


# Per cat index, the fire tiles (ids) whose return last gave it a way to the raft
# (tiles_needed's answer).  A hint only: _witness_holds checks it against the position
# at hand, so a stale or foreign entry costs one flood and never changes an answer.
_WITNESS: dict[int, tuple[str, ...]] = {}


def _witness_holds(state: Position, cat: int, budget: int, coverage: dict[int, int], region: int) -> bool:
    """Whether returning the tiles :data:`_WITNESS` remembers for ``cat`` (all placed
    now, at most ``budget`` of them) gives the cat a way to a free raft square, flooded
    as :func:`tiles_needed` floods a tile set: then ``tiles_needed`` is at most
    ``budget``, not None (issue 11 item 7: after a fire tile lands, the tile that
    freed a cat before usually still does).  ``region``: the cat's region as the fire
    lies (plain islands only: no links)."""
    ids = _WITNESS.get(cat)
    if not ids or len(ids) > budget:
        return False
    placed = state.tiles_placed
    removed = 0
    for tile in ids:
        entry = placed.get(tile)
        if entry is None:
            return False
        removed |= entry[0]
    fire = state.fire & ~removed
    if fire not in coverage:
        coverage[fire] = coverable_squares(state, fire)
    ci = state.island.cat_terrain[cat]
    grown = state.island.grid.flood((1 << state.cat_sq[cat]) | region, (walkable(state, ci) & ~fire) | coverage[fire])
    return bool(raft_entries(state, ci, grown) & ~state.cat_mask)


def cat_regions(state: Position) -> dict[int, tuple[int, int]]:
    """For every cat not yet on the raft: ``(region, reachable free destinations)``."""
    perm_fire, coverable = passable_masks(state)
    return _regions_under(state, perm_fire, coverable)


def _regions_under(
    state: Position, fire: int, coverable: int, inside: dict[int, tuple[int, int]] | None = None
) -> dict[int, tuple[int, int]]:
    """:func:`cat_regions` if ``fire`` were the fire and ``coverable`` the coverable
    squares; ``inside``: per cat, a region known to lie inside the one sought (as
    :func:`_as_it_lies` gives), which the flood grows from."""
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
            passable = (walkable(state, ci) & ~fire) | coverable
            if inside is None or passable & start:
                # ``inside`` lies in the start's component (see _as_it_lies), so the flood from it is that
                # component, which BitGrid.component keeps: with every tile returned the mask is the same
                # after each fire tile and each card (cards repaint coverable squares only)
                region = grid.component(start, passable)
            else:
                region = grid.flood(start | inside[cat][0], passable)
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
    now = _as_it_lies(state) if budget > 0 and state.tiles_placed else None
    if now is not None:
        options = {cat: targets for cat, (_, targets) in now.items()}
        if all(options.values()) and _unmatched(options) is None:
            return None  # what the analysis below would find, at half the floods (see _as_it_lies)
    regions = cat_regions(state) if now is None else _regions_under(state, *passable_masks(state), inside=now)
    for cat, (region, targets) in regions.items():
        if not targets:
            return CutOff(cat, region, "no free raft square it may use can be reached")
    unmatched = _unmatched({cat: targets for cat, (_, targets) in regions.items()})
    if unmatched is not None:
        return CutOff(unmatched, regions[unmatched][0], "the raft squares it can reach are needed by other cats")
    if budget > 0 and state.tiles_placed:
        coverage: dict[int, int] = {}
        for cat in regions:
            if now is not None and (now[cat][1] or _witness_holds(state, cat, budget, coverage, now[cat][0])):
                continue  # reaches a free raft square as the fire lies, or with tiles known to suffice returned
            if tiles_needed(state, cat, budget, coverage, None if now is None else now[cat][0]) is None:
                tokens = f"{budget} water token{'s' if budget != 1 else ''}"
                region = _region(state, cat, state.fire, coverage)  # as it lies now
                return CutOff(cat, region, f"its way to the raft needs more fire tiles removed than the {tokens} left")
    return None


def _as_it_lies(state: Position) -> dict[int, tuple[int, int]] | None:
    """:func:`cat_regions` with the fire as it lies (no tile returned), for the
    shortcuts of :func:`find_cut_off` (issue 11 item 7); None on islands with rescue
    strips or white cats (links), which always take the full analysis.

    Returning tiles only adds passable squares (fire leaves them, and coverable
    squares grow as fire shrinks), so every optimistic region holds the region as it
    lies and its destinations hold these: when every cat has one here and the cats can
    all have distinct ones, the optimistic checks pass and each cat needs 0 tiles; and
    a cat with a destination here is one whose :func:`tiles_needed` is 0 (its first
    level is this very flood)."""
    if state.island.rescues or WHITE in state.island.cat_terrain:
        return None
    return _regions_under(state, state.fire, coverable_squares(state, state.fire))


def _unmatched(options: dict[int, int]) -> int | None:
    """Kuhn's augmenting paths: a cat with no destination in a maximum matching of
    cats to distinct destination squares, or None when every cat gets one."""
    if all(mask.bit_count() >= len(options) for mask in options.values()):
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
