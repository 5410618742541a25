"""Legal-action generation: a lazy, deterministically ordered sequence.

A play phase can offer thousands of actions (3 cards x ~200 windows x 4 rotations,
plus every move with every choice of discards), so :class:`LegalActions` stores
*segments* (a count and a function from index to action) and builds an action only
when it is indexed or iterated.  ``len()`` is exact, so a uniformly random legal
action is ``actions[rng.randrange(len(actions))]``.

Duplicates are removed where two actions would give the same state: card rotations
that look identical (a symmetric card) are listed once, fire-tile orientations with
the same footprint are listed once (:func:`engine.play.bitboard.tile_orientations`).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from itertools import combinations, islice
from math import comb
from typing import Callable, Iterator, Sequence, overload

from engine.model.catalog import FireTile, PathwayCard
from engine.model.geometry import Square
from engine.play import hybrid, tokens
from engine.play.actions import Action, DrawCard, EndRound, MoveCat, PlaceFire, PlacePathway, Refill, UseWater
from engine.play.bitboard import BitGrid, TileShape, bit_list, nth_bit
from engine.play.bonus import bonus_actions
from engine.play.disasters import disaster_actions
from engine.play.island import Island
from engine.play.links import card_exit_masks
from engine.play.phases import BONUS, DISASTER, DRAW, FIRE, REFILL, TOKENS
from engine.play.position import Position
from engine.play.reach import move_targets

Segment = tuple[int, Callable[[int], Action]]


class LegalActions(Sequence[Action]):
    def __init__(self, segments: list[Segment]) -> None:
        self._segments = [s for s in segments if s[0] > 0]
        self._starts: list[int] = []
        total = 0
        for count, _ in self._segments:
            self._starts.append(total)
            total += count
        self._len = total

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(f"legal action {index} of {self._len}")
        k = bisect_right(self._starts, index) - 1
        return self._segments[k][1](index - self._starts[k])

    def __iter__(self) -> Iterator[Action]:
        for count, get in self._segments:
            for i in range(count):
                yield get(i)

    def __repr__(self) -> str:
        return f"<LegalActions {self._len}>"


# --- shared queries -----------------------------------------------------------------------
def card_anchors(state: Position) -> int:
    island = state.island
    return island.grid.card_anchors(island.land & ~(state.fire | state.cat_mask | island.raft | state.safe_any))


@cache
def distinct_rotations(grid: BitGrid, card: PathwayCard) -> tuple[int, ...]:
    """Rotations of a card that give different squares (a symmetric card has fewer);
    rotations that differ only in their Oshax paths are different too."""
    masks = grid.card_masks(card)
    if card.oshax:
        faces = [(masks[r], card_exit_masks(grid, card.oshax, r)) for r in range(4)]
        return tuple(r for r in range(4) if faces[r] not in faces[:r])
    return tuple(r for r in range(4) if masks[r] not in masks[:r])


# The last answer of fire_anchor_sets: (island, (tile, free squares, fire), answer), read-only.
_LAST_FIRE: dict[str, tuple[Island, tuple[str, int, int], list[tuple[TileShape, int]]]] = {}


def fire_anchor_sets(state: Position) -> list[tuple[TileShape, int]]:
    """For each distinct orientation of the pending tile, the bit set of anchors where
    it may go (rulebook "Placement": on the island, off fire, cats and rafts, touching
    fire orthogonally); orientations with none are left out."""
    assert state.pending is not None
    island = state.island
    grid = island.grid
    # Kickstarter: never over a token, nor any part of a hybrid tile (PL-9)
    free = island.land & ~(state.fire | state.cat_mask | island.raft | state.safe_any | state.token_squares)
    key = (state.pending.tile, free, state.fire)
    last = _LAST_FIRE.get("last")
    if last is not None and last[0] is island and last[1] == key:
        return last[2]  # drawing the tile asked already (moves.draw_fire), and the fire phase asks again
    fire = state.fire
    s = grid.stride
    touch = ((fire << 1) | (fire >> 1) | (fire << s) | (fire >> s)) & grid.full  # grid.neighbours(fire)
    out: list[tuple[TileShape, int]] = []
    tile = island.tiles[state.pending.tile]
    mixed, shapes, offsets, plan = _shape_plan(grid, tile)
    if mixed:
        for shape in shapes:  # one of its fire squares touches fire, safe spots aside
            anchors = hybrid.anchors(grid, tile, shape, free, touch)
            if anchors:
                out.append((shape, anchors))
    else:  # grid.shape_anchors(offsets, height, width, free, touch) per orientation, each shift made once
        shifted = [free >> off for off in offsets]
        touched: list[int] | None = None
        for shape, anchors, cells in plan:
            for k in cells:
                anchors &= shifted[k]
            if anchors:
                if touched is None:
                    touched = [touch >> off for off in offsets]
                hit = 0
                for k in cells:
                    hit |= touched[k]
                anchors &= hit
                if anchors:
                    out.append((shape, anchors))
    _LAST_FIRE["last"] = (island, key, out)
    return out


def _shape_plan(grid: BitGrid, tile: FireTile) -> tuple[bool, tuple[TileShape, ...], tuple[int, ...], "_Plan"]:
    """For a tile on a grid: whether it is hybrid, its orientations
    (:meth:`BitGrid.tile_shapes`), the distinct cell offsets of the orientations, and
    per orientation its fitting anchors and its cells as indices into them (the
    orientations of a tile share most offsets: each shift of the free squares is made
    once).  Kept per tile object."""
    kept = _PLANS.get(id(tile))
    if kept is not None and kept[0] is tile and kept[1] is grid:
        return kept[2]
    shapes = grid.tile_shapes(tile)
    offsets = tuple(sorted({off for shape in shapes for off in shape.offsets}))
    plan = [(shape, grid.fit(shape.orientation.height, shape.orientation.width),
             tuple(offsets.index(off) for off in shape.offsets)) for shape in shapes]  # fmt: skip
    found = (hybrid.is_hybrid(tile), shapes, offsets, plan)
    _PLANS[id(tile)] = (tile, grid, found)
    return found


_Plan = list[tuple[TileShape, int, tuple[int, ...]]]
_PLANS: dict[int, tuple[FireTile, BitGrid, tuple[bool, tuple[TileShape, ...], tuple[int, ...], _Plan]]] = {}


def has_fire_placement(state: Position) -> bool:
    return bool(fire_anchor_sets(state))


def fire_placements(state: Position) -> Iterator[PlaceFire]:
    return (a for a in LegalActions(_fire_action_segments(state)) if isinstance(a, PlaceFire))


def card_placements(state: Position, player: int, card: str) -> Iterator[PlacePathway]:
    grid = state.island.grid
    deck, card_id = card.split(":", 1)
    rots = distinct_rotations(grid, state.island.cards[card])
    for a in bit_list(card_anchors(state)):
        at = grid.square(a)
        for r in rots:
            yield PlacePathway(player, deck, card_id, at, r)


def _move_options(state: Position) -> list[tuple[int, int, "_Targets"]]:
    """``(cat, cost, destinations)`` for every cat that can move now (a hand can pay); the destinations
    index as ``(destination bit, Kickstarter tokens its way collects)``
    (:func:`engine.play.tokens.move_choices`), listed only when first indexed."""
    out = []
    squares = state.island.grid.squares
    most = max(len(h) for h in state.hands)  # a cat whose move no hand can pay for has no move action
    rules = state.rules
    limit = rules.move_limit(state)
    for cat in range(len(state.cat_sq)):
        cost = rules.move_cost(state.exhausted[cat])
        if state.arrived[cat] or cost > most:
            continue
        targets: _Targets
        if state.kickstarter.tokens:
            listed = []
            for taken, dests in tokens.move_choices(state, cat):
                collect = squares(taken) if taken else ()
                listed += [(t, collect) for t in bit_list(dests)]
            targets = _Targets(0, listed)
        else:
            targets = _Targets(move_targets(state, cat, limit))
        if targets.count:
            out.append((cat, cost, targets))
    return out


class _Bits:
    """The set bits of a mask by index, lowest first: the first one asked is found
    by counting (:func:`nth_bit`: a random pick asks one), the list is made when a
    second is asked (a walk over every action)."""

    __slots__ = ("mask", "_listed", "_asked")

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self._listed: list[int] | None = None
        self._asked = False

    def __getitem__(self, i: int) -> int:
        if self._listed is not None:
            return self._listed[i]
        if not self._asked:
            self._asked = True
            return nth_bit(self.mask, i)
        self._listed = bit_list(self.mask)
        return self._listed[i]


class _Targets:
    """A cat's destinations as ``(bit, collected token squares)`` by index: from a mask
    (no tokens collected), listed when first indexed, or given as a list."""

    __slots__ = ("count", "_bits", "_listed")

    def __init__(self, mask: int, listed: list[tuple[int, tuple[Square, ...]]] | None = None) -> None:
        self._bits = _Bits(mask)
        self._listed = listed
        self.count = mask.bit_count() if listed is None else len(listed)

    def __getitem__(self, i: int) -> tuple[int, tuple[Square, ...]]:
        if self._listed is None:
            return self._bits[i], ()
        return self._listed[i]


def has_play(state: Position) -> bool:
    """Whether any play-phase action exists (True also when every card is played:
    ending the round is then the action)."""
    holders = [p for p in range(state.players) if state.hands[p]]
    if not holders or (state.water > 0 and state.tiles_placed) or card_anchors(state):
        return True
    most = max(len(state.hands[p]) for p in holders)
    for cat in range(len(state.cat_sq)):
        if not state.arrived[cat] and state.rules.move_cost(state.exhausted[cat]) <= most and move_targets(state, cat):
            return True
    return False


# --- the sequence ----------------------------------------------------------------------------
def legal_actions(state: Position) -> LegalActions:
    if state.is_terminal():
        return LegalActions([])
    if state.phase == DRAW:
        draws = [
            (p, deck)
            for p in range(state.players)
            if state.drawn[p] < state.rules.cards_per_draw
            for deck, cards in state.decks.items()
            if cards
        ]
        return LegalActions([(len(draws), lambda i: DrawCard(*draws[i]))])  # made when indexed
    if state.phase == FIRE:
        return LegalActions(_fire_action_segments(state))
    if state.phase in (BONUS, DISASTER, TOKENS):  # advanced bonus or disaster; Kickstarter tokens (engine.play.tokens)
        if state.phase == TOKENS:
            choices = tokens.actions(state)
        else:
            choices = bonus_actions(state) if state.phase == BONUS else disaster_actions(state)
        return LegalActions([(len(choices), choices.__getitem__)])
    if state.phase == REFILL:  # one per face-down card of the short hand, in draw order
        refills = [(p, i) for p in range(state.players) if state.needs_refill(p) for i in range(len(state.reserve[p]))]
        return LegalActions([(len(refills), lambda i: Refill(*refills[i]))])  # made when indexed
    return LegalActions(_play_segments(state))


def _fire_action_segments(state: Position) -> list[Segment]:
    parts = fire_anchor_sets(state)
    if not parts:
        return []
    placements = _FirePlacements(state.pending.tile, parts, state.island.grid.square)  # type: ignore[union-attr]
    return [(placements.count, placements)]


class _FirePlacements:
    """Every placement of the pending tile by index (orientation, then anchor), each
    orientation's anchors found when indexed: a random pick needs one anchor of one
    orientation (issue 11)."""

    __slots__ = ("tile", "parts", "square", "count", "_bits")

    def __init__(self, tile: str, parts: list[tuple[TileShape, int]], square: Callable[[int], Square]) -> None:
        self.tile, self.parts, self.square = tile, parts, square
        self.count = sum([anchors.bit_count() for _, anchors in parts])
        self._bits: dict[int, _Bits] = {}

    def __call__(self, i: int) -> Action:
        for k, (shape, anchor_set) in enumerate(self.parts):
            n = anchor_set.bit_count()
            if i < n:
                bits = self._bits.get(k)
                if bits is None:
                    bits = self._bits[k] = _Bits(anchor_set)
                return PlaceFire(self.tile, self.square(bits[i]), shape.flipped, shape.rotation)
            i -= n
        raise IndexError(i)


class _CardPlacements:
    """One player's card placements by index: card (``deck:id`` order), anchor
    (row-major), distinct rotation."""

    __slots__ = ("player", "cards", "anchors", "square", "n_anchors", "count")

    def __init__(self, player: int, cards: list[tuple[str, tuple[int, ...]]], anchors: _Bits, n_anchors: int,
                 square: Callable[[int], Square]) -> None:  # fmt: skip
        self.player, self.cards, self.anchors, self.n_anchors, self.square = player, cards, anchors, n_anchors, square
        self.count = n_anchors * sum([len(rots) for _, rots in cards])

    def __call__(self, i: int) -> Action:
        for key, rots in self.cards:
            n = self.n_anchors * len(rots)
            if i < n:
                a, r = divmod(i, len(rots))
                deck, card_id = key.split(":", 1)
                return PlacePathway(self.player, deck, card_id, self.square(self.anchors[a]), rots[r])
            i -= n
        raise IndexError(i)


class _Moves:
    """One player's cat moves by index: cat, destination, discards (combinations of the
    sorted hand, picked when indexed)."""

    __slots__ = ("player", "hand", "moves", "square", "count")

    def __init__(self, player: int, hand: list[str], moves: list[tuple[int, int, int, "_Targets", int]],
                 square: Callable[[int], Square]) -> None:  # fmt: skip
        self.player, self.hand, self.moves, self.square = player, hand, moves, square
        self.count = sum([m[0] for m in moves])

    def __call__(self, i: int) -> Action:
        for n, at, cost, targets, n_combos in self.moves:
            if i < n:
                t, c = divmod(i, n_combos)
                to, collect = targets[t]
                discards = next(islice(combinations(self.hand, cost), c, None))
                return MoveCat(self.player, self.square(at), self.square(to), discards, collect)
            i -= n
        raise IndexError(i)


def rotations(grid: BitGrid, card: PathwayCard) -> tuple[int, ...]:
    """:func:`distinct_rotations`, kept per card object (hashing the frozen card is a
    good part of the lookup, and every play phase asks it for every card in hand)."""
    kept = _ROTATIONS.get(id(card))
    if kept is not None and kept[0] is card and kept[1] is grid:
        return kept[2]
    rots = distinct_rotations(grid, card)
    _ROTATIONS[id(card)] = (card, grid, rots)
    return rots


_ROTATIONS: dict[int, tuple[PathwayCard, BitGrid, tuple[int, ...]]] = {}


def _play_segments(state: Position) -> list[Segment]:
    island = state.island
    grid = island.grid
    square = grid.square
    segments: list[Segment] = []
    anchor_set = card_anchors(state)
    hands = [sorted(h) for h in state.hands]
    if anchor_set:
        anchors = _Bits(anchor_set)  # found when indexed: a random pick needs one action (issue 11)
        n_anchors = anchor_set.bit_count()
        cards = island.cards
        for p, hand in enumerate(hands):
            if hand:
                placements = _CardPlacements(p, [(key, rotations(grid, cards[key])) for key in hand], anchors,
                                             n_anchors, square)  # fmt: skip
                segments.append((placements.count, placements))
    options = _move_options(state)
    if options:
        for p, hand in enumerate(hands):
            moves = []
            for cat, cost, targets in options:
                n_combos = comb(len(hand), cost)  # the discards, picked when indexed
                if n_combos:
                    moves.append((targets.count * n_combos, state.cat_sq[cat], cost, targets, n_combos))
            if moves:
                listed = _Moves(p, hand, moves, square)
                segments.append((listed.count, listed))
    if state.water > 0:
        tiles = sorted(state.tiles_placed, key=island.tile_order.__getitem__)
        segments.append((len(tiles), lambda i: UseWater(tiles[i])))
    if not any(state.hands) and not any(state.reserve):
        segments.append((1, lambda i: EndRound()))
    return segments
