"""The heuristic bot's fire phase: where the drawn fire tile goes.

Every placement is scored by the corridor, exit and raft-entry squares it covers; the
cheapest ``FIRE_TRIALS`` are played on a copy (one step of look-ahead with the engine's
own cut-off analysis; a losing placement is skipped and further ones tried) and the one
that leaves the shortest, widest ways wins.  Ties fall to the first candidate in the
engine's legal order, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.play.actions import PlaceFire
from engine.play.bitboard import bit_list
from engine.play.legal import fire_anchor_sets
from engine.play.links import WHITE
from engine.play.routes import Routes
from engine.play.state import GameState

FIRE_TRIALS = 10  # fire placements tried on a copy after the cheap scoring
LOST = 1_000_000  # the value of a lost position


class WhiteWays(Protocol):
    """What the fire phase asks of the bot's ways: a white cat's ``(way, corridor)``."""

    def way(self, cat: int, terrain: list[int] | None = None) -> tuple[int, int]: ...


def popcount(mask: int) -> int:
    return mask.bit_count()


def choose_fire(state: GameState, ways_of: Callable[[GameState], WhiteWays]) -> PlaceFire:
    """The fire placement for the fire phase of ``state`` (a fair view); ``ways_of``
    gives the white cats' ways of a position."""
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
            cost = sum(8 * popcount(mask & r.corridor) for r in cats) + 8 * popcount(mask & white_hot)
            cost += 2 * popcount(mask & warm) + 4 * popcount(mask & exits) + 3 * popcount(mask & entry)
            scored.append((cost, n, PlaceFire(state.pending.tile, grid.square(a), shape.flipped, shape.rotation)))
            n += 1
    scored.sort(key=lambda s: (s[0], s[1]))
    best: tuple[int, PlaceFire] | None = None
    tried = 0
    for cost, _, action in scored:
        if tried >= FIRE_TRIALS and best is not None and best[0] < LOST:
            break
        if tried >= FIRE_TRIALS * 6:
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
                value += 12 * r.way - min(popcount(r.corridor), 24) - min(popcount(r.reach2), 30) // 2
            if whites:
                white_ways = ways_of(after)
                value += 12 * sum(white_ways.way(c)[0] for c in whites if not after.arrived[c])
        if best is None or value < best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


__all__ = ["FIRE_TRIALS", "LOST", "WhiteWays", "choose_fire"]
