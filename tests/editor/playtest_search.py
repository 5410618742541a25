"""Finding scripted games for the playtest tests with the engine alone.

A greedy player that may peek at the decks (it only has to *find* a game; the
tests then play that game through the widgets):

* draw from the deck whose top card gives the best placement;
* move a cat onto the raft whenever one can get there;
* otherwise add the pathway that most shortens the cats' way to the raft;
* otherwise spend cards by moving a cat inside its region (discards are cheaper
  than pathways: four of them draw one fire tile, a pathway draws one each);
* place every fire tile where it lengthens the cats' way least.

"Way" is, per cat, how many squares not of its colour separate it from a raft
square it may use, through squares a card could still cover.
"""

from __future__ import annotations

from engine import GameState, new_game
from engine.model.scenario import Scenario
from engine.play.actions import Action, DrawCard, EndRound, MoveCat, PlacePathway, Refill
from engine.play.bitboard import bit_list, window_mask
from engine.play.legal import card_anchors, distinct_rotations
from engine.play.reach import raft_entries

FAR = 99


def way(state: GameState, cat: int, terrain: list[int], coverable: int) -> int:
    island = state.island
    grid = island.grid
    ci = island.cat_terrain[cat]
    own = terrain[ci] & ~state.fire
    free = ~state.cat_mask & ~state.fire
    region = grid.flood(1 << state.cat_sq[cat], own)
    for steps in range(40):
        if raft_entries(state, ci, region) & free:
            return steps
        grown = grid.flood(region | (grid.neighbours(region) & (own | coverable) & ~state.fire), own)
        if grown == region:
            return FAR
        region = grown
    return FAR


def total_way(state: GameState, terrain: list[int] | None = None) -> int:
    island = state.island
    grid = island.grid
    coverable = grid.card_cover(grid.card_anchors(island.land & ~(state.fire | state.cat_mask | island.raft)))
    terrain = terrain if terrain is not None else state.terrain
    return sum(way(state, c, terrain, coverable) for c in range(state.cat_count()) if not state.arrived[c])


def best_pathway(state: GameState, player: int, cards: list[str]) -> tuple[int, PlacePathway] | None:
    grid = state.island.grid
    best: tuple[int, PlacePathway] | None = None
    for key in cards:
        card = state.island.cards[key]
        masks = grid.card_masks(card)
        deck, card_id = key.split(":", 1)
        for a in bit_list(card_anchors(state)):
            keep = ~(window_mask(grid) << a)
            for r in distinct_rotations(grid, card):
                score = total_way(state, [(t & keep) | (m << a) for t, m in zip(state.terrain, masks[r])])
                if best is None or score < best[0]:
                    best = (score, PlacePathway(player, deck, card_id, grid.square(a), r))
    return best


def choose(state: GameState) -> Action:
    island = state.island
    if state.phase == "draw":
        player = next(p for p in range(state.players) if state.drawn[p] < state.rules.cards_per_draw)
        options = []
        for deck, cards in state.decks.items():
            if cards:
                found = best_pathway(state, player, [cards[-1]])
                options.append((found[0] if found else FAR, DrawCard(player, deck)))
        return min(options, key=lambda o: o[0])[1]
    if state.phase == "fire":
        scored = []
        for action in state.legal_fire_placements():
            after = state.clone()
            after.apply_unchecked(action)
            scored.append((FAR * 10 if after.is_terminal() else total_way(after), action))
        return min(scored, key=lambda o: o[0])[1]
    if state.phase == "refill":  # the first face-down card, as the engine took it before the choice
        player = next(p for p in range(state.players) if state.needs_refill(p))
        return Refill(player, 0)
    holders = [p for p in range(state.players) if state.hands[p]]
    if not holders:
        return EndRound()
    player = holders[0]
    hand = sorted(state.hands[player])
    movable = [c for c in range(state.cat_count()) if not state.arrived[c]]
    for cat in movable:
        cost = state.rules.move_cost(state.exhausted[cat])
        onto_raft = [sq for sq in state.reachable_squares(cat) if island.raft & island.grid.bit(sq)]
        if onto_raft and cost <= len(hand):
            return MoveCat(player, state.cat_square(cat), onto_raft[0], tuple(hand[:cost]))
    best = best_pathway(state, player, hand)
    if best is not None and best[0] < total_way(state):
        return best[1]
    for cost_wanted in (1, 2):
        for cat in movable:
            cost = state.rules.move_cost(state.exhausted[cat])
            targets = state.reachable_squares(cat)
            if cost == cost_wanted and cost <= len(hand) and targets:
                return MoveCat(player, state.cat_square(cat), targets[0], tuple(hand[:cost]))
    return best[1] if best is not None else state.legal_actions()[0]


def greedy_game(
    scenario: Scenario, seed: int, players: int = 1, variant: str = "solo", limit: int = 300
) -> tuple[list[Action], GameState]:
    state = new_game(scenario, seed=seed, players=players, variant=variant)
    actions: list[Action] = []
    while not state.is_terminal() and len(actions) < limit:
        action = choose(state)
        state.apply(action)
        actions.append(action)
    return actions, state


def find_game(
    scenario: Scenario, want: str, seeds: range, reason: str | None = None, **kw: object
) -> tuple[int, list[Action], GameState]:
    """The first seed whose greedy game ends in ``want`` ("win" / "loss", and
    ``reason`` if given); raises LookupError naming the seeds tried."""
    for seed in seeds:
        actions, state = greedy_game(scenario, seed, **kw)  # type: ignore[arg-type]
        outcome = state.outcome()
        if outcome is not None and outcome.result == want and (reason is None or outcome.reason == reason):
            return seed, actions, state
    raise LookupError(f"no greedy {want} for '{scenario.id}' with seeds {seeds.start}-{seeds.stop - 1}")
