"""The solo refill choice (rulebook "Solo" 2; RULINGS SO-1): after each action the hand
goes back to 3 from the face-down cards, "You may choose any of the cards on the
table, but you can not look at the front of the cards until you have added them to
your hand".  The choice is a ``Refill`` action in the ``refill`` phase; bots see only
the backs (decks) of the face-down cards."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_pictures import deal, picture_state

from engine.bots.bots import HeuristicBot, RandomBot, playout
from engine.bots.view import fair_view
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.schemas import schema_errors
from engine.play.actions import MoveCat, Refill, parse_action
from engine.play.game import Replay, new_game, replay
from engine.play.outcome import IllegalAction
from engine.play.position import PositionError
from engine.play.state import PLAY, REFILL, GameState
from engine.play.variants import SOLO, get_variant

OPEN = """
rrrrrrrwww
rBbbrrrwow
rrrbrrrwww
gggggggggg
gggggggggg
gggggggggg
ffffffffff
"""
HAND = ["circle:a", "circle:b", "circle:c"]
RESERVE = ["cross:a", "square:a", "triangle:a"]
BLUE = (1, 1)


def _solo(variant: str = "solo") -> GameState:
    return deal(picture_state(OPEN, variant=variant), list(HAND), reserve=list(RESERVE))


def _tutorial(seed: int) -> GameState:
    return new_game(open_scenario(campaigns_dir() / "tutorial/01-first-steps.scenario.json"), seed=seed)


def test_refill_text_form_round_trips_and_fits_the_replay_schema() -> None:
    """Every action has a text form that parse_action reads back (actions.py)."""
    assert str(Refill(0, 2)) == "refill 0 2"
    assert parse_action("refill 0 2") == Refill(0, 2)
    assert parse_action(" refill  1   0 ") == Refill(1, 0)


def test_after_an_action_the_player_picks_the_face_down_card() -> None:
    """Rulebook "Solo" 2: "You may choose any of the cards on the table"; the hand goes
    back to 3 before the next action (SO-1)."""
    state = _solo()
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    assert state.phase == REFILL
    assert list(state.legal_actions()) == [Refill(0, 0), Refill(0, 1), Refill(0, 2)]
    with pytest.raises(IllegalAction) as err:
        state.apply(MoveCat(0, (1, 2), (1, 3), ("circle:b", "circle:c")))
    assert err.value.code == "wrong-phase"
    state.apply(Refill(0, 1))
    assert state.phase == PLAY
    assert state.hands[0] == ["circle:b", "circle:c", "square:a"]
    assert state.reserve[0] == ["cross:a", "triangle:a"]


def test_two_discards_take_two_picks_and_a_last_card_is_simply_taken() -> None:
    """Moving an exhausted cat costs 2 cards (MV-2), so the hand needs 2 cards back:
    one pick each.  With one face-down card left there is nothing to choose."""
    state = _solo()
    state.exhausted[0] = True
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a", "circle:b")))
    assert state.phase == REFILL and len(state.legal_actions()) == 3
    state.apply(Refill(0, 2))
    assert state.phase == REFILL and list(state.legal_actions()) == [Refill(0, 0), Refill(0, 1)]
    state.apply(Refill(0, 0))
    assert state.phase == PLAY and state.hands[0] == ["circle:c", "triangle:a", "cross:a"]
    state.exhausted[0] = False
    state.apply(MoveCat(0, (1, 2), (1, 3), ("circle:c",)))
    assert state.phase == PLAY, "one face-down card left: it is taken without a choice"
    assert state.hands[0] == ["triangle:a", "cross:a", "square:a"] and state.reserve[0] == []


def test_refill_refusals_name_what_is_wrong() -> None:
    """A refill exists only while a hand is short and face-down cards are left."""
    state = _solo()
    with pytest.raises(IllegalAction) as err:
        state.apply(Refill(0, 0))
    assert err.value.code == "wrong-phase"
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    for bad, code in ((Refill(0, 3), "no-such-card"), (Refill(1, 0), "no-such-player")):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.code == code
    assert state.phase == REFILL and len(state.hands[0]) == 2


def test_refill_in_draw_order_when_the_rule_set_says_so() -> None:
    """``RuleSet.refill_choice`` off: the face-down cards come in the order drawn."""
    rules = dataclasses.replace(SOLO, name="solo-first", refill_choice=False)
    state = deal(picture_state(OPEN, variant="solo"), list(HAND), reserve=list(RESERVE))
    state.rules = rules
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    assert state.phase == PLAY and state.hands[0][-1] == "cross:a"


def test_the_digital_variant_has_no_face_down_cards_to_choose() -> None:
    """seeds/solo-digital-variant.txt: the player draws six cards into the hand, so
    the refill choice never arises (its conformance vectors are unchanged)."""
    state = deal(picture_state(OPEN, variant="comp1110"), HAND + RESERVE)
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    assert state.phase == PLAY and get_variant("comp1110").reserve_size == 0


def test_the_refill_phase_survives_to_dict_from_dict_and_the_constructor_checks_it() -> None:
    """A saved game in the refill phase resumes there; a refill phase with nothing to
    refill is refused by name."""
    state = _tutorial(seed=3)
    bot = HeuristicBot()
    while state.phase != REFILL:
        state.apply(bot.choose(state, random.Random(0)))
    again = GameState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict() and again.phase == REFILL
    last = state.reserve[0][-1]
    again.apply(Refill(0, len(state.reserve[0]) - 1))
    assert again.hands[0][-1] == last
    with pytest.raises(PositionError, match="refill"):
        GameState(state.island, state.rules, phase=REFILL)


def test_bots_see_only_the_backs_and_choose_a_card() -> None:
    """The fair view keeps each face-down card's deck (its back was seen) but not its
    face; the heuristic bot picks the card whose deck best fits the cats' colours, and
    its choice does not depend on the hidden faces."""
    state = _solo()
    state.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    view = fair_view(state)
    assert [k.split(":")[0] for k in view.reserve[0]] == ["cross", "square", "triangle"]
    assert list(view.legal_actions()) == list(state.legal_actions())
    choice = HeuristicBot().choose(state, random.Random(0))
    assert isinstance(choice, Refill) and choice.player == 0
    shuffled = _solo()
    shuffled.reserve[0] = ["cross:b", "square:b", "triangle:b"]  # other faces, same backs
    for deck in ("cross", "square", "triangle"):
        shuffled.decks[deck] = [k if k != f"{deck}:b" else f"{deck}:a" for k in shuffled.decks[deck]]
    shuffled.apply(MoveCat(0, BLUE, (1, 2), ("circle:a",)))
    assert HeuristicBot().choose(shuffled, random.Random(0)) == choice
    assert isinstance(RandomBot().choose(state, random.Random(1)), Refill)


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot()])
def test_solo_games_with_refills_replay_exactly(bot) -> None:  # type: ignore[no-untyped-def]
    """A replay (seed + actions, refills included) reproduces the game; its text fits
    schema/replay.schema.json."""
    state = _tutorial(seed=3)
    playout(state, bot, random.Random(5), max_actions=150)
    assert any(isinstance(a, Refill) for a in state.history)
    record = Replay.of(state)
    assert schema_errors("replay", record.to_dict()) == []
    again = replay(Replay.from_dict(record.to_dict()))
    assert again.to_dict() == state.to_dict()
