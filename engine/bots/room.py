"""The room a position leaves for the fire tiles still in the bag.

Nearly every lost game is a cat cut off by a fire tile that had no safe place: every
place it could go cut some cat off, the island having "run thin" before it was drawn
(docs/lab/bot-tuning.md).  The **room** (:func:`safe_room`) measures how thin: for
tiles drawn from the bag (public as a set; only its order is hidden), the legal
placements of each that cut no cat off as the heuristic's own check sees it
(:mod:`engine.bots.heuristic_fire`), counted up to ``CAP`` (beyond a few safe places a
tile is no threat: the count saturates, and the counting stops there).  First written
for a fire-placement bot (branch strength3, not kept); used by
:mod:`engine.bots.card_room`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from engine.bots.fire_planes import witness_path
from engine.bots.heuristic_fire import coverable_after
from engine.bots.routes import Routes, targets
from engine.play.analysis import fire_anchor_sets
from engine.play.bitboard import bit_list
from engine.play.state import GameState

#: safe places of one tile counted at most (the room saturates there)
CAP = 4


def safe_room(view: GameState, tiles: Sequence[str], cap: int = CAP) -> float:
    """The mean number of safe places (each tile's counted up to ``cap``) of ``tiles``
    (drawn from ``view``'s bag: an estimate of the expected room for the next tile): a placement is safe when, as the heuristic's
    check sees it, it leaves every live cat a passable way to a raft square.  ``view``
    (a copy the caller owns, its ``pending`` set) is left as it was."""
    if not tiles:
        return 0.0
    island = view.island
    grid = island.grid
    routes = Routes(view)
    live = routes.live()
    coverable = routes.coverable
    own = {c: routes.own(c) for c in live}
    passable = {c: own[c] | coverable for c in live}
    entry = {c: grid.neighbours(targets(view, island.cat_terrain[c])) for c in live}
    seed = {c: 1 << view.cat_sq[c] for c in live}
    path = {c: witness_path(grid, seed[c], passable[c], entry[c]) for c in live}
    blocked = view.fire | island.raft | view.safe_any | (view.cat_mask if view.rules.cutoff_cats_block_windows else 0)
    anchors_now = grid.card_anchors(island.land & ~blocked)
    pending = view.pending
    assert pending is not None
    total = 0
    try:
        for tile, copies in Counter(tiles).items():
            view.pending = replace(pending, tile=tile)
            safe = 0
            for shape, anchors in fire_anchor_sets(view):
                for a in bit_list(anchors):
                    mask = shape.mask << a
                    after = coverable_after(view, anchors_now, a, shape)
                    for c in live:
                        step = (own[c] & ~mask) | after
                        lost = passable[c] & ~step
                        if (
                            lost
                            and (lost & path[c] or not path[c])
                            and not grid.flood_to(seed[c], step, entry[c]) & entry[c]
                        ):
                            break  # this cat is cut off
                    else:
                        safe += 1
                        if safe >= cap:
                            break
                if safe >= cap:
                    break
            total += copies * safe
    finally:
        view.pending = pending
    return total / len(tiles)


__all__ = ["CAP", "safe_room"]
