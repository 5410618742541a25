"""Communication tokens (rulebook "Additional rules" 1, "Solo"; RULINGS SO-1, C16):
dealt by player count at set-up when the scenario uses them; reminders that change no
rule of play."""

from __future__ import annotations

import dataclasses

import pytest
from engine_pictures import picture_state

from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import RuleOptions
from engine.play.communication import MEOW, TALK, CommToken, deal
from engine.play.game import new_game
from engine.play.position import PositionError
from engine.play.state import GameState


@pytest.mark.parametrize(("players", "seats"), [
    (1, [[]]),
    (2, [[MEOW, TALK], [MEOW, TALK]]),
    (3, [[TALK], [TALK], [MEOW]]),
    (4, [[TALK], [TALK], [MEOW], [MEOW]]),
])  # fmt: skip
def test_tokens_are_dealt_by_player_count(players: int, seats: list[list[str]]) -> None:
    """Rulebook "Communication tokens": 1 player: not used; 2: each 1 meow and 1 talk;
    3: 2 players 1 talk, the other 1 meow (the other meow back in the box); 4: 2 talk,
    2 meow."""
    assert [[t.kind for t in seat] for seat in deal(players, True)] == seats
    assert deal(players, False) == [[] for _ in range(players)]


def _with_tokens(players: int, used: bool = True) -> GameState:
    state = picture_state("rRrwww\nrrrwow\nrrrwww\nffffff", variant="standard", players=players)
    scenario = dataclasses.replace(state.island.scenario, rules=RuleOptions(communication_tokens=used))
    island = dataclasses.replace(state.island, scenario=scenario)
    return GameState(island, state.rules, players=players)


def test_a_game_deals_them_only_when_the_scenario_uses_them() -> None:
    """ "Once you have completed Tutorial 1, you will use the communication tokens" (the
    scenario's rules.communication_tokens says so)."""
    assert [[t.kind for t in seat] for seat in _with_tokens(3).comm_tokens] == [[TALK], [TALK], [MEOW]]
    assert _with_tokens(3, used=False).comm_tokens == [[], [], []]


def test_marking_a_token_used_is_a_reminder_kept_in_saved_states_not_an_action() -> None:
    """Talking changes no rule the engine plays: marking a token used adds no action
    and leaves the legal actions alone; to_dict / from_dict keep the mark."""
    state = _with_tokens(2)
    before = list(state.legal_actions())
    state.mark_token(1, 0)
    assert state.comm_tokens[1] == [CommToken(MEOW, used=True), CommToken(TALK)]
    assert state.history == [] and list(state.legal_actions()) == before
    data = state.to_dict()
    assert data["comm_tokens"][1] == [{"kind": "meow", "used": True}, {"kind": "talk", "used": False}]
    clone = state.clone()
    clone.mark_token(1, 0, used=False)
    assert state.comm_tokens[1][0].used, "a clone's marks are its own"


def test_the_constructor_checks_the_tokens() -> None:
    state = _with_tokens(2)
    with pytest.raises(PositionError, match="comm_tokens"):
        GameState(state.island, state.rules, players=2, comm_tokens=[[CommToken("shout")], []])


def test_a_saved_game_keeps_the_tokens_and_their_marks() -> None:
    """A bundled scenario that uses the tokens, 4 players: dealt, marked, saved, resumed."""
    scenario = open_scenario(campaigns_dir() / "campaign-4/05-its-meow-or-never.scenario.json")
    state = new_game(scenario, seed=1, players=4, variant="standard")
    assert [[t.kind for t in seat] for seat in state.comm_tokens] == [[TALK], [TALK], [MEOW], [MEOW]]
    state.mark_token(2, 0)
    again = GameState.from_dict(state.to_dict())
    assert again.comm_tokens == state.comm_tokens and again.comm_tokens[2][0].used
    old = state.to_dict()
    del old["comm_tokens"]  # a state saved before the tokens were dealt: dealt afresh
    assert not GameState.from_dict(old).comm_tokens[2][0].used
