"""The heuristic card search's bit-parallel shortcuts equal their plain definitions.

Each fast path of ``engine.bots.heuristic_cards`` (and what it reads from
``engine.bots.routes``) is checked square by square, or choice by choice, against a
plain computation on positions from real heuristic games (``play_positions``)."""

from __future__ import annotations

import pytest
from reference.cards import plain_end_masks
from test_bots_search_exact import SCENARIOS, holder, play_positions

from engine.bots.heuristic_cards import CardSearch, Shifted, end_masks, touching
from engine.bots.heuristic_notch import _pocket, pocket
from engine.bots.routes import FAR, Routes
from engine.bots.ways import Ways
from engine.play.bitboard import bit_list


@pytest.mark.parametrize("name", SCENARIOS)
def test_packed_end_masks_equal_the_plain_bound(name: str) -> None:
    compared = 0
    for state in play_positions(name, range(1))[::3]:
        routes = Routes(state)
        p = holder(state)
        grid = state.island.grid
        for cat in routes.live():
            way = routes.route(cat).way
            if not 0 < way < FAR:
                continue
            ends = routes.ends(cat)
            shifted = Shifted(ends, {}, grid)
            for key in sorted(set(state.hands[p])):
                for faces in grid.card_masks(state.island.cards[key]):
                    face = faces[state.island.cat_terrain[cat]]
                    if not face:
                        continue
                    cells = bit_list(face)
                    most = min(way, len(cells))
                    assert end_masks(shifted, cells, most, way) == plain_end_masks(ends, cells, most, way, grid.full)
                    compared += 1
    assert compared > 50


@pytest.mark.parametrize("name", SCENARIOS)
def test_resumed_route_analyses_equal_fresh_ones(name: str) -> None:
    """An analysis resumed from a kept one of the same cat (the levels the changed
    squares leave alone reused, ``Routes._search`` with a parent) equals a fresh search,
    as the position lies and with each fire tile returned (the water step's trials)."""
    compared = 0
    for state in play_positions(name, range(2))[::2]:
        trials = [Routes(state)] + [Routes(state, fire=state.fire & ~mask) for mask, _ in state.tiles_placed.values()]
        for routes in trials:
            for cat in routes.live():
                assert routes.route(cat) == routes.fresh_route(cat)
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_kept_pockets_equal_fresh_ones(name: str) -> None:
    """``heuristic_notch.pocket`` keeps its answers by the squares within
    ``NOTCH_RADIUS + 1`` of the cat: on every cat of every position, and on every
    square next to it, the kept answer is the one computed afresh."""
    compared = 0
    for state in play_positions(name, range(2))[::2]:
        routes = Routes(state)
        grid = state.island.grid
        for cat in routes.live():
            step = routes.coverable | routes.own(cat)
            start = 1 << state.cat_sq[cat]
            for square in [start] + [1 << b for b in bit_list(grid.neighbours(start) & step)]:
                kept = pocket(grid, step, routes.fire, square)
                assert kept == _pocket(grid, step, routes.fire, square)
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_card_off_the_corridor_never_lengthens_a_way(name: str) -> None:
    """The card search takes a cat's way as unchanged, without searching it, when the
    ends bound allows no shortening and the card takes no own square of the cat's
    corridor (the squares of its shortest ways): every shortest way survives.  Checked
    against the way searched afresh for every placement of every card in hand on the
    cats' corridors that leaves the corridor's own squares alone."""
    compared = 0
    for state in play_positions(name, range(1))[::2]:
        routes = Routes(state)
        p = holder(state)
        grid = state.island.grid
        search = CardSearch(state, p, sorted(state.hands[p]), routes, Ways(state), {})
        for r in search.cats:
            if r.way >= FAR:
                continue
            ci, old = state.island.cat_terrain[r.cat], routes.own(r.cat)
            for key in sorted(set(state.hands[p])):
                for faces in grid.card_masks(state.island.cards[key]):
                    for a in search.useful:
                        new = (old & ~(search.window << a)) | (faces[ci] << a)
                        if new != old and not old & ~new & r.corridor:
                            assert routes.way(r.cat, new) <= r.way
                            compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_anchor_ranks_follow_the_useful_order(name: str) -> None:
    """:func:`shortening_card` orders the anchors it tries by ``CardSearch.rank``
    instead of listing ``useful``: ranks must rise along the list, which must be the
    anchors whose window touches the zone, most corridor squares under the window first,
    then in square order (built here plainly, anchor by anchor)."""
    compared = 0
    for state in play_positions(name, range(1))[::2]:
        p = holder(state)
        search = CardSearch(state, p, sorted(state.hands[p]), Routes(state), Ways(state), {})
        grid = state.island.grid
        plain = []
        for a in bit_list(search.anchor_mask):
            win = search.window << a
            if win & search.zone:
                plain.append((-(win & search.hot).bit_count(), a))
        assert search.useful == [a for _, a in sorted(plain)]
        ranks = [search.rank(a) for a in search.useful]
        assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
        assert all(a < grid.full.bit_length() for a in search.useful)
        compared += len(ranks)
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_analyses_kept_across_other_cats_moves_equal_fresh_ones(name: str) -> None:
    """Kept analyses are keyed by the cat and its square, not the other cats' squares:
    one is reused when its entry (the passable squares next to its targets) is the
    same.  On successive positions where some other cat moved, every analysis equals a
    fresh search, and some are the very analyses of the position before."""
    reused = compared = 0
    before: Routes | None = None
    for state in play_positions(name, range(2)):
        routes = Routes(state)
        for cat in routes.live():
            route = routes.route(cat)
            assert route == routes.fresh_route(cat)
            if before is not None and before.state.cat_mask != state.cat_mask:
                compared += 1
                moved = before.state.cat_sq[cat] == state.cat_sq[cat] and cat in before.live()
                reused += moved and before.route(cat) is route
        before = routes
    assert compared > 20 and reused > 5


@pytest.mark.parametrize("name", SCENARIOS)
def test_touching_anchors_equal_the_window_cells_shifts(name: str) -> None:
    """``touching`` (a row's cells, then rows) equals the plain ``OR`` over the window's
    cells of the mask shifted down by the cell's offset, for every cat's touch."""
    compared = 0
    for state in play_positions(name, range(1))[::3]:
        p = holder(state)
        search = CardSearch(state, p, sorted(state.hands[p]), Routes(state), Ways(state), {})
        for t in list(search.touch.values()) + [search.zone, state.fire]:
            plain = 0
            for o in bit_list(search.window):
                plain |= t >> o
            assert touching(t, state.island.grid.stride) == plain
            compared += 1
    assert compared > 20
