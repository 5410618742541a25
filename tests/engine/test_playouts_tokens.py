"""Seeded playouts of bundled scenarios with Kickstarter tokens of every kind, a
treasure-map objective and FIXTURE hybrid fire tiles (Kickstarter pack; RULINGS KS-1
.. KS-4, PL-9, SC-2, C17): invariants after every action, every new choice exercised,
replays and dict round trips through the token phases, bots that play them."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from advanced_fixtures import fixture_card
from kickstarter_fixtures import hybrid_catalog
from test_playouts import check_invariants

from engine import GameState, Replay, new_game
from engine.bots.bots import RandomBot, playout
from engine.bots.heuristic import HeuristicBot
from engine.bots.view import fair_view
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import KICKSTARTER_TOKENS, Objective, Scenario, TokenPlacement
from engine.model.schemas import schema_errors
from engine.play.actions import BonusMove, DisasterMove, MoveCat, PlaceFire, ResolveToken, ReturnToken
from engine.play.objectives import objective_statuses
from engine.play.phases import TOKENS
from engine.play.reach import move_targets, walkable
from engine.play.tokens import maps_collected

BUNDLED = ["tutorial/01-first-steps", "campaign-1/01-waiting-for-friends", "campaign-1/07-river-rafts"]
KINDS = ("map", "fish", "water", "fire")


def kickstarter(name: str, maps_needed: int = 1) -> Scenario:
    """A bundled scenario with tokens of every kind where the cats and cards will meet
    them: on squares a cat can reach now and in free 3x3 windows; a map objective;
    the fixture hybrid tiles in the bag."""
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    state = new_game(scenario, seed=0, catalog=hybrid_catalog())
    grid = state.island.grid
    picked: list[tuple[int, int]] = []
    for cat in range(state.cat_count()):
        near = list(grid.squares(move_targets(state, cat) & ~state.island.raft))
        picked += near[:2]
    free = state.island.land & ~(state.fire | state.island.raft | state.cat_mask)
    picked += [sq for sq in grid.squares(free) if sq not in picked][::7][:8]
    tokens = tuple(TokenPlacement(KINDS[i % len(KINDS)], sq) for i, sq in enumerate(dict.fromkeys(picked)))
    rules = replace(scenario.rules, hybrid_fire_tiles=True)
    objectives = scenario.objectives + (Objective("collect_maps", count=maps_needed),)
    return replace(scenario, id=f"{scenario.id}-kickstarter", tokens=scenario.tokens + tokens, rules=rules,
                   objectives=objectives)  # fmt: skip


def token_invariants(state: GameState, start: Counter[str]) -> None:
    island = state.island
    on_island = Counter(state.kickstarter.tokens.values())
    held = Counter(state.kickstarter.held)
    assert on_island["map"] + held["map"] + state.kickstarter.maps == start["map"], (
        "a treasure map appeared or vanished"
    )
    for kind in KINDS:
        assert on_island[kind] + held[kind] <= start[kind]
    assert state.token_squares & state.tile_fire == 0, "a fire tile on a token"
    assert state.token_squares & ~island.land == 0
    placed = 0
    for mask, _ in state.tiles_placed.values():
        assert mask & placed == 0, "fire tiles overlap"
        placed |= mask
    assert state.tile_fire | state.safe_any == placed and state.tile_fire & state.safe_any == 0
    assert state.safe_any == sum(state.safe) and all(a & b == 0 for i, a in enumerate(state.safe)
                                                      for b in state.safe[i + 1:])  # fmt: skip
    for cat, sq in enumerate(state.cat_sq):
        if not state.arrived[cat]:
            assert walkable(state, island.cat_terrain[cat]) & ~state.fire & (1 << sq), "a cat off its own terrain"
    if state.phase == TOKENS:
        assert (
            state.kickstarter.task is not None
            and state.kickstarter.held
            and state.kickstarter.task.step in ("return", "resolve")
        )
    outcome = state.outcome()
    if outcome is not None and outcome.won:
        assert all(s.status == "met" for s in objective_statuses(state) if s.objective.kind == "collect_maps")
        need = max(o.count or 0 for o in state.scenario.objectives if o.kind == "collect_maps")
        assert maps_collected(state)[0] >= need


def base_invariants(state: GameState, water: int) -> None:
    """The base sweep's invariants, hybrid tiles' safe spots aside (they are not fire)."""
    tile_fire, state.tile_fire = state.tile_fire, state.tile_fire | state.safe_any
    fire, state.fire = state.fire, state.fire | state.safe_any
    try:
        check_invariants(state, water)
    finally:
        state.tile_fire, state.fire = tile_fire, fire


def play_checked(state: GameState, bot, rng: random.Random, seen: Counter[str]) -> None:
    start = Counter(state.kickstarter.tokens.values())
    water = state.water + state.water_used
    while not state.is_terminal():
        action = bot.choose(state, rng)
        if isinstance(action, MoveCat) and action.collect:
            seen["move-collects"] += 1
        if isinstance(action, ReturnToken):
            seen[f"return-{action.kind}"] += 1
        if isinstance(action, ResolveToken):
            seen[f"resolve-{action.kind}"] += 1
        if isinstance(action, PlaceFire) and state.pending is not None:
            seen[f"fire-{state.pending.cause}"] += 1
            if state.island.tiles[action.tile].hybrid:
                seen["hybrid-placed"] += 1
        state.apply(action)
        token_invariants(state, start)
        if not state.is_terminal() and state.phase != TOKENS and not state.cat_mask & state.safe_any:
            base_invariants(state, water)  # (a cat on a safe spot stands on no terrain of the base check)
    if state.outcome() is not None and state.outcome().won:
        seen["win"] += 1


@pytest.mark.parametrize("name", BUNDLED)
def test_random_playouts_with_tokens_and_hybrid_tiles_keep_every_invariant(name: str) -> None:
    """Every token kind is picked up by cards and cats, put back, resolved; hybrid
    tiles are drawn and placed; the invariants hold after every action."""
    scenario = kickstarter(name)
    seen: Counter[str] = Counter()
    for seed in range(6):
        state = new_game(scenario, seed=seed, catalog=hybrid_catalog())
        play_checked(state, RandomBot(), random.Random(seed), seen)
    assert seen["move-collects"] and seen["fire-pathway"]


def test_the_sweep_covers_every_token_kind_and_hybrid_tiles() -> None:
    """Over the seeded sweep, each new choice happens: every kind returned to a card
    (map, fish, water) and resolved after a move (all four), fire tokens bringing tiles,
    hybrid tiles placed."""
    seen: Counter[str] = Counter()
    for name in BUNDLED:
        scenario = kickstarter(name)
        for seed in range(10):
            state = new_game(scenario, seed=seed, catalog=hybrid_catalog())
            play_checked(state, RandomBot(), random.Random(seed), seen)
    for key in (
        "return-map",
        "return-fish",
        "return-water",
        "resolve-map",
        "resolve-fish",
        "resolve-water",
        "resolve-fire",
        "fire-fire-token",
        "hybrid-placed",
        "move-collects",
    ):
        assert seen[key], f"the sweep never saw {key}: {dict(seen)}"


def test_heuristic_bot_plays_token_games_sensibly() -> None:
    """The heuristic bot plays every new choice (from the fair view) and collects maps."""
    seen: Counter[str] = Counter()
    scenario = kickstarter("tutorial/01-first-steps")
    for seed in range(4):
        state = new_game(scenario, seed=seed, catalog=hybrid_catalog())
        play_checked(state, HeuristicBot(), random.Random(seed), seen)
    assert seen["move-collects"] and seen["resolve-map"]
    assert not seen["resolve-fire"] or seen["resolve-fire"] <= seen["resolve-map"] + seen["resolve-fish"]


def test_replays_and_dicts_carry_token_games() -> None:
    """A replay (seed + actions, schema-valid) reproduces a token game; a state saved in
    the tokens phase resumes exactly."""
    scenario = kickstarter("campaign-1/01-waiting-for-friends")
    catalog = hybrid_catalog()
    for seed in range(4):
        state = new_game(scenario, seed=seed, catalog=catalog)
        rng = random.Random(seed)
        saved = None
        while not state.is_terminal():
            state.apply(RandomBot().choose(state, rng))
            if state.phase == TOKENS and saved is None:
                saved = json.loads(json.dumps(state.to_dict()))
        doc = json.loads(json.dumps(Replay.of(state).to_dict(state.outcome())))
        assert schema_errors("replay", doc) == []
        assert Replay.from_dict(doc).play(catalog=catalog).to_dict() == state.to_dict()
        if saved is not None:
            restored = GameState.from_dict(saved, catalog=catalog)
            assert restored.to_dict() == saved
            again = GameState.from_dict(saved, catalog=catalog)
            playout(restored, RandomBot(), random.Random(1))
            playout(again, RandomBot(), random.Random(1))
            assert restored.to_dict() == again.to_dict()


def test_tokens_are_public_in_the_fair_view() -> None:
    """The fair view hides only hidden order: tokens on the island, held and kept maps
    are what every player sees, so the view keeps them as they are."""
    state = new_game(kickstarter("tutorial/01-first-steps"), seed=3, catalog=hybrid_catalog())
    view = fair_view(state)
    assert (
        view.kickstarter.tokens == state.kickstarter.tokens
        and view.kickstarter.held == state.kickstarter.held
        and view.kickstarter.maps == state.kickstarter.maps
    )
    assert set(KICKSTARTER_TOKENS) >= set(state.kickstarter.tokens.values())


def test_expert_playouts_with_tokens_keep_every_invariant() -> None:
    """Expert mode (advanced rules + hybrid tiles, KS-6) with every token kind and
    FIXTURE disaster cards that force moves and draw fire: bonus and disaster moves
    collect tokens too (AD-4 inference, KS-3), and every invariant holds."""
    cards = (fixture_card("push", DisasterEffect("move", cat="any", squares=3)),
             fixture_card("flare", DisasterEffect("fire"), DisasterEffect("exhaust", cat="all")))  # fmt: skip
    catalog = hybrid_catalog().merged(Catalog(ids=("fixture-disasters",), name="fixture",
                                              disaster_cards={c.id: c for c in cards}))  # fmt: skip
    seen: Counter[str] = Counter()
    for name in BUNDLED[:2]:
        scenario = replace(
            kickstarter(name), mode="expert", rules=replace(kickstarter(name).rules, hybrid_fire_tiles=False)
        )
        for seed in range(8):
            state = new_game(scenario, seed=seed, catalog=catalog)
            play_checked(state, RandomBot(), random.Random(seed), seen)
            seen["disaster-collects"] += sum(1 for a in state.history if isinstance(a, DisasterMove) and a.collect)
            seen["bonus-collects"] += sum(1 for a in state.history if isinstance(a, BonusMove) and a.collect)
    assert seen["move-collects"] and seen["hybrid-placed"]
