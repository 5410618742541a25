#!/usr/bin/env python3
"""Rules-engine figures (`make bench`), on a mid-game state of a four-board island built
deterministically from the bundled Campaign 1 scenario "Waiting for friends":

* every legal placement of one fire tile (averaged over the tiles still in the bag);
* the squares one cat can reach (averaged over the cats);
* the full "can no longer reach" analysis for all cats;
* uniformly random legal playouts of the scenario, games per second on one core.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from engine import GameState, new_game
from engine.bots.bots import RandomBot, playout
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.legal import fire_anchor_sets
from engine.play.reach import find_cut_off, move_targets
from engine.play.state import FIRE, PendingFire

SCENARIO = campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json"


def mid_game() -> GameState:
    """The first seed whose random game reaches a pending fire tile with at least six
    tiles already on the island and every cat still able to move somewhere."""
    scenario = open_scenario(SCENARIO)
    assert len(scenario.boards) == 4, "the bench wants a four-board island"
    for seed in range(1000):
        state = new_game(scenario, seed=seed, variant="solo")
        rng, bot = random.Random(seed), RandomBot()
        while not state.is_terminal():
            if state.phase == FIRE and len(state.tiles_placed) >= 6:
                return state
            state.apply(bot.choose(state, rng))
    raise SystemExit("no mid-game state found; the bench scenario changed")


def per_call(fn: Callable[[], object], calls: int) -> float:
    """Best of five runs, seconds per call."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def main() -> None:
    state = mid_game()
    grid = state.island.grid
    print(f"state: {SCENARIO.parent.name}/{SCENARIO.name} seed {state.seed}, {grid.rows}x{grid.cols} squares, "
          f"round {state.round}, {len(state.tiles_placed)} fire tiles, {len(state.placed)} cards placed, "
          f"{state.cat_count()} cats")  # fmt: skip

    probes = []
    for tile in state.bag + [state.pending.tile]:  # type: ignore[union-attr]
        probe = state.clone()
        probe.pending = PendingFire(tile, 0, "pathway")
        probes.append(probe)
    counts = [len(p.legal_fire_placements()) for p in probes]
    fire = sum(per_call(p.legal_fire_placements, 20) for p in probes) / len(probes)
    print(f"legal placements of one fire tile:  {fire * 1e3:7.3f} ms  (target < 1 ms; "
          f"{min(counts)}-{max(counts)} placements, mean over {len(probes)} tiles, as PlaceFire actions)")  # fmt: skip
    sets = sum(per_call(lambda p=p: fire_anchor_sets(p), 50) for p in probes) / len(probes)
    print(
        f"  of which the placement bit sets:  {sets * 1e3:7.3f} ms  (anchors per orientation, before building actions)"
    )

    cats = [c for c in range(state.cat_count()) if not state.arrived[c]]
    reach = sum(per_call(lambda c=c: move_targets(state, c), 500) for c in cats) / len(cats)
    print(f"squares one cat can reach:          {reach * 1e3:7.4f} ms  (target < 0.1 ms; mean over {len(cats)} cats)")

    cut = per_call(lambda: find_cut_off(state), 200)
    print(f"cut-off analysis, all cats:         {cut * 1e3:7.3f} ms  (target < 2 ms)")
    print(cut_off_spread())

    scenario = open_scenario(SCENARIO)
    games, actions = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3.0:
        game = new_game(scenario, seed=games, variant="solo")
        actions += playout(game, RandomBot(), random.Random(games)).actions
        games += 1
    rate = games / (time.perf_counter() - start)
    print(f"random playouts:                    {rate:7.1f} games/s  (target >= 50; "
          f"{actions / games:.1f} actions per game, solo)")  # fmt: skip


def cut_off_spread(seeds: int = 2) -> str:
    """The cut-off analysis over every play-phase state of random solo games of all
    bundled scenarios: with water left it searches which tiles to return, so its cost
    varies with the position; the median, p99 and worst case show that spread."""
    from engine.check.validate_files import open_campaign_with_scenarios
    from engine.model.library import bundled_campaign_paths

    times: list[float] = []
    bot = RandomBot()
    for campaign in bundled_campaign_paths():
        for _, scenario in open_campaign_with_scenarios(campaign)[1]:
            for seed in range(seeds):
                game, rng = new_game(scenario, seed=seed, variant="solo"), random.Random(seed)
                while not game.is_terminal():
                    game.apply_unchecked(bot.choose(game, rng))
                    if game.phase == "play" and not game.is_terminal():
                        start = time.perf_counter()
                        find_cut_off(game)
                        times.append(time.perf_counter() - start)
    times.sort()
    n = len(times)
    return (
        f"  over {n} states of all bundled scenarios: median {times[n // 2] * 1e3:.3f} ms, "
        f"p99 {times[int(n * 0.99)] * 1e3:.3f} ms, worst {times[-1] * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    main()
