"""Seeded playouts with invariants for special boards, white cats (Oshax) and rescue
friends, on FIXTURE components (``tests/fixture_boards_oshax.py``; the real ones are
unknown, RULINGS C17, OX-2, RF-2).  One section per feature: each builds its fixture
scenario, checks it is valid, then plays random and heuristic games checking
:func:`test_playouts.check_invariants` plus the feature's own invariants after every
action."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Callable

from fixture_boards_oshax import RESCUE_LOCATION, SHAPE_1_PLAIN, WHITE_LOCATION, WHITE_RAFT, fixture_catalog, full_doc
from test_playouts import check_invariants

from engine import GameState, Replay, new_game
from engine.bots.bots import RandomBot
from engine.bots.heuristic import HeuristicBot
from engine.check.validate import validate
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.files import atomic_write_text
from engine.model.formats import canonical_json, scenario_from_dict, scenario_to_dict
from engine.model.scenario import BoardSlot, CardPlacement, Objective, Scenario
from engine.model.special_boards import outline_of
from engine.play.actions import MoveCat
from engine.play.links import WHITE, exits_now
from engine.play.objectives import FAILED, MET, objective_statuses

CATALOG = fixture_catalog(full=True)
ROOT = Path(__file__).resolve().parents[2]
LARGE_FIRE = BoardSlot("large", "fire", (0, 0), "west")
LARGE_PLAIN = BoardSlot("large", "plain", (0, 9))
Check = Callable[[GameState, GameState | None], None]


def play(scenario: Scenario, bot, seed: int, extra: Check) -> GameState:
    """One game, every invariant checked after every action; returns the final state."""
    state = new_game(scenario, seed=seed, catalog=CATALOG)
    rng = random.Random(seed)
    water = state.water + state.water_used
    check_invariants(state, water)
    while not state.is_terminal():
        before = state.clone()
        state.apply(bot.choose(state, rng))
        check_invariants(state, water)
        extra(state, before)
    assert Replay.of(state).play(catalog=CATALOG).to_dict() == state.to_dict()
    return state


def sweep(scenario: Scenario, extra: Check, random_games: int = 6, heuristic_games: int = 2) -> list[GameState]:
    assert [i for i in validate(scenario, CATALOG) if i.is_error] == []
    games = [play(scenario, RandomBot(), seed, extra) for seed in range(random_games)]
    games += [play(scenario, HeuristicBot(), seed, extra) for seed in range(heuristic_games)]
    assert all(g.outcome() is not None for g in games)
    return games


# --- special boards (Kickstarter pack "Special island boards", KS-5) ----------------------
SPECIAL = Scenario(
    id="fixture-special-sweep", name="Fixture special board sweep",
    boards=(LARGE_FIRE, BoardSlot("special", "plain", (0, 9), shape="fixture-shape-1", outline=outline_of(SHAPE_1_PLAIN))),
    cards=(CardPlacement("location", (3, 3), "3"), CardPlacement("location", (0, 3), "5"), CardPlacement("raft", (0, 12), "A")),
)  # fmt: skip


def special_invariants(state: GameState, _before: GameState | None) -> None:
    """Nothing ever lands on the shape's cut corners, and its centre stays fire."""
    grid = state.island.grid
    outside = grid.full & ~state.island.land
    for action in state.placed:
        assert not state.island.card_mask(action.at) & outside
    assert state.fire & grid.bit((3, 13))


def test_special_board_playouts_keep_every_invariant() -> None:
    games = sweep(SPECIAL, special_invariants)
    assert sum(len(g.history) for g in games) >= 8 * 7


# --- white cats (rulebook "Additional rules" 6, OX-1..OX-3, MV-5) --------------------------
WHITE_CAT = Scenario(
    id="fixture-oshax-sweep", name="Fixture Oshax sweep",
    boards=(LARGE_FIRE, LARGE_PLAIN),
    cards=(CardPlacement("location", (3, 3), str(WHITE_LOCATION)), CardPlacement("raft", (3, 9), WHITE_RAFT)),
)  # fmt: skip


def white_invariants(state: GameState, _before: GameState | None) -> None:
    """A white cat stands on a visible path square (or its start spot, or the raft);
    no other cat ever stands on a white start spot or a white destination (MV-5)."""
    island = state.island
    exits = exits_now(state)
    path_squares = (exits[0] | exits[1] | exits[2] | exits[3]) & ~state.fire
    white_dest = island.dest[WHITE] & ~island.dest[0]
    for cat, sq in enumerate(state.cat_sq):
        bit = 1 << sq
        if island.cat_terrain[cat] == WHITE:
            assert state.arrived[cat] or bit & (path_squares | island.white_starts), "a white cat off the paths"
        else:
            assert not bit & (island.white_starts | white_dest), "a cat on a square reserved for white cats"


def white_moves(game: GameState) -> int:
    """How many moves of the game moved a white cat (replayed action by action)."""
    state = new_game(game.island.scenario, seed=game.seed, catalog=CATALOG)
    moved = 0
    for action in game.history:
        if isinstance(action, MoveCat):
            cat = state.cat_at(action.cat)
            moved += cat is not None and state.island.cat_terrain[cat] == WHITE
        state.apply(action)
    return moved


def test_white_cat_playouts_keep_every_invariant() -> None:
    games = sweep(WHITE_CAT, white_invariants, random_games=8, heuristic_games=3)
    assert sum(white_moves(g) for g in games) > 0, "the bots moved the white cat"
    assert any(g.outcome().won for g in games), "the heuristic brings the white cat to its raft in some game"


WHITE_FIRST = WHITE_CAT.with_changes(objectives=(Objective("arrival_order", colour="white", position=1),))


def white_first_invariants(state: GameState, before: GameState | None) -> None:
    """ "White arrives first" (rulebook "Additional rules" 3 and 6, OB-3: an arrival
    order of colour white): met exactly when the first cat to arrive is white, failed
    as soon as another arrives first; a win needs it met, and a failed one ends the
    game lost naming it."""
    white_invariants(state, before)
    status = objective_statuses(state)[0].status
    first = state.arrivals[0] if state.arrivals else None
    if first is not None:
        white_first = state.island.cat_terrain[first] == WHITE
        assert status == (MET if white_first else FAILED)
    outcome = state.outcome()
    if outcome is not None and outcome.won:
        assert status == MET, "a win with white not first"
    if status == FAILED:
        assert outcome is not None and not outcome.won and outcome.score == 0


def test_white_first_playouts_keep_every_invariant() -> None:
    games = sweep(WHITE_FIRST, white_first_invariants, random_games=8, heuristic_games=3)
    # the heuristic bot holds the other cats back until white has arrived (OB-3,
    # engine.bots.heuristic_arrive): none of its arrivals fails the objective
    for game in games[8:]:
        assert not game.arrivals or game.island.cat_terrain[game.arrivals[0]] == WHITE


# --- rescue friends (rulebook "Additional rules" 4, RF-1, RF-2) ----------------------------
RESCUE = Scenario(
    id="fixture-rescue-sweep", name="Fixture rescue sweep",
    boards=(BoardSlot("large", "plain", (0, 0)), LARGE_PLAIN),
    cards=(CardPlacement("fire", (0, 0)), CardPlacement("location", (3, 3), str(RESCUE_LOCATION)),
           CardPlacement("location", (3, 12), "1"), CardPlacement("raft", (6, 9), "B")),
)  # fmt: skip


def rescue_invariants(state: GameState, before: GameState | None) -> None:
    """Every move, checked by a plain search independent of the engine's bit floods: the
    cat reached its square over its own terrain, crossing a strip side only while another
    cat of the strip's colour stood on the circle (RF-1)."""
    if before is None or len(state.history) != len(before.history) + 1 or not isinstance(state.history[-1], MoveCat):
        return
    move = state.history[-1]
    island, grid = before.island, before.island.grid
    cat = before.cat_at(move.cat)
    assert cat is not None
    colour = island.cat_terrain[cat]
    if colour == WHITE:
        return  # white cats: white_invariants
    shut: set[frozenset[tuple[int, int]]] = set()
    for terrain, east, south, circle in island.rescues:
        if terrain == colour and any(1 << sq == circle for c, sq in enumerate(before.cat_sq)
                                     if c != cat and island.cat_terrain[c] == colour):  # fmt: skip
            continue
        shut |= {frozenset({(r, c), (r, c + 1)}) for r, c in grid.squares(east)}
        shut |= {frozenset({(r, c), (r + 1, c)}) for r, c in grid.squares(south)}
    own = set(grid.squares(before.terrain[colour] & ~before.fire))
    seen, todo = {move.cat}, [move.cat]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in own and nb not in seen and frozenset({(r, c), nb}) not in shut:
                seen.add(nb)
                todo.append(nb)
    if island.raft & grid.bit(move.to):
        return  # boarding (MV-4): checked by the engine's own tests
    assert move.to in seen, f"the {island.cat_colours[cat]} cat reached {move.to} through a shut strip"


def test_rescue_playouts_keep_every_invariant() -> None:
    sweep(RESCUE, rescue_invariants)


# --- the bench's copy (bench/bench_oshax.py reads data, never the tests) -------------------
BENCH_FIXTURES = ROOT / "bench" / "fixtures" / "oshax.json"


def bench_fixtures() -> dict:
    """What bench/fixtures/oshax.json holds: the FIXTURE catalog and the three sweep scenarios."""
    return {
        "note": "FIXTURE components and scenarios of tests/engine/test_playouts_boards_oshax.py (the real "
        "special boards, Oshax cards and rescue cards are unknown); written by that test with "
        "RAFTWRIGHT_REGENERATE_GOLDEN=1",
        "catalog": full_doc(),
        "scenarios": {
            "white cat": scenario_to_dict(WHITE_CAT),
            "rescue strip": scenario_to_dict(RESCUE),
            "special board": scenario_to_dict(SPECIAL),
        },
    }


def test_the_bench_fixtures_are_the_tests_fixtures() -> None:
    expected = canonical_json(bench_fixtures())
    if os.environ.get("RAFTWRIGHT_REGENERATE_GOLDEN") == "1":
        atomic_write_text(BENCH_FIXTURES, expected)
    assert BENCH_FIXTURES.read_text(encoding="utf-8") == expected, (
        "bench/fixtures/oshax.json differs from the test fixtures: rewrite it with "
        "RAFTWRIGHT_REGENERATE_GOLDEN=1 python -m pytest tests/engine/test_playouts_boards_oshax.py"
    )
    # and it is what the bench plays: the same scenarios on the same catalog
    data = json.loads(BENCH_FIXTURES.read_text(encoding="utf-8"))
    catalog = bundled_catalog().merged(catalog_from_dict(data["catalog"]))
    assert scenario_from_dict(data["scenarios"]["white cat"]) == WHITE_CAT
    assert (
        new_game(WHITE_CAT, seed=1, catalog=catalog).to_dict() == new_game(WHITE_CAT, seed=1, catalog=CATALOG).to_dict()
    )
