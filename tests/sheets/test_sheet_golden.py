"""Golden images of scenario sheets (tolerance and the regenerate command: sheet_helpers)."""

from __future__ import annotations

import pytest
from sheet_helpers import GOLDEN_DPI, SHORT_EDGE_STRIP, TUTORIAL_1, bundled, check_golden, fixture_tokens_scenario

from editor.sheets import render_scenario
from engine.model.catalog import Catalog
from engine.model.scenario import Scenario

CASES = {
    "tutorial-1": lambda: bundled(TUTORIAL_1),
    "short-edge-strip": lambda: bundled(SHORT_EDGE_STRIP),
    "objective-tokens": fixture_tokens_scenario,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_sheet_matches_golden_image(name: str, catalog: Catalog) -> None:
    scenario: Scenario = CASES[name]()
    check_golden(name, render_scenario(scenario, catalog, "png", dpi=GOLDEN_DPI))


def test_short_edge_case_really_has_a_strip_on_a_short_edge() -> None:
    boards = bundled(SHORT_EDGE_STRIP).boards
    assert any(
        b.size == "small"
        and b.face == "fire"
        and b.fire_edge in (("west", "east") if b.orientation == "horizontal" else ("north", "south"))
        for b in boards
    )


def test_png_size_follows_the_dpi(catalog: Catalog) -> None:
    from PySide6.QtGui import QImage

    scenario = bundled(TUTORIAL_1)
    small = QImage.fromData(render_scenario(scenario, catalog, "png", dpi=50))
    large = QImage.fromData(render_scenario(scenario, catalog, "png", dpi=200))
    assert abs(large.width() / small.width() - 4) < 0.05
    assert round(large.dotsPerMeterX() * 0.0254) == 200


def test_the_comparison_sees_a_moved_card(catalog: Catalog) -> None:
    """The tolerance lets antialiasing through, not a change a player would see."""
    from dataclasses import replace

    from sheet_helpers import _image, differing_share

    scenario = bundled(TUTORIAL_1)
    cards = list(scenario.cards)
    index = next(i for i, c in enumerate(cards) if c.kind == "location")
    cards[index] = replace(cards[index], at=(cards[index].at[0], cards[index].at[1] + 3))
    before = _image(render_scenario(scenario, catalog, "png", dpi=GOLDEN_DPI))
    after = _image(render_scenario(replace(scenario, cards=tuple(cards)), catalog, "png", dpi=GOLDEN_DPI))
    assert differing_share(before, after) > 0.01
