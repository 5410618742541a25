"""Route planning for bots: each cat's *way* to the raft, and the corridor it runs in.

A cat's way is the number of squares not of its colour it must still have repainted
to walk to a raft square it may use, through squares a pathway card could still cover
(the cut-off analysis' passable squares, :func:`engine.play.reach.coverable_squares`).
It is a 0-1 distance: own squares cost nothing, other passable squares one each.

:class:`Routes` computes, per live cat, the distance levels from the cat
(``A[k]``: squares it could get to with ``k`` squares repainted) and from the raft
(``B[k]``: squares from which ``k`` repainted squares reach a usable raft square),
each level one flood fill over bit sets.  From those:

* ``way``: the smallest ``k`` for which ``A[k]`` touches a usable raft square;
* ``corridor``: squares on some way at most one square longer than the shortest
  (``A[i] & B[way + 1 - i]``): where a fire tile or a badly turned card hurts;
* ``exits``: the squares next to where the cat can walk now (its escape).

:func:`way_to_raft` is the same way for a hypothetical terrain (a card on trial), with
an early stop; :class:`Routes` memoises it by the cat's own squares.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.play.analysis import WHITE, coverable_squares, destinations, walkable
from engine.play.bitboard import fill
from engine.play.position import Position

FAR = 40  # a way that cannot be completed


@dataclass(frozen=True)
class CatRoute:
    cat: int
    way: int  # FAR when no way is left (water may still reopen one)
    walk: int  # squares the cat can walk to now (A[0])
    corridor: int  # squares on near-shortest ways (at most one square longer)
    wide: int  # squares on ways at most two squares longer: where a card may shorten the way
    exits: int  # squares next to ``walk`` that a way may use
    entry: int  # squares next to a usable free raft square
    to_raft: tuple[int, ...]  # B levels (cumulative)
    reach2: int  # A[2]: squares two repainted squares away (small when the cat is hemmed in)
    levels: tuple[int, ...]  # A levels up to the way
    halos: tuple[int, ...]  # each A level with its neighbours: a change outside leaves it alone

    def raft_level(self, square_bit: int) -> int:
        """How many squares must be repainted from this square to the raft (FAR if none)."""
        for k, level in enumerate(self.to_raft):
            if level & square_bit:
                return k
        return FAR


def targets(state: Position, ci: int) -> int:
    """Free raft squares a cat of terrain ``ci`` may use, and open-raft cards' squares
    (boarded from any side), as the squares next to which a way ends."""
    island = state.island
    free = ~state.cat_mask
    out = destinations(state, ci) & free
    for squares, dests in island.boarding:
        if dests & free:
            out |= squares
    return out


# Analyses kept per process: a cat's route depends only on its own and passable squares
# within ``halo`` (its levels from the cat and from the raft with their neighbours, and
# the squares next to its targets) and on ``entry`` (the passable squares next to its
# targets: all the other cats' squares change), so another position (a fire tile, a card
# further away, another cat moved) reuses it as it is.  Keyed by (cat, its square); the
# island and rule set are compared by identity.
KEPT_POSITIONS = 512  # keys kept (cleared when full)
# A miss looks at every analysis kept for the key, and few hits lie past the second (20
# games of campaign-1/01: 34 of 1,940; keeping 8 cost 0.9M instructions a game more).
KEPT_ROUTES = 2  # analyses kept per key, newest first (only appended and cut: safe across threads)
_KEPT: dict[tuple[int, int], list[tuple[object, object, int, int, int, CatRoute]]] = {}


class Routes:
    """Route analysis of one position (optionally with other fire) for its live cats."""

    def __init__(self, state: Position, fire: int | None = None, coverable: int | None = None) -> None:
        self.state = state
        self.fire = state.fire if fire is None else fire
        # the squares a card could still cover with that fire (worked out when not given)
        self.coverable = coverable_squares(state, self.fire) if coverable is None else coverable
        self._routes: dict[int, CatRoute] = {}
        self._memo: dict[tuple[int, int], int] = {}
        self._saving: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...], int]] = {}  # most_saved's reads
        self._ends: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._own: dict[int, int] = {}

    def live(self) -> list[int]:
        """Cats not on the raft yet, white cats aside (their ways run along Oshax paths,
        :meth:`engine.bots.ways.Ways.white_way`)."""
        colour = self.state.island.cat_terrain
        return [c for c in range(self.state.cat_count()) if not self.state.arrived[c] and colour[c] != WHITE]

    def own(self, cat: int, terrain: list[int] | None = None) -> int:
        """The squares the cat may walk on, fire excluded (as the position lies, kept
        per cat: the card search compares every trial with them; or with ``terrain``)."""
        ci = self.state.island.cat_terrain[cat]
        if terrain is not None:
            return terrain[ci] & ~self.fire
        found = self._own.get(cat)
        if found is None:
            found = self._own[cat] = walkable(self.state, ci) & ~self.fire
        return found

    def route(self, cat: int) -> CatRoute:
        found = self._routes.get(cat)
        if found is None:
            found = self._routes[cat] = self._analyse(cat)
        return found

    def total(self) -> int:
        return sum(self.route(c).way for c in self.live())

    def way(self, cat: int, own: int, limit: int = FAR) -> int:
        """The cat's way if ``own`` were the squares it may walk on (fire excluded),
        memoised: many card placements leave them alike.  A way longer than ``limit``
        is reported as ``limit``."""
        key = (cat, own)
        found = self._memo.get(key)  # negative: at least that long
        if found is not None and (found >= 0 or -found >= limit):
            return found if found >= 0 else limit
        route = self.route(cat)
        diff = own ^ self.own(cat)
        start = -1  # the last search level the changed squares leave alone
        for k, halo in enumerate(route.halos):
            if diff & halo:
                break
            start = k
        if start == len(route.halos) - 1 and route.way < FAR:
            return route.way  # the changes lie beyond the way: it stays
        region = route.levels[start] if start >= 0 else 0
        found = way_to_raft(self.state, cat, own, self.coverable, limit, region, max(start, 0), route.entry)
        self._memo[key] = -found if found == limit < FAR else found
        return found

    def most_saved(self, cat: int, changed: int, ring: int | None = None) -> int:
        """At most how much shorter the cat's way gets if only the squares ``changed``
        change (in any way): a way through them enters them after at least ``a``
        repainted squares (the level of the last square before them, from the cat) and
        leaves them with at least ``b`` to go (from the raft), so it costs ``a + b`` or
        more.  FAR when the cat has no way now.  ``ring``: the squares next to
        ``changed`` (outside it), when the caller has them for several cats."""
        found = self._saving.get(cat)  # (way, the cat's square, its levels, the raft's, next to targets)
        if found is None:
            state = self.state
            route = self.route(cat)
            ends = state.island.grid.neighbours(targets(state, state.island.cat_terrain[cat]))
            found = self._saving[cat] = (route.way, 1 << state.cat_sq[cat], route.levels, route.to_raft, ends)
        way, square, levels, to_raft, ends = found
        if way >= FAR:
            return FAR
        if ring is None:
            ring = self.state.island.grid.neighbours(changed) & ~changed
        # the levels are nested: the last one that could count holds every earlier one
        a = way
        if changed & square:
            a = 0
        elif not levels[-1] & ring:
            return 0  # no level touches them: a = way
        else:
            for k, level in enumerate(levels):
                if level & ring:
                    a = k
                    break
        if changed & ends:
            return way - a  # b = 0
        left = min(way - a, len(to_raft))  # b from here on saves nothing
        if left <= 0 or not to_raft[left - 1] & ring:
            return 0
        for b in range(left):
            if to_raft[b] & ring:
                return way - a - b
        return 0

    def way_from(self, cat: int, parent: "Routes", limit: int = FAR) -> int:
        """The cat's way in this analysis (other fire), found from ``parent``'s (same
        position, other fire): its levels that the changed squares leave alone are
        reused and the search resumes from there, like :meth:`way`.  A way longer than
        ``limit`` may be reported as ``limit``."""
        route = parent.route(cat)
        own = self.own(cat)
        diff = (own ^ parent.own(cat)) | (self.coverable ^ parent.coverable)
        start = -1
        for k, halo in enumerate(route.halos):
            if diff & halo:
                break
            start = k
        if start == len(route.halos) - 1:
            return route.way  # the changes lie beyond the levels searched: nothing moves
        entry = self.state.island.grid.neighbours(targets(self.state, self.state.island.cat_terrain[cat]))
        region = route.levels[start] if start >= 0 else 0
        return way_to_raft(self.state, cat, own, self.coverable, limit, region, max(start, 0),
                           entry & (self.coverable | own))  # fmt: skip

    def ends(self, cat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(A, B)``: for ``k`` in 0..way + 1, the squares not of the cat's colour at
        most ``k`` repainted squares from the cat (``A[k]``) and from the raft
        (``B[k]``).  A way through repainted squares ``G`` costs at least
        ``a(x) + b(y) - 2`` for the first and last of them: a card shortens the way by
        at most ``way + 2 - min a - min b`` over ``G``, the bound that lets the card
        search skip most placements.  Empty when the cat has no way."""
        found = self._ends.get(cat)
        if found is not None:
            return found
        route = self.route(cat)
        way = route.way
        if way >= FAR:
            found = self._ends[cat] = ((), ())
            return found
        grid = self.state.island.grid
        own = self.own(cat)
        step = self.coverable | own
        a = list(route.levels)
        b = list(route.to_raft)
        seed = route.entry & step
        while len(a) <= way + 1:
            grown = grid.flood(a[-1] | (grid.neighbours(a[-1]) & step), own)
            if grown == a[-1]:
                break
            a.append(grown)
        while len(b) <= way + 1 and b[-1] != (b[-2] if len(b) > 1 else -1):
            b.append(grid.flood(b[-1] | (grid.neighbours(b[-1]) & step) | seed, own))
        top = way + 2  # levels past the last are the last (the search stopped growing)
        a += [a[-1]] * (top - len(a))
        b += [b[-1]] * (top - len(b))
        other = step & ~own
        found = self._ends[cat] = (tuple(map(other.__and__, a[:top])), tuple(map(other.__and__, b[:top])))
        return found

    def fresh_route(self, cat: int) -> CatRoute:
        """:meth:`route` searched afresh, ignoring the analyses kept per process (for
        checks: it must equal :meth:`route`)."""
        own = self.own(cat)
        return self._search(cat, self.state.island.cat_terrain[cat], own, self.coverable | own)

    def _analyse(self, cat: int) -> CatRoute:
        state = self.state
        island = state.island
        ci = island.cat_terrain[cat]
        own = self.own(cat)
        step = self.coverable | own
        key = (cat, state.cat_sq[cat])
        kept = _KEPT.get(key)
        if kept is None:
            if len(_KEPT) >= KEPT_POSITIONS:
                _KEPT.clear()
            kept = _KEPT[key] = []
        grid = island.grid
        entry = -1  # the passable squares next to the targets: worked out at the first match
        parent = None
        for was_island, was_rules, was_own, was_step, halo, route in kept:
            if was_island is island and was_rules is state.rules:
                diff = (own ^ was_own) | (step ^ was_step)
                if not diff & halo:
                    if entry < 0:
                        entry = grid.neighbours(targets(state, ci)) & step
                    if route.entry == entry:
                        return route
                if parent is None:
                    parent = (diff, route)  # the newest: its levels the changes leave alone are reused
        route = self._search(cat, ci, own, step, parent)
        halo = grid.neighbours(route.levels[-1] | route.to_raft[-1] | route.reach2 | targets(state, ci))
        halo |= route.levels[-1] | route.to_raft[-1] | route.reach2
        kept.insert(0, (island, state.rules, own, step, halo, route))
        del kept[KEPT_ROUTES:]
        return route

    def _search(self, cat: int, ci: int, own: int, step: int, parent: tuple[int, CatRoute] | None = None) -> CatRoute:
        """The analysis; with ``parent`` (``(diff, route)``: an analysis of the same cat,
        square and cats' squares whose own and passable squares differ from these on
        ``diff``), the levels from the cat and from the raft that ``diff`` leaves alone
        are taken from it and the searches resume after them.  A level is the same when
        no square of it or next to it changed (nor next to the raft): it is a flood
        through own squares from the level before and its passable neighbours."""
        state = self.state
        grid = state.island.grid
        raft_side = grid.neighbours(targets(state, ci))
        entry = raft_side & step
        if parent is not None and (parent[0] & raft_side or parent[1].entry != entry):
            parent = None  # the raft entries changed: nothing is reused
        a_levels: list[int] = []
        halos: list[int] = []  # each level with its neighbours, the ones the search grows by
        b_levels: list[int] = []
        if parent is not None:
            diff, was = parent
            for level, halo in zip(was.levels, was.halos):
                if diff & halo:
                    break
                a_levels.append(level)
                halos.append(halo)
            for level in was.to_raft:
                if diff & (level | grid.neighbours(level)):
                    break
                if b_levels and level == b_levels[-1]:
                    b_levels.append(level)
                    break  # stopped growing: so did the parent's search
                b_levels.append(level)
        way = FAR
        if a_levels:  # resume at the last level kept (its halo is added again below)
            region = a_levels[-1]
            halos.pop()
            first = len(a_levels) - 1
        else:
            region = grid.flood(1 << state.cat_sq[cat], own)
            a_levels.append(region)
            first = 0
        s, full = grid.stride, grid.full
        for n in range(first, FAR):
            if region & entry:
                way = n
                break
            around = ((region << 1) | (region >> 1) | (region << s) | (region >> s)) & full  # grid.neighbours
            halos.append(region | around)
            grown = fill(region | (around & step), own, s)
            if grown == region:
                break
            region = grown
            a_levels.append(region)
        if len(halos) < len(a_levels):
            halos.append(region | grid.neighbours(region))
        walk = a_levels[0]
        cap = min(way, FAR - 2) + 2  # levels after the first
        if not b_levels:
            b_levels.append(grid.flood(entry & own, own))
        del b_levels[cap + 1 :]
        seed = entry & step
        while len(b_levels) <= cap and (len(b_levels) < 2 or b_levels[-1] != b_levels[-2]):
            prev = b_levels[-1]  # step lies on the grid: it masks the shifts' guard bits too
            b_levels.append(
                fill(prev | (((prev << 1) | (prev >> 1) | (prev << s) | (prev >> s)) & step) | seed, own, s)
            )
        corridor = wide = 0
        if way < FAR:
            last = len(b_levels) - 1
            for i, a in enumerate(a_levels):
                if way + 1 - i >= 0:
                    corridor |= a & b_levels[min(way + 1 - i, last)]
                wide |= a & b_levels[min(way + 2 - i, last)]
        exits = halos[0] & step & ~walk  # the squares next to walk
        reach2 = a_levels[-1] if len(a_levels) < 3 else a_levels[2]
        if len(a_levels) < 3 and way < FAR:
            reach2 = grid.flood(reach2 | (grid.neighbours(reach2) & step), own)
        return CatRoute(
            cat, way, walk, corridor, wide, exits, entry, tuple(b_levels), reach2, tuple(a_levels), tuple(halos)
        )


def way_to_raft(state: Position, cat: int, own: int, coverable: int, limit: int = FAR,
                region: int = 0, level: int = 0, entry: int | None = None) -> int:  # fmt: skip
    """The cat's way if ``own`` were its walkable squares (one flood per level), or
    ``limit`` if it is at least that long.  ``region`` and ``level`` resume a search
    whose first levels are known; ``entry`` (the squares next to a usable raft square)
    is computed when not given."""
    grid = state.island.grid
    step = coverable | own
    if entry is None:
        entry = grid.neighbours(targets(state, state.island.cat_terrain[cat]))
    if not region:
        region = grid.flood(1 << state.cat_sq[cat], own)
    s = grid.stride
    for n in range(level, limit):
        if region & entry:
            return n
        # grid.flood(region | (grid.neighbours(region) & step), own), inlined (the card
        # search and the fire phase run this loop for every trial): ``step`` lies on the
        # grid, so it also masks the neighbour shifts' guard bits
        seed = region | (((region << 1) | (region >> 1) | (region << s) | (region >> s)) & step)
        p = own | seed
        grown = seed
        while True:
            more = grown | (((p + grown) ^ p) & p)
            more |= (more >> 1) & p
            more |= ((more << s) | (more >> s)) & p
            if more == grown:
                break
            grown = more
        if grown == region:
            return FAR
        region = grown
    return limit


__all__ = ["FAR", "CatRoute", "Routes", "targets", "way_to_raft"]
