"""The advanced game (rulebook "Advanced rules"; RULINGS AD-1..AD-4, MV-6, DP-3, DP-4,
SO-1, OB-1): the 5-square move limit, the raft-arrival bonus and its chain, disaster
cards resolved top to bottom.  Every disaster card here is a FIXTURE defined in the
test: the real cards' texts are unknown (RULINGS C15)."""

from __future__ import annotations

import dataclasses

import pytest
from advanced_fixtures import ADVANCED_ISLAND, advanced_state, fixture_card
from engine_pictures import deal

from engine import new_game
from engine.check.validate_files import open_scenario
from engine.model.disaster_cards import DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective
from engine.play.actions import (
    BonusDraw,
    BonusMove,
    BonusPass,
    DisasterDiscard,
    DisasterMove,
    MoveCat,
    PlaceFire,
    Refill,
    parse_action,
)  # fmt: skip
from engine.play.objectives import MET, PENDING, objective_statuses
from engine.play.outcome import IllegalAction
from engine.play.phases import DisasterProgress
from engine.play.position import PositionError
from engine.play.state import GameState

ISLAND = ADVANCED_ISLAND  # red 5 squares from an any-colour raft square, blue 3, green far
RED, BLUE, GREEN = (1, 5), (2, 7), (3, 4)
RED_RAFT, BLUE_RAFT = (1, 10), (2, 10)
HAND = ["circle:a", "circle:b", "circle:c", "cross:a", "cross:b", "cross:c"]


def _game(*cards, hand=HAND, objectives=(), variant="standard", water=0, reserve=(), pile=0) -> GameState:
    state = deal(advanced_state(ISLAND, cards, variant=variant, objectives=objectives, water=water), list(hand),
                 reserve=reserve)  # fmt: skip
    for key in [k for k in state.decks["square"]][:pile]:  # cards already on the disaster pile
        state.decks["square"].remove(key)
        state.disaster_pile.append(key)
    return state


def test_a_cat_moves_at_most_five_squares_in_the_advanced_game() -> None:
    """Rulebook "Advanced rules" / MV-6: at most 5 spaces, counted along the path."""
    state = _game()
    reach = state.reachable_squares(GREEN)
    assert (3, 9) in reach and (3, 10) not in reach and (5, 6) in reach
    assert all(abs(r - 3) + abs(c - 4) <= 5 for r, c in reach)
    standard = deal(advanced_state(ISLAND, mode="standard"), list(HAND))
    assert (3, 12) in standard.reachable_squares(GREEN)
    with pytest.raises(IllegalAction, match="cannot end a move"):
        state.apply(MoveCat(0, GREEN, (3, 10), ("circle:a",)))


def test_an_arrival_offers_the_free_action_before_the_disaster_pile() -> None:
    """AD-2 / DP-4: the bonus comes before the disaster pile is resolved: the pile at 4
    waits while the team chooses."""
    card = fixture_card("exhaust", DisasterEffect("exhaust", cat="all"))
    state = _game(card, pile=3)
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    assert state.phase == "bonus" and len(state.disaster_pile) == 4 and state.advanced.disaster is None
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {BonusDraw, BonusMove, BonusPass}
    state.apply(BonusPass())
    assert [e.step for e in state.advanced.disaster_log] == [0, 1] and state.phase == "play"
    assert state.advanced.disaster_used == [card.id] and len(state.disaster_pile) == 0


def test_the_bonus_draw_gives_the_active_player_an_extra_card() -> None:
    """AD-2: the active player draws 1 pathway card; it must be played this round."""
    state = _game(hand=["circle:a"])
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    top = state.decks["cross"][-1]
    state.apply(BonusDraw(0, "cross"))
    assert state.hands[0] == [top] and state.advanced.extra_cards == [1] and state.phase == "play"
    assert not state.is_legal(parse_action("end"))  # every card is played before resting


def test_the_bonus_move_needs_no_discard_and_exhausts_the_cat() -> None:
    """AD-2: any cat, rested or exhausted, moves up to 5 squares and becomes exhausted;
    no card goes to the disaster pile."""
    state = _game()
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    with pytest.raises(IllegalAction, match="at most 5"):
        state.apply(BonusMove(0, GREEN, (3, 10)))
    state.apply(BonusMove(0, GREEN, (3, 9)))
    green = state.cat_at((3, 9))
    assert green is not None and state.exhausted[green] and state.disaster_pile == ["circle:a"]
    assert state.phase == "play" and state.hands[0] == HAND[1:]


def test_a_bonus_move_that_arrives_earns_another_bonus_and_meets_arrive_together() -> None:
    """AD-3: the bonus chains; OB-1: the red and blue cats arrive within one action,
    which meets '=' (the arrival order counts both, OB-3)."""
    state = _game(objectives=(Objective("arrive_together", colours=("red", "blue")),))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    assert [s.status for s in objective_statuses(state)] == [PENDING]  # the action is still open
    state.apply(BonusMove(0, RED, RED_RAFT))
    assert state.phase == "bonus" and state.arrival_turns == [1, 1]
    assert [s.status for s in objective_statuses(state)] == [MET]
    state.apply(BonusPass())
    assert not state.is_terminal() and state.phase == "play"


def test_arrive_together_fails_when_the_bonus_is_not_used_for_it() -> None:
    """OB-1: passing the bonus leaves the blue cat arrived alone: the objective fails."""
    state = _game(objectives=(Objective("arrive_together", colours=("red", "blue")),))
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    state.apply(BonusPass())
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "objective-failed" and outcome.score == 0


def test_the_last_arrival_wins_at_once_without_a_bonus() -> None:
    """Rulebook "Winning": the game ends the moment every cat is on the raft."""
    state = _game()
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    state.apply(BonusMove(0, RED, RED_RAFT))
    state.apply(BonusMove(0, GREEN, (3, 9)))
    state.apply(MoveCat(0, (3, 9), (2, 11), ("cross:a", "cross:b")))  # exhausted: 2 cards
    outcome = state.outcome()
    assert outcome is not None and outcome.won and outcome.score == 5 and state.advanced.bonus is None


def test_a_disaster_card_resolves_top_to_bottom() -> None:
    """DP-3: draw a disaster card instead of a fire tile, resolve its lines in order,
    then discard it; each resolved line is logged for the playtest."""
    card = fixture_card(
        "order",
        DisasterEffect("exhaust", cat="green"),
        DisasterEffect("fire", count=1),
        DisasterEffect("lose_water", count=1),
    )
    state = _game(card, pile=3, water=2)
    state.apply(MoveCat(0, GREEN, (3, 9), ("circle:a",)))
    assert state.phase == "fire" and state.pending is not None and state.pending.cause == "disaster"
    assert [e.step for e in state.advanced.disaster_log] == [0, 1, 2] and state.water == 2
    fire = next(iter(state.legal_actions()))
    assert isinstance(fire, PlaceFire)
    state.apply(fire)
    assert [e.step for e in state.advanced.disaster_log] == [0, 1, 2, 3] and state.water == 1 and state.water_used == 0
    assert state.phase == "play" and state.advanced.disaster is None and state.advanced.disaster_used == [card.id]
    assert state.advanced.disaster_deck == [] and len(state.discard_pile) == 4


def test_a_forced_discard_goes_to_the_disaster_pile() -> None:
    """DP-3: a card discarded by a disaster goes onto the disaster pile; the player
    chooses which.  It causes no second disaster (DP-3 INFERENCE)."""
    card = fixture_card("discard", DisasterEffect("discard", who="active", count=2))
    state = _game(card, pile=3)
    state.apply(MoveCat(0, GREEN, (3, 9), ("circle:a",)))
    assert state.phase == "disaster"
    assert {a.card for a in state.legal_actions() if isinstance(a, DisasterDiscard)} == set(HAND[1:])
    state.apply(DisasterDiscard(0, "cross:c"))
    state.apply(DisasterDiscard(0, "circle:b"))
    assert state.disaster_pile == ["cross:c", "circle:b"] and state.phase == "play"
    assert "circle:b" not in state.hands[0] and state.advanced.disaster is None


def test_a_forced_discard_is_skipped_when_nobody_holds_a_card() -> None:
    """DP-3: "If no one has a card to discard, skip this part" and go on to the next."""
    card = fixture_card("skip", DisasterEffect("discard", who="each"), DisasterEffect("exhaust", cat="red"))
    state = _game(card, hand=["circle:a"], pile=3)
    state.apply(MoveCat(0, GREEN, (3, 9), ("circle:a",)))
    texts = [e.text for e in state.advanced.disaster_log]
    assert "skipped, nobody holds a card" in texts[1] and "red cat" in texts[2]
    assert state.exhausted[state.cat_at(RED)] and state.phase == "play"


def test_a_forced_move_exhausts_the_cat_and_respects_its_limits() -> None:
    """DP-3: a cat moved by a disaster becomes exhausted.  The fixture moves the cat
    nearest the fire at most 2 squares towards the fire; it never ends on the raft."""
    card = fixture_card("push", DisasterEffect("move", cat="nearest_fire", squares=2, towards="fire"))
    state = _game(card, pile=3)
    state.apply(MoveCat(0, RED, (0, 9), ("circle:a",)))  # green stays nearest the fire
    moves = list(state.legal_actions())
    assert moves and all(isinstance(a, DisasterMove) and a.cat == GREEN for a in moves)
    assert all(abs(a.to[0] - 3) + abs(a.to[1] - 4) <= 2 for a in moves)
    assert all(a.to[0] + a.to[1] - 6 < 3 + 4 - 2 or a.to[0] > 3 or a.to[1] < 4 for a in moves)  # nearer fire
    state.apply(DisasterMove(0, GREEN, (4, 3)))
    green = state.cat_at((4, 3))
    assert green is not None and state.exhausted[green] and state.phase == "play"
    assert "moved from (3, 4) to (4, 3)" in state.advanced.disaster_log[-1].text


def test_a_forced_move_is_skipped_when_no_named_cat_can_move() -> None:
    """A line no cat can obey is skipped, as DP-3 skips a discard nobody can make."""
    card = fixture_card("purple", DisasterEffect("move", cat="purple"))
    state = _game(card, pile=3)
    state.apply(MoveCat(0, GREEN, (3, 9), ("circle:a",)))
    assert "skipped" in state.advanced.disaster_log[-1].text and state.phase == "play"


def test_advanced_solo_extra_cards_come_from_the_decks_and_are_played_this_round() -> None:
    """Rulebook "Advanced solo rules" / SO-1: the bonus card comes from a pathway deck,
    not the face-down cards; it raises the hand size until the round ends."""
    state = _game(hand=HAND[:3], reserve=HAND[3:], variant="solo")
    state.apply(MoveCat(0, BLUE, BLUE_RAFT, ("circle:a",)))
    top = state.decks["square"][-1]
    state.apply(BonusDraw(0, "square"))
    assert top in state.hands[0] and len(state.hands[0]) == 3 and state.phase == "refill"  # the player picks
    state.apply(Refill(0, 0))
    assert len(state.hands[0]) == 4 and len(state.reserve[0]) == 2
    state.apply(MoveCat(0, GREEN, (3, 6), (state.hands[0][0],)))  # the refill keeps 4 in hand while it can
    state.apply(Refill(0, 1))
    assert len(state.hands[0]) == 4 and len(state.reserve[0]) == 1 and state.advanced.extra_cards == [1]
    state.apply(MoveCat(0, RED, (1, 7), (state.hands[0][0],)))
    assert len(state.hands[0]) == 4 and state.reserve == [[]]  # 3 played + 4 to play: 6 cards + the extra one


@pytest.mark.parametrize("text", ["bonus draw 0 circle", "bonus move 1 7,10 4,13", "bonus pass",
                                  "disaster discard 2 circle:h", "disaster move 0 7,10 6,10"])  # fmt: skip
def test_new_actions_read_back_from_their_text(text: str) -> None:
    assert str(parse_action(text)) == text


def test_each_player_discards_their_own_choice() -> None:
    """DP-3 with two players: "each player discards 1" asks both; each picks a card of
    their own hand (the rules are silent on who chooses; docs/rules.md, "Advanced game")."""
    card = fixture_card("each", DisasterEffect("discard", who="each"))
    state = deal(advanced_state(ISLAND, [card], players=2), HAND[:3], HAND[3:])
    for key in state.decks["square"][:3]:
        state.decks["square"].remove(key)
        state.disaster_pile.append(key)
    state.apply(MoveCat(1, GREEN, (3, 9), ("cross:a",)))
    assert {a.player for a in state.legal_actions()} == {0, 1}
    with pytest.raises(IllegalAction, match="does not answer"):
        state.apply(DisasterDiscard(0, "cross:b"))  # not player 0's card
    state.apply(DisasterDiscard(1, "cross:b"))
    assert {a.player for a in state.legal_actions()} == {0}
    state.apply(DisasterDiscard(0, "circle:a"))
    assert state.phase == "play" and state.disaster_pile == ["cross:b", "circle:a"]


def test_exhaust_nearest_fire_lays_down_the_cats_nearest_the_fire() -> None:
    """Fixture vocabulary: 'nearest_fire' is the least orthogonal distance to fire."""
    card = fixture_card("nearest", DisasterEffect("exhaust", cat="nearest_fire"))
    state = _game(card, pile=3)
    state.apply(MoveCat(0, BLUE, (2, 3), ("circle:a",)))  # blue (2,3) and green (3,4) are 3 from fire
    assert state.advanced.disaster_log[-1].text.count("cat on") == 2
    assert state.exhausted == [False, True, True]  # red (1, 5) is 7 from the fire


def test_the_disaster_deck_option_alone_keeps_unlimited_moves_and_no_bonus() -> None:
    """The rule option disaster_deck names the deck alone (docs/rules.md, "Advanced game")."""
    card = fixture_card("flare", DisasterEffect("fire"))
    state = deal(advanced_state(ISLAND, [card], mode="standard"), list(HAND))
    assert not state.rules.disaster_deck(state.island.scenario)
    option = state.island.scenario.with_changes(rules=dataclasses.replace(state.island.scenario.rules,
                                                                          disaster_deck=True))  # fmt: skip
    assert state.rules.disaster_deck(option) and state.rules.move_limit(state) is None
    assert not state.rules.arrival_bonus(state)


def test_a_state_saved_before_the_advanced_game_still_loads() -> None:
    """Saved games from before the advanced slots existed resume (all at set-up value)."""
    state = new_game(open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"), seed=2)
    doc = state.to_dict()
    for key in ("disaster_deck", "disaster_used", "disaster", "disaster_log", "bonus", "extra_cards"):
        del doc[key]
    assert GameState.from_dict(doc).to_dict() == state.to_dict()


def test_the_constructor_checks_the_advanced_arguments() -> None:
    """A position no game can reach is refused, naming the argument."""
    card = fixture_card("one", DisasterEffect("fire"))
    state = advanced_state(ISLAND, [card])
    with pytest.raises(PositionError, match="disaster_deck: fixture-disaster-nope"):
        GameState(state.island, state.rules, disaster_deck=["fixture-disaster-nope"])
    with pytest.raises(PositionError, match="disaster phase needs"):
        GameState(state.island, state.rules, phase="disaster")
    with pytest.raises(PositionError, match="bonus phase needs"):
        GameState(state.island, state.rules, phase="bonus")
    with pytest.raises(PositionError, match="does not fit card"):
        GameState(state.island, state.rules, phase="disaster", disaster_deck=[],
                  disaster=DisasterProgress(card.id, 0, step=5))  # fmt: skip


def test_a_pile_refilled_by_a_disaster_waits_for_the_next_move() -> None:
    """DP-3 (INFERENCE): a disaster card that brings the pile back to 4 or more causes
    no immediate second disaster; the check is a step of the next move action."""
    first = fixture_card("first", DisasterEffect("discard", who="each", count=2))
    second = fixture_card("second", DisasterEffect("exhaust", cat="all"))
    state = deal(advanced_state(ISLAND, [first, second], players=2), HAND[:3], HAND[3:])
    for key in state.decks["square"][:3]:
        state.decks["square"].remove(key)
        state.disaster_pile.append(key)
    state.apply(MoveCat(0, GREEN, (3, 9), ("circle:a",)))
    for choice in ("circle:b", "circle:c", "cross:a", "cross:b"):
        state.apply(next(a for a in state.legal_actions() if isinstance(a, DisasterDiscard) and a.card == choice))
    assert state.phase == "play" and len(state.disaster_pile) == 4 and state.advanced.disaster_used == [first.id]
    state.apply(MoveCat(1, RED, (1, 7), ("cross:c",)))
    assert state.advanced.disaster_used == [first.id, second.id] and len(state.disaster_pile) == 1
