"""A heuristic team bot that plays from a fair view (:mod:`engine.bots.view`).

The measure behind every choice is a cat's **way** (:mod:`engine.bots.routes`): how
many squares not of its colour separate it from a raft square it may use, through
squares a pathway card could still cover (the cut-off analysis' passable squares),
with its corridor (the squares on near-shortest ways) and its exits.  White cats'
ways run along Oshax paths (:meth:`engine.bots.ways.Ways.white_way`); cards laying or cutting paths
are scored by them.

Play phase, in order:

0. rescue friends: :mod:`engine.bots.heuristic_rescue` (a friend onto the circle, then
   the held cat through the strip);
1. a cat that can step onto the raft does (the cheapest such move), on a square no
   pending objective binds to another colour (OB-2);
2. water is spent when returning a fire tile shortens the cats' ways at all, or
   reopens a way that only water could reopen (``WATER_GAIN``, :mod:`engine.bots.weights`);
2b. a far cat walks ahead: a fresh cat whose way is 3 or more and that can walk 4
   squares or more nearer the raft along its colour does (the longest such walk)
   (:func:`engine.bots.heuristic_move.walk_ahead`: a discard costs a quarter of the
   fire tile a placed card costs, and a far cat walked early leaves the fire a shorter
   corridor to cut);
3. the pathway card that most shortens the ways is placed, if it shortens them (windows
   along every cat's corridor are tried; a hemmed-in cat, one that reaches fewer than
   ``HEMMED`` squares with two squares repainted, counts double; ties go to the card
   that gives the cats most squares along their corridors).  The search reuses the
   levels a card leaves alone and skips cards that cannot beat the best so far;
4. otherwise cards are spent moving a cat (four discards cost one fire tile, a placed
   card costs one): fresh cats first, to the square fewest repaints from the raft,
   then nearest the raft, then away from fire;
5. otherwise the card that hurts least is placed.

Draw phase: the deck whose unseen cards carry most squares of the colours the cats
still need (weighted by their way).  Refill phase (solo): by the same measure, the
face-down card from the best deck (its back is all the player sees; the first such
card in draw order).  Fire phase: :mod:`engine.bots.heuristic_fire`; cat moves (step 4):
:mod:`engine.bots.heuristic_move`.  Ties fall to the first candidate in the engine's
legal order, so the bot is deterministic; it never reads the bot RNG.  Advanced game:
the bonus and disaster choices are :mod:`engine.bots.heuristic_advanced`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.bots.heuristic_advanced import choose_advanced
from engine.bots.heuristic_arrive import arrival
from engine.bots.heuristic_cards import CardSearch, best_card, shortening_card
from engine.bots.heuristic_fire import choose_fire
from engine.bots.heuristic_move import choose_move, walk_ahead
from engine.bots.heuristic_rescue import rescue_move
from engine.bots.heuristic_tokens import token_choice
from engine.bots.routes import FAR, Routes
from engine.bots.view import acting_player, deck_of, fair_view
from engine.bots.ways import Ways
from engine.bots.weights import PLACE_GAIN, WATER_GAIN
from engine.model.catalog import TERRAINS, PathwayCard
from engine.play.actions import Action, DrawCard, EndRound, Refill, UseWater
from engine.play.analysis import (
    WHITE,
    kept_coverable,
)
from engine.play.bitboard import BitGrid
from engine.play.phases import BONUS, DISASTER, DRAW, FIRE, PLAY, REFILL, TOKENS
from engine.play.state import GameState

KEPT_NEEDS = 1024  # islands whose colour needs are kept (cleared when full)
_NEEDS: dict[tuple[object, ...], tuple[object, object, list[float]]] = {}
COUNT_BITS = 16  # packed_counts: bits per field (a deck's sums stay far below 2**16)
COUNT_MASK = (1 << COUNT_BITS) - 1
_PACKED: dict[int, tuple[object, dict[str, int]]] = {}  # id(cards) -> (cards, packed counts)


def packed_counts(cards: Mapping[str, PathwayCard]) -> dict[str, int]:
    """Per card key, its squares of each terrain (``TERRAINS`` order) and then of Oshax
    path, packed in ``COUNT_BITS``-bit fields so that a deck's counts are one sum.
    Built once per catalog (kept by identity)."""
    kept = _PACKED.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    packed = {}
    for key, card in cards.items():
        letters = "".join(card.grid)
        fields = [letters.count(t[0]) for t in TERRAINS] + [len(card.oshax)]
        packed[key] = sum(n << (COUNT_BITS * i) for i, n in enumerate(fields))
    if len(_PACKED) > 64:
        _PACKED.clear()
    _PACKED[id(cards)] = (cards, packed)
    return packed


def island_as_it_lies(state: GameState) -> tuple[object, ...]:
    """What a draw's analyses of the island depend on (terrain, fire, cats, arrivals,
    safe squares), as a key: the draws of one round share them (kept with the island
    and rule set they were made for, which the key leaves out)."""
    return (
        tuple(state.terrain),
        state.fire,
        state.cat_mask,
        tuple(state.arrived),
        state.safe_any,
        tuple(state.safe),
    )


class HeuristicBot:
    """See the module doc.  Picklable, stateless."""

    name = "heuristic"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        # draws, refills and the play phase read only what the player sees (the unseen
        # cards as a multiset, the reserve's backs, the island and their own hand; nothing
        # is played ahead): no copy with the hidden parts made canonical.  In a team game
        # the seat the bot plays sees no teammate's hand: it decides from that player's
        # view (engine.bots.view), whose teammates' cards are unseen ones of their decks.
        if state.players > 1:
            if state.phase == PLAY:
                return self._team_play(state)
            state = fair_view(state, acting_player(state))
        if state.phase == DRAW:
            return self._draw(state)
        if state.phase == REFILL:
            return self._refill(state)
        if state.phase == PLAY:
            return self._play(state, next((p for p in range(state.players) if state.hands[p]), None)) or EndRound()
        if state.phase == FIRE:  # reads what the player sees; plays its trials on fair views
            return self._fire(state)
        view = fair_view(state)
        if view.phase == BONUS:  # the advanced game's own choices; a bonus draw by the cats' needs
            return choose_advanced(view, self._deck_scores(view, acting_player(view)))
        if view.phase == DISASTER:
            return choose_advanced(view)
        if view.phase == TOKENS:  # Kickstarter tokens: engine.bots.heuristic_tokens
            return token_choice(
                view, list(view.legal_actions()), lambda gone: Ways(view, fire=view.fire & ~gone).total()
            )
        return self._play(view, next((p for p in range(view.players) if view.hands[p]), None)) or EndRound()

    # --- draw ---------------------------------------------------------------------------
    def _draw(self, state: GameState) -> Action:
        player = next(p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw)
        open_decks = [d for d, cards in state.decks.items() if cards]
        if len(open_decks) == 1:  # one deck to draw from: its score cannot change the choice
            return DrawCard(player, open_decks[0])
        scores = self._deck_scores(state, player)
        best = max(open_decks, key=lambda d: scores[d])  # first of equals
        return DrawCard(player, best)

    def _refill(self, state: GameState) -> Action:
        player = next(p for p in range(state.players) if state.needs_refill(p))
        reserve = state.reserve[player]
        if len({deck_of(k) for k in reserve}) == 1:  # every card scores alike: the first of equals
            return Refill(player, 0)
        scores = self._deck_scores(state, player)
        best = max(range(len(reserve)), key=lambda i: scores[deck_of(reserve[i])])  # first of equals
        return Refill(player, best)

    def _deck_scores(self, state: GameState, player: int | None = None) -> dict[str, float]:
        """Per deck, the mean over its unseen cards (the deck, the face-down reserves, in the
        draw phase the hands being drawn and, with ``player``, that player's teammates'
        hands) of the squares of the colours the live cats need (weighted by their way):
        what a deck's back promises."""
        island = state.island
        white_need = 0.0
        whites = [c for c in range(state.cat_count()) if island.cat_terrain[c] == WHITE and not state.arrived[c]]
        if whites:  # white cats need paths, not colours
            ways = Ways(state)
            white_need = float(sum(ways.way(c)[0] for c in whites))
        key = island_as_it_lies(state)  # the colours' needs depend on it alone: consecutive draws share them
        kept = _NEEDS.get(key)
        if kept is not None and kept[0] is island and kept[1] is state.rules:
            need = kept[2]
        else:
            routes = Routes(state)
            need = [0.0] * len(TERRAINS)
            for c in routes.live():
                need[island.cat_terrain[c]] += 1 + routes.route(c).way
            if len(_NEEDS) >= KEPT_NEEDS:
                _NEEDS.clear()
            _NEEDS[key] = (island, state.rules, need)
        packed = packed_counts(island.cards)
        reserved: dict[str, list[str]] = {}  # the reserves' face-down cards by deck
        for r in state.reserve:
            for k in r:
                reserved.setdefault(deck_of(k), []).append(k)
        drawing = state.phase == DRAW  # this round's cards stay face down until the draw ends: unseen
        for p in range(state.players):  # a teammate's cards: backs seen, faces not
            if drawing or (player is not None and p != player):
                for k in state.hands[p]:
                    reserved.setdefault(deck_of(k), []).append(k)
        scores: dict[str, float] = {}
        for deck, cards in state.decks.items():
            pool = cards + reserved.get(deck, [])  # the unseen cards, any order
            total = sum(map(packed.__getitem__, pool))  # per-terrain counts in COUNT_BITS-bit fields
            score = 0.0
            for i in range(len(TERRAINS)):
                score += need[i] * ((total >> (COUNT_BITS * i)) & COUNT_MASK)
            score += white_need * (total >> (COUNT_BITS * len(TERRAINS)))
            scores[deck] = score / max(len(pool), 1)
        return scores

    # --- fire: engine.bots.heuristic_fire ---------------------------------------------
    def _fire(self, state: GameState) -> Action:
        return choose_fire(state)

    # --- play ---------------------------------------------------------------------------
    def _team_play(self, state: GameState) -> Action:
        """A team's play phase: the first player holding cards decides from their own
        view; one who can do nothing with their cards passes to the next."""
        holders = [p for p in range(state.players) if state.hands[p]]
        for player in holders:
            action = self._play(fair_view(state, player), player)
            if action is not None:
                return action
        return state.legal_actions()[0]  # no holder acts: ending the round, or what the rules leave

    def _play(self, state: GameState, player: int | None) -> Action | None:
        """The play-phase choice of ``player`` (None: nobody holds a card); None when,
        in a team game, that player can do nothing with their own cards."""
        if player is None:
            return EndRound()
        hand = sorted(state.hands[player])
        island = state.island
        routes = Routes(state)
        ways = Ways(state, routes=routes)
        live = ways.live()
        whites = {c: ways.way(c)[0] for c in live if island.cat_terrain[c] == WHITE}
        # 0. rescue friends: a friend onto the circle, then the held cat through the strip
        if island.rescues:
            rescue = rescue_move(state, player, hand)
            if rescue is not None:
                return rescue
        # 1. arrivals (engine.bots.heuristic_arrive: objectives decide who may come first)
        arrive = arrival(state, player, hand, live)
        if arrive is not None:
            return arrive
        base = routes.total() + sum(whites.values())
        # 2. water
        water = self._water(state, base, routes, bool(whites))
        if water is not None:
            return water
        # 2b. a far cat walks ahead (engine.bots.heuristic_move.walk_ahead)
        walk = walk_ahead(state, player, hand, routes, live)
        if walk is not None:
            return walk
        # 3. a card that shortens the ways
        search = CardSearch(state, player, hand, routes, ways, whites)
        placed = best_card(search) if whites else shortening_card(search)
        if placed is not None and placed[0] <= placed[3] - PLACE_GAIN:
            return placed[1]
        # 4. moves towards the raft (a discard costs a quarter of a fire tile)
        move = choose_move(state, player, hand, routes, live)
        if move is not None:
            return move
        # 5. the least harmful card
        placed = placed if whites else best_card(search)
        if placed is not None:
            return placed[1]
        actions = state.legal_actions()
        if state.players == 1:
            return actions[0]
        # a team: the first action of this player's own (water has no player: anyone spends it)
        return next((a for a in actions if getattr(a, "player", player) == player), None)

    def _water(self, state: GameState, base: int, routes: Routes, whites: bool) -> Action | None:
        if state.water <= 0 or not state.tiles_placed:
            return None
        grid = state.island.grid
        # a tile returned changes own and passable squares within two squares of it; one
        # that far from every cat's levels and targets leaves every way as it is
        live = routes.live()
        reach = 0
        for c in live:
            reach |= routes.route(c).halos[-1]
        best: tuple[int, str] | None = None
        for tile in sorted(state.tiles_placed, key=state.island.tile_order.__getitem__):
            mask, _ = state.tiles_placed[tile]
            near, ring = _around_tile(grid, mask)
            if not whites and not near & reach:
                continue  # the ways stay: base, never better than another tile
            # a tile is chosen only if it saves WATER_GAIN, and more than the best so far
            need = WATER_GAIN if best is None else max(WATER_GAIN, base - best[0] + 1)
            if not whites and base < FAR and not _may_save(routes, live, near, need, ring):
                continue  # it cannot save enough: never chosen
            fire = state.fire & ~mask
            if not whites and base < FAR:
                # exactly what changes: the tile's squares and the squares a card could now
                # cover (kept by fire mask: the next decision of a round asks them again)
                cover = kept_coverable(state, fire)
                changed = (cover ^ routes.coverable) | mask
                # chosen only if it saves WATER_GAIN and beats the best so far: searched no further
                most = base - WATER_GAIN if best is None else best[0] - 1
                found = _returned_total(routes, fire, cover, live, changed, base, need, most)
                if found is not None:
                    best = (found, tile)
                continue
            other = Routes(state, fire=fire)
            total = 0
            for c in live:
                total += other.way_from(c, routes)
                if best is not None and total >= best[0]:
                    break  # the ways are never negative: it cannot beat the best
            else:
                if whites:
                    total += Ways(state, fire=fire).white_total()
                if best is None or total < best[0]:
                    best = (total, tile)
        if best is not None and (base - best[0] >= WATER_GAIN or base >= FAR > best[0]):
            return UseWater(best[1])
        return None


def _returned_total(routes: Routes, fire: int, cover: int, live: list[int], changed: int, base: int, need: int,
                    most: int) -> int | None:  # fmt: skip
    """The total of the ways ``base`` (no white cats, every cat with a way) becomes with
    a tile returned (``fire``: the fire then, ``cover``: the squares a card could then
    cover, ``changed``: the squares it changes; the analysis of that fire is made only
    when some cat may save), or None when it cannot save ``need`` or ends above ``most``.  A tile
    returned only adds own and passable squares, so no way gets longer, and a way
    shortens by at most :meth:`Routes.most_saved`: a cat that cannot save keeps its way
    unsearched, and each other cat is searched only as far as the total (the cats not
    searched yet at their least) can stay within ``most``."""
    ring = routes.state.island.grid.neighbours(changed) & ~changed  # the same for every cat
    saving = [routes.most_saved(c, changed, ring) for c in live]
    if sum(saving) < need:
        return None  # it cannot save enough: never chosen
    total = base - sum(saving)  # the least the total can be
    other = Routes(routes.state, fire=fire, coverable=cover)
    for c, saved in zip(live, saving):
        if not saved:
            continue
        rest = total - (routes.route(c).way - saved)  # the others: found, or at their least
        total = rest + other.way_from(c, routes, most + 1 - rest)
        if total > most:
            return None
    return total


KEPT_AROUND = 4096  # placed tiles whose surroundings are kept per process (cleared when full)
_AROUND: dict[tuple[BitGrid, int], tuple[int, int]] = {}


def _around_tile(grid: BitGrid, mask: int) -> tuple[int, int]:
    """``(near, ring)``: the squares within two squares of a placed tile (where
    returning it may change own and passable squares) and the squares next to those,
    kept per process: the water step asks them of every placed tile at every decision."""
    found = _AROUND.get((grid, mask))
    if found is None:
        if len(_AROUND) >= KEPT_AROUND:
            _AROUND.clear()
        near = grid.near(mask, 2)
        found = _AROUND[(grid, mask)] = (near, grid.neighbours(near) & ~near)
    return found


def _may_save(routes: Routes, live: list[int], changed: int, need: int = WATER_GAIN, ring: int | None = None) -> bool:
    """Whether changing the squares ``changed`` may shorten the ways by ``need``
    (``ring``: the squares next to ``changed``, when the caller has them)."""
    saved = 0
    if ring is None:
        ring = routes.state.island.grid.neighbours(changed) & ~changed  # the same for every cat
    for c in live:
        saved += routes.most_saved(c, changed, ring)
        if saved >= need:
            return True
    return False


__all__ = ["FAR", "HeuristicBot", "island_as_it_lies"]
