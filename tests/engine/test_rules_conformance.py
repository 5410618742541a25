"""The placement conformance vectors (``../shared/conformance``: IsPlacementValidTest,
ApplyPlacementTest), run against the engine's own placement rules and effects.

The COMP1110 game-state interop (``engine.interop.comp1110``) is a separate layer; these
tests pin the engine underneath it: the board string is read as a picture of the island
(raft squares found around the ``o`` centre, NOTATION §3.2), the placement string is
turned into an engine action by hand, and the engine says whether it fits
(``placement_error``) and what the board looks like afterwards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_pictures import board_picture, deal, picture_state

from engine.play.actions import PlaceFire, PlacePathway
from engine.play.state import FIRE, PendingFire

DECKS = {"A": "circle", "B": "cross", "C": "square", "D": "triangle"}
TURNS = {"N": 0, "E": 1, "S": 2, "W": 3}


def _action(text: str) -> PlacePathway | PlaceFire:
    """NOTATION §10: a 7-character card or fire-tile placement."""
    at = (int(text[2:4]), int(text[4:6])) if text[1].isalpha() else (int(text[1:3]), int(text[3:5]))
    if text[1].isalpha():
        return PlacePathway(0, DECKS[text[0]], text[1], at, TURNS[text[6]])
    return PlaceFire(text[0], at, text[5] == "T", TURNS[text[6]])


def _hand(text: str) -> list[str]:
    out, deck = [], ""
    for ch in text:
        if ch.isupper():
            deck = DECKS[ch]
        else:
            out.append(f"{deck}:{ch}")
    return out


def _hand_string(hand: list[str]) -> str:
    names = {v: k for k, v in DECKS.items()}
    return "".join(
        letter + "".join(sorted(k.split(":")[1] for k in hand if names[k.split(":")[0]] == letter)) for letter in "ABCD"
    )


def _vectors(conformance_dir: Path, name: str) -> list[dict]:
    return json.loads((conformance_dir / f"{name}.json").read_text(encoding="utf-8"))["vectors"]


def _state(board: str):
    return picture_state(board.replace("n", "g"), variant="comp1110")


def test_is_placement_valid_vectors(conformance_dir: Path) -> None:
    """NOTATION §10.1/§10.2: cards and tiles on the board, off fire, cats and rafts;
    tiles touching fire orthogonally; the hand is not consulted."""
    vectors = _vectors(conformance_dir, "IsPlacementValidTest")
    assert len(vectors) == 22
    for v in vectors:
        state = _state(v["inputs"]["gameState"][0])
        action = _action(v["inputs"]["placementString"])
        assert (state.placement_error(action) is None) == v["expected"]["value"], v["id"]


@pytest.mark.parametrize("index", range(12))
def test_apply_placement_vectors(conformance_dir: Path, index: int) -> None:
    """NOTATION §10.1/§10.2 and §12: the squares a placement paints, and the card leaving
    the hand."""
    v = _vectors(conformance_dir, "ApplyPlacementTest")[index]
    board, _, hand, *_ = v["inputs"]["gameState"]
    state = _state(board)
    action = _action(v["inputs"]["placementString"])
    if isinstance(action, PlacePathway):
        deal(state, _hand(hand))
    else:
        state.bag.remove(action.tile)
        state.pending, state.phase = PendingFire(action.tile, 0, "pathway"), FIRE
    state.apply(action)
    fields = v["expected"]["fields"]
    if "0" in fields:
        assert board_picture(state) + "\n" == fields["0"], v["id"]
    if "2" in fields:
        assert _hand_string(state.hands[0]) == fields["2"], v["id"]
