"""Monte-Carlo estimates: play a scenario with a bot over many seeds, fanned out over
processes (``concurrent.futures.ProcessPoolExecutor``), and report the win rate and
how the games were lost.  Seed ``s`` plays ``new_game(..., seed=s)`` with the bot's
RNG seeded ``s`` too, so every game of a run can be replayed on its own.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Iterable

from engine.bots.bots import Bot, RandomBot, playout
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.scenario import Scenario
from engine.play.game import new_game


@dataclass(frozen=True)
class MonteCarloResult:
    games: int
    wins: int
    reasons: dict[str, int] = field(default_factory=dict)  # outcome reason -> games
    unfinished: int = 0  # games that hit max_actions

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _play_chunk(
    doc: dict[str, Any], seeds: list[int], variant: str, players: int, bot: Bot, max_actions: int
) -> list[str | None]:
    scenario = scenario_from_dict(doc)
    out: list[str | None] = []
    for seed in seeds:
        state = new_game(scenario, seed=seed, players=players, variant=variant)
        result = playout(state, bot, random.Random(seed), max_actions)
        out.append(None if result.outcome is None else f"{result.outcome.result}:{result.outcome.reason}")
    return out


def run(
    scenario: Scenario,
    seeds: Iterable[int],
    *,
    variant: str = "solo",
    players: int = 1,
    bot: Bot | None = None,
    workers: int | None = None,
    max_actions: int = 100_000,
) -> MonteCarloResult:
    """Play one game per seed; ``workers=1`` stays in this process.  The bot must be
    picklable to run in other processes."""
    bot = bot or RandomBot()
    seeds = list(seeds)
    doc = scenario_to_dict(scenario)
    if workers == 1 or len(seeds) < 2:
        results = _play_chunk(doc, seeds, variant, players, bot, max_actions)
    else:
        n = min(workers or os.cpu_count() or 1, len(seeds))
        with ProcessPoolExecutor(max_workers=n) as pool:
            chunks = [seeds[i::n] for i in range(n) if seeds[i::n]]
            futures = [pool.submit(_play_chunk, doc, c, variant, players, bot, max_actions) for c in chunks]
            results = [r for f in futures for r in f.result()]
    tally = Counter(r for r in results if r is not None)
    return MonteCarloResult(
        games=len(results),
        wins=sum(n for key, n in tally.items() if key.startswith("win:")),
        reasons={key.split(":", 1)[1]: n for key, n in sorted(tally.items())},
        unfinished=sum(1 for r in results if r is None),
    )
