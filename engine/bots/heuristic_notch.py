"""Notched cats for the heuristic bot's card search (:mod:`engine.bots.heuristic_cards`).

A cat at the top of a narrow inlet of the fire strip (fire on three sides) is lost as
soon as fire tiles, which must touch fire (rulebook "Placement"), close the inlet's
mouth: it can no longer reach the raft (rulebook "How to lose").  A card across the
mouth may shorten its way no more than a card elsewhere, yet it saves the cat; so a
**notched** cat's way counts ``NOTCHED`` times more in the card search (on top of a
hemmed-in cat's double weight).  A cat is notched when at most ``NOTCH_SIZE`` squares
it could pass (its own colour, or squares a card could still cover) lie within
``NOTCH_RADIUS`` steps of it, fire touches them, and some ring of them at one distance
from the cat is at most ``NOTCH_MOUTH`` squares wide.  A few limited floods per cat.
"""

from __future__ import annotations

from engine.bots.routes import FAR, Routes
from engine.bots.weights import NOTCH_MOUTH, NOTCH_RADIUS, NOTCH_SIZE, NOTCHED
from engine.play.bitboard import BitGrid


def notch(routes: Routes, cat: int) -> int:
    """The notched cat's neighbourhood (squares it could pass within ``NOTCH_RADIUS``
    steps), or 0 when the cat is not notched or has no way left to the raft."""
    if routes.route(cat).way >= FAR:
        return 0
    state = routes.state
    return pocket(state.island.grid, routes.coverable | routes.own(cat), routes.fire, 1 << state.cat_sq[cat])


KEPT_POCKETS = 4096  # pockets kept per process (cleared when full)
_POCKETS: dict[tuple[BitGrid, int, int, int], int] = {}
_AROUND: dict[tuple[BitGrid, int], int] = {}


def pocket(grid: BitGrid, step: int, fire: int, start: int) -> int:
    """The squares of ``step`` within ``NOTCH_RADIUS`` steps of the square ``start``
    when they make a notch (at most ``NOTCH_SIZE`` of them, fire next to them, and
    some ring of them at one distance from ``start`` at most ``NOTCH_MOUTH`` wide),
    else 0.  It reads ``step`` and ``fire`` only within ``NOTCH_RADIUS + 1`` squares of
    ``start``, so it is kept per process by what lies there: a cat whose surroundings
    the last card and fire tile left alone finds it again."""
    around = _AROUND.get((grid, start))
    if around is None:
        around = _AROUND[(grid, start)] = grid.near(start, NOTCH_RADIUS + 1)
    key = (grid, start, step & around, fire & around)
    found = _POCKETS.get(key)
    if found is None:
        if len(_POCKETS) >= KEPT_POCKETS:
            _POCKETS.clear()
        found = _POCKETS[key] = _pocket(grid, step, fire, start)
    return found


def _pocket(grid: BitGrid, step: int, fire: int, start: int) -> int:
    ball = grid.flood(start, step, NOTCH_RADIUS)
    if ball.bit_count() > NOTCH_SIZE or not grid.neighbours(ball) & fire:
        return 0
    inner = start
    for _ in range(NOTCH_RADIUS):
        grown = grid.flood(inner, step, 1)
        if 0 < (grown & ~inner).bit_count() <= NOTCH_MOUTH:
            return ball  # the fire may close it soon
        inner = grown
    return 0


__all__ = ["NOTCHED", "NOTCH_MOUTH", "NOTCH_RADIUS", "NOTCH_SIZE", "notch", "pocket"]
