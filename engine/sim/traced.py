"""Playouts that leave a trace for the difficulty estimate: the squares the cats
crossed, and any game again as a :class:`~engine.play.game.Replay` (the studio opens
a lost game in the playtest at the moment it was lost).

A move names only where a cat starts and ends (rulebook "Move the cat": any path over
its terrain), so :func:`crossed_squares` takes the shortest such path, preferring
squares in row-major order: the same move always crosses the same squares.
"""

from __future__ import annotations

import random

from engine.bots.bots import Bot, get_bot
from engine.model.scenario import Scenario
from engine.play.actions import Action, MoveCat
from engine.play.analysis import WHITE, walkable
from engine.play.bitboard import bit_list
from engine.play.game import Replay, new_game
from engine.play.position import Position
from engine.play.state import GameState


def crossed_squares(state: Position, action: MoveCat) -> int:
    """Bit mask of the squares a move crosses, both ends included (before the move is
    applied).  White cats move along paths, not terrain: only their two ends."""
    grid = state.island.grid
    start, end = grid.bit(action.cat), grid.bit(action.to)
    cat = state.cat_at(action.cat)
    if cat is None or state.island.cat_terrain[cat] == WHITE:
        return start | end
    passable = (walkable(state, state.island.cat_terrain[cat]) & ~state.fire) | end
    levels = [start]
    while not levels[-1] & end:
        grown = levels[-1] | (grid.neighbours(levels[-1]) & passable)
        if grown == levels[-1]:
            return start | end  # no path over its terrain (not a legal move): its ends
        levels.append(grown)
    path, here = end, end
    for level in reversed(levels[:-1]):
        here = 1 << bit_list(grid.neighbours(here) & level)[0]
        path |= here
    return path


def traced_playout(state: GameState, bot: Bot, rng: random.Random, max_actions: int) -> tuple[int, int]:
    """Play ``state`` forward in place like :func:`engine.bots.bots.playout`; returns
    ``(actions taken, squares the cats crossed)``."""
    taken = crossed = 0
    choose, apply = bot.choose, state.apply_unchecked
    while state.outcome() is None and taken < max_actions:
        action: Action = choose(state, rng)
        if isinstance(action, MoveCat):
            crossed |= crossed_squares(state, action)
        apply(action)
        taken += 1
    return taken, crossed


def game_replay(scenario: Scenario, seed: int, *, variant: str = "solo", players: int = 1, bot: str = "heuristic",
                max_actions: int = 5_000) -> Replay:  # fmt: skip
    """Game ``seed`` of a difficulty estimate played again (the same bot, its RNG seeded
    ``seed``): its replay, every action up to the end (a loss: the moment it was lost)."""
    state = new_game(scenario, seed=seed, players=players, variant=variant)
    traced_playout(state, get_bot(bot), random.Random(seed), max_actions)
    return Replay.of(state)


__all__ = ["crossed_squares", "game_replay", "traced_playout"]
