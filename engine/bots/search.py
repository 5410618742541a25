"""A fair search bot: the heuristic bot, with a sampled look-ahead at each round's draws.

The heuristic bot draws every card from the deck whose unseen cards carry, on average,
most squares of the colours the cats need; one deck often gives a whole round's six
cards.  This bot chooses the round's deck by **determinised rollouts** (perfect-
information Monte Carlo over what the player cannot see) at the first draw of each of
the first ``ROUNDS`` rounds:

* a **determinisation** is a game as the player may believe it to be: the player's fair
  view (:func:`engine.bots.view.fair_view`), with each deck's unseen cards shuffled among
  that deck and the face-down reserve slots drawn from it, the bag shuffled and a fresh
  game RNG, all drawn from the bot's own RNG (:func:`determinise`): nothing hidden in the
  real game is read;
* a **plan** draws the whole round from one deck (while it holds cards); a rollout plays
  a plan on a determinisation and then the heuristic bot for the rest of that round and
  the next (``HORIZON`` rounds), and scores where it ends (:func:`plan_value`): a win, a
  loss (a later one scores more), or the cats on the raft less the total of their ways;
* the heuristic's deck and its ``WIDTH`` best-scored rivals are played out on **the
  same** ``SAMPLES`` determinisations with the same rollout RNGs (common random numbers);
  a rival replaces the heuristic's deck only when its summed value beats it by
  ``MARGIN`` per sample (the samples are few: a small lead is noise).

The round's later draws keep to the chosen deck, read from the game's own record of the
first draw (``state.history``: the player's own actions), while it holds cards; in later
rounds too, where the first draw is the heuristic's choice (so a whole round comes from
the deck the heuristic picks first).  Every
other decision (refills, cards, moves, water, fire, the advanced and token phases) is
the heuristic bot's.  Team games are left to the heuristic bot (each seat sees its own
hand only; this bot searches games of one player).  Deterministic given its RNG.  Cost
and strength: docs/difficulty.md and docs/lab/bot-tuning.md.
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.bots.heuristic import HeuristicBot
from engine.bots.routes import Routes
from engine.bots.view import deck_of, fair_view
from engine.play.actions import Action, DrawCard
from engine.play.outcome import Result
from engine.play.phases import DRAW, FIRE
from engine.play.state import GameState

#: determinisations each plan is played out on
SAMPLES = 2
#: other decks played out besides the heuristic's (its best-scored rivals)
WIDTH = 1
#: what a rival must gain per sample over the heuristic's deck to be drawn instead (one square of way counts 1)
MARGIN = 4.0
#: the rounds whose first draw is searched (1 ..); a later round's first draw is the heuristic's
ROUNDS = 3
#: rounds a rollout plays: the plan's round, then the heuristic's (the next round's draws begin the stop)
HORIZON = 2
#: a rollout's value: a win, a loss, and per cat on the raft (the ways' total is subtracted)
WON, LOST, ARRIVED = 10_000.0, -10_000.0, 100.0
#: a lost rollout scores this much more for every fire tile placed before the loss: a later loss is better
SURVIVED = 200.0
MAX_ACTIONS = 4_000  # a rollout never plays more actions than this (a safety bound)


def determinise(view: GameState, rng: random.Random) -> GameState:
    """A copy of the fair view ``view`` with its hidden parts drawn at random from ``rng``:
    each deck's unseen cards shuffled among the deck and the face-down reserve slots whose
    backs show that deck, the bag shuffled, a fresh game RNG."""
    game = view.clone(random.Random(rng.getrandbits(64)))
    for deck in game.decks:
        slots = [(p, i) for p, r in enumerate(game.reserve) for i, k in enumerate(r) if deck_of(k) == deck]
        pool = game.decks[deck] + [game.reserve[p][i] for p, i in slots]
        rng.shuffle(pool)
        for p, i in slots:
            game.reserve[p][i] = pool.pop()
        game.decks[deck] = pool
    rng.shuffle(game.bag)
    return game


def position_value(state: GameState, placed: int = 0) -> float:
    """Larger is better: a win, a loss (later is better: ``placed`` fire tiles were
    placed first), else cats on the raft less the total of the ways."""
    outcome = state.outcome()
    if outcome is not None:
        return WON if outcome.result == Result.WIN else LOST + SURVIVED * placed
    if all(state.arrived):
        return WON
    return ARRIVED * sum(state.arrived) - Routes(state).total()


def plan_value(state: GameState, deck: str, policy: HeuristicBot, rng: random.Random, rounds: int = HORIZON) -> float:
    """Draw this round's cards from ``deck`` (while it holds any), play on with ``policy``
    until ``rounds`` more rounds have begun or the game ends, and score the position
    (``state`` is played in place)."""
    start = state.round
    placed = 0
    for _ in range(MAX_ACTIONS):
        if state.is_terminal() or (state.round >= start + rounds and state.phase == DRAW):
            break
        if state.phase == DRAW and state.round == start and state.decks[deck]:
            action: Action = DrawCard(0, deck)
        else:
            if state.phase == FIRE:
                placed += 1
            action = policy.choose(state, rng)
        state.apply_unchecked(action)
    return position_value(state, placed)


class SearchBot:
    """See the module doc.  Picklable; keeps nothing between choices."""

    name = "search"

    def __init__(
        self, samples: int = SAMPLES, horizon: int = HORIZON, width: int = WIDTH, rounds: int = ROUNDS
    ) -> None:
        self.samples, self.horizon, self.width, self.rounds = samples, horizon, width, rounds
        self.policy = HeuristicBot()

    def choose(self, state: GameState, rng: random.Random) -> Action:
        if state.phase != DRAW or state.players > 1:
            return self.policy.choose(state, rng)
        open_decks = [d for d, cards in state.decks.items() if cards]
        if state.drawn[0]:  # the round's later draws keep to the deck its first draw chose
            last = state.history[-1] if state.history else None
            if isinstance(last, DrawCard) and last.deck in open_decks:
                return DrawCard(0, last.deck)
            return self.policy.choose(state, rng)
        first = self.policy.choose(state, rng)
        if len(open_decks) < 2 or not isinstance(first, DrawCard) or state.round > self.rounds:
            return first
        view = fair_view(state)
        scores = self.policy._deck_scores(view, 0)
        rivals = sorted((d for d in open_decks if d != first.deck), key=lambda d: -scores[d])[: self.width]
        worlds = [determinise(view, rng) for _ in range(self.samples)]
        seeds = [rng.getrandbits(64) for _ in worlds]
        best, best_value = first.deck, self._value(first.deck, worlds, seeds) + MARGIN * self.samples
        for deck in rivals:
            value = self._value(deck, worlds, seeds)
            if value > best_value:
                best, best_value = deck, value
        return DrawCard(0, best)

    def _value(self, deck: str, worlds: Sequence[GameState], seeds: Sequence[int]) -> float:
        """The plan's value summed over the determinisations (each played on a copy)."""
        total = 0.0
        for world, seed in zip(worlds, seeds):
            total += plan_value(world.clone(random.Random(seed)), deck, self.policy, random.Random(seed), self.horizon)
        return total


__all__ = ["SearchBot", "determinise", "plan_value", "position_value"]
