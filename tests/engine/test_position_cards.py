"""The card and bag checks of the :class:`~engine.play.position.Position` constructor:
they run on every COMP1110 call, so their common case is a few set operations
(issue 8 item 5); these tests pin the messages of the cases that fail."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.position import PositionError
from engine.play.state import GameState


@pytest.fixture(scope="module")
def game() -> GameState:
    scenario = open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")
    return new_game(scenario, seed=3, variant="solo")


def _build(game: GameState, **changes: Any) -> GameState:
    args: dict[str, Any] = dict(players=1, seed=0, decks=game.decks, hands=game.hands, bag=game.bag)
    args.update(changes)
    return GameState(game.island, game.rules, **args)


def test_a_consistent_position_is_accepted(game: GameState) -> None:
    built = _build(game)
    assert built.decks == game.decks and built.bag == game.bag


def test_a_card_in_the_wrong_deck_is_named(game: GameState) -> None:
    decks = {name: list(keys) for name, keys in game.decks.items()}
    decks["circle"].append(decks["cross"].pop())
    with pytest.raises(PositionError, match=r"decks: cross:\w do not belong to the circle deck"):
        _build(game, decks=decks)


def test_an_unknown_card_in_a_deck_is_named(game: GameState) -> None:
    decks = {name: list(keys) for name, keys in game.decks.items()}
    decks["circle"].append("circle:zz")
    with pytest.raises(PositionError, match="decks: circle:zz do not belong to the circle deck"):
        _build(game, decks=decks)


def test_a_card_in_two_places_is_named_once(game: GameState) -> None:
    card = game.decks["square"][0]
    with pytest.raises(PositionError, match=f"cards: {card} in two places"):
        _build(game, hands=[[card]])


def test_an_unknown_card_in_a_hand_is_named(game: GameState) -> None:
    with pytest.raises(PositionError, match="cards: square:zz are not pathway cards of this game"):
        _build(game, hands=[["square:zz"]])


def test_an_unknown_tile_and_a_tile_listed_twice_are_named(game: GameState) -> None:
    with pytest.raises(PositionError, match="bag: zz are not fire tiles of this game"):
        _build(game, bag=[*game.bag, "zz"])
    with pytest.raises(PositionError, match=f"bag: {game.bag[0]} both in the bag and placed or pending"):
        _build(game, bag=[*game.bag, game.bag[0]])
