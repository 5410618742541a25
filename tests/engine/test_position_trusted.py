"""``Position.trusted``, the unchecked fast path the COMP1110 interop uses after its own
checks (issue 8 item 5), builds exactly what the checked constructor builds, and falls
back to the checked constructor for a class with a slot it does not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.phases import PLAY
from engine.play.position import CatPosition, Position, PositionError
from engine.play.state import GameState


def _slots(state: Position) -> dict[str, Any]:
    names = {name for klass in type(state).__mro__ for name in getattr(klass, "__slots__", ())}
    return {name: getattr(state, name) for name in sorted(names) if name != "rng"}


@pytest.fixture(scope="module")
def game() -> GameState:
    scenario = open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")
    return new_game(scenario, seed=5, variant="solo")


def _both(game: GameState, cls: type[GameState] = GameState) -> tuple[GameState, GameState]:
    island = game.island
    n = len(island.cat_starts)
    exhausted = [i % 2 == 0 for i in range(n)]
    arrived = [False] * n
    hand = [game.decks["circle"][0], game.decks["square"][1]]
    decks = {name: [k for k in keys if k not in hand] for name, keys in game.decks.items()}
    bag = list(game.bag[:5])
    rng = random.Random(1)
    grid = island.grid
    cats = [CatPosition(grid.square(sq), e, a) for sq, e, a in zip(island.cat_starts, exhausted, arrived)]
    checked = cls(
        island, game.rules, players=1, seed=0, rng=rng, cats=cats, decks=decks, hands=[hand], bag=bag, phase=PLAY
    )
    trusted = cls.trusted(
        island, game.rules, rng=rng, exhausted=list(exhausted), arrived=list(arrived),
        decks={k: list(v) for k, v in decks.items()}, hands=[list(hand)], bag=list(bag), phase=PLAY,
    )  # fmt: skip
    return checked, trusted


def test_trusted_builds_what_the_checked_constructor_builds(game: GameState) -> None:
    checked, trusted = _both(game)
    assert type(trusted) is GameState
    assert _slots(trusted) == _slots(checked)
    assert trusted.legal_actions()[:] == checked.legal_actions()[:]


class _WithExtraSlot(GameState):
    __slots__ = ("extra",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.extra = "set by the checked constructor"


def test_a_slot_trusted_does_not_know_takes_the_checked_constructor(game: GameState) -> None:
    checked, trusted = _both(game, _WithExtraSlot)
    assert isinstance(trusted, _WithExtraSlot) and isinstance(checked, _WithExtraSlot)
    assert trusted.extra == checked.extra
    assert _slots(trusted) == _slots(checked)


def test_the_public_constructor_still_checks(game: GameState) -> None:
    with pytest.raises(PositionError, match="cards: square:zz are not pathway cards of this game"):
        GameState(game.island, game.rules, players=1, hands=[["square:zz"]], decks={}, bag=[])
