"""Moving a cat (rulebook "Action: move a cat", "Raft cards"; RULINGS MV-*, DP-*)."""

from __future__ import annotations

import pytest
from engine_pictures import deal, picture_state

from engine.play.actions import EndRound, MoveCat, PlacePathway
from engine.play.outcome import IllegalAction
from engine.play.state import FIRE, PLAY

PATHS = """
rrrrrrrwww
rBbbrrrwow
rrrbrrrwww
rrrbbbrrrr
grrrrrbrrr
gggggggggg
gggggggggg
ffffffffff
"""
HAND = ["circle:a", "circle:b", "circle:c", "cross:a", "cross:b", "cross:c"]


def _game(picture: str = PATHS, *, hand=HAND, variant: str = "standard", **kw):
    return deal(picture_state(picture, variant=variant, **kw), list(hand))


def test_a_cat_moves_round_corners_but_never_diagonally() -> None:
    """MV-1 (designer, 23 Oct 2023): any number of squares, turning corners; never a
    diagonal step.  (4,6) is blue but touches the path only at a corner."""
    state = _game()
    assert set(state.reachable_squares((1, 1))) == {(1, 2), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5)}


def test_cats_pass_other_cats_but_never_end_on_one_or_stay_put() -> None:
    """MV-2: a cat may cross squares holding cats, may not stop on one, and a move of
    zero squares is not allowed."""
    state = _game(PATHS.replace("rrrbrrrwww", "rrrBrrrwww"))
    reach = set(state.reachable_squares((1, 1)))
    assert (2, 3) not in reach and (1, 1) not in reach
    assert {(3, 3), (3, 4), (3, 5)} <= reach  # beyond the other blue cat
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, (1, 1), (2, 3), ("circle:a",)))
    assert err.value.code == "unreachable"


def test_moving_costs_one_card_or_two_when_exhausted_and_exhausts_the_cat() -> None:
    """Rulebook "Discard a card" / "Exhaust the cat" (MV-2): 1 card for a rested cat,
    2 for an exhausted one; the cat is exhausted afterwards."""
    state = _game()
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, (1, 1), (3, 5), ("circle:a", "circle:b")))
    assert err.value.code == "wrong-discards"
    state.apply(MoveCat(0, (1, 1), (3, 5), ("circle:a",)))
    assert state.cats()[0] == {"colour": "blue", "square": (3, 5), "exhausted": True, "arrived": False}
    with pytest.raises(IllegalAction):
        state.apply(MoveCat(0, (3, 5), (1, 1), ("circle:b",)))
    state.apply(MoveCat(0, (3, 5), (1, 1), ("circle:b", "circle:c")))
    assert state.disaster_pile == ["circle:a", "circle:b", "circle:c"]
    assert state.cat_square(0) == (1, 1) and state.exhausted[0]


def test_discards_must_come_from_the_movers_hand() -> None:
    """Rulebook "Discard a card": the player who plays discards from their own hand."""
    state = deal(picture_state(PATHS, variant="standard", players=2), ["circle:a"], ["cross:a"])
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, (1, 1), (1, 2), ("cross:a",)))
    assert err.value.code == "not-in-hand"
    state.apply(MoveCat(1, (1, 1), (1, 2), ("cross:a",)))  # any player may move any cat (MV-2)
    assert state.hands == [["circle:a"], []]


def test_resting_stands_exhausted_cats_up_once_every_card_is_played() -> None:
    """Rulebook "3. Resting": all cards must be played; then exhausted cats stand up."""
    state = _game(hand=["circle:a", "circle:b"])
    state.apply(MoveCat(0, (1, 1), (1, 2), ("circle:a",)))
    with pytest.raises(IllegalAction) as err:
        state.apply(EndRound())
    assert err.value.code == "cards-left"
    assert not any(isinstance(a, MoveCat) for a in state.legal_actions())  # 1 card, exhausted cat
    state.apply(PlacePathway(0, "circle", "b", (4, 0), 0))
    state.apply(state.legal_actions()[0])  # its fire tile
    assert list(state.legal_actions()) == [EndRound()]
    state.apply(EndRound())
    assert state.exhausted == [False] and state.phase == "draw" and state.round == 2


def test_four_cards_on_the_disaster_pile_cause_a_disaster() -> None:
    """DP-1: at 4 or more cards after a move, exactly 4 go to the discard pile and a
    fire tile is drawn; leftovers stay.  DP-2: the pile persists across rounds."""
    state = _game()
    state.apply(MoveCat(0, (1, 1), (1, 2), ("circle:a",)))
    state.apply(MoveCat(0, (1, 2), (1, 3), ("circle:b", "circle:c")))
    assert len(state.disaster_pile) == 3 and state.phase == PLAY
    state.apply(MoveCat(0, (1, 3), (3, 5), ("cross:a", "cross:b")))
    assert state.phase == FIRE and state.pending.cause == "disaster"
    assert state.discard_pile == ["circle:a", "circle:b", "circle:c", "cross:a"]
    assert state.disaster_pile == ["cross:b"] and len(state.bag) == 30


def test_digital_variant_discards_leave_the_game_without_disasters() -> None:
    """Digital solo variant (seeds/solo-digital-variant.txt, SO-3): discarded cards are
    removed from the game; there is no disaster pile."""
    state = _game(variant="comp1110")
    state.apply(MoveCat(0, (1, 1), (1, 2), ("circle:a",)))
    state.apply(MoveCat(0, (1, 2), (1, 3), ("circle:b", "circle:c")))
    state.apply(MoveCat(0, (1, 3), (3, 5), ("cross:a", "cross:b")))
    assert state.removed == ["circle:a", "circle:b", "circle:c", "cross:a", "cross:b"]
    assert state.disaster_pile == [] and state.phase == PLAY and len(state.bag) == 31


RAFT = """
rrrrrrr
Bwwwbbr
rwowrrr
rbwrrrr
rBrrrrr
fffffff
"""


def test_destinations_are_entered_last_and_never_crossed() -> None:
    """MV-3/MV-4 (house decision): a destination of the cat's colour or any colour is
    entered as the last step; raft squares are never crossed, so the blue squares
    east of the raft stay out of reach."""
    state = _game(RAFT)
    assert set(state.reachable_squares((1, 0))) == {(1, 1)}
    assert set(state.reachable_squares((4, 1))) == {(3, 1)}  # (3,2) is not next to blue


def test_open_raft_is_boarded_from_any_side() -> None:
    """Rulebook "Raft cards": as soon as a cat is adjacent to raft card A it may move
    onto it; any free square of the card will do."""
    state = _game(RAFT.replace("rbwrrrr", "rwwwrrr"), open_rafts=True)
    raft = {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} - {(2, 2)}
    assert set(state.reachable_squares((1, 0))) == raft


def test_wrong_colour_destination_is_not_a_target() -> None:
    """MV-3: a cat must finish on a destination of its own colour (or any colour)."""
    state = _game(RAFT.replace("Bwww", "Brww"))
    assert state.reachable_squares((1, 0)) == ()


def test_arrival_is_final_and_the_last_arrival_wins_at_once() -> None:
    """MV-3: a cat on its destination never moves again.  LC-1: the game is won the
    moment every cat is on the raft, before the disaster pile is resolved (DP-4)."""
    state = _game(RAFT)
    state.disaster_pile = ["square:a", "square:b", "square:c"]
    for key in state.disaster_pile:
        state.decks["square"].remove(key)
    state.apply(MoveCat(0, (1, 0), (1, 1), ("circle:a",)))
    assert state.arrived == [True, False]
    assert state.phase == FIRE and state.disaster_pile == []  # the first arrival caused a disaster
    state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, (1, 1), (1, 0), ("circle:b",)))
    assert err.value.code == "cat-arrived"
    state.disaster_pile = ["square:a", "square:b", "square:c"]
    state.discard_pile = state.discard_pile[3:]
    state.apply(MoveCat(0, (4, 1), (3, 1), ("circle:b",)))
    assert state.outcome().won and state.outcome().reason == "all-cats-on-raft"
    assert state.pending is None and len(state.disaster_pile) == 4  # no disaster after the win
