"""The fire phase as first written: the scoring and the choice that
:mod:`engine.bots.heuristic_fire` must equal."""

from __future__ import annotations

from engine.bots import weights as hf
from engine.bots.fire_planes import witness_path
from engine.bots.heuristic_fire import Spot
from engine.bots.routes import FAR, Routes, targets, way_to_raft
from engine.bots.weights import FRONTIER
from engine.play.actions import PlaceFire
from engine.play.bitboard import bit_list
from engine.play.legal import fire_anchor_sets
from engine.play.reach import coverable_squares, walkable
from engine.play.state import GameState

Scored = tuple[int, int, Spot, int, int]  # (cost, index, (anchor, shape), mask, coverable after)


def plain_scores(
    state: GameState, weights: list[tuple[int, int]], calm: int, coverable: int, anchors_now: int
) -> list[Scored]:
    """The scoring as first written: every weight mask popcounted, footprints at each anchor."""
    grid = state.island.grid
    s, full = grid.stride, grid.full
    plain = state.rules.cutoff_mode != "permissive" and not state.safe_any
    scored: list[Scored] = []
    for shape, anchors in fire_anchor_sets(state):
        for a in bit_list(anchors):
            mask = shape.mask << a
            if plain:
                row3 = mask | (mask >> 1) | (mask >> 2)
                keep = anchors_now & ~(row3 | (row3 >> s) | (row3 >> (2 * s)))
                row3 = keep | (keep << 1) | (keep << 2)
                after = (row3 | (row3 << s) | (row3 << (2 * s))) & full
            else:
                after = coverable_squares(state, state.fire | mask)
            lost = (coverable & ~after) | mask
            cost = 0
            for w, m in weights:
                cost += w * (lost & m).bit_count()
            near = (mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)
            cost += FRONTIER * (near & calm & ~mask).bit_count()
            scored.append((cost, len(scored), (a, shape), mask, after))
    scored.sort(key=lambda x: (x[0], x[1]))
    return scored


def plain_choose_fire(state: GameState) -> PlaceFire:
    """The fire phase as first written (see :mod:`engine.bots.heuristic_fire`)."""
    assert state.pending is not None
    island = state.island
    grid = island.grid
    routes = Routes(state)
    live = routes.live()
    cats = [routes.route(c) for c in live]
    fire = state.fire
    coverable = routes.coverable
    own = {c: walkable(state, island.cat_terrain[c]) & ~fire for c in live}
    passable = {c: own[c] | coverable for c in live}
    entry = {c: grid.neighbours(targets(state, island.cat_terrain[c])) for c in live}
    path = {c: witness_path(grid, 1 << state.cat_sq[c], passable[c], entry[c]) for c in live}
    hot = 0
    for r in cats:
        hot |= r.corridor
    warm = grid.near(hot, 2)
    calm = island.land & ~fire & ~island.raft & ~grid.neighbours(fire) & warm
    weights = [(hf.CORRIDOR, r.corridor) for r in cats] + [(hf.EXIT, r.exits) for r in cats]
    weights += [(hf.ENTRY, r.entry) for r in cats] + [(hf.WARM, warm)]
    blocked = fire | island.raft | state.safe_any | (state.cat_mask if state.rules.cutoff_cats_block_windows else 0)
    scored = plain_scores(state, weights, calm, coverable, grid.card_anchors(island.land & ~blocked))
    tile = state.pending.tile
    checked: list[tuple[int, int, PlaceFire]] = []
    for cost, index, (a, shape), mask, after in scored[: hf.FIRE_TRIALS]:
        value = cost
        for r in cats:
            c = r.cat
            own_after = own[c] & ~mask
            step = own_after | after
            lost = passable[c] & ~step
            if not lost:
                continue
            if (lost & path[c] or not path[c]) and not grid.flood_to(1 << state.cat_sq[c], step, entry[c]) & entry[c]:
                value += hf.CUT
                continue
            if lost & r.corridor:
                way = way_to_raft(state, c, own_after, after, min(r.way + 6, FAR), entry=entry[c])
                value += hf.WAY * (way - r.way)
        assert value >= cost  # a check only adds to the cost: the fast checks stop on that bound
        checked.append((value, index, PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation)))
    checked.sort(key=lambda s: (s[0], s[1]))
    rest = [PlaceFire(tile, grid.square(a), shape.flipped, shape.rotation) for _, _, (a, shape), _, _ in scored]
    for action in [a for _, _, a in checked[: hf.COPIES]] + rest[
        hf.FIRE_TRIALS : hf.FIRE_TRIALS + hf.LINKED_TRIALS * 4
    ]:
        trial = state.clone()
        trial.apply_unchecked(action)
        if not trial.is_terminal():
            return action
    return checked[0][2]
