"""Bots: one small protocol, and a playout loop that plays any bot on any state.

A bot is handed the whole :class:`GameState` and an injected RNG and returns one legal
action; a fair bot decides from :func:`engine.bots.view.fair_view` only (the random bot
reads nothing hidden either).  :data:`BOTS` names the bots the CLI and the studio
offer.  Monte-Carlo runs over many seeds live in :mod:`engine.sim.montecarlo`, the
difficulty estimate in :mod:`engine.sim.difficulty`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol

from engine.bots.draw_plan import CountingBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_pick import random_action
from engine.bots.search import SearchBot
from engine.play.actions import Action
from engine.play.outcome import Outcome
from engine.play.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """A legal action for a non-terminal state."""
        ...


class RandomBot:
    """Uniformly random over ``state.legal_actions()``: one index draw, the actions
    counted rather than listed (:func:`engine.bots.random_pick.random_action`)."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return random_action(state, rng)


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "counting": CountingBot,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def get_bot(name: str) -> Bot:
    """A bot by name; ValueError naming the known bots otherwise."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(bot_names())}")
    return factory()


@dataclass(frozen=True)
class PlayoutResult:
    outcome: Outcome | None  # None when max_actions ran out first
    actions: int


def playout(
    state: GameState, bot: Bot, rng: random.Random, max_actions: int = 100_000, *, checked: bool = False
) -> PlayoutResult:
    """Play ``state`` forward in place with ``bot`` until the game ends or
    ``max_actions`` actions have been taken.  Bot choices go through the unchecked
    fast path: a bot must return actions from ``legal_actions()``.  With ``checked``
    every choice goes through :meth:`GameState.apply` instead, so a bot that returns
    an illegal action raises :class:`~engine.play.outcome.IllegalAction` naming the
    rule, before the game is touched (a debug mode: tests and ``--checked`` runs)."""
    apply = state.apply if checked else state.apply_unchecked
    taken = 0
    while not state.is_terminal() and taken < max_actions:
        apply(bot.choose(state, rng))
        taken += 1
    return PlayoutResult(state.outcome(), taken)
