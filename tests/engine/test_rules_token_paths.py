"""Moves onto the raft through Kickstarter tokens (KS-3, MV-3, MV-4, MV-6, AD-2): every
kind of move (standard, advanced with its 5-square limit, the raft-arrival bonus) may
end on a raft square after a way that collects tokens, and ``legal_actions()``, the
checked path and ``reachable_squares()`` agree on it.

Issue 27: in the advanced game a cat whose ground was all walked before the limit's last
step could not board the raft through a token square (``wrong-tokens``, "the ways there
collect: " with nothing listed), though ``reachable_squares()`` listed the raft square."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from advanced_fixtures import fixture_card
from engine_pictures import deal, picture_layout
from kickstarter_fixtures import hybrid_catalog, token_state
from test_playouts_tokens import kickstarter

from engine import new_game
from engine.bots.bots import RandomBot
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterEffect
from engine.model.geometry import Square
from engine.model.scenario import CardPlacement, Scenario, TokenPlacement
from engine.play.actions import BonusMove, MoveCat
from engine.play.island import Island
from engine.play.outcome import IllegalAction
from engine.play.position import shuffled_decks
from engine.play.reach import move_targets
from engine.play.state import GameState
from engine.play.tokens import move_choices
from engine.play.variants import get_variant

# A red cat at the west end of a red corridor of three squares that ends beside a raft;
# the fish token lies on the corridor, so every way to the raft collects it.  A blue cat
# below may arrive first (for the bonus).  The corridor is walked in two steps, well
# before the advanced limit's last step.
CORRIDOR = """
ggggggggggwww
gggggggRrrwow
ggggggggggwww
bbbbbbbbbBbbb
"""
RED, FISH, RAFT, FAR_RAFT = (1, 7), (1, 8), (1, 10), (0, 12)
BLUE, BLUE_RAFT = (3, 9), (2, 10)
HAND = ["circle:a", "circle:b", "circle:c"]


def _corridor(mode: str, *, open_raft: bool = False, picture: str = CORRIDOR, fish: Square = FISH) -> GameState:
    layout, centres = picture_layout(picture)
    cards = tuple(CardPlacement("raft", (r - 1, c - 1), "A") for r, c in centres) if open_raft else ()
    scenario = Scenario(id="token-path", name="token path", mode=mode, cards=cards,
                        tokens=(TokenPlacement("fish", fish),))  # fmt: skip
    island = Island.from_layout(scenario, default_catalog(), layout)
    rng = random.Random(0)
    state = GameState(island, get_variant("standard"), seed=0, rng=rng, decks=shuffled_decks(island, rng))
    return deal(state, list(HAND))


def _moves_to(state: GameState, to: Square, cat: Square = RED) -> set[tuple[Square, ...]]:
    """The token sets of the listed moves of the cat on ``cat`` to ``to``."""
    moves = [a for a in state.legal_actions() if isinstance(a, (MoveCat, BonusMove))]
    return {a.collect for a in moves if a.cat == cat and a.to == to}


@pytest.mark.parametrize("mode", ["standard", "advanced"])
@pytest.mark.parametrize("open_raft", [False, True], ids=["destinations", "raft-A"])
def test_a_move_onto_the_raft_through_a_token_is_offered_and_accepted(mode: str, open_raft: bool) -> None:
    """A destination next to the corridor (coloured rafts: any-colour squares) or any
    square of raft A (boarded from any side, MV-3): the way collects the fish."""
    state = _corridor(mode, open_raft=open_raft)
    targets = [RAFT, FAR_RAFT] if open_raft else [RAFT]
    for to in targets:
        assert to in state.reachable_squares(RED)
        assert _moves_to(state, to) == {(FISH,)}, f"{mode}: legal_actions() offers no move onto {to}"
    if not open_raft:
        assert FAR_RAFT not in state.reachable_squares(RED)  # a coloured raft's far square is no entry
    with pytest.raises(IllegalAction, match="wrong-tokens") as refused:
        state.clone().apply(MoveCat(0, RED, RAFT, ("circle:a",)))  # every way there collects the fish
    assert str(refused.value).endswith("the ways there collect: (1, 8)")
    state.apply(MoveCat(0, RED, targets[-1], ("circle:a",), (FISH,)))
    assert state.kickstarter.held == ["fish"] and state.token_at(FISH) is None and state.arrived == [True, False]


def test_the_advanced_limit_still_holds_on_a_way_through_tokens() -> None:
    """MV-6: a raft six steps away is out of reach, token or not; five steps is in."""
    far = """
    ggggggggggwww
    gggRrrrrrrwow
    ggggggggggwww
    bbbbbbbbbBbbb
    """
    state = _corridor("advanced", picture=far, fish=(1, 6))
    assert RAFT not in state.reachable_squares((1, 3)) and not _moves_to(state, RAFT, (1, 3))
    assert _moves_to(state, (1, 8), (1, 3)) == {((1, 6),)}  # 5 steps
    state = _corridor("advanced", picture=far.replace("gggRrrrrrr", "gggggRrrrr"), fish=(1, 6))
    assert _moves_to(state, RAFT, (1, 5)) == {((1, 6),)}  # 4 steps, then the fifth onto the raft


def test_the_bonus_move_boards_the_raft_through_a_token() -> None:
    """AD-2: the bonus move (up to 5 squares, no discard) collects the tokens on its way
    onto the raft like any move (AD-4 inference, KS-3)."""
    state = _corridor("advanced")
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    assert state.phase == "bonus"
    assert _moves_to(state, RAFT) == {(FISH,)}
    with pytest.raises(IllegalAction, match="wrong-tokens"):
        state.clone().apply(BonusMove(0, RED, RAFT))
    state.apply(BonusMove(0, RED, RAFT, (FISH,)))
    assert all(state.arrived) and state.kickstarter.held == ["fish"]


def _way_sets_cover_the_targets(state: GameState) -> int:
    """For every cat, the union of :func:`move_choices`' destinations is exactly
    :func:`move_targets` (the rules limit, and a disaster move's 3 squares); returns how
    many ways collect a token."""
    collecting = 0
    for cat in range(state.cat_count()):
        for limit in ("rules", 3):
            union = 0
            for taken, dests in move_choices(state, cat, limit):
                union |= dests
                collecting += bool(taken)
            assert union == move_targets(state, cat, limit), f"cat {cat}, limit {limit}: {state!r}"
    return collecting


@pytest.mark.parametrize("mode", ["standard", "advanced", "expert"])
def test_every_square_a_cat_reaches_has_a_way_that_names_its_tokens(mode: str) -> None:
    """Seeded games with tokens where cats meet them: at every position, each square a
    cat may end on (raft squares included) has some set of tokens its way collects."""
    cards = (fixture_card("push", DisasterEffect("move", cat="any", squares=3)),)
    catalog = hybrid_catalog().merged(Catalog(ids=("fixture-disasters",), name="fixture",
                                              disaster_cards={c.id: c for c in cards}))  # fmt: skip
    collecting = 0
    for name in ("tutorial/01-first-steps", "campaign-1/01-waiting-for-friends"):
        scenario = replace(kickstarter(name), mode=mode)
        for seed in range(3):
            state = new_game(scenario, seed=seed, catalog=catalog)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.phase == "play":
                    collecting += _way_sets_cover_the_targets(state)
                state.apply(RandomBot().choose(state, rng))
    assert collecting, "no way collected a token: the sweep tests nothing"


def test_the_reported_ways_list_the_tokens_of_the_ways_there() -> None:
    """The refusal names the ways' tokens (never an empty list when the square is reachable)."""
    state = deal(token_state(CORRIDOR, {FISH: "fish"}, variant="standard"), list(HAND))
    with pytest.raises(IllegalAction, match=r"collect: \(1, 8\)$"):
        state.apply(MoveCat(0, RED, (1, 9), ("circle:a",)))
