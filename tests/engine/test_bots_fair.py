"""Fair bots: what a bot chooses never depends on what a player cannot know (the order
of a deck or of the bag, which unseen cards lie face down in the solo reserve, the
game's RNG), and the heuristic bot plays legal, deterministic games."""

from __future__ import annotations

import random

import pytest
from reference.fair_view import plain_fair_view

from engine import GameState, new_game
from engine.bots.bots import BOTS, get_bot, playout
from engine.bots.heuristic import HeuristicBot
from engine.bots.view import acting_player, deck_of, fair_view
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.play.phases import DRAW

SCENARIOS = ["campaign-1/01-waiting-for-friends", "campaign-1/03-the-old-teruvian", "tutorial/02-ancient-trail"]


def load(name: str) -> GameState:
    return new_game(open_scenario(campaigns_dir() / f"{name}.scenario.json"), seed=3, variant="solo")


def shuffle_hidden(state: GameState, rng: random.Random) -> GameState:
    """The same game as a player sees it, with every hidden part reshuffled: deck
    orders, which unseen card of a deck lies in each reserve slot, the bag's order and
    the game's RNG."""
    other = state.clone()
    for deck in other.decks:
        slots = [(p, i) for p, r in enumerate(other.reserve) for i, k in enumerate(r) if deck_of(k) == deck]
        pool = other.decks[deck] + [other.reserve[p][i] for p, i in slots]
        rng.shuffle(pool)
        for p, i in slots:
            other.reserve[p][i] = pool.pop()
        other.decks[deck] = pool
    rng.shuffle(other.bag)
    other.rng = random.Random(rng.random())
    return other


def positions(name: str, count: int) -> list[GameState]:
    """Positions from a heuristic game, one per action (draw, play and fire phases)."""
    return played(load(name), count)


def played(state: GameState, count: int) -> list[GameState]:
    """The first ``count`` positions of ``state`` played on by the heuristic bot."""
    bot, rng = HeuristicBot(), random.Random(0)
    out: list[GameState] = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        state.apply(bot.choose(state, rng))
    return out


@pytest.mark.parametrize("name", SCENARIOS)
def test_hidden_order_does_not_change_choices(name: str) -> None:
    rng = random.Random(11)
    bot = HeuristicBot()
    seen_phases = set()
    for state in positions(name, 40):
        seen_phases.add(state.phase)
        choice = bot.choose(state, random.Random(0))
        for _ in range(3):
            other = shuffle_hidden(state, rng)
            assert other.decks != state.decks or not any(len(d) > 1 for d in state.decks.values())
            assert bot.choose(other, random.Random(0)) == choice, (
                f"{name}: hidden order changed the choice at {state!r}"
            )
    assert {"draw", "play", "fire", "refill"} <= seen_phases  # every solo decision the bot takes


def test_fair_view_hides_order_and_keeps_what_is_seen() -> None:
    state = positions("campaign-1/01-waiting-for-friends", 8)[-1]
    view = fair_view(state)
    other = fair_view(shuffle_hidden(state, random.Random(5)))
    assert view.decks == other.decks and view.reserve == other.reserve and view.bag == other.bag
    assert view.rng.getstate() == other.rng.getstate()
    assert view.hands == state.hands and view.terrain == state.terrain and view.fire == state.fire
    assert {d: len(c) for d, c in view.decks.items()} == {d: len(c) for d, c in state.decks.items()}
    assert [[deck_of(k) for k in r] for r in view.reserve] == [[deck_of(k) for k in r] for r in state.reserve]
    assert sorted(view.bag) == sorted(state.bag)


def test_heuristic_games_are_legal_and_repeatable() -> None:
    scenario = open_scenario(campaigns_dir() / "campaign-1/03-the-old-teruvian.scenario.json")
    results = []
    for _ in range(2):
        state = new_game(scenario, seed=1, variant="solo")
        bot = get_bot("heuristic")
        while not state.is_terminal():
            action = bot.choose(state, random.Random(0))
            state.apply(action)  # checked: raises if the bot chose an illegal action
        results.append([str(a) for a in state.history])
    assert results[0] == results[1]


def test_bot_registry() -> None:
    assert {"random", "heuristic"} <= set(BOTS)
    with pytest.raises(ValueError, match="heuristic"):
        get_bot("nope")
    state = load("tutorial/01-first-steps")
    assert playout(state, get_bot("random"), random.Random(1)).outcome is not None


@pytest.mark.parametrize("name", SCENARIOS)
def test_fair_view_equals_its_plain_form(name: str) -> None:
    """The view sorts each deck in its own list and hands the reserve slots their cards
    in one pass: the same decks, reserves and bag as the plain form, with the hidden
    parts reshuffled and with several players' reserves."""
    rng = random.Random(5)
    states = positions(name, 30)
    two = new_game(open_scenario(campaigns_dir() / f"{name}.scenario.json"), seed=4, players=2, variant="standard")
    for state in [*states, *(shuffle_hidden(s, rng) for s in states), two, shuffle_hidden(two, rng)]:
        before = ({d: list(c) for d, c in state.decks.items()}, [list(r) for r in state.reserve], list(state.bag))
        got, want = fair_view(state), plain_fair_view(state)
        assert (got.decks, got.reserve, got.bag) == (want.decks, want.reserve, want.bag)
        assert got.advanced.disaster_deck == want.advanced.disaster_deck
        assert got.rng.getstate() == random.Random(0x5EED).getstate()
        assert (state.decks, state.reserve, state.bag) == before  # the game itself untouched


def team_positions(name: str, players: int, count: int, seed: int) -> list[GameState]:
    """Positions of a team game (standard rules) played by the heuristic bot, one per action."""
    scenario = open_scenario(campaigns_dir() / f"{name}.scenario.json")
    return played(new_game(scenario, seed=seed, players=players, variant="standard"), count)


def swap_teammate_card(state: GameState, player: int, index: int, rng: random.Random) -> GameState | None:
    """The same game as the acting player sees it, with one card of a teammate's hand
    swapped for an unseen card of the same deck (None when the deck holds no other)."""
    other = state.clone()
    key = other.hands[player][index]
    pool = other.decks[deck_of(key)]
    if not pool:
        return None
    j = rng.randrange(len(pool))
    other.hands[player][index], pool[j] = pool[j], key
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_teammates_hands_do_not_change_choices(players: int) -> None:
    """Issue 27: in team games the bot read its teammates' hands (over 1,105 two-player
    draw positions, swapping a teammate's card for an unseen one of the same deck changed
    the choice 278 times of 3,315).  The seat the bot plays sees its own hand only: every
    teammate's card swapped for an unseen one of its deck leaves the choice as it was, in
    every phase of the game.  (In the play phase a player who can do nothing with their
    cards passes to the next, as a player at the table says so.)"""
    rng = random.Random(7)
    bot = HeuristicBot()
    swaps, phases = 0, set()
    for name, seed in [(SCENARIOS[0], 1), (SCENARIOS[1], 2), (SCENARIOS[2], 3)]:
        for state in team_positions(name, players, 60, seed):
            choice = bot.choose(state, random.Random(0))
            assert state.is_legal(choice)
            actor = getattr(choice, "player", acting_player(state))
            passed = range(acting_player(state), actor) if state.phase == "play" else range(0)
            for p in range(players):
                if p == actor or p in passed:  # a player who can do nothing with their cards passes, in the open
                    continue
                for i in range(len(state.hands[p])):
                    other = swap_teammate_card(state, p, i, rng)
                    if other is None:
                        continue
                    swaps += 1
                    phases.add(state.phase)
                    assert bot.choose(other, random.Random(0)) == choice, (
                        f"{name}: player {p}'s card {state.hands[p][i]} changed player {actor}'s choice"
                    )
    assert swaps > 100 and {"draw", "play"} <= phases


def test_the_team_view_hides_teammates_hands_and_keeps_the_players_own() -> None:
    state = team_positions(SCENARIOS[0], 2, 8, 1)[-1]
    actor = acting_player(state)
    view = fair_view(state, actor)
    assert view.hands[actor] == state.hands[actor]
    for p in range(state.players):
        assert [deck_of(k) for k in view.hands[p]] == [deck_of(k) for k in state.hands[p]]  # the backs are seen
    unseen = {d: sorted(c + [k for p in range(2) if p != actor for k in state.hands[p] if deck_of(k) == d])
              for d, c in state.decks.items()}  # fmt: skip
    seen = {d: sorted(c + [k for p in range(2) if p != actor for k in view.hands[p] if deck_of(k) == d])
            for d, c in view.decks.items()}  # fmt: skip
    assert seen == unseen  # the same cards unseen, in a canonical place
    assert fair_view(state).hands == state.hands  # without a player: only hidden order is canonical


def test_the_rounds_face_down_draws_do_not_change_the_next_draw() -> None:
    """While drawing, nobody has looked at the cards drawn this round (rulebook "Drawing
    cards" and "Solo"): swapped with unseen cards of their decks, the heuristic's next
    draw is the same (it once scored the decks without them, so the cards it had drawn
    steered the rest of the round's draws)."""
    bot = HeuristicBot()
    checked = 0
    for name in ("practice/02-the-protector", "campaign-1/04-like-a-rainbow"):
        for seed in range(3):
            state = new_game(open_scenario(campaigns_dir() / f"{name}.scenario.json"), seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal() and state.round <= 3:
                if state.phase == DRAW and (state.hands[0] or state.reserve[0]):
                    other = state.clone()
                    swap = random.Random(checked)
                    for held in (other.hands[0], other.reserve[0]):
                        for i, key in enumerate(held):
                            pool = other.decks[deck_of(key)]
                            if pool:
                                j = swap.randrange(len(pool))
                                held[i], pool[j] = pool[j], held[i]
                    assert bot.choose(other, random.Random(0)) == bot.choose(state, random.Random(0))
                    checked += 1
                state.apply(bot.choose(state, rng))
    assert checked >= 30
