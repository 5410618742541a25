"""Choices of the heuristic bot that make it play well and keep the scenario's
objectives (issue "Difficulty from simulation" item 2).  Islands are fixture pictures
(``engine_pictures``); the hands are cards of the bundled decks, named by key.

Rules cited: rulebook "Additional rules" 3 (number objectives: "the numbers 1 - 5
represent the order cats should arrive at the raft"; RULINGS OB-3), "Placement" (fire
tiles touch fire; nothing goes over fire, a raft or a cat), "How to lose" (a cat that
can no longer get to the raft; RULINGS LC-5)."""

from __future__ import annotations

import random

from advanced_fixtures import advanced_state
from engine_pictures import deal, picture_state, put_fire_tile
from test_bots_choices import BLUE as BONUS_BLUE
from test_bots_choices import BLUE_RAFT as BONUS_RAFT
from test_bots_choices import ISLAND as BONUS_ISLAND

from engine.bots import heuristic_move
from engine.bots.heuristic import HeuristicBot
from engine.bots.heuristic_move import blocked_need, choose_move, needed_squares, walk_ahead
from engine.bots.routes import Routes
from engine.model.scenario import Objective
from engine.play.actions import BonusMove, MoveCat, PlaceFire, PlacePathway, UseWater
from engine.play.reach import tiles_needed
from engine.play.state import FIRE, GameState, PendingFire

# A red and a blue cat, each one step from the raft's any-colour squares.
TWO_CATS = """
rrrrrrwww
rrrRrrwow
bbbbBbwww
bbbbbbbbb
"""
RED, BLUE = (1, 3), (2, 4)
HAND = ["circle:a", "circle:b", "circle:c"]


def _choice(state: GameState) -> object:
    return HeuristicBot().choose(state, random.Random(0))


def _arrives(state: GameState, choice: object) -> tuple[int, int] | None:
    """The square a move lands on the raft from, or None."""
    if isinstance(choice, MoveCat) and state.island.raft & state.island.grid.bit(choice.to):
        return choice.cat
    return None


def test_without_objectives_the_first_cat_that_can_arrive_does() -> None:
    """The contrast for the tests below: both cats can arrive, the red one (first in
    the island's cat order) does."""
    state = deal(picture_state(TWO_CATS, variant="standard"), HAND)
    assert _arrives(state, _choice(state)) == RED


def test_the_cat_that_must_arrive_first_arrives_first() -> None:
    """OB-3 "Blue arrives first": red arriving now would fail the objective, so the
    blue cat comes first."""
    objective = Objective("arrival_order", colour="blue", position=1)
    state = deal(picture_state(TWO_CATS, variant="standard", objectives=(objective,)), HAND)
    choice = _choice(state)
    assert _arrives(state, choice) == BLUE
    state.apply(choice)  # type: ignore[arg-type]
    assert not state.is_terminal()


def test_a_cat_that_would_arrive_out_of_order_is_held_back() -> None:
    """OB-3 "Red arrives second" while only the red cat can reach the raft: it must not
    arrive first (the objective would fail and the game be lost), so the bot does
    something else."""
    island = TWO_CATS.replace("bbbbBbwww", "bbbbBbrww").replace("bbbbbbbbb", "bbbbbbrrr")
    blue_far = island.replace("rrrrrrwww", "rrrrrrwww")
    objective = Objective("arrival_order", colour="red", position=2)
    state = deal(picture_state(blue_far, variant="standard", objectives=(objective,)), HAND)
    # blue's only raft neighbour squares are red now: blue cannot arrive this turn
    assert not any(_arrives(state, a) == BLUE for a in state.legal_actions())
    assert any(_arrives(state, a) == RED for a in state.legal_actions())
    choice = _choice(state)
    assert _arrives(state, choice) is None
    state.apply(choice)  # type: ignore[arg-type]
    assert state.outcome() is None


# A red cat in a notch: its red lane (rows 1-2) is walled by fire, so no card can
# ever cover it; any fire tile on the lane cuts the cat off.  The green field below
# takes fire tiles harmlessly.
NOTCH = """
ffffffffffff
fRrrrrrrrwww
frrrrrrrrwow
ffffffffgwww
gggggggggggg
gggggggggggg
"""


def test_a_fire_tile_never_cuts_a_cat_off_when_another_place_exists() -> None:
    """Rulebook "How to lose": a cat that can no longer get to the raft.  With water in hand
    the engine would not end the game yet (LC-5 counts the water), but the bot still
    keeps the cat's way open as the fire lies."""
    state = picture_state(NOTCH, variant="standard", water=3)
    state.bag.remove("m")
    state.pending = PendingFire("m", 0, "pathway")
    state.phase = FIRE
    cutting = []
    for action in state.legal_actions():
        assert isinstance(action, PlaceFire)
        trial = state.clone()
        trial.apply(action)
        if tiles_needed(trial, 0, 0) is None:
            cutting.append(action)
    assert cutting and len(cutting) < len(state.legal_actions())
    choice = _choice(state)
    assert isinstance(choice, PlaceFire) and choice not in cutting


# The red cat (4, 0) has one square left to repaint, (3, 6), beside the raft; every
# square of its lane (row 4) is as near the raft by repaints.  Every window over (3, 6)
# that misses the raft lies on rows 3-5 and holds (4, 6): a cat standing there keeps
# every card off the square it needs (the nearest square, which the bot took before).
LAST_SQUARE = """
ggggggwww
ggggggwow
ggggggwww
ggggggggg
Rrrrrrrgg
ggggggggg
"""


def test_a_moving_cat_does_not_stand_where_it_keeps_cards_off_its_last_square() -> None:
    """Rulebook "Placement": a card cannot go over a cat.  Among moves that bring the cat no
    nearer, the bot takes one that leaves a window for the card it still needs."""
    state = deal(picture_state(LAST_SQUARE, variant="standard"), HAND)
    routes = Routes(state)
    need = needed_squares(state, routes, [0])
    assert need & state.island.grid.bit((3, 6))
    move = choose_move(state, 0, list(HAND), routes, [0])
    assert isinstance(move, MoveCat) and move.to != (4, 6)
    island = state.island
    free = island.land & ~(state.fire | island.raft)
    assert blocked_need(state, need, free, island.grid.index(move.to)) == 0


def test_the_advanced_bonus_never_lands_a_cat_out_of_order() -> None:
    """Rulebook "Advanced rules" (the arrival bonus may move a cat onto the raft, AD-2)
    with "Red arrives third" (OB-3): after blue arrives first the bonus could land red
    second, which would fail the objective, so the bot takes another bonus."""
    objective = Objective("arrival_order", colour="red", position=3)
    state = deal(advanced_state(BONUS_ISLAND, objectives=(objective,)), HAND)
    state.apply(MoveCat(0, BONUS_BLUE, BONUS_RAFT, ("circle:a",)))
    assert state.phase == "bonus"
    landing = [
        a for a in state.legal_actions() if isinstance(a, BonusMove) and state.island.raft & state.island.grid.bit(a.to)
    ]
    assert landing, "the bonus could land the red cat"
    choice = _choice(state)
    assert choice not in landing
    state.apply(choice)  # type: ignore[arg-type]
    assert state.outcome() is None


# A red cat with a red lane (rows 1-2) to the raft; fire tile "t" laid across the lane
# leaves it one square to repaint.  Returning the tile (one water token) gives the
# lane back.
LANE = """
ffffffffffff
Rrrrrrrrrwww
rrrrrrrrrwow
ggggggggrwww
gggggggggggg
gggggggggggg
"""


def test_water_returns_a_tile_that_costs_a_cat_one_square() -> None:
    """Rulebook water tokens (RULINGS WT-1): at any moment talking is allowed the team
    may spend one to return one fire tile to the bag (a point of a won game's score
    each).  A tile that lengthens a way by a single square is worth a token at once
    (``WATER_GAIN`` 1; measured over seeds 0-49: Campaign 1 200 wins of 400, Campaign
    4 15 of 350, Practice 32 of 200, against 155, 9 and 29 with 3), before later tiles
    close the way behind it."""
    state = picture_state(LANE, variant="solo", water=1)
    put_fire_tile(state, "t", (1, 5), flipped=True)
    deal(state, HAND)
    assert Routes(state).route(0).way == 1
    assert Routes(state, fire=state.fire & ~state.tiles_placed["t"][0]).route(0).way == 0
    choice = _choice(state)
    assert isinstance(choice, UseWater) and choice.tile == "t"


# A blue cat at the far end of a blue strip, three green squares between the strip
# and the raft; NEAR_STRIP: two.
FAR_STRIP = """
fffbbbbbbbgggwww
fBbbbbbbbbgggwow
fffbbbbbbbgggwww
gggggggggggggggg
"""
NEAR_STRIP = FAR_STRIP.replace("bbbbbbbgggwww", "bbbbbbbbggwww").replace("bbbbbbbgggwow", "bbbbbbbbggwow")


def test_a_far_cat_walks_ahead_before_the_cards() -> None:
    """Rulebook "Solo": a placed card costs a fire tile, a discard (a move) a quarter of
    one.  A cat 3 squares from the raft that can walk 4 or more nearer it along its
    colour walks first, the longest walk (``walk_ahead``: Campaign 4 won 78 games of
    1,400 against 57); with the walk made impossible (``WALK_GAIN`` out of reach) the
    same position places a card, and a cat only 2 squares away waits for the cards."""
    hand, reserve = ["circle:a", "circle:b", "circle:c"], ["circle:d", "circle:e", "circle:f"]
    state = deal(picture_state(FAR_STRIP, variant="solo"), hand, reserve=reserve)
    assert Routes(state).route(0).way == 3
    choice = _choice(state)
    assert isinstance(choice, MoveCat) and choice.cat == (1, 1) and choice.to[1] == 9
    assert walk_ahead(state, 0, sorted(hand), Routes(state), [0]) == choice
    kept = heuristic_move.WALK_GAIN
    try:
        heuristic_move.WALK_GAIN = 99
        assert isinstance(_choice(state), PlacePathway)
    finally:
        heuristic_move.WALK_GAIN = kept
    near = deal(picture_state(NEAR_STRIP, variant="solo"), hand, reserve=reserve)
    assert Routes(near).route(0).way == 2
    assert walk_ahead(near, 0, sorted(hand), Routes(near), [0]) is None
    assert isinstance(_choice(near), PlacePathway)


# A red cat at the west end of a red lane (row 4); every lane square is as many repaints
# from the raft.  Fire at (5, 6) lies beside the lane's east end, the square nearest
# the raft.
LANE_END = """
gggggggggwww
gggggggggwow
gggggggggwww
gggggggggggg
Rrrrrrrggggg
ggggggfggggg
"""


def test_a_moving_cat_goes_nearest_the_raft_before_away_from_fire() -> None:
    """RULINGS DP-1: four discards cost one fire tile, a placed card costs one.  Among
    squares as many repaints from the raft, a spent card takes the cat to the one
    nearest the raft even beside fire: its later move is shorter and its corridor
    shorter for the fire to cut (the other way round won fewer games in every group:
    Campaign 4 357 wins of 7,000 against 387)."""
    state = deal(picture_state(LANE_END, variant="standard"), HAND)
    routes = Routes(state)
    grid = state.island.grid
    route = routes.route(0)
    assert route.raft_level(grid.bit((4, 6))) == route.raft_level(grid.bit((4, 3)))
    assert state.fire & grid.near(grid.bit((4, 6)), 1)
    move = choose_move(state, 0, list(HAND), routes, [0])
    assert isinstance(move, MoveCat) and move.to == (4, 6)
