#!/usr/bin/env python3
"""COMP1110 interop figures (`make bench`): microseconds per call of the five state
functions of ``engine.interop.comp1110`` (``is_placement_valid``, ``apply_placement``,
``is_cat_movement_valid``, ``move_cat``, ``is_game_over``), parsing included, on 600
generated vectors per function against the 100 us target (issue 8, item 5).

The vectors come from mid-game states of four-board islands: for each of a few seeds a
bundled four-board challenge is set up (``initialise_challenge``), read as an engine
state, and played at random (variant ``comp1110``, avoiding actions that lose at once) until at least six fire tiles
lie on the island and the player holds cards; its five strings are the state.  Each
function then gets actions of that state as notation strings: legal ones (every
function), plus random card, fire tile and cat movement strings for the two validity
checks and ``is_game_over`` (mostly illegal).  Pass ``--profile`` to print the cProfile
top 25 of each function instead of the table.

The interop keeps what it read of recent states, action strings and flood components
per process, so the 100 questions the vectors ask of each state read it once (the
``warm`` column); the ``cold`` column times every call with all of that forgotten
first, as an outside tool asking once per state would see it.  The target is judged on
the cold column; the warm one is for information.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import sys
import time
from typing import Callable, Sequence

from engine.interop import comp1110_actions, comp1110_challenge, comp1110_state
from engine.play.actions import Action, MoveCat, PlaceFire, PlacePathway
from engine.play.phases import DRAW, FIRE, PLAY, PendingFire
from engine.play.state import GameState

VECTORS = 600
STATES = 6
TILES = 6  # fire tiles on the island in a "mid-game" state
TARGET_US = 100.0
ALL_DECKS = "".join(d + "abcdefghijklmnopqrstuvwxy" for d in "ABCD")
ALL_TILES = "abcdefghijklmnopqrstuvwxyzABCDE"
Vector = tuple[list[str], str]


def four_board_challenges() -> list[str]:
    """Every bundled challenge with four islands (campaign groups 2-5)."""
    rng = random.Random(0)
    found: list[str] = []
    for group in range(2, 6):
        for _ in range(40):
            text = comp1110_challenge.choose_challenge(group, rng)
            if len(comp1110_challenge.parse_challenge(text).islands) == 4 and text not in found:
                found.append(text)
    return found


def mid_game(challenge: str, seed: int) -> GameState | None:
    """The challenge played at random to a play phase with at least ``TILES`` fire
    tiles placed and cards in hand (None if the game ends first)."""
    rng = random.Random(seed)
    board = comp1110_challenge.initialise_challenge(challenge, rng)
    state = comp1110_state.game_state_from_strings([board, ALL_DECKS, "", "", ALL_TILES], rng=rng)
    state.phase, state.drawn = DRAW, [0]
    while not state.is_terminal():
        if state.phase == PLAY and len(state.tiles_placed) >= TILES and state.hands[0]:
            return state
        state.apply(careful_choice(state, rng))
    return None


def careful_choice(state: GameState, rng: random.Random, tries: int = 30) -> Action:
    """A random legal action that does not lose at once, if one of ``tries`` does not
    (a purely random player cuts a cat off within two or three fire tiles)."""
    actions = state.legal_actions()
    for _ in range(tries):
        action = actions[rng.randrange(len(actions))]
        probe = state.clone()
        probe.apply_unchecked(action)
        if not probe.is_terminal():
            return action
    return action


def _string(state: GameState, action: PlacePathway | PlaceFire | MoveCat) -> str:
    colour = None
    if isinstance(action, MoveCat):
        cat = state.cat_at(action.cat)
        colour = None if cat is None else state.island.cat_colours[cat]
    return comp1110_actions.format_action_string(action, colour, state.island.catalog)


def legal_strings(state: GameState, rng: random.Random) -> dict[str, list[str]]:
    """Legal card placements, fire placements (of tiles still in the bag) and moves."""
    cards = [a for card in state.hands[0] for a in state.legal_card_placements(0, card)]
    moves = [a for a in state.legal_actions() if isinstance(a, MoveCat)]
    fires: list[PlaceFire] = []
    for tile in rng.sample(state.bag, min(6, len(state.bag))):
        probe = state.clone()
        probe.bag.remove(tile)
        probe.pending, probe.phase = PendingFire(tile, 0, "pathway"), FIRE
        fires += probe.legal_fire_placements()
    return {kind: [_string(state, a) for a in actions] for kind, actions in
            (("card", cards), ("fire", fires), ("move", moves))}  # fmt: skip


def random_strings(state: GameState, rng: random.Random, count: int) -> list[str]:
    """Random card, fire tile and movement strings on the board (mostly illegal)."""
    grid = state.island.grid
    out = []
    for _ in range(count):
        r, c = rng.randrange(grid.rows - 2), rng.randrange(grid.cols - 2)
        kind = rng.randrange(3)
        if kind == 0:
            out.append(
                f"{rng.choice('ABCD')}{rng.choice('abcdefghijklmnopqrstuvwxy')}{r:02d}{c:02d}{rng.choice('NESW')}"
            )
        elif kind == 1:
            out.append(f"{rng.choice(ALL_TILES)}{r:02d}{c:02d}{rng.choice('TF')}{rng.choice('NESW')}")
        else:
            cat = rng.randrange(state.cat_count())
            (cr, cc), colour = state.cat_square(cat), state.island.cat_colours[cat]
            hand = [k for k in state.hands[0]] or ["circle:a"]
            discard = comp1110_actions.format_action_string(
                MoveCat(0, (cr, cc), (r, c), (rng.choice(hand),)), colour, state.island.catalog
            )
            out.append(discard)
    return out


def vectors(rng: random.Random) -> dict[str, list[Vector]]:
    """``VECTORS`` vectors per function, spread over ``STATES`` mid-game states."""
    per_state = VECTORS // STATES
    out: dict[str, list[Vector]] = {name: [] for name in FUNCTIONS}
    challenges = four_board_challenges()
    seed = 0
    while len(out["move_cat"]) < VECTORS:
        seed += 1
        state = mid_game(challenges[seed % len(challenges)], seed)
        if state is None:
            continue
        legal = legal_strings(state, rng)
        if not legal["move"] or not legal["card"] or not legal["fire"]:
            continue
        strings = comp1110_state.game_state_to_strings(state)
        placements = legal["card"] + legal["fire"]
        noise = random_strings(state, rng, per_state)
        mixed = [rng.choice(placements + legal["move"]) if i % 2 else noise[i] for i in range(per_state)]
        pick: dict[str, list[str]] = {
            "is_placement_valid": [rng.choice(placements) if i % 2 else noise[i] for i in range(per_state)],
            "apply_placement": [rng.choice(placements) for _ in range(per_state)],
            "is_cat_movement_valid": [rng.choice(legal["move"]) if i % 2 else noise[i] for i in range(per_state)],
            "move_cat": [rng.choice(legal["move"]) for _ in range(per_state)],
            "is_game_over": mixed,
        }
        for name, actions in pick.items():
            out[name] += [(strings, a) for a in actions]
    return {name: vs[:VECTORS] for name, vs in out.items()}


def _quiet(fn: Callable[[Sequence[str], str], object]) -> Callable[[Sequence[str], str], object]:
    """``fn``, with the IllegalAction / ValueError a random string may raise swallowed."""

    def call(state: Sequence[str], action: str) -> object:
        try:
            return fn(state, action)
        except ValueError:
            return None

    return call


FUNCTIONS: dict[str, Callable[[Sequence[str], str], object]] = {
    "is_placement_valid": comp1110_state.is_placement_valid,
    "apply_placement": _quiet(comp1110_state.apply_placement),
    "is_cat_movement_valid": comp1110_state.is_cat_movement_valid,
    "move_cat": _quiet(comp1110_state.move_cat),
    "is_game_over": _quiet(comp1110_state.is_game_over),
}


def per_call_us(
    fn: Callable[[Sequence[str], str], object], cases: list[Vector], runs: int = 3, cold: bool = False
) -> float:
    """Best of ``runs`` passes over every vector, microseconds of this process's CPU
    time per call (``time.process_time``: other work on a busy machine does not count).
    ``cold``: with everything the interop keeps per process (read states, action
    strings, grid components) forgotten before each call, the time of forgetting
    taken off."""
    forget = comp1110_state.forget_kept_reads if cold else _nothing
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        for _case in cases:
            forget()
        overhead = time.process_time() - start
        start = time.process_time()
        for state, action in cases:
            forget()
            fn(state, action)
        best = min(best, (time.process_time() - start - overhead) / len(cases))
    return best * 1e6


def _nothing() -> None:
    pass


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    cases = vectors(random.Random(1110))
    print(f"{VECTORS} vectors per function over mid-game four-board states "
          f"(generated in {time.perf_counter() - start:.1f} s)")  # fmt: skip
    if "--profile" in argv:
        for name, fn in FUNCTIONS.items():
            profile = cProfile.Profile()
            profile.runcall(per_call_us, fn, cases[name], 1)
            print(f"== {name}")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return 0
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    print(f"CPU time of this process per call; load average {load:.1f} on {cpus} CPUs (a busy machine slows even that)")
    print("us/call, cold: nothing kept, every call reads everything (what the target is judged on); warm: each")
    print("state is asked 100 questions in a row, so its reading is kept after the first (for information)")
    print(f"{'function':<24}{'cold':>8}{'target':>8}  {'':8}{'warm':>8}")
    for name, fn in FUNCTIONS.items():
        cold = per_call_us(fn, cases[name], cold=True)
        warm = per_call_us(fn, cases[name])
        print(f"{name:<24}{cold:>8.1f}{TARGET_US:>8.0f}  {'ok' if cold < TARGET_US else 'MISSED':8}{warm:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
