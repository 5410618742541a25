"""Winnable or not: :class:`OracleSearch`, a search with FULL information.

The fair bots (:mod:`engine.bots`) decide from what a player may know.  This search is
the opposite on purpose: it plays on the real game, so every trial sees the real order
of the decks, of the solo reserve and of the fire bag (the game's own RNG is copied with
each position), and asks "does a winning line exist in this deal?".  It answers a
designer's first question about a layout, "very hard, or unwinnable?", and it is never
used for the difficulty estimate itself (:mod:`engine.sim.difficulty` plays fair bots
only; a test holds the estimate to that).

The search is a limited discrepancy search (Harvey and Ginsberg, 1995) over the game's
actions:

* the heuristic bot's choice (:class:`engine.bots.heuristic.HeuristicBot`) is each
  position's first child and costs nothing; any other child costs one *discrepancy*;
* iteration ``d`` looks at every line with at most ``d`` discrepancies, ``d = 0, 1, 2 ...``
  (iteration 0 is the heuristic bot's own game, played with full information only in
  that the real draws happen);
* the other children: every legal action where there are few (draws, solo refills,
  the advanced game's and the tokens' choices); where there are many (card and fire
  placements, moves) the ``width`` best of a sample, ranked one action ahead by the
  bots' way measure (:class:`engine.bots.routes.Routes`: cats on the raft first, then
  the shortest ways); with ``width=None`` every legal action, which makes the search
  complete: an iteration that left nothing out and found no win *proves* there is none;
* a transposition table (per iteration) on a position key skips a position already
  searched with as many discrepancies left;
* the budget is a number of positions (each trial action applied to a copy counts
  one; deterministic, whatever the machine's load), and optionally seconds.

Every winning line found is replayed through the checked path
(:func:`engine.play.game.replay`) before it is reported.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Hashable

from engine.bots.heuristic import HeuristicBot
from engine.bots.routes import Routes
from engine.model.catalog import Catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.scenario import Scenario
from engine.play.actions import Action, MoveCat
from engine.play.game import Replay, new_game, replay
from engine.play.outcome import WIN
from engine.play.phases import PLAY
from engine.play.state import GameState

DEFAULT_BUDGET = 4_000  # positions per deal
DEFAULT_WIDTH = 3  # other children per position where there are many
SAMPLE = 24  # actions ranked one ahead per wide position (plus every move onto the raft)
SMALL = 12  # a position with at most this many legal actions has every one as a child

WIN_FOUND = "win"  # a winning line was found
NO_WIN = "no-win"  # the search was complete: no line wins (a proof)
BUDGET = "budget"  # the budget ran out before a win was found


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class DealResult:
    """What the search found in one deal (seed)."""

    seed: int
    status: str  # WIN_FOUND, NO_WIN or BUDGET
    nodes: int  # positions searched
    discrepancies: int  # the last iteration reached (the winning line's, on a win)
    actions: tuple[Action, ...] = ()  # the winning line, from the start

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "status": self.status, "nodes": self.nodes, "discrepancies": self.discrepancies,
                "actions": len(self.actions)}  # fmt: skip


def position_key(state: GameState) -> Hashable:
    """Everything the rest of a game depends on (the game's RNG state included), with the
    hands as multisets: two positions with one key have the same futures."""
    return (
        state.phase, state.round, tuple(state.terrain), state.tile_fire, state.fire, tuple(state.safe), state.safe_any,
        tuple(state.cat_sq), tuple(state.exhausted), tuple(state.arrived), tuple(state.arrivals),
        tuple(tuple(sorted(h)) for h in state.hands), tuple(tuple(r) for r in state.reserve), tuple(state.drawn),
        tuple(tuple(c) for c in state.decks.values()), tuple(state.bag), state.pending, state.water,
        state.water_used, tuple(state.discard_pile), tuple(state.disaster_pile), tuple(state.removed),
        tuple(state.advanced.disaster_deck), tuple(state.advanced.disaster_used), state.advanced.disaster, state.advanced.bonus, tuple(state.advanced.extra_cards),
        tuple(sorted(state.kickstarter.tokens.items())), tuple(state.kickstarter.held), state.kickstarter.task, state.kickstarter.maps,
        tuple(tuple(seat) for seat in state.comm_tokens), len(state.arrival_turns),
        hash(state.rng.getstate()),
    )  # fmt: skip


class OracleSearch:
    """A full-information search for a winning line (see the module doc).  Named for what
    it is: it reads hidden order, so it answers "is this deal winnable?", never "how hard
    is this for a player?"."""

    def __init__(self, scenario: Scenario, *, variant: str = "solo", players: int = 1, budget: int = DEFAULT_BUDGET,
                 width: int | None = DEFAULT_WIDTH, seconds: float | None = None,
                 catalog: Catalog | None = None) -> None:  # fmt: skip
        if budget < 1:
            raise ValueError(f"budget: {budget}; give 1 position or more")
        self.scenario, self.variant, self.players = scenario, variant, players
        self.budget, self.width, self.seconds = budget, width, seconds
        self.catalog = catalog  # the scenario's components when not the default catalog's (an installed pack's)
        self.policy = HeuristicBot()
        self._nodes = 0
        self._deadline = 0.0
        self._cut = False
        self._table: dict[Hashable, int] = {}  # this iteration: position -> discrepancies it was searched with
        self._lost: set[Hashable] = set()  # positions every line of which was searched, none winning

    # --- one deal ---------------------------------------------------------------------
    def search(self, seed: int) -> DealResult:
        """Look for a winning line in the deal ``seed`` (``new_game(..., seed=seed)``)."""
        found = self.search_from(
            new_game(self.scenario, seed=seed, players=self.players, variant=self.variant, catalog=self.catalog)
        )
        if found.status == WIN_FOUND:  # played again from the start through the checked path
            state = replay(self.scenario, found.actions, seed=seed, players=self.players, variant=self.variant,
                           catalog=self.catalog)  # fmt: skip
            outcome = state.outcome()
            if outcome is None or outcome.result != WIN:
                raise RuntimeError(f"oracle search: the line found for seed {seed} does not win when replayed")
        return found

    def search_from(self, root: GameState) -> DealResult:
        """Look for a winning line from ``root`` (left unchanged); the result's seed is
        the game's."""
        seed = root.seed
        self._nodes = 0
        self._lost = set()
        self._deadline = time.monotonic() + self.seconds if self.seconds else 0.0
        d = 0
        try:
            while True:
                self._cut = False
                self._table = {}
                line = self._dfs(root, d)
                if line is not None:
                    return self._checked(root, d, line)
                if not self._cut:  # nothing was left out: every line was searched, none wins
                    return DealResult(seed, NO_WIN, self._nodes, d)
                d += 1
        except _OutOfBudget:
            return DealResult(seed, BUDGET, self._nodes, d)

    def _checked(self, root: GameState, d: int, line: list[Action]) -> DealResult:
        """The line played again from ``root`` through the checked path: a win, or a bug said aloud."""
        state = root.clone()
        for action in line:
            state.apply(action)
        outcome = state.outcome()
        if outcome is None or outcome.result != WIN:
            raise RuntimeError(f"oracle search: the line found (seed {root.seed}) does not win when replayed")
        return DealResult(root.seed, WIN_FOUND, self._nodes, d, tuple(line))

    def _spend(self) -> None:
        self._nodes += 1
        if self._nodes > self.budget or (self._deadline and time.monotonic() > self._deadline):
            raise _OutOfBudget

    def _dfs(self, state: GameState, d: int) -> list[Action] | None:
        outcome = state.outcome()
        if outcome is not None:
            return [] if outcome.result == WIN else None
        key = position_key(state)
        if key in self._lost or self._table.get(key, -1) >= d:
            return None  # searched already with as many discrepancies left (or every line), and lost
        self._table[key] = d
        outer, self._cut = self._cut, False
        children = self._children(state, d)
        for i in [*range(1, len(children)), 0]:  # the discrepancies first: early choices matter most
            action = children[i]
            child = state.clone()
            self._spend()
            child.apply_unchecked(action)
            line = self._dfs(child, d - (i > 0))
            if line is not None:
                return [action, *line]
        if not self._cut:
            self._lost.add(key)  # every line from here was searched: lost whatever the discrepancies
        self._cut = outer or self._cut
        return None

    # --- children, best first -----------------------------------------------------------
    def _children(self, state: GameState, d: int) -> list[Action]:
        legal = state.legal_actions()
        n = len(legal)
        first = self.policy.choose(state, random.Random(0))
        if not state.is_legal(first):  # the policy only orders the children: a legal one leads
            first = legal[0]
        if d == 0:
            if n > 1:
                self._cut = True
            return [first]
        if n <= SMALL or self.width is None:
            rest = [a for a in legal if a != first]
        else:
            rest = self._ranked(state, legal, first)
            if len(rest) < n - 1:
                self._cut = True  # a wide position: the search is not complete
        return [first, *rest]

    def _ranked(self, state: GameState, legal: Any, first: Action) -> list[Action]:
        """The ``width`` best of a sample of a wide position's actions, one action ahead."""
        assert self.width is not None
        n = len(legal)
        step = max(1, n // SAMPLE)
        picks = {i for i in range(0, n, step)}
        if state.phase == PLAY:  # every move onto a raft square is in the sample
            raft = state.island.raft
            grid = state.island.grid
            picks |= {i for i, a in enumerate(legal) if isinstance(a, MoveCat) and raft & grid.bit(a.to)}
        scored: list[tuple[tuple[int, int], int, Action]] = []
        for i in sorted(picks):
            action = legal[i]
            if action == first:
                continue
            trial = state.clone()
            self._spend()
            trial.apply_unchecked(action)
            scored.append((_value(trial), i, action))
        scored.sort(key=lambda s: (s[0], s[1]))
        return [a for _, _, a in scored[: self.width]]


def _value(state: GameState) -> tuple[int, int]:
    """Smaller is better: a win, then cats on the raft, then the total of the ways."""
    outcome = state.outcome()
    if outcome is not None:
        return (-100, 0) if outcome.result == WIN else (100, 0)
    return (-sum(state.arrived), Routes(state).total() if any(not a for a in state.arrived) else 0)


@dataclass(frozen=True)
class Winnable:
    """The oracle's answer for one scenario over ``deals`` deals (seeds ``seed ..``)."""

    deals: int
    budget: int
    width: int | None
    seed: int
    results: tuple[DealResult, ...]

    @property
    def wins(self) -> int:
        return sum(1 for r in self.results if r.status == WIN_FOUND)

    @property
    def proved_none(self) -> int:
        return sum(1 for r in self.results if r.status == NO_WIN)

    @property
    def shortest(self) -> DealResult | None:
        won = [r for r in self.results if r.status == WIN_FOUND]
        return min(won, key=lambda r: (len(r.actions), r.seed)) if won else None

    def sentence(self) -> str:
        """The answer as a designer reads it."""
        if self.wins:
            return f"a win exists in {self.wins} of {self.deals} deals"
        if self.proved_none == self.deals:
            return f"no win in any of {self.deals} deals (every line searched)"
        return f"no win found in {self.deals} deals within budget {self.budget}"

    def replay_of(self, scenario: Scenario, variant: str, players: int) -> Replay | None:
        best = self.shortest
        if best is None:
            return None
        return Replay(scenario, best.seed, variant, players, best.actions)

    def to_dict(self) -> dict[str, Any]:
        best = self.shortest
        return {
            "deals": self.deals, "budget": self.budget, "width": self.width, "seed": self.seed, "wins": self.wins,
            "proved_none": self.proved_none, "answer": self.sentence(),
            "shortest_win": None if best is None else {"seed": best.seed, "actions": [str(a) for a in best.actions]},
            "results": [r.to_dict() for r in self.results],
        }  # fmt: skip


def search_deals(doc: dict[str, Any], seeds: list[int], variant: str, players: int, budget: int,
                 width: int | None, seconds: float | None = None, catalog: Catalog | None = None) -> list[DealResult]:  # fmt: skip
    """One :class:`DealResult` per seed (a task for a process pool: the scenario as its
    JSON dict, which pickles small)."""
    scenario = scenario_from_dict(doc)
    oracle = OracleSearch(scenario, variant=variant, players=players, budget=budget, width=width, seconds=seconds,
                          catalog=catalog)  # fmt: skip
    return [oracle.search(s) for s in seeds]


def winnable(scenario: Scenario, *, deals: int, seed: int = 0, budget: int = DEFAULT_BUDGET,
             width: int | None = DEFAULT_WIDTH, seconds: float | None = None, variant: str = "solo",
             players: int = 1, jobs: int = 1, progress: Callable[[int], None] | None = None,
             catalog: Catalog | None = None) -> Winnable:  # fmt: skip
    """Search the deals ``seed .. seed+deals-1`` (the first deals of an estimate with the
    same seed) for a winning line, on ``jobs`` processes.  Raises ValueError (among them
    UnsupportedScenario) when the engine cannot play the scenario."""
    if deals < 1:
        raise ValueError(f"deals: {deals}; give 1 deal or more")
    new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog)  # refused before any search
    doc = scenario_to_dict(scenario)
    seeds = list(range(seed, seed + deals))
    results: list[DealResult] = []
    if jobs <= 1 or deals < 2:
        for s in seeds:
            results.extend(search_deals(doc, [s], variant, players, budget, width, seconds, catalog))
            if progress:
                progress(len(results))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, deals)) as pool:
            futures = [
                pool.submit(search_deals, doc, [s], variant, players, budget, width, seconds, catalog) for s in seeds
            ]
            for future in as_completed(futures):
                results.extend(future.result())
                if progress:
                    progress(len(results))
    results.sort(key=lambda r: r.seed)
    return Winnable(deals, budget, width, seed, tuple(results))


__all__ = ["BUDGET", "DEFAULT_BUDGET", "DEFAULT_WIDTH", "NO_WIN", "WIN_FOUND", "DealResult", "OracleSearch",
           "Winnable", "position_key", "search_deals", "winnable"]  # fmt: skip
