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

from engine.model.catalog import PathwayCard
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
    touch = grid.neighbours(state.fire)
    out: list[tuple[TileShape, int]] = []
    tile = island.tiles[state.pending.tile]
    mixed = hybrid.is_hybrid(tile)
    fit = grid.fit
    for shape in grid.tile_shapes(tile):
        if mixed:  # one of its fire squares touches fire, safe spots aside
            anchors = hybrid.anchors(grid, tile, shape, free, touch)
        else:  # grid.shape_anchors(offsets, height, width, free, touch), inlined: 8 orientations a tile drawn
            o = shape.orientation
            anchors = fit(o.height, o.width)
            for off in shape.offsets:
                anchors &= free >> off
            if anchors:
                hit = 0
                for off in shape.offsets:
                    hit |= touch >> off
                anchors &= hit
        if anchors:
            out.append((shape, anchors))
    _LAST_FIRE["last"] = (island, key, out)
    return out


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
        if state.tokens:
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
    tile = state.pending.tile  # type: ignore[union-attr]
    square = state.island.grid.square
    segments: list[Segment] = []
    for shape, anchor_set in fire_anchor_sets(state):
        anchors = _Bits(anchor_set)  # found when indexed: a random pick needs one anchor of one orientation (issue 11)

        def get(i: int, anchors: _Bits = anchors, shape: TileShape = shape) -> Action:
            return PlaceFire(tile, square(anchors[i]), shape.flipped, shape.rotation)

        segments.append((anchor_set.bit_count(), get))
    return segments


def _play_segments(state: Position) -> list[Segment]:
    island = state.island
    grid = island.grid
    square = grid.square
    segments: list[Segment] = []
    anchor_set = card_anchors(state)
    anchors = _Bits(anchor_set)  # found when indexed: a random pick needs one action (issue 11)
    n_anchors = anchor_set.bit_count()
    for p in range(state.players):
        for key in sorted(state.hands[p]):
            rots = distinct_rotations(grid, island.cards[key])
            deck, card_id = key.split(":", 1)

            def place(i: int, p: int = p, deck: str = deck, card_id: str = card_id, rots: tuple[int, ...] = rots) -> Action:
                a, r = divmod(i, len(rots))
                return PlacePathway(p, deck, card_id, square(anchors[a]), rots[r])

            segments.append((n_anchors * len(rots), place))
    options = _move_options(state)
    for p in range(state.players):
        hand = sorted(state.hands[p])
        for cat, cost, targets in options:
            n_combos = comb(len(hand), cost)  # the discards, picked when indexed
            if not n_combos:
                continue

            def move(i: int, p: int = p, at: int = state.cat_sq[cat], cost: int = cost, targets: _Targets = targets,
                     n_combos: int = n_combos, hand: list[str] = hand) -> Action:  # fmt: skip
                t, c = divmod(i, n_combos)
                to, collect = targets[t]
                return MoveCat(p, square(at), square(to), next(islice(combinations(hand, cost), c, None)), collect)

            segments.append((targets.count * n_combos, move))
    if state.water > 0:
        tiles = sorted(state.tiles_placed, key=island.tile_order.__getitem__)
        segments.append((len(tiles), lambda i: UseWater(tiles[i])))
    if not any(state.hands) and not any(state.reserve):
        segments.append((1, lambda i: EndRound()))
    return segments
