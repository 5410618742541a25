"""A fair bot that tests its card placements by the room they leave the fire.

Lost games are cats cut off by fire tiles with no safe place, and what empties the room
is the cards and the cats' routes rounds before the fatal tile (docs/lab/bot-tuning.md).
A pathway card is also a firebreak: a fire tile cannot go under a card and must touch
fire, so a card placed to shorten a way may open or close the room.  This bot is the
heuristic bot, except where it places a pathway card in a solo game:

* the heuristic's card search ranks its ``WIDTH`` best placements
  (:func:`engine.bots.heuristic_cards.ranked_cards`, its own choice first); a shortening
  card's rivals must shorten the ways as much as the heuristic asks of a card
  (``PLACE_GAIN``), the least harmful card's may be any of the ranked;
* each is laid on a fair view (:func:`engine.bots.view.fair_view`) with the fire tile the
  card brings, and the room it leaves counted (:func:`engine.bots.room.safe_room`) over
  ``TILES`` tiles drawn from the bag's sorted list by the bot's own RNG (the same tiles
  for every placement compared);
* a rival replaces the heuristic's placement only when it leaves ``MARGIN`` more room;
  a heuristic placement that leaves the full room (every tile ``CAP`` safe places) is
  played without looking further.

No hidden order is read (the bag as a multiset, the fair view); no weight is added.
Islands with white cats or rescue strips, and team games, keep the heuristic's choice.
Strength and cost: docs/lab/bot-tuning.md.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Sequence

from engine.bots.heuristic import HeuristicBot
from engine.bots.heuristic_cards import CardSearch, ranked_cards
from engine.bots.heuristic_fire import choose_fire
from engine.bots.room import CAP, safe_room
from engine.bots.routes import Routes
from engine.bots.view import fair_view
from engine.bots.ways import Ways
from engine.bots.weights import PLACE_GAIN
from engine.play.actions import Action, PlacePathway
from engine.play.analysis import WHITE, fire_anchor_sets
from engine.play.phases import FIRE, PLAY
from engine.play.state import GameState

#: the heuristic's ranked placements compared (its own first)
WIDTH = 4
#: tiles of the bag the room is counted over
TILES = 6
#: how much more room (mean safe places a tile) a rival must leave to be played
MARGIN = 0.5


def room_after(state: GameState, action: PlacePathway, tiles: Sequence[str], cap: int = CAP) -> float | None:
    """The room ``action`` leaves for ``tiles`` once its fire tile is drawn, on a fair
    view; None when the card ends the game or brings no fire tile (tokens under it)."""
    view = fair_view(state)
    view.apply_unchecked(action)
    if view.is_terminal() or view.phase != FIRE or view.pending is None:
        return None
    return safe_room(view, tiles, cap)


def room_ahead(state: GameState, action: PlacePathway, firsts: Sequence[str], tiles: Sequence[str],
               cap: int = CAP) -> float | None:  # fmt: skip
    """The room two tiles on: for each of ``firsts`` as the tile the card brings, that tile
    laid as the heuristic lays it (:func:`engine.bots.heuristic_fire.choose_fire`), then
    the room for ``tiles``; a tile that loses the game leaves 0.  The mean, on fair views;
    None when the card ends the game or brings no fire tile."""
    total = 0.0
    for first in firsts:
        view = fair_view(state)
        view.apply_unchecked(action)
        if view.is_terminal() or view.phase != FIRE or view.pending is None:
            return None
        pending = view.pending = replace(view.pending, tile=first)
        if fire_anchor_sets(view):  # a tile that fits nowhere is laid nowhere
            view.apply_unchecked(choose_fire(view))
            if view.is_terminal():
                continue  # the tile cut a cat off: no room
        view.pending = pending  # the next tile's draw, as safe_room asks it
        total += safe_room(view, tiles, cap)
    return total / len(firsts)


def rivals(state: GameState, chosen: PlacePathway, width: int = WIDTH) -> list[PlacePathway]:
    """The heuristic's ranked placements other than ``chosen`` (empty when its ranking
    does not start with ``chosen``: some other step of the heuristic placed it)."""
    player = chosen.player
    routes = Routes(state)
    search = CardSearch(state, player, sorted(state.hands[player]), routes, Ways(state, routes=routes), {})
    ranked = ranked_cards(search, width)
    if not ranked or ranked[0][1] != chosen:
        return []
    score, _, _, base = ranked[0]
    shortening = score <= base - PLACE_GAIN
    return [p for s, p, _, _ in ranked[1:] if not shortening or s <= base - PLACE_GAIN]


class CardRoomBot:
    """See the module doc.  Picklable; keeps nothing between choices."""

    name = "cardroom"

    def __init__(self, width: int = WIDTH, tiles: int = TILES, cap: int = CAP, margin: float = MARGIN,
                 firsts: int = 0) -> None:  # fmt: skip
        self.width, self.tiles, self.cap, self.margin, self.firsts = width, tiles, cap, margin, firsts
        self.policy = HeuristicBot()

    def room(self, state: GameState, action: PlacePathway, drawn: list[str]) -> float | None:
        if self.firsts:
            return room_ahead(state, action, drawn[: self.firsts], drawn[self.firsts :], self.cap)
        return room_after(state, action, drawn, self.cap)

    def choose(self, state: GameState, rng: random.Random) -> Action:
        chosen = self.policy.choose(state, rng)
        if state.phase != PLAY or state.players != 1 or not isinstance(chosen, PlacePathway):
            return chosen
        island = state.island
        if island.rescues or any(
            island.cat_terrain[c] == WHITE for c in range(state.cat_count()) if not state.arrived[c]
        ):
            return chosen
        if not state.bag:
            return chosen
        bag = sorted(state.bag, key=island.tile_order.__getitem__)  # public as a set: only the order is hidden
        drawn = rng.sample(bag, min(self.tiles + self.firsts, len(bag)))
        best_room = self.room(state, chosen, drawn)
        if best_room is None or best_room >= self.cap:
            return chosen  # full room (or no fire tile): nothing to gain
        others = rivals(state, chosen, self.width)
        best = chosen
        need = best_room + self.margin
        for action in others:
            room = self.room(state, action, drawn)
            if room is not None and room >= need and room > best_room:
                best, best_room = action, room
        return best


__all__ = ["CardRoomBot", "MARGIN", "TILES", "WIDTH", "rivals", "room_after"]
