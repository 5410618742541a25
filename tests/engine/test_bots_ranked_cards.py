"""The heuristic's card search ranked (:func:`engine.bots.heuristic_cards.ranked_cards`):
its first is the heuristic's own choice, and the search cut short by the ``k``-th best
gives the same ``k`` placements as scoring every placement along the corridors."""

from __future__ import annotations

import pytest
from test_bots_search_exact import holder, play_positions

from engine.bots.heuristic_cards import CardSearch, best_card, ranked_cards
from engine.bots.routes import Routes
from engine.bots.ways import Ways

EVERY = 10**9  # more than any hand has placements: nothing cut short


@pytest.mark.parametrize("name", ["practice/03-wet-paws", "campaign-4/03-mixed-messages"])
def test_ranked_cards_are_the_best_of_every_placement_scored(name: str) -> None:
    checked = 0
    for state in play_positions(name, range(2)):
        p = holder(state)
        routes = Routes(state)
        search = CardSearch(state, p, sorted(state.hands[p]), routes, Ways(state, routes=routes), {})
        full = ranked_cards(search, EVERY)
        ranked = ranked_cards(search, 4)
        if not full:  # no card fits anywhere
            assert ranked == [] and best_card(search) is None
            continue
        assert ranked[0] == best_card(search)
        assert [(s, t) for s, _, t, _ in ranked] == sorted((s, t) for s, _, t, _ in ranked)
        assert len({r[1] for r in ranked}) == len(ranked)  # distinct placements
        if len(full) > 1:
            assert [r[:3] for r in ranked] == [r[:3] for r in full[:4]], name
            checked += 1
    assert checked > 10
