"""The random bot's pick without the action list (issue 11 item 7):
:func:`engine.bots.random_pick.random_action` returns exactly
``legal_actions()[rng.randrange(len(legal_actions()))]`` and leaves the RNG where that
leaves it, on every position of seeded random games of bundled scenarios (solo,
COMP1110 digital variant, two-player standard) and of the advanced game."""

from __future__ import annotations

import random

import pytest
from advanced_fixtures import fixture_catalog
from kickstarter_fixtures import hybrid_catalog
from test_playouts_advanced import CARDS
from test_playouts_tokens import kickstarter

from engine import GameState, new_game
from engine.bots.random_pick import random_action
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir

SCENARIOS = ["tutorial/01-first-steps", "practice/01-early-morning", "campaign-1/01-waiting-for-friends",
             "campaign-2/06-meet-the-twins", "campaign-3/05-everyone-is-welcome", "campaign-4/06-down-the-waterfall"]  # fmt: skip


def listed_pick(state: GameState, rng: random.Random) -> object:
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def check_game(state: GameState, seed: int) -> int:
    """Play ``state`` out with the listed pick, comparing the counted pick at every step."""
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal() and checked < 400:
        for probe_seed in (seed, seed + 1):
            a, b = random.Random(probe_seed), random.Random(probe_seed)
            assert random_action(state, a) == listed_pick(state, b), state.phase
            assert a.getstate() == b.getstate()
        state.apply_unchecked(listed_pick(state, rng))
        checked += 1
    return checked


@pytest.mark.parametrize("name", SCENARIOS)
def test_counted_pick_is_the_listed_pick(name: str) -> None:
    path = campaigns_dir() / f"{name}.scenario.json"
    if not path.exists():
        pytest.skip(f"{path.name} is not bundled")
    scenario = open_scenario(path)
    checked = 0
    for players, variant in [(1, "solo"), (1, "comp1110"), (2, "standard")]:
        if players not in scenario.rules.players:
            continue
        for seed in range(3):
            checked += check_game(new_game(scenario, seed=seed, players=players, variant=variant), seed)
    assert checked > 50


def test_counted_pick_in_the_advanced_game() -> None:
    """The advanced game: moves limited to 5 squares (MV-6), the raft bonus (AD-2)."""
    scenario = open_scenario(campaigns_dir() / "campaign-1/07-river-rafts.scenario.json").with_changes(mode="advanced")
    checked = 0
    for seed in range(4):
        checked += check_game(new_game(scenario, seed=seed, variant="standard", catalog=fixture_catalog(*CARDS)), seed)
    assert checked > 20


def test_counted_pick_with_kickstarter_tokens() -> None:
    """Tokens on the island: moves that collect them, the token phases, hybrid tiles
    (Kickstarter pack) go through the listed actions or are counted alike."""
    scenario = kickstarter("campaign-1/01-waiting-for-friends")
    checked = 0
    for seed in range(4):
        checked += check_game(new_game(scenario, seed=seed, catalog=hybrid_catalog()), seed)
    assert checked > 20


def test_no_action_is_refused() -> None:
    scenario = open_scenario(campaigns_dir() / "campaign-1/01-waiting-for-friends.scenario.json")
    state = new_game(scenario, seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_unchecked(random_action(state, rng))
    with pytest.raises(ValueError, match="no legal action"):
        random_action(state, rng)
