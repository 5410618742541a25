"""The heuristic bot's card search favours a cat in a notch the fire may close
(issue "Difficulty from simulation" item 2; :mod:`engine.bots.heuristic_notch`).

Rules cited: rulebook "How to lose" (a cat that can no longer get to the raft is lost;
RULINGS LC-5) and "Placement" (fire tiles touch fire): a cat at the top of a narrow
inlet of fire is cut off as soon as fire tiles cover the inlet's mouth, so a competent
team first gives it a way out."""

from __future__ import annotations

from engine_pictures import deal, picture_state

from engine.bots.heuristic_cards import CardSearch
from engine.bots.heuristic_notch import notch, pocket
from engine.bots.routes import Routes
from engine.bots.ways import Ways
from engine.bots.weights import HEMMED, NOTCHED
from engine.play.state import GameState

# A purple cat at the top of a two-wide inlet of fire (rows 0-2, columns 4-5); the
# open green field below leads to the raft.  Its purple squares stay in the inlet.
INLET = """
ffffpPffffffff
ffffppffffffff
ffffpgffffffff
gggggggggggwww
gggggggggggwow
gggggggggggwww
"""
# The contrast: the same squares with no fire around them.
OPEN = INLET.replace("f", "g")
CAT = (0, 5)
HAND = ["circle:a", "circle:b", "circle:c"]  # no purple squares


def _search(state: GameState) -> CardSearch:
    routes = Routes(state)
    return CardSearch(state, 0, sorted(state.hands[0]), routes, Ways(state), {})


def test_a_cat_at_the_top_of_a_narrow_inlet_of_fire_is_notched() -> None:
    state = deal(picture_state(INLET, variant="standard"), HAND)
    routes = Routes(state)
    grid = state.island.grid
    # its passable squares within three steps: the purple inlet (green (2, 5) is too
    # narrow for any card); the field below is more than three steps away
    assert notch(routes, 0) == grid.mask([(0, 4), (0, 5), (1, 4), (1, 5), (2, 4)])
    assert notch(Routes(deal(picture_state(OPEN, variant="standard"), HAND)), 0) == 0  # no fire, a wide field
    step = routes.coverable | routes.own(0)
    assert pocket(grid, step, routes.fire, grid.bit((0, 4)))
    assert not pocket(grid, step, routes.fire, grid.bit((4, 8)))


def test_a_notched_cats_way_counts_more_in_the_card_search() -> None:
    """A card that opens the inlet may shorten the notched cat's way no more than a card
    elsewhere shortens another's, yet it saves the cat: its way weighs NOTCHED more."""
    notched = _search(deal(picture_state(INLET, variant="standard"), HAND))
    opened = _search(deal(picture_state(OPEN, variant="standard"), HAND))
    hemmed = 1 + (Routes(notched.state).route(0).reach2.bit_count() < HEMMED)
    assert notched.weight[0] == hemmed + NOTCHED
    assert opened.weight[0] == 1 + (Routes(opened.state).route(0).reach2.bit_count() < HEMMED)
