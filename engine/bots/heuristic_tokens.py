"""The heuristic bot's choices about Kickstarter tokens (:mod:`engine.play.tokens`).

Simple, sensible and deterministic:

* **Which tokens a move collects**: among the ways to the chosen square, the one whose
  tokens are worth most: a map 4 (mandatory where asked for, SC-2), water 2 (a free
  fire tile returned), fish 1 (every cat stands up), fire -3 (one more fire tile).
* **Putting tokens back onto a card** (KS-2): on the card square nearest a cat that
  is still to arrive, so that a cat may collect it later.
* **Resolving** (KS-3): maps and fish first (they cannot hurt), then fire, then water,
  so that a water token may return the worst tile, the one just drawn included; water
  returns the tile whose removal most shortens the cats' ways, or none when no tile
  shortens them.
"""

from __future__ import annotations

from typing import Callable

from engine.bots.weights import RESOLVE_FIRST, TOKEN_VALUE
from engine.model.geometry import Square
from engine.play.actions import Action, ResolveToken, ReturnToken
from engine.play.analysis import move_choices
from engine.play.position import Position


def best_collect(state: Position, cat: int, target: Square) -> tuple[Square, ...]:
    """The most valuable set of tokens a way of ``cat`` to ``target`` may collect.
    ``target`` is one of the cat's move targets, so some way leads there
    (:func:`engine.play.tokens.move_choices` covers every target): a target with no way
    is a bug, reported as such, never a move returned without its tokens."""
    if not state.kickstarter.tokens:
        return ()
    grid = state.island.grid
    bit = grid.bit(target)
    best: tuple[int, int, tuple[Square, ...]] | None = None
    for taken, dests in move_choices(state, cat):
        if not dests & bit:
            continue
        squares = grid.squares(taken)
        value = sum(TOKEN_VALUE[state.kickstarter.tokens[grid.index(sq)]] for sq in squares)
        if best is None or (value, -len(squares)) > (best[0], best[1]):
            best = (value, -len(squares), squares)
    if best is None:
        raise LookupError(f"no way of cat {cat} to {target} in move_choices, though the bot chose it as a target")
    return best[2]


def token_choice(state: Position, actions: list[Action], total_way: Callable[[int], int]) -> Action:
    """A choice of the tokens phase; ``total_way(removed mask)`` is the cats' total way
    with the fire tiles of ``removed`` returned to the bag."""
    returns = [a for a in actions if isinstance(a, ReturnToken)]
    if returns:
        live = [state.cat_square(c) for c in range(state.cat_count()) if not state.arrived[c]]
        return min(returns, key=lambda a: min((abs(a.at[0] - r) + abs(a.at[1] - c) for r, c in live), default=0))
    resolves = [a for a in actions if isinstance(a, ResolveToken)]
    for kind in RESOLVE_FIRST:
        of_kind = [a for a in resolves if a.kind == kind]
        if not of_kind:
            continue
        if kind != "water":
            return of_kind[0]
        keep = total_way(0)
        best: tuple[int, Action] = (keep, next(a for a in of_kind if a.tile is None))
        for a in of_kind:
            if a.tile is not None:
                way = total_way(state.tiles_placed[a.tile][0])
                if way < best[0]:
                    best = (way, a)
        return best[1]
    return actions[0]


__all__ = ["best_collect", "token_choice"]
