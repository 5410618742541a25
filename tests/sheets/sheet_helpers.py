"""Shared by the sheet tests: bundled scenarios by name, a fixture scenario with
objective and Kickstarter tokens (no bundled scenario has any), and the golden-image
comparison.

Golden images: PNGs rendered at :data:`GOLDEN_DPI`, compared after both are halved in
size (smooth scaling averages away font antialiasing and hinting differences between
machines with the same Qt), pixel by pixel: a pixel differs when any channel differs
by more than :data:`CHANNEL_TOLERANCE` (of 255), and at most :data:`SHARE_TOLERANCE`
of the pixels may differ.  Regenerate after an intended drawing change with

    RAFTWRIGHT_REGENERATE_GOLDEN=1 QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest tests/sheets

then look at the new files under tests/golden/sheets/ before committing them.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, Scenario, TokenPlacement

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden" / "sheets"
SHOTS = ROOT / "tests" / "screenshots"
GOLDEN_DPI = 96
CHANNEL_TOLERANCE = 40
SHARE_TOLERANCE = 0.01
REGENERATE = os.environ.get("RAFTWRIGHT_REGENERATE_GOLDEN") == "1"

TUTORIAL_1 = "tutorial/01-first-steps.scenario.json"
SHORT_EDGE_STRIP = "campaign-1/02-in-the-way.scenario.json"  # a small fire-face board, strip on a short edge


def bundled(relative: str) -> Scenario:
    return open_scenario(campaigns_dir() / relative)


def fixture_tokens_scenario() -> Scenario:
    """Fixture: Tutorial 1 with objective tokens, Kickstarter tokens and additional
    objectives added on free board squares (made up for the test, not game data)."""
    base = bundled(TUTORIAL_1)
    tokens = (
        TokenPlacement("objective", (12, 15), "1"),  # objective tokens lie on raft A's destinations
        TokenPlacement("objective", (12, 17), "2"),
        TokenPlacement("objective", (14, 16), "="),
        TokenPlacement("water", (10, 10)),
        TokenPlacement("water", (10, 13)),
        TokenPlacement("fish", (12, 10)),
        TokenPlacement("map", (6, 16)),
    )
    objectives = (
        Objective("arrival_order", colour="green", position=1),
        Objective("arrival_order", colour="blue", position=2),
        Objective("arrive_together", colours=("orange", "blue")),
        Objective("collect_maps", count=1),
    )
    return replace(base, id="fixture-tokens", name="Fixture: tokens", tokens=tokens, objectives=objectives)


def _image(data: bytes) -> QImage:
    image = QImage.fromData(data)
    assert not image.isNull(), "not a PNG"
    return image.convertToFormat(QImage.Format.Format_RGB32)


def _halve(image: QImage) -> QImage:
    return image.scaled(
        QSize(image.width() // 2, image.height() // 2),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )


def differing_share(actual: QImage, expected: QImage) -> float:
    """Share of pixels with a channel more than CHANNEL_TOLERANCE apart (images of one size)."""
    a, e = _halve(actual), _halve(expected)
    width, height = a.width(), a.height()
    bytes_per_line = a.bytesPerLine()
    pa, pe = bytes(a.constBits()), bytes(e.constBits())  # type: ignore[call-overload]
    bad = 0
    for y in range(height):
        row = y * bytes_per_line
        ra, re_ = pa[row : row + width * 4], pe[row : row + width * 4]
        if ra == re_:
            continue
        for x in range(0, width * 4, 4):
            if any(abs(ra[x + k] - re_[x + k]) > CHANNEL_TOLERANCE for k in range(3)):
                bad += 1
    return bad / (width * height)


def check_golden(name: str, png: bytes) -> None:
    """Compare ``png`` with tests/golden/sheets/<name>.png (or write it when regenerating)."""
    golden = GOLDEN_DIR / f"{name}.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"sheet-{name}.png").write_bytes(png)
    if REGENERATE or not golden.exists():
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(png)
        assert REGENERATE, f"{golden} was missing and has been written; look at it, commit it and run again"
        return
    actual, expected = _image(png), _image(golden.read_bytes())
    assert actual.size() == expected.size(), (
        f"{name}: rendered {actual.width()}x{actual.height()}, golden {expected.width()}x{expected.height()}; "
        "if the layout changed on purpose, regenerate (see tests/sheets/sheet_helpers.py)"
    )
    share = differing_share(actual, expected)
    assert share <= SHARE_TOLERANCE, (
        f"{name}: {share:.2%} of pixels differ (tolerance {SHARE_TOLERANCE:.0%}); the render is in "
        f"tests/screenshots/sheet-{name}.png; regenerate if the change is intended"
    )
