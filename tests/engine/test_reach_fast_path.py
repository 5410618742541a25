"""The cut-off analysis's shortcut (issue 11 item 7: when every cat can reach the raft
with the fire as it lies, no tile subset is searched) answers exactly what the full
analysis answers, on every position of seeded random solo games, water included."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from reference.reach import plain_move_targets

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play import reach
from engine.play.bitboard import bit_list
from engine.play.position import Position
from engine.play.reach import (
    CutOff,
    _region,
    _unmatched,
    cat_regions,
    coverable_squares,
    find_cut_off,
    move_targets,
    raft_entries,
    tiles_needed,
    walkable,
)


def full_analysis(state: Position) -> CutOff | None:
    """:func:`find_cut_off` without its shortcut (the analysis as the module doc states it)."""
    if state.rules.cutoff_mode == "off":
        return None
    regions = cat_regions(state)
    for cat, (region, targets) in regions.items():
        if not targets:
            return CutOff(cat, region, "no free raft square it may use can be reached")
    unmatched = _unmatched({cat: targets for cat, (_, targets) in regions.items()})
    if unmatched is not None:
        return CutOff(unmatched, regions[unmatched][0], "the raft squares it can reach are needed by other cats")
    budget = state.rules.removable_fire_budget(state)
    if budget > 0 and state.tiles_placed:
        coverage: dict[int, int] = {}
        for cat in regions:
            if tiles_needed(state, cat, budget, coverage) is None:
                tokens = f"{budget} water token{'s' if budget != 1 else ''}"
                region = _region(state, cat, state.fire, coverage)
                return CutOff(cat, region, f"its way to the raft needs more fire tiles removed than the {tokens} left")
    return None


@pytest.mark.parametrize("name", ["campaign-1/01-waiting-for-friends", "campaign-3/05-everyone-is-welcome"])
def test_the_shortcut_never_changes_the_answer(name: str) -> None:
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    checked = 0
    for seed in range(8):
        state = new_game(scenario, seed=seed, variant="solo")
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_unchecked(actions[rng.randrange(len(actions))])
            for water in (0, 1, 3):  # no water, a little, plenty
                probe = state.clone()
                probe.water = water
                assert find_cut_off(probe) == full_analysis(probe)
                checked += 1
    assert checked > 100


def random_path(state: Position, rng: random.Random) -> int:
    """A connected set of squares, as the analysis remembers them: filled from a cat's
    square or from any square, over the squares off fire or over any squares."""
    grid, land = state.island.grid, state.island.land
    start = rng.choice([1 << sq for sq in state.cat_sq] + [1 << rng.choice(bit_list(land))])
    cat = rng.randrange(len(state.cat_sq))
    passable = walkable(state, state.island.cat_terrain[cat]) & ~state.fire | coverable_squares(state, state.fire)
    over = rng.choice([land & ~state.fire, land, land & rng.getrandbits(land.bit_length()), passable])
    return grid.flood(start, over)


def test_remembered_tile_sets_never_change_the_answer(monkeypatch) -> None:
    """The tile sets and paths find_cut_off remembers per cat (tiles that freed it
    before, connected squares that took it to the raft) are hints: any of them, stale,
    foreign or too large, leaves the answer the full analysis gives, on every position
    of seeded random solo games with 1 and 3 water tokens."""
    scenario = open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json")
    checked = 0
    for seed in range(6):
        state = new_game(scenario, seed=seed, variant="solo")
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_unchecked(actions[rng.randrange(len(actions))])
            for water in (1, 3):
                probe = state.clone()
                probe.water = water
                names = sorted(probe.tiles_placed) + ["no-such-tile"]
                hints = {cat: tuple(rng.sample(names, rng.randint(0, min(4, len(names))))) for cat in range(8)}
                monkeypatch.setattr(reach, "_WITNESS", hints)
                foreign = replace(probe.island)  # another island object: its kept raft squares are not trusted
                paths = {}
                for cat, ci in enumerate(probe.island.cat_terrain):
                    path = random_path(probe, rng)
                    if rng.random() < 0.5:
                        paths[cat] = (path, raft_entries(probe, ci, path), probe.island, probe.rules)
                    else:
                        paths[cat] = (path, probe.island.land, foreign, probe.rules)
                monkeypatch.setattr(reach, "_PATHS", paths)
                assert find_cut_off(probe) == full_analysis(probe)
                checked += 1
    assert checked > 50


def test_move_targets_kept_from_other_positions_are_the_plain_answer() -> None:
    """``move_targets`` reuses the last answer for a square when the squares changed
    since lie away from the cat's region: over two games played side by side (each
    asking after the other's positions, foreign answers included), every answer is
    the plain fill's."""
    games = []
    for seed, name in enumerate(["campaign-1/01-waiting-for-friends", "campaign-2/03-tricky-waters"]):
        scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
        games.append((new_game(scenario, seed=seed, variant="solo"), random.Random(seed)))
    checked = 0
    while any(not state.is_terminal() for state, _ in games):
        for state, rng in games:
            if state.is_terminal():
                continue
            other = state.clone()  # the same squares on another island (raft squares everywhere): nothing kept applies
            other.island = replace(state.island, dest=(state.island.land,) * len(state.island.dest))
            for cat in range(len(state.cat_sq)):
                if not state.arrived[cat]:
                    assert move_targets(state, cat, None) == plain_move_targets(state, cat)
                    assert move_targets(other, cat, None) == plain_move_targets(other, cat)
                    checked += 1
            actions = state.legal_actions()
            state.apply_unchecked(actions[rng.randrange(len(actions))])
    assert checked > 100
