"""Bots return only legal actions (issue 27, item 3): every bundled scenario in every
mode (the standard game, the advanced game with FIXTURE disaster cards, Kickstarter
tokens, expert: advanced rules with tokens and FIXTURE hybrid tiles) is played by the
heuristic and the random bot (and, on every 8th scenario, the search bot, and on
another 8th the counting bot) through the
checked path (``playout(checked=True)``: each choice goes through ``GameState.apply``, which raises on an illegal action).

The real disaster cards and hybrid tiles are RULINGS unknowns (C15, C17): the ones here
are fixtures.  To stay bounded (156 heuristic games) each scenario meets each mode once,
the variant (solo, standard for two players, the digital solo variant) turning with the
scenario's place in the list, so every mode meets every variant on 13 scenarios.  One
more game per mode and variant checks each heuristic choice against the listed
``legal_actions()`` themselves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from advanced_fixtures import fixture_card
from kickstarter_fixtures import hybrid_catalog
from test_playouts_tokens import kickstarter

from engine import new_game
from engine.bots.bots import RandomBot, playout
from engine.bots.draw_plan import CountingBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.search import SearchBot
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario
from engine.play.actions import MoveCat
from engine.play.outcome import IllegalAction
from engine.play.state import GameState

FIXTURE_DISASTERS = (
    fixture_card("push", DisasterEffect("move", cat="any", squares=3)),
    fixture_card("flare", DisasterEffect("fire"), DisasterEffect("exhaust", cat="all")),
    fixture_card("drop", DisasterEffect("discard", count=1)),
)  # fmt: skip
FIXTURES = Catalog(ids=("fixture-disasters",), name="fixture disasters",
                   disaster_cards={c.id: c for c in FIXTURE_DISASTERS})  # fmt: skip
NAMES = sorted(
    f"{p.parent.name}/{p.name.removesuffix('.scenario.json')}" for p in campaigns_dir().glob("*/*.scenario.json")
)
MODES = ("standard", "advanced", "tokens", "expert")
VARIANTS = (("solo", 1), ("standard", 2), ("comp1110", 1))
SEARCH_EVERY = 8  # the search bot plays every 8th scenario of each mode (turning with the mode)


def game(name: str, mode: str, variant: str, players: int, seed: int) -> GameState:
    if mode in ("tokens", "expert"):  # tokens of every kind where cats and cards meet them; a map objective
        scenario: Scenario = kickstarter(name)
        scenario = replace(scenario, mode="expert") if mode == "expert" else scenario
        catalog = hybrid_catalog()
    else:
        scenario = replace(open_scenario(campaigns_dir() / f"{name}.scenario.json"), mode=mode)
        catalog = default_catalog()
    return new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog.merged(FIXTURES))


def test_the_sweep_covers_every_scenario_mode_and_variant() -> None:
    assert len(NAMES) == 39
    pairs = {(m, VARIANTS[(i + j) % len(VARIANTS)][0]) for i in range(len(NAMES)) for j, m in enumerate(MODES)}
    assert len(pairs) == len(MODES) * len(VARIANTS)


@pytest.mark.parametrize("mode", MODES)
def test_bots_play_only_legal_actions(mode: str) -> None:
    j = MODES.index(mode)
    games = 0
    for i, name in enumerate(NAMES):
        variant, players = VARIANTS[(i + j) % len(VARIANTS)]
        searching = [SearchBot(samples=1)] if i % SEARCH_EVERY == j % SEARCH_EVERY else []  # it costs ~10 games
        # the counting bot (its own solo draws) on every 8th scenario too, half a turn from the search bot's
        counting = [CountingBot()] if i % SEARCH_EVERY == (j + SEARCH_EVERY // 2) % SEARCH_EVERY else []
        for bot in (HeuristicBot(), RandomBot(), *searching, *counting):
            state = game(name, mode, variant, players, seed=i)
            try:
                result = playout(state, bot, random.Random(i), checked=True)
            except IllegalAction as error:
                raise AssertionError(f"{bot.name} bot, {name}, {mode}, {variant}: {error}") from None
            assert result.outcome is not None, f"{bot.name} bot, {name}, {mode}: the game did not end"
            games += 1
    extra = len(range(j % SEARCH_EVERY, len(NAMES), SEARCH_EVERY))
    extra += len(range((j + SEARCH_EVERY // 2) % SEARCH_EVERY, len(NAMES), SEARCH_EVERY))
    assert games == 2 * len(NAMES) + extra


def test_the_checked_playout_refuses_an_illegal_bot_action() -> None:
    """The checked path is what the sweep relies on: a bot that returns a move without
    the tokens its way collects is stopped with the rule, the game untouched."""

    class Careless:
        name = "careless"

        def choose(self, state: GameState, rng: random.Random) -> MoveCat:
            move = next(a for a in state.legal_actions() if isinstance(a, MoveCat) and a.collect)
            return replace(move, collect=())

    state = game("tutorial/01-first-steps", "tokens", "solo", 1, seed=0)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="wrong-tokens"):
        playout(state, Careless(), random.Random(0), checked=True)
    assert state.to_dict() == before


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_every_heuristic_choice_is_one_of_the_listed_actions(mode: str, variant: str, players: int) -> None:
    """Stricter than the checked path on one game per mode and variant: each choice is a
    member of ``legal_actions()`` itself (the list a client shows), not only an action
    ``apply`` accepts."""
    i = (MODES.index(mode) * len(VARIANTS) + VARIANTS.index((variant, players))) * 3 % len(NAMES)
    state = game(NAMES[i], mode, variant, players, seed=i)
    bot, rng = HeuristicBot(), random.Random(i)
    while not state.is_terminal():
        action = bot.choose(state, rng)
        assert action in state.legal_actions(), f"{NAMES[i]}, {mode}, {variant}: {action} is not listed"
        state.apply(action)
