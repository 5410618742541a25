"""Seeded random playouts that check the game's invariants after every action, replay
determinism, serialisation mid-game and clone independence."""

from __future__ import annotations

import json
import random

import pytest

from engine import GameState, Replay, new_game, replay
from engine.bots.bots import RandomBot, playout
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import BoardSlot, CardPlacement, RuleOptions, Scenario
from engine.model.schemas import schema_errors
from engine.play.actions import MoveCat, PlaceFire
from engine.sim.montecarlo import run

BUNDLED = [
    "tutorial/01-first-steps",  # raft A, no water
    "tutorial/04-down-the-river",
    "campaign-1/01-waiting-for-friends",  # water tokens
    "campaign-1/07-river-rafts",  # raft A with five cats
]
VARIANTS = [("solo", 1), ("standard", 2), ("standard", 4), ("comp1110", 1)]

# Two cats a step or two from raft A: a raft-seeking bot wins it often.
EASY = Scenario(
    id="easy-crossing",
    name="Easy crossing",
    boards=(BoardSlot("large", "plain", (0, 0)), BoardSlot("small", "fire", (9, 0), fire_edge="west")),
    cards=(
        CardPlacement("fire", (0, 6)),
        CardPlacement("location", (3, 0), "3"),
        CardPlacement("location", (3, 6), "10", rotation=2),
        CardPlacement("raft", (3, 3), "A"),
    ),
    rules=RuleOptions(water_tokens=2),
)


def _scenario(name: str) -> Scenario:
    return open_scenario(campaigns_dir() / f"{name}.scenario.json")


class RaftSeeker:
    """Test bot: boards the raft when it can, keeps fire away from cats, moves often."""

    name = "raft-seeker"

    def choose(self, state: GameState, rng: random.Random):
        actions = list(state.legal_actions())
        grid, raft = state.island.grid, state.island.raft
        boarding = [a for a in actions if isinstance(a, MoveCat) and raft & grid.bit(a.to)]
        if boarding:
            return rng.choice(boarding)
        if isinstance(actions[0], PlaceFire):
            cats = [state.cat_square(i) for i in range(state.cat_count())]
            return max(actions, key=lambda a: min(abs(a.at[0] - r) + abs(a.at[1] - c) for r, c in cats) + rng.random())
        moves = [a for a in actions if isinstance(a, MoveCat)]
        return rng.choice(moves if moves and rng.random() < 0.6 else actions)


def check_invariants(state: GameState, water: int) -> None:
    island = state.island
    union = 0
    for mask in state.terrain:
        assert mask & union == 0, "a square shows two colours"
        union |= mask
    assert union & (island.fixed_fire | island.raft) == 0, "terrain on permanent fire or a raft"
    assert union | island.fixed_fire | island.raft == island.land
    assert state.fire == island.fixed_fire | state.tile_fire
    placed = 0
    for mask, _ in state.tiles_placed.values():
        assert mask & placed == 0, "fire tiles overlap"
        placed |= mask
    assert placed == state.tile_fire and placed & (island.fixed_fire | island.raft | ~island.land) == 0
    assert state.fire & state.cat_mask == 0, "fire on a cat"
    tiles = state.bag + list(state.tiles_placed) + ([state.pending.tile] if state.pending else [])
    assert sorted(tiles) == sorted(island.tiles), "a fire tile is missing or doubled"
    assert len(set(state.cat_sq)) == len(state.cat_sq) and state.cat_mask == sum(1 << s for s in state.cat_sq)
    for cat, sq in enumerate(state.cat_sq):
        bit, ci = 1 << sq, island.cat_terrain[cat]
        if state.arrived[cat]:
            open_raft = any(bit & dests for _, dests in island.boarding)
            assert bit & island.dest[ci] or open_raft, "a cat arrived on a square it may not use"
        elif ci == len(state.terrain):  # a white cat (the Oshax) has no terrain: it walks paths
            assert not bit & state.fire, "a white cat on fire"
        else:
            assert bit & state.terrain[ci] and not bit & state.fire, "a cat off its own terrain"
    cards = [k for d in state.decks.values() for k in d] + [k for h in state.hands for k in h]
    cards += [k for r in state.reserve for k in r] + state.disaster_pile + state.discard_pile + state.removed
    cards += [a.card for a in state.placed]
    assert sorted(cards) == sorted(island.cards), "a pathway card is missing or doubled"
    threshold = state.rules.disaster_threshold
    if threshold is not None and state.phase == "play":
        assert len(state.disaster_pile) < threshold
    if state.rules.discard_destination == "out":
        assert state.disaster_pile == [] and state.discard_pile == []
    assert state.water + state.water_used == water
    assert all(len(h) <= state.rules.hand_size for h in state.hands)
    assert (state.phase == "fire") == (state.pending is not None and not state.is_terminal())
    short = [p for p in range(state.players) if state.needs_refill(p)]  # solo refill (SO-1): chosen, never skipped
    if state.phase == "play" and state.rules.refill_choice:
        assert not short, "the play phase goes on with a hand the face-down cards should refill"
    if state.phase == "refill":
        assert any(len(state.reserve[p]) > 1 for p in short), "a refill phase with nothing to choose"
    if not state.is_terminal():
        assert len(state.legal_actions()) > 0


def _play_checked(state: GameState, bot, rng: random.Random) -> int:
    water = state.water + state.water_used
    check_invariants(state, water)
    n = 0
    while not state.is_terminal():
        state.apply(bot.choose(state, rng))
        check_invariants(state, water)
        n += 1
    return n


@pytest.mark.parametrize(("variant", "players"), VARIANTS, ids=lambda v: str(v))
@pytest.mark.parametrize("name", BUNDLED)
def test_random_playouts_keep_every_invariant(name, variant, players) -> None:
    """Nothing placed on fire, cats or rafts; cats only on their terrain or the raft;
    every card and tile accounted for; no stuck non-terminal state."""
    scenario = _scenario(name)
    actions = 0
    for seed in range(8):
        state = new_game(scenario, seed=seed, players=players, variant=variant)
        actions += _play_checked(state, RandomBot(), random.Random(seed))
        assert state.outcome() is not None and state.phase == "over"
    assert actions >= 8 * 7  # every game got past its first draw (16 settings: ~3900 actions)


def test_raft_seeking_playouts_win_and_keep_every_invariant() -> None:
    results = []
    for seed in range(12):
        state = new_game(EASY, seed=seed, variant="solo")
        _play_checked(state, RaftSeeker(), random.Random(seed))
        results.append(state.outcome().reason)
    assert "all-cats-on-raft" in results


def _random_game(scenario: Scenario, seed: int, **kw) -> GameState:
    state = new_game(scenario, seed=seed, **kw)
    playout(state, RandomBot(), random.Random(seed))
    return state


@pytest.mark.parametrize("variant", ["solo", "standard", "comp1110"])
def test_replays_reproduce_the_game_exactly(variant) -> None:
    """A replay is scenario, seed, variant, players and actions; replaying gives the
    same state, through the schema-checked JSON document too."""
    for seed in range(3):
        state = _random_game(_scenario("campaign-1/01-waiting-for-friends"), seed, variant=variant)
        record = Replay.of(state)
        doc = json.loads(json.dumps(record.to_dict(state.outcome())))
        assert schema_errors("replay", doc) == []
        again = Replay.from_dict(doc).play()
        assert again.to_dict() == state.to_dict()
        texts = [str(a) for a in record.actions]
        assert replay(record.scenario, texts, seed=seed, variant=variant).to_dict() == state.to_dict()


def test_state_round_trips_through_a_dict_mid_game() -> None:
    """to_dict()/from_dict(): the restored game continues exactly like the original."""
    state = new_game(_scenario("campaign-1/07-river-rafts"), seed=5, players=2, variant="standard")
    rng = random.Random(5)
    bot = RandomBot()
    for _ in range(25):
        state.apply(bot.choose(state, rng))
    assert not state.is_terminal()  # a true mid-game state
    doc = json.loads(json.dumps(state.to_dict()))
    restored = GameState.from_dict(doc)
    assert restored.to_dict() == state.to_dict()
    rng_a, rng_b = random.Random(9), random.Random(9)
    playout(state, bot, rng_a)
    playout(restored, bot, rng_b)
    assert restored.to_dict() == state.to_dict()


def test_clones_are_independent() -> None:
    state = new_game(EASY, seed=2)
    before = state.to_dict()
    twin = state.clone()
    playout(twin, RandomBot(), random.Random(2))
    assert twin.is_terminal() and state.to_dict() == before
    playout(state, RandomBot(), random.Random(2))
    assert state.to_dict() == twin.to_dict()


def test_monte_carlo_reports_the_same_over_processes() -> None:
    scenario = _scenario("tutorial/01-first-steps")
    single = run(scenario, range(6), workers=1)
    fanned = run(scenario, range(6), workers=2)
    assert single == fanned and single.games == 6
    assert sum(single.reasons.values()) == 6 and 0.0 <= single.win_rate <= 1.0
