"""One uniformly random legal action without listing the legal actions (issue 11 item 7).

The random bot takes ``actions[rng.randrange(len(actions))]`` of
:func:`engine.play.legal.legal_actions`.  :func:`random_action` returns that very action
with the RNG drawn the same way, but counts the actions of each kind (cards: anchors x
distinct rotations; moves: destinations x discard combinations; draws, fire placements,
refills, water, the end of the round) instead of building the lazy sequence, and builds
only the action picked.  The order of the kinds and of the actions within each is
``legal_actions``' order; ``tests/engine/test_random_pick.py`` compares the two on every
position of seeded games.  Phases with rarer choices (advanced bonus and disaster,
Kickstarter tokens, cats collecting tokens) go through ``legal_actions`` itself.
"""

from __future__ import annotations

import random
from itertools import combinations, islice
from math import comb
from typing import Mapping

from engine.model.catalog import PathwayCard
from engine.play.actions import Action, DrawCard, EndRound, MoveCat, PlaceFire, PlacePathway, Refill, UseWater
from engine.play.analysis import card_anchors, fire_anchor_sets, legal_actions, move_targets, rand_below, rotations
from engine.play.bitboard import BitGrid, nth_bit
from engine.play.phases import DRAW, FIRE, PLAY, REFILL
from engine.play.position import Position


def random_action(state: Position, rng: random.Random) -> Action:
    """``legal_actions(state)[rng.randrange(len(legal_actions(state)))]``, drawing the
    same number from ``rng``; ValueError when no action is legal (a game that should
    have ended)."""
    if state._outcome is None:
        phase = state.phase
        if phase == PLAY and not state.kickstarter.tokens:
            return _play(state, rng)
        if phase == FIRE:
            return _fire(state, rng)
        if phase == DRAW:
            return _draw(state, rng)
        if phase == REFILL:
            return _refill(state, rng)
    actions = legal_actions(state)
    if not actions:
        raise ValueError(f"{state!r} has no legal action; the game should have ended")
    return actions[rng.randrange(len(actions))]


def _pick(rng: random.Random, count: int, state: Position) -> int:
    """``rng.randrange(count)`` (:func:`engine.play.draws.rand_below`)."""
    if count <= 0:
        raise ValueError(f"{state!r} has no legal action; the game should have ended")
    return rand_below(rng, count)


def _draw(state: Position, rng: random.Random) -> Action:
    per_draw = state.rules.cards_per_draw
    players = []
    for p, drawn in enumerate(state.drawn):
        if drawn < per_draw:
            players.append(p)
    decks = []
    for deck, cards in state.decks.items():
        if cards:
            decks.append(deck)
    p, d = divmod(_pick(rng, len(players) * len(decks), state), len(decks) or 1)
    return DrawCard(players[p], decks[d])


def _refill(state: Position, rng: random.Random) -> Action:
    counts = [len(state.reserve[p]) if state.needs_refill(p) else 0 for p in range(state.players)]
    i = _pick(rng, sum(counts), state)
    for p, n in enumerate(counts):
        if i < n:
            return Refill(p, i)
        i -= n
    raise AssertionError("unreachable")


def _fire(state: Position, rng: random.Random) -> Action:
    parts = fire_anchor_sets(state)
    total = 0
    for _, anchors in parts:
        total += anchors.bit_count()
    i = _pick(rng, total, state)
    for shape, anchors in parts:
        n = anchors.bit_count()
        if i < n:
            tile = state.pending.tile  # type: ignore[union-attr]
            return PlaceFire(tile, state.island.grid.square(nth_bit(anchors, i)), shape.flipped, shape.rotation)
        i -= n
    raise AssertionError("unreachable")


def _play(state: Position, rng: random.Random) -> Action:
    """Cards (player, card, anchor, rotation), moves (player, cat, destination,
    discards), water, the end of the round: legal.py's ``_play_segments`` order."""
    island = state.island
    grid = island.grid
    hands = state.hands
    anchor_set = card_anchors(state)
    n_anchors = anchor_set.bit_count()
    card_counts = [0] * state.players
    if n_anchors:
        rotation_counts = _rotation_counts(island.cards, grid)
        for p, hand in enumerate(hands):
            n = 0
            for key in hand:
                count = rotation_counts.get(key)
                n += len(rotations(grid, island.cards[key])) if count is None else count
            card_counts[p] = n_anchors * n
    moves: list[tuple[int, int, int]] = []  # (cat, cost, destinations mask)
    most = 0
    for hand in hands:
        most = max(most, len(hand))
    rules = state.rules
    limit = rules.move_limit(state)
    arrived, exhausted = state.arrived, state.exhausted
    costs = (rules.move_cost(False), rules.move_cost(True))  # MV-2: rested, exhausted
    for cat in range(len(state.cat_sq)):
        cost = costs[exhausted[cat]]
        if not arrived[cat] and cost <= most:
            targets = move_targets(state, cat, limit)
            if targets:
                moves.append((cat, cost, targets))
    total = sum(card_counts)
    move_counts = []
    for hand in hands:
        counts_p = [t.bit_count() * comb(len(hand), cost) for _, cost, t in moves] if moves else []
        total += sum(counts_p)
        move_counts.append(counts_p)
    water = len(state.tiles_placed) if state.water > 0 else 0
    end = 0 if any(hands) or any(state.reserve) else 1
    i = _pick(rng, total + water + end, state)
    square = grid.square
    for p, n in enumerate(card_counts):
        if i < n:
            for key in sorted(hands[p]):
                rots = rotations(grid, island.cards[key])
                here = n_anchors * len(rots)
                if i < here:
                    a, r = divmod(i, len(rots))
                    deck, card_id = key.split(":", 1)
                    return PlacePathway(p, deck, card_id, square(nth_bit(anchor_set, a)), rots[r])
                i -= here
        i -= n
    for p, counts in enumerate(move_counts):
        for (cat, cost, targets), n in zip(moves, counts):
            if i < n:
                n_combos = comb(len(hands[p]), cost)
                t, c = divmod(i, n_combos)
                discards = next(islice(combinations(sorted(hands[p]), cost), c, None))
                return MoveCat(p, square(state.cat_sq[cat]), square(nth_bit(targets, t)), discards, ())
            i -= n
    if i < water:
        return UseWater(sorted(state.tiles_placed, key=island.tile_order.__getitem__)[i])
    return EndRound()


def _rotation_counts(cards: Mapping[str, PathwayCard], grid: BitGrid) -> dict[str, int]:
    """Per card key, its number of distinct rotations (:func:`engine.play.legal.rotations`),
    kept for the last card table and grid (every play phase counts every card in hand)."""
    if _COUNTS_OWNER[0] is not cards or _COUNTS_OWNER[1] is not grid:
        _COUNTS.clear()
        _COUNTS.update({key: len(rotations(grid, card)) for key, card in cards.items()})
        _COUNTS_OWNER[:] = [cards, grid]
    return _COUNTS


_COUNTS: dict[str, int] = {}
_COUNTS_OWNER: list[Mapping[str, PathwayCard] | BitGrid | None] = [None, None]

__all__ = ["random_action"]
