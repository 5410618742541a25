"""Position.clone: every slot copied, nothing mutable shared, the RNG copied or given."""

from __future__ import annotations

import random

from engine import new_game
from engine.bots.bots import RandomBot
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.position import Position


def test_clone_copies_every_slot_and_shares_nothing_mutable() -> None:
    scenario = open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json")
    state = new_game(scenario, seed=4, players=1, variant="solo")
    bot, rng = RandomBot(), random.Random(4)
    slots = {name for klass in type(state).__mro__ for name in getattr(klass, "__slots__", ())}
    assert slots == set(Position.__slots__)
    checked = 0
    while not state.is_terminal():
        other = state.clone()
        pairs = [(name, getattr(state, name), getattr(other, name)) for name in slots - {"rng"}]
        for part in ("advanced", "kickstarter"):  # the expansions' parts: their slots are copies too
            mine, theirs = getattr(state, part), getattr(other, part)
            assert mine is not theirs, part
            pairs += [(f"{part}.{name}", getattr(mine, name), getattr(theirs, name)) for name in type(mine).__slots__]
        for name, mine, theirs in pairs:
            assert mine == theirs, name
            if isinstance(mine, (list, dict)):
                assert mine is not theirs, name  # a copy of its own
                inner = mine.values() if isinstance(mine, dict) else mine
                for a, b in zip(inner, theirs.values() if isinstance(theirs, dict) else theirs):
                    assert not isinstance(a, (list, dict)) or a is not b, name  # decks, hands, reserves too
        assert other.rng is not state.rng and other.rng.getstate() == state.rng.getstate()
        given = random.Random(9)
        assert state.clone(given).rng is given
        checked += 1
        state.apply_unchecked(bot.choose(state, rng))
    assert checked > 30
