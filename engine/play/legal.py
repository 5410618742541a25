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
from itertools import combinations
from typing import Callable, Iterator, Sequence, overload

from engine.model.catalog import PathwayCard
from engine.model.geometry import Square
from engine.play import hybrid, tokens
from engine.play.actions import Action, DrawCard, EndRound, MoveCat, PlaceFire, PlacePathway, Refill, UseWater
from engine.play.bitboard import BitGrid, TileShape, bit_list
from engine.play.bonus import bonus_actions
from engine.play.disasters import disaster_actions
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


def fire_anchor_sets(state: Position) -> list[tuple[TileShape, int]]:
    """For each distinct orientation of the pending tile, the bit set of anchors where
    it may go (rulebook "Placement": on the island, off fire, cats and rafts, touching
    fire orthogonally); orientations with none are left out."""
    assert state.pending is not None
    island = state.island
    grid = island.grid
    # Kickstarter: never over a token, nor any part of a hybrid tile (PL-9)
    free = island.land & ~(state.fire | state.cat_mask | island.raft | state.safe_any | state.token_squares)
    touch = grid.neighbours(state.fire)
    out = []
    tile = island.tiles[state.pending.tile]
    for shape in grid.tile_shapes(tile):
        o = shape.orientation
        if hybrid.is_hybrid(tile):  # one of its fire squares touches fire, safe spots aside
            anchors = hybrid.anchors(grid, tile, shape, free, touch)
        else:
            anchors = grid.shape_anchors(shape.offsets, o.height, o.width, free, touch)
        if anchors:
            out.append((shape, anchors))
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


def _move_options(state: Position) -> list[tuple[int, int, list[tuple[int, tuple[Square, ...]]]]]:
    """``(cat, cost, [(destination bit, Kickstarter tokens its way collects)])`` for
    every cat that can move now (:func:`engine.play.tokens.move_choices`)."""
    out = []
    squares = state.island.grid.squares
    for cat in range(len(state.cat_sq)):
        if state.arrived[cat]:
            continue
        if state.tokens:
            targets = []
            for taken, dests in tokens.move_choices(state, cat):
                collect = squares(taken) if taken else ()
                targets += [(t, collect) for t in bit_list(dests)]
        else:
            targets = [(t, ()) for t in bit_list(move_targets(state, cat))]
        if targets:
            out.append((cat, state.rules.move_cost(state.exhausted[cat]), targets))
    return out


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
        draws: list[Action] = [
            DrawCard(p, deck)
            for p in range(state.players)
            if state.drawn[p] < state.rules.cards_per_draw
            for deck, cards in state.decks.items()
            if cards
        ]
        return LegalActions([(len(draws), draws.__getitem__)])
    if state.phase == FIRE:
        return LegalActions(_fire_action_segments(state))
    if state.phase in (BONUS, DISASTER, TOKENS):  # advanced bonus or disaster; Kickstarter tokens (engine.play.tokens)
        if state.phase == TOKENS:
            choices = tokens.actions(state)
        else:
            choices = bonus_actions(state) if state.phase == BONUS else disaster_actions(state)
        return LegalActions([(len(choices), choices.__getitem__)])
    if state.phase == REFILL:  # one per face-down card of the short hand, in draw order
        refills: list[Action] = [
            Refill(p, i) for p in range(state.players) if state.needs_refill(p) for i in range(len(state.reserve[p]))
        ]
        return LegalActions([(len(refills), refills.__getitem__)])
    return LegalActions(_play_segments(state))


def _fire_action_segments(state: Position) -> list[Segment]:
    tile = state.pending.tile  # type: ignore[union-attr]
    square = state.island.grid.square
    segments: list[Segment] = []
    for shape, anchor_set in fire_anchor_sets(state):
        anchors: list[int] = []  # listed when first indexed: a random pick needs one orientation's (issue 11)

        def get(i: int, anchor_set: int = anchor_set, anchors: list[int] = anchors, shape: TileShape = shape) -> Action:
            if not anchors:
                anchors.extend(bit_list(anchor_set))
            return PlaceFire(tile, square(anchors[i]), shape.flipped, shape.rotation)

        segments.append((anchor_set.bit_count(), get))
    return segments


def _play_segments(state: Position) -> list[Segment]:
    island = state.island
    grid = island.grid
    square = grid.square
    segments: list[Segment] = []
    anchors = bit_list(card_anchors(state))
    for p in range(state.players):
        for key in sorted(state.hands[p]):
            rots = distinct_rotations(grid, island.cards[key])
            deck, card_id = key.split(":", 1)

            def place(i: int, p: int = p, deck: str = deck, card_id: str = card_id, rots: tuple[int, ...] = rots) -> Action:
                a, r = divmod(i, len(rots))
                return PlacePathway(p, deck, card_id, square(anchors[a]), rots[r])

            segments.append((len(anchors) * len(rots), place))
    options = _move_options(state)
    for p in range(state.players):
        hand = sorted(state.hands[p])
        for cat, cost, targets in options:
            combos = list(combinations(hand, cost))
            if not combos:
                continue
            at = square(state.cat_sq[cat])

            def move(i: int, p: int = p, at: tuple[int, int] = at, targets: list[tuple[int, tuple[Square, ...]]] = targets,
                     combos: list[tuple[str, ...]] = combos) -> Action:  # fmt: skip
                t, c = divmod(i, len(combos))
                return MoveCat(p, at, square(targets[t][0]), combos[c], targets[t][1])

            segments.append((len(targets) * len(combos), move))
    if state.water > 0:
        tiles = sorted(state.tiles_placed, key=island.tile_order.__getitem__)
        segments.append((len(tiles), lambda i: UseWater(tiles[i])))
    if not any(state.hands) and not any(state.reserve):
        segments.append((1, lambda i: EndRound()))
    return segments
