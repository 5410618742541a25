"""The engine contract (docs/architecture.md, "The engine contract"): legal actions, checked apply, action text."""

from __future__ import annotations

import random

import pytest
from engine_pictures import RED_CAT_ISLAND, deal, picture_state

from engine import IllegalAction, new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.actions import (
    ActionParseError,
    DrawCard,
    EndRound,
    MoveCat,
    PlaceFire,
    PlacePathway,
    UseWater,
    parse_action,
)

ISLAND = RED_CAT_ISLAND


def _scenario():
    return open_scenario(campaigns_dir() / "campaign-1" / "02-in-the-way.scenario.json")


@pytest.mark.parametrize(
    "action",
    [
        DrawCard(0, "circle"),
        PlacePathway(0, "circle", "a", (0, 0), 0),
        PlacePathway(0, "circle", "z", (3, 0), 0),
        PlacePathway(0, "circle", "a", (3, 0), 4),
        PlaceFire("z", (3, 0), False, 0),
        MoveCat(0, (2, 5), (2, 6), ("cross:b",)),
        MoveCat(0, (2, 5), (9, 9), ("circle:a",)),
        MoveCat(0, (0, 0), (2, 6), ("circle:a",)),
        MoveCat(3, (2, 5), (2, 6), ("circle:a",)),
        UseWater("z"),
        EndRound(),
    ],
    ids=str,
)
def test_an_illegal_action_raises_and_changes_nothing(action) -> None:
    """docs/architecture.md: "an illegal action raises a typed error and leaves the state
    unchanged"."""
    state = deal(picture_state(ISLAND, water=1), ["circle:a"])
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.code and str(err.value).startswith(err.value.code)
    assert state.to_dict() == before
    assert not state.is_legal(action)


def test_every_listed_action_is_legal_and_the_order_is_fixed() -> None:
    """docs/architecture.md: legal_actions() in a deterministic order; each passes apply's check."""
    state = deal(picture_state(ISLAND, water=1), ["circle:a", "cross:b"])
    actions = state.legal_actions()
    listed = list(actions)
    assert len(listed) == len(actions) == len(set(listed))
    assert listed == list(state.clone().legal_actions())
    assert actions[-1] == listed[-1] and actions[3:6] == listed[3:6]
    kinds = [type(a).__name__ for a in listed]
    assert kinds == sorted(kinds, key=["PlacePathway", "MoveCat", "UseWater", "EndRound"].index)
    for action in listed[:: max(1, len(listed) // 200)]:
        assert state.is_legal(action), action
    with pytest.raises(IndexError):
        actions[len(actions)]


def test_the_first_draw_round_offers_every_nonempty_deck() -> None:
    state = new_game(_scenario(), seed=3, players=2, variant="standard")
    assert list(state.legal_actions()) == [
        DrawCard(p, d) for p in (0, 1) for d in ("circle", "cross", "square", "triangle")
    ]


def test_apply_unchecked_matches_apply_for_legal_actions() -> None:
    """The fast path for bots gives the same game as the checked path."""
    checked = new_game(_scenario(), seed=11)
    fast = checked.clone()
    rng = random.Random(11)
    while not checked.is_terminal():
        actions = checked.legal_actions()
        action = actions[rng.randrange(len(actions))]
        checked.apply(action)
        fast.apply_unchecked(action)
    assert checked.to_dict() == fast.to_dict()


@pytest.mark.parametrize(
    "text",
    [
        "draw 0 circle",
        "path 2 triangle:y 10,11 r3",
        "fire E 0,15 T r2",
        "move 1 3,4 5,6 circle:a cross:b",
        "water q",
        "end",
    ],
)
def test_action_text_round_trips(text) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "draw circle", "path 0 circle:a 3,9 r4", "fire l 1,1 X r0", "jump 0"])
def test_bad_action_text_is_refused_with_the_forms(text) -> None:
    with pytest.raises(ActionParseError, match="expected one of"):
        parse_action(text)


def test_ui_helpers_answer_without_enumerating() -> None:
    """The studio highlights legal squares through cheap helpers."""
    state = deal(picture_state(ISLAND), ["circle:a"])
    assert state.phase == "play" and state.pending is None
    assert set(state.reachable_squares(0)) == set(state.reachable_squares((2, 5)))
    assert (2, 6) in state.reachable_squares(0)
    assert state.legal_card_placements(0, "cross:a") == ()
    assert state.legal_fire_placements() == ()
    assert (3, 0) in state.legal_card_squares()
