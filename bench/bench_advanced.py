#!/usr/bin/env python3
"""Advanced-game figures (`make bench`): random and heuristic playouts per second of the
bundled Campaign 1 scenario "Waiting for friends" played in advanced mode, against the
same scenario in standard mode.  The real disaster cards are unknown (RULINGS C15), so
the deck is six FIXTURE cards defined here (one of each effect kind), never real ones."""

from __future__ import annotations

import random
import time

from engine import new_game
from engine.bots.bots import get_bot, playout
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterCard, DisasterEffect
from engine.model.resources import campaigns_dir

SCENARIO = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"
E = DisasterEffect
FIXTURES = (
    DisasterCard("fixture-disaster-1", (E("fire"),)),
    DisasterCard("fixture-disaster-2", (E("discard", who="each"), E("exhaust", cat="nearest_fire"))),
    DisasterCard("fixture-disaster-3", (E("move", cat="any", squares=3, towards="fire"),)),
    DisasterCard("fixture-disaster-4", (E("lose_water"), E("exhaust", cat="all"))),
    DisasterCard("fixture-disaster-5", (E("discard", count=2), E("fire"))),
    DisasterCard("fixture-disaster-6", (E("move", cat="nearest_fire", squares=2, towards="away_from_fire"),)),
)


def rate(mode: str, bot: str, games: int, catalog: Catalog) -> tuple[float, int]:
    scenario = open_scenario(SCENARIO).with_changes(mode=mode)
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        state = new_game(scenario, seed=seed, catalog=catalog)
        actions += playout(state, get_bot(bot), random.Random(seed)).actions
    return games / (time.perf_counter() - start), actions // games


def main() -> None:
    catalog = default_catalog().merged(Catalog(ids=("fixture-disasters",), name="fixture disasters",
                                               disaster_cards={c.id: c for c in FIXTURES}))  # fmt: skip
    for bot, games in (("random", 100), ("heuristic", 8)):
        for mode in ("standard", "advanced"):
            per_second, length = rate(mode, bot, games, catalog)
            print(f"{bot:9} {mode:8} solo playouts: {per_second:7.1f} games/s  ({games} games, ~{length} actions each)")


if __name__ == "__main__":
    main()
