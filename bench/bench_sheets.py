#!/usr/bin/env python3
"""`make bench`: drawing scenario sheets headless (offscreen): one sheet as PNG at
150 dpi, SVG and PDF (median of 10), and Campaign 1's booklet (8 scenarios, median
of 3).  Prints figures only; no thresholds are enforced."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from editor.sheets import ensure_app, render_booklet, render_scenario  # noqa: E402
from engine.check.validate_files import open_campaign_with_scenarios, open_scenario  # noqa: E402
from engine.model.catalog import default_catalog  # noqa: E402
from engine.model.resources import campaigns_dir  # noqa: E402


def median_ms(action: Callable[[], bytes], runs: int) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(action())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), size


def main() -> int:
    ensure_app()
    catalog = default_catalog()
    scenario = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    render_scenario(scenario, catalog, "png")  # fonts and plugins load once
    for fmt in ("png", "svg", "pdf"):
        ms, size = median_ms(lambda fmt=fmt: render_scenario(scenario, catalog, fmt), 10)
        print(f"sheet {fmt:<4} Tutorial 1: {ms:7.1f} ms, {size / 1024:6.1f} KiB")
    campaign, entries = open_campaign_with_scenarios(campaigns_dir() / "campaign-1" / "campaign.json")
    scenarios = [s for _, s in entries]
    ms, size = median_ms(lambda: render_booklet(campaign, scenarios, catalog), 3)
    print(f"booklet Campaign 1 ({len(scenarios)} scenarios): {ms:7.1f} ms, {size / 1024:6.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
