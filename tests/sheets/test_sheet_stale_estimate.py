"""A sheet printed with its simulated difficulty says when the stored estimate is stale
(made on another layout or by another bot), never prints it as if it were current."""

from __future__ import annotations

import dataclasses

from editor.sheets.content import difficulty_estimate
from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.sim.difficulty import estimate, stored

TUTORIAL_1 = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"


def test_a_stale_estimate_is_marked_on_the_sheet() -> None:
    s = open_scenario(TUTORIAL_1)
    current = dataclasses.replace(s, difficulty_estimate=stored(estimate(s, games=2, bot="random")))
    box = difficulty_estimate(current)
    assert box is not None and not box.stale and "STALE: estimate again" not in box.lines()
    edited = dataclasses.replace(current, cards=tuple(c for c in current.cards if c.kind != "fire"))
    box = difficulty_estimate(edited)
    assert box is not None and box.stale and box.lines()[-1] == "STALE: estimate again"
