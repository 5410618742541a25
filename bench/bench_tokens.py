#!/usr/bin/env python3
"""Kickstarter figures (`make bench`): random and heuristic playouts per second of the
bundled Campaign 1 scenario "Waiting for friends" with Kickstarter tokens of every kind
near the cats and in free card windows, a treasure-map objective and FIXTURE hybrid
fire tiles in the bag, against the plain scenario; and the time of ``legal_actions()``
(listing every move with every set of tokens its ways collect) on a play-phase state.
The real hybrid tiles are unknown (RULINGS C17): the two tiles here are fixtures."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from engine import new_game
from engine.bots.bots import get_bot, playout
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, FireTile, default_catalog
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, Scenario, TokenPlacement
from engine.play.reach import move_targets

SCENARIO = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"
FIXTURES = (
    FireTile("fixture-hybrid-1", ((0, 0), (0, 1), (0, 2)), True, (((0, 1), "blue"),)),
    FireTile("fixture-hybrid-2", ((0, 0), (0, 1), (1, 1), (1, 2)), True, (((1, 1), "green"),)),
)
KINDS = ("map", "fish", "water", "fire")


def kickstarter(plain: Scenario, catalog: Catalog) -> Scenario:
    state = new_game(plain, seed=0, catalog=catalog)
    grid = state.island.grid
    picked: list[tuple[int, int]] = []
    for cat in range(state.cat_count()):
        picked += list(grid.squares(move_targets(state, cat) & ~state.island.raft))[:2]
    free = state.island.land & ~(state.fire | state.island.raft | state.cat_mask)
    picked += [sq for sq in grid.squares(free) if sq not in picked][::7][:8]
    tokens = tuple(TokenPlacement(KINDS[i % 4], sq) for i, sq in enumerate(dict.fromkeys(picked)))
    return replace(plain, tokens=tokens, objectives=(Objective("collect_maps", count=1),),
                   rules=replace(plain.rules, hybrid_fire_tiles=True))  # fmt: skip


def rate(scenario: Scenario, bot: str, games: int, catalog: Catalog) -> tuple[float, int]:
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        state = new_game(scenario, seed=seed, catalog=catalog)
        actions += playout(state, get_bot(bot), random.Random(seed)).actions
    return games / (time.perf_counter() - start), actions // games


def legal_time(scenario: Scenario, catalog: Catalog) -> tuple[float, int]:
    state = new_game(scenario, seed=3, catalog=catalog)
    rng = random.Random(3)
    while state.phase != "play":
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    runs = 200
    start = time.perf_counter()
    for _ in range(runs):
        count = len(list(state.legal_actions()))
    return (time.perf_counter() - start) / runs * 1000, count


def main() -> None:
    catalog = default_catalog().merged(Catalog(ids=("fixture-hybrid",), name="fixture hybrid tiles",
                                               fire_tiles={t.id: t for t in FIXTURES}))  # fmt: skip
    plain = open_scenario(SCENARIO)
    tokens = kickstarter(plain, catalog)
    for bot, games in (("random", 100), ("heuristic", 8)):
        for label, scenario in (("plain", plain), ("tokens", tokens)):
            per_second, length = rate(scenario, bot, games, catalog)
            print(
                f"{bot:9} {label:6} solo playouts: {per_second:7.1f} games/s  ({games} games, ~{length} actions each)"
            )
    for label, scenario in (("plain", plain), ("tokens", tokens)):
        ms, count = legal_time(scenario, catalog)
        print(f"legal_actions() listed in full, {label:6}: {ms:6.2f} ms ({count} actions)")


if __name__ == "__main__":
    main()
