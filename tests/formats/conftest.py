"""Scenarios built in code for the schema, round-trip and rule-check tests.

``first_steps`` is Tutorial 1 as the COMP1110 transcription lays it out (challenge
``LNSNLASAF000300060012001503030903C112033060340009R01215``): a 15x18 island of a large
and a small fire-face board (strips west) beside a large and a small plain board, six
fire cards, location cards 3 (blue cat at (13, 4)), 5 (green cat at (7, 4)) and 7
(orange cat at (1, 10)), and raft A at (12, 15).  It validates without issues.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.model.formats import scenario_to_dict
from engine.model.scenario import BoardSlot, CardPlacement, Scenario

FIRE_CARDS = ((0, 3), (0, 6), (0, 12), (0, 15), (3, 3), (9, 3))


def build_first_steps() -> Scenario:
    return Scenario(
        id="first-steps",
        name="First steps",
        boards=(
            BoardSlot("large", "fire", (0, 0), "west"),
            BoardSlot("small", "fire", (9, 0), "west"),
            BoardSlot("large", "plain", (0, 9)),
            BoardSlot("small", "plain", (9, 9)),
        ),
        cards=tuple(CardPlacement("fire", at) for at in FIRE_CARDS)
        + (
            CardPlacement("location", (12, 3), "3"),
            CardPlacement("location", (6, 3), "5"),
            CardPlacement("location", (0, 9), "7"),
            CardPlacement("raft", (12, 15), "A"),
        ),
    )


@pytest.fixture
def first_steps() -> Scenario:
    return build_first_steps()


@pytest.fixture
def first_steps_doc() -> dict[str, Any]:
    return scenario_to_dict(build_first_steps())
