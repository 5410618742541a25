"""Rounds: drawing, the solo reserve, resting, short decks and stuck hands (rulebook
"Round overview", "Solo"; RULINGS SO-1, LC-1 d, LC-6, LC-7)."""

from __future__ import annotations

import pytest
from engine_pictures import deal, picture_state, put_fire_tile

from engine.play.actions import DrawCard, EndRound, MoveCat, Refill, UseWater
from engine.play.outcome import IllegalAction
from engine.play.state import DRAW, PLAY, REFILL

OPEN = """
rrrrrrrwww
rBbbrrrwow
rrrbrrrwww
gggggggggg
ffffffffff
"""


def _draw(state, player: int, decks: list[str]) -> None:
    for deck in decks:
        state.apply(DrawCard(player, deck))


def test_each_player_draws_three_from_any_decks() -> None:
    """Rulebook "1. Drawing cards": each player draws 3, from any decks in any
    combination; the play phase starts when everyone has drawn."""
    state = picture_state(OPEN, variant="standard", players=2)
    assert set(state.legal_actions()) == {
        DrawCard(p, d) for p in (0, 1) for d in ("circle", "cross", "square", "triangle")
    }
    _draw(state, 0, ["circle", "circle", "triangle"])
    assert all(a.player == 1 for a in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(DrawCard(0, "cross"))
    assert err.value.code == "hand-full"
    _draw(state, 1, ["cross", "square"])
    assert state.phase == DRAW
    _draw(state, 1, ["square"])
    assert state.phase == PLAY
    assert [k.split(":")[0] for k in state.hands[0]] == ["circle", "circle", "triangle"]
    assert len(state.decks["circle"]) == 23 and len(state.decks["square"]) == 23


def test_an_empty_deck_can_no_longer_be_drawn() -> None:
    """Rulebook: "If a deck runs out, you may no longer take cards from that deck"."""
    state = picture_state(OPEN, variant="standard")
    state.removed.extend(state.decks["cross"])
    state.decks["cross"] = []
    assert DrawCard(0, "cross") not in list(state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(DrawCard(0, "cross"))
    assert err.value.code == "empty-deck"


def test_solo_draws_three_plus_three_face_down_and_refills_after_each_action() -> None:
    """Rulebook "Solo" (SO-1): 3 in hand, 3 face down; after each action the hand goes
    back to 3 from the face-down cards (the player picks which: "You may choose any of
    the cards on the table") until they run out; 6 cards per round."""
    state = picture_state(OPEN, variant="solo")
    _draw(state, 0, ["circle"] * 6)
    assert len(state.hands[0]) == 3 and len(state.reserve[0]) == 3 and state.phase == PLAY
    last_reserve = state.reserve[0][2]
    state.apply(MoveCat(0, (1, 1), (1, 2), (state.hands[0][0],)))
    assert state.phase == REFILL and list(state.legal_actions()) == [Refill(0, 0), Refill(0, 1), Refill(0, 2)]
    state.apply(Refill(0, 2))
    assert len(state.hands[0]) == 3 and len(state.reserve[0]) == 2 and last_reserve in state.hands[0]
    assert state.phase == PLAY


def test_digital_variant_draws_six_into_the_hand() -> None:
    """Digital variant (seeds/solo-digital-variant.txt): "draws six pathway cards"."""
    state = picture_state(OPEN, variant="comp1110")
    _draw(state, 0, ["square"] * 6)
    assert len(state.hands[0]) == 6 and state.reserve[0] == []


@pytest.mark.parametrize(("variant", "players", "left", "lost"), [
    ("solo", 1, 5, True), ("solo", 1, 6, False),
    ("standard", 2, 5, True), ("standard", 2, 6, False),
    ("comp1110", 1, 5, True), ("comp1110", 1, 6, False),
])  # fmt: skip
def test_a_round_needs_enough_cards_for_every_draw(variant, players, left, lost) -> None:
    """LC-1 (d): not enough pathway cards for every player to draw 3 loses.  LC-6
    house decision: solo needs 6 (3 + 3 face down); the digital variant draws 6."""
    state = deal(picture_state(OPEN, variant=variant, players=players), *([[]] * players))
    keep = [k for cards in state.decks.values() for k in cards][:left]
    for deck, cards in state.decks.items():
        state.removed.extend(k for k in cards if k not in keep)
        state.decks[deck] = [k for k in cards if k in keep]
    state.apply(EndRound())
    assert state.is_terminal() == lost
    if lost:
        assert state.outcome().reason == "decks-short"


STUCK = """
ffffffff
fgrgwwwf
frGrwowf
fgrgwwwf
ffffffff
"""


def test_cards_that_cannot_be_played_lose_the_game() -> None:
    """LC-7 house decision: every card must be played; when cards remain and no action
    at all is legal (no window for a card, no cat can move, no water) the round can
    never end, so the game is lost with ``no-legal-play``."""
    state = picture_state(STUCK, variant="solo")
    assert state.cut_off() is None  # the cat is not cut off: a card could repaint around it
    _draw(state, 0, ["circle"] * 6)
    assert state.outcome() is not None and state.outcome().reason == "no-legal-play"


STUCK_BESIDE_FIRE = """
ffffffffff
fgrgwwwfgg
frGrwowfgg
fgrgwwwfgg
ffffffffff
"""


def test_water_left_is_still_a_play() -> None:
    """LC-7: the loss is declared only when truly no action exists; a water token and a
    fire tile on the island are an action (WT-1).  Once the water is spent, it is lost."""
    state = deal(picture_state(STUCK_BESIDE_FIRE, variant="solo", water=1), [])
    put_fire_tile(state, "z", (1, 8))
    state.apply(EndRound())
    _draw(state, 0, ["circle"] * 6)
    assert not state.is_terminal()
    assert list(state.legal_actions()) == [UseWater("z")]
    state.apply(UseWater("z"))
    assert state.outcome().reason == "no-legal-play"
