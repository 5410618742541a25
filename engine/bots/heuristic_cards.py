"""The heuristic bot's pathway-card choice in the play phase (step 3 and 5 of
:mod:`engine.bots.heuristic`).

Every placement of every card in hand along the cats' corridors (windows touching a
cat's near-shortest ways, ``wide``, or where it walks) is scored by how much it
shortens the cats' ways (:mod:`engine.bots.routes`; a hemmed-in cat counts double, a
cat in a notch the fire may close more, :mod:`engine.bots.heuristic_notch`);
ties go to the card that gives the corridors most squares, then to the first in the
search order (hand order, windows most on the corridors first, rotations).

:func:`shortening_card` finds the best placement that shortens the ways without
scoring most placements: a way through the squares a card repaints for a cat enters
the first of them after ``a`` repainted squares from the cat and leaves the last with
``b`` to go to the raft, so the card shortens the way by at most ``way + 2 - a - b``
(:meth:`engine.bots.routes.Routes.ends`).  Only windows where that bound is positive
are listed; their ways are searched best bound first until no bound can beat the best
score.  So it returns exactly the placement the full search (:func:`best_card`) would
pick whenever that one shortens the ways (any true bound gives the same choice; a
tighter one from the ways' slack levels cost more to count than the ways it spared).
:func:`best_card` scores every placement (the least harmful card when none helps, and
white cats, whose ways along Oshax paths have no such bound).
"""

from __future__ import annotations

from engine.bots.heuristic_notch import NOTCHED, notch
from engine.bots.routes import FAR, Routes
from engine.bots.ways import Ways
from engine.bots.weights import HEMMED, WORSE
from engine.play.actions import PlacePathway
from engine.play.analysis import card_anchors, distinct_rotations
from engine.play.bitboard import CARD, BitGrid, bit_list, window_mask
from engine.play.state import GameState

CardChoice = tuple[int, PlacePathway, int, int]  # (score, placement, tie, base score)


def touching(mask: int, stride: int) -> int:
    """The anchors whose ``CARD`` x ``CARD`` window holds a square of ``mask``: ``OR``
    over the window's cells ``o`` of ``mask >> o``, as a row's cells, then rows."""
    row = out = 0
    for c in range(CARD):
        row |= mask >> c
    for r in range(CARD):
        out |= row >> (r * stride)
    return out


class CardSearch:
    """What both searches share for one play decision."""

    def __init__(self, state: GameState, player: int, hand: list[str], routes: Routes, ways: Ways,
                 whites: dict[int, int]) -> None:  # fmt: skip
        self.state, self.player, self.hand, self.routes, self.ways, self.whites = (
            state,
            player,
            hand,
            routes,
            ways,
            whites,
        )
        grid = state.island.grid
        self.grid = grid
        self.window = window_mask(grid)
        self.anchor_mask = card_anchors(state)
        cats = [routes.route(c) for c in routes.live()]
        self.cats = cats
        self.touch = {r.cat: grid.neighbours(r.wide | r.walk) for r in cats}
        self.way = {r.cat: r.way for r in cats}
        self.near_white = {c: grid.neighbours(ways.way(c)[1]) | ways.way(c)[1] for c in whites}
        zone = 0
        for t in list(self.touch.values()) + list(self.near_white.values()):
            zone |= t
        self.zone = zone
        hot = 0
        for r in cats:
            hot |= r.corridor
        self.hot = hot
        self.useful_mask = self.anchor_mask & touching(zone, grid.stride)  # the anchors whose window touches the zone
        self._useful: list[int] | None = None
        self.shifted: dict[int, Shifted] = {}  # the cats' packed ends levels, made when first asked
        self._span = grid.full.bit_length()  # above every anchor: rank() packs (count, anchor)
        # a hemmed-in cat counts double; a notched one (heuristic_notch) NOTCHED more: a card
        # opening its mouth saves it before the fire closes the mouth
        self.weight = {r.cat: 1 + (r.reach2.bit_count() < HEMMED) + NOTCHED * (notch(routes, r.cat) != 0) for r in cats}
        self.base = sum(self.weight[c] * w for c, w in self.way.items()) + sum(whites.values())
        self.own0 = {c: routes.own(c) for c in self.way}

    @property
    def useful(self) -> list[int]:
        """The anchors whose window touches the zone, most corridor squares under the
        window first (likely gains first: the bound prunes more), then in square order
        (listed when first asked: :func:`shortening_card` needs only :meth:`rank` of the
        few anchors it tries)."""
        if self._useful is None:
            self._useful = sorted(bit_list(self.useful_mask), key=self.rank)
        return self._useful

    def rank(self, a: int) -> int:
        """The anchor's place in :attr:`useful` as a key (fewer corridor squares under
        the window later, then the square): ranks compare as the places do."""
        return (CARD * CARD - ((self.window << a) & self.hot).bit_count()) * self._span + a

    @property
    def anchors(self) -> list[int]:
        """Every anchor where a card fits, in square order."""
        return bit_list(self.anchor_mask)

    def placement(self, key: str, a: int, rot: int) -> PlacePathway:
        deck, card_id = key.split(":", 1)
        return PlacePathway(self.player, deck, card_id, self.grid.square(a), rot)


class Shifted:
    """A cat's ends levels (:meth:`Routes.ends`) packed into one integer per side, level
    ``i`` in the ``i``-th segment of ``span`` bits (the levels from the raft in reverse
    order), so that one shift moves every level at once: ``levels >> o`` gives, level
    by level, the anchors at which a card's cell ``o`` lands in it.  A segment holds
    the grid's bits and, above them, room for a card's largest offset: what a shift
    carries down from the next level lands there and is masked off.  Packed when a
    face first needs it (made once per cat per search, shared by every face in hand)."""

    __slots__ = ("ends", "kept", "span", "count", "from_cat", "from_raft", "clean", "low", "folds")

    def __init__(self, ends: tuple[tuple[int, ...], tuple[int, ...]], kept: dict[int, list[int]],
                 grid: BitGrid) -> None:  # fmt: skip
        self.ends = ends
        self.kept = kept  # face_bounds by face, for these levels (which fix the way: way + 2 of them)
        self.low = grid.full  # every anchor lies on the grid
        self.span = grid.full.bit_length() + (CARD - 1) * (grid.stride + 1) + 1
        self.count = 0  # 0 until packed

    def pack(self) -> None:
        a, b = self.ends
        n = len(a)
        span, low = self.span, self.low
        from_cat = from_raft = 0
        for i in range(n):
            from_cat |= a[i] << (i * span)
            from_raft |= b[n - 1 - i] << (i * span)
        self.from_cat, self.from_raft, self.count = from_cat, from_raft, n
        self.clean, self.folds = _segments(low, span, n)


_SEGMENTS: dict[tuple[int, int, int], tuple[int, list[int]]] = {}  # (low, span, n) -> (clean, folds)


def _segments(low: int, span: int, n: int) -> tuple[int, list[int]]:
    """``(clean, folds)`` for ``n`` segments of ``span`` bits: the grid's bits ``low`` in
    every segment, and the shifts that fold the segments onto the first (1, 2, 4, ...
    segments).  Kept per process: a grid has a few level counts."""
    found = _SEGMENTS.get((low, span, n))
    if found is None:
        clean = 0
        for i in range(n):
            clean |= low << (i * span)
        folds = []
        h = 1
        while h < n:
            folds.append(h * span)
            h <<= 1
        if len(_SEGMENTS) >= KEPT_BOUNDS:
            _SEGMENTS.clear()
        found = _SEGMENTS[(low, span, n)] = (clean, folds)
    return found


def end_masks(shifted: Shifted, cells: list[int], most: int, way: int) -> list[int]:
    """``out[k - 1]``: the anchors at which the card may shorten the way by ``k`` or
    more by the ends bound (:meth:`Routes.ends`): its first and last repainted squares
    on a way, ``a`` from the cat and ``b`` from the raft, with ``a + b <= way + 2 - k``
    (up to ``most``, and only while some anchor may).

    Bit-parallel over the levels (:class:`Shifted`): ``hit_a`` holds in segment ``i``
    the anchors where some cell lands at most ``i`` from the cat, ``hit_b`` in segment
    ``n - 1 - j`` those where some cell lands at most ``j`` from the raft; shifting
    ``hit_b`` down by ``n - 1 - t`` segments lines ``j = t - i`` up with ``i``, and
    folding the segments onto the first ORs over ``i``."""
    if not shifted.count:
        shifted.pack()
    from_cat, from_raft = shifted.from_cat, shifted.from_raft
    hit_a = hit_b = 0
    for o in cells:
        hit_a |= from_cat >> o
        hit_b |= from_raft >> o
    hit_a &= shifted.clean
    hit_b &= shifted.clean
    span, low, folds = shifted.span, shifted.low, shifted.folds
    d = shifted.count - 1 - (way + 1)  # segments hit_b goes down by for k = 1 (0: the levels reach way + 1)
    hit_b = hit_b >> (d * span) if d >= 0 else hit_b << (-d * span)
    out = []
    for _ in range(most):  # k = 1, 2, ...: hit_b one segment further down each time
        m = hit_a & hit_b
        for fold in folds:  # fold the segments onto the first
            m |= m >> fold
        m &= low
        if not m:
            break  # the levels are nested: no anchor shortens the way by more either
        out.append(m)
        hit_b >>= span
    return out


KEPT_BOUNDS = 2_000  # cats' ends levels whose face_bounds are kept per process (cleared when full)
_BOUNDS: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, list[int]]] = {}
_CELLS: dict[int, list[int]] = {}  # a card face's squares (bit indices), kept per process


def kept_bounds(ends: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[int, list[int]]:
    """The :func:`face_bounds` kept for a cat's ends levels (looked up once per search:
    the levels are long tuples of big integers to hash)."""
    found = _BOUNDS.get(ends)
    if found is None:
        if len(_BOUNDS) >= KEPT_BOUNDS:
            _BOUNDS.clear()
        found = _BOUNDS[ends] = {}
    return found


def face_bounds(shifted: Shifted, face: int, way: int) -> list[int]:
    """``out[k - 1]``: anchors where a card whose squares of the cat's colour are
    ``face`` (anchored at bit 0) may shorten the way by ``k`` or more
    (:func:`end_masks`, without the ``k`` no anchor reaches); empty when it cannot.
    Kept per process by the levels' contents (:func:`kept_bounds`): a cat whose levels
    the last card left alone, or another game in the same spot, finds them again."""
    found = shifted.kept.get(face)  # the levels fix the way: the face alone is the key
    if found is None:
        cells = _CELLS.get(face)
        if cells is None:
            if len(_CELLS) >= KEPT_BOUNDS:
                _CELLS.clear()
            cells = _CELLS[face] = bit_list(face)  # a hand's faces recur from search to search
        most = min(way, len(cells))  # a way shortens by at most its length
        found = shifted.kept[face] = end_masks(shifted, cells, most, way) if most else []
    return found


def shortening_card(search: CardSearch) -> CardChoice | None:
    """The placement :func:`best_card` picks when it shortens the ways (score below the
    base), else None; only for positions without white cats.

    Placements are put in buckets by their bound (bit-parallel, :func:`end_masks`);
    a bucket's ties and ways are worked out only when the best so far does not beat
    its bound, in the full search's order (bound, tie, index)."""
    assert not search.near_white
    useful_mask = search.useful_mask
    if not useful_mask or not search.cats:
        return None
    state, grid, routes = search.state, search.grid, search.routes
    colour = state.island.cat_terrain
    window, way, weight, base = search.window, search.way, search.weight, search.base
    # the cats a card may shorten (a way to shorten, anchors whose window touches the
    # cat's wide corridor, as the full search asks): their ends levels, packed on demand.
    # A trial never reads another cat's (none of its windows touch the corridor, or the
    # way is 0 or FAR: not shortened)
    stride = grid.stride
    shifted = {}
    touching_c = {}
    for r in search.cats:
        if 0 < r.way < FAR:
            near = touching(search.touch[r.cat], stride) & useful_mask
            if near:
                packed = search.shifted.get(r.cat)
                if packed is None:  # once per search: a search asked card by card shares it
                    ends = routes.ends(r.cat)
                    packed = search.shifted[r.cat] = Shifted(ends, kept_bounds(ends), grid)
                shifted[r.cat] = packed
                touching_c[r.cat] = near
    # (colour, levels, their kept bounds, touching, way, weight)
    active = [(colour[c], shifted[c], shifted[c].kept, touching_c[c], way[c], weight[c]) for c in shifted]
    buckets: dict[int, list[tuple[int, int, int, int, tuple[int, ...]]]] = {}  # bound -> (ki, a, ri, rot, faces)
    keys = list(dict.fromkeys(search.hand))
    for ki, key in enumerate(keys):
        card = state.island.cards[key]
        masks = grid.card_masks(card)
        for ri, rot in enumerate(distinct_rotations(grid, card)):
            m = masks[rot]
            parts = None  # the anchors by their bound, as masks: the cats' gains combined
            for ci, by_cell, kept, near, w, weight_c in active:
                face = m[ci]
                if not face:
                    continue
                bounds = kept.get(face)
                if bounds is None:
                    bounds = face_bounds(by_cell, face, w)
                if not bounds or not bounds[0] & near:
                    continue
                if parts is None:  # the first cat: its own levels
                    parts = []
                    where = bounds[0] & near
                    upper = 0
                    for k in range(len(bounds), 0, -1):
                        exact = bounds[k - 1] & near & ~upper
                        if exact:
                            parts.append((weight_c * k, exact))
                            upper |= exact
                            if upper == where:
                                break
                    continue
                gains = [g & near for g in bounds]
                while not gains[-1]:  # nested: the largest k some anchor near the cat reaches
                    gains.pop()
                where = gains[0]
                top = len(gains)
                split = []
                outside = where
                for gain, mask in parts:
                    inside = mask & where
                    if inside != mask:  # anchors this cat leaves alone keep their gain
                        split.append((gain, mask & ~where))
                    if not inside:
                        continue
                    outside &= ~mask
                    upper = 0
                    for k in range(top, 0, -1):  # each anchor once, at its largest k
                        exact = inside & ~upper
                        upper = gains[k - 1]
                        exact &= upper
                        if exact:
                            split.append((gain + weight_c * k, exact))
                            if not inside & ~upper:
                                break
                if outside:
                    upper = 0
                    for k in range(top, 0, -1):  # anchors no earlier cat had
                        exact = outside & ~upper
                        upper = gains[k - 1]
                        exact &= upper
                        if exact:
                            split.append((weight_c * k, exact))
                            if not outside & ~upper:
                                break
                parts = split
            if parts:
                for gain, mask in parts:
                    bucket = buckets.get(base - gain)
                    if bucket is None:
                        buckets[base - gain] = [(ki, mask, ri, rot, m)]
                    else:
                        bucket.append((ki, mask, ri, rot, m))
    rank = search.rank
    own0 = search.own0
    corridor = {r.cat: r.corridor for r in search.cats}
    # a placement's tie (squares it takes from the corridors less those it gives them) is
    # the cats' own corridor squares under its window, less its faces' squares on the
    # corridors: the first part depends on the anchor alone
    # ... summed over the cats in one count: each cat's masks in its own lane of
    # ``lane`` bits (a placed card's squares lie on the grid, so no shift leaves a lane)
    lane = grid.full.bit_length()
    held = owned = windows = 0
    lane_colours = []
    for i, (c, t) in enumerate(search.touch.items()):
        held |= t << (i * lane)
        owned |= (own0[c] & t) << (i * lane)
        windows |= window << (i * lane)
        lane_colours.append((colour[c], i * lane))
    # per cat whose own squares a placement may change: what the trials read of it
    touched = [(c, t, own0[c], colour[c], weight[c], shifted.get(c), way[c], corridor[c])
               for c, t in search.touch.items()]  # fmt: skip
    under: dict[int, tuple[int, int]] = {}  # anchor -> (its part of the tie, its rank)
    # (score, tie, card, anchor's place in the search order, rotation's, anchor, rotation)
    best: tuple[int, int, int, int, int, int, int] | None = None
    for bound in sorted(buckets):
        if best is not None and bound > best[0]:
            break
        candidates: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = []
        for ki, anchors, ri, rot, m in buckets[bound]:
            lanes = 0  # the card's faces, each in its cat's lane, anchored at bit 0
            for ci, shift in lane_colours:
                lanes |= m[ci] << shift
            for a in bit_list(anchors):
                at = under.get(a)
                if at is None:
                    at = under[a] = (((windows << a) & owned).bit_count(), rank(a))
                tie, pos = at
                tie -= ((lanes << a) & held).bit_count()
                candidates.append((tie, ki, pos, ri, a, rot, m))
        candidates.sort()  # by (tie, index): the index (card, anchor, rotation) is unique
        for tie, ki, pos, ri, a, rot, m in candidates:
            if best is not None and (bound, tie, ki, pos, ri) > best[:5]:
                break
            # each cat's way is searched only as far as the placement could still win: the
            # bound counts every cat as shortened by its ends bound k, so a cat's excess
            # over it, w * (way' - way + k) >= 0, all must fit in the slack under the best
            slack = (base - 1 if best is None else best[0]) - bound
            score = base
            changes = []
            win = window << a
            keep = ~win
            for c, t, old, ci, w, levels, was, corr in touched:  # the cats whose own squares change
                if not t & win:
                    continue
                face = m[ci]
                new = (old & keep) | (face << a)
                if new == old:
                    continue
                k = 0
                if face and levels is not None and was:
                    kept_c = levels.kept
                    bounds = kept_c[face] if face in kept_c else face_bounds(levels, face, was)
                    for g in bounds:  # nested: the first k hold a
                        if not g >> a & 1:
                            break
                        k += 1
                if not k and was < FAR and not old & ~new & corr:
                    # no shorter (the ends bound: k = 0) and no longer (no own square of any
                    # shortest way is lost): the way stays, nothing to search
                    continue
                changes.append((was < FAR, k, c, new, w))
            # cats without a way first (a card may give them one: outside the bound, it
            # widens the slack), then those the card cannot shorten: they fail soonest
            changes.sort()
            for _, k, c, new, w in changes:
                was = way[c]
                if was >= FAR:
                    found = routes.way(c, new, was + WORSE)
                    slack -= w * (found - was)
                    score += w * (found - was)
                    continue
                allowed = was - k + slack // w
                if allowed < 0:
                    break
                found = routes.way(c, new, min(was + WORSE, allowed + 1))
                if found > allowed:
                    break  # cannot win
                slack -= w * (found - was + k)
                score += w * (found - was)
            else:
                if score < base and (best is None or (score, tie, ki, pos, ri) < best[:5]):
                    best = (score, tie, ki, pos, ri, a, rot)
    if best is None:
        return None
    return best[0], search.placement(keys[best[2]], best[5], best[6]), best[1], base


def best_card(search: CardSearch) -> CardChoice | None:
    """Every placement along the corridors scored (with a bound first, ways searched
    most promising first until no bound can beat the best); the far window when none
    is along them; None when no card fits anywhere."""
    state, grid, routes, ways, whites = search.state, search.grid, search.routes, search.ways, search.whites
    window, way, weight, own0, base = search.window, search.way, search.weight, search.own0, search.base
    near_white = search.near_white
    colour = state.island.cat_terrain
    if not search.anchor_mask:
        return None
    # every placement with a bound on its score (a way shortens by at most the squares
    # the card gives its cat); then the ways, most promising first, until no bound can
    # beat the best.  The order (bound, tie, index) keeps the first best in legal order.
    candidates: list[tuple[int, int, int, int, int, str, list[tuple[int, int, int]]]] = []
    for key in dict.fromkeys(search.hand):
        card = state.island.cards[key]
        masks = grid.card_masks(card)
        for a in search.useful:
            win = window << a
            keep = ~win
            affected = [(c, own0[c], colour[c], weight[c], t) for c, t in search.touch.items() if t & win]
            for rot in distinct_rotations(grid, card):
                m = masks[rot]
                gain = tie = 0
                changed = []
                for c, old, ci, w, t in affected:
                    new = (old & keep) | (m[ci] << a)
                    if new != old:
                        gained = new & ~old
                        gain += w * min(gained.bit_count(), way[c])
                        tie += (old & ~new & t).bit_count() - (gained & t).bit_count()
                        changed.append((c, new, w))
                candidates.append((base - gain, tie, len(candidates), a, rot, key, changed))
    candidates.sort(key=lambda x: x[:3])
    best: tuple[int, int, int, PlacePathway] | None = None
    for bound, tie, index, a, rot, key, changed in candidates:
        if best is not None and not near_white and (bound, tie, index) > best[:3]:
            break
        score = base
        placement = search.placement(key, a, rot)
        if near_white:  # a card may lay or cut Oshax paths: score the white ways
            win = window << a
            for c, near in near_white.items():
                if near & win:
                    score += ways.white_way(c, placement)[0] - whites[c]
        for c, new, w in changed:
            score += w * (routes.way(c, new, way[c] + WORSE) - way[c])
        if best is None or (score, tie, index) < best[:3]:
            best = (score, tie, index, placement)
    if best is None:
        # nowhere useful: the window farthest from the cats' corridors
        far = [a for a in search.anchors if not (window << a) & grid.near(search.zone, 1)] or search.anchors
        return base + FAR * 10, search.placement(search.hand[0], far[0], 0), 0, base
    return best[0], best[3], best[1], base


__all__ = ["HEMMED", "WORSE", "CardChoice", "CardSearch", "best_card", "shortening_card"]
