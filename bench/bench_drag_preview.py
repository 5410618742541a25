#!/usr/bin/env python3
"""The drag preview's cost: :func:`editor.placement.drop_problems` runs the engine's
rule checks on the scenario as it would be after the drop, once per square the mouse
crosses.  Prints median / p95 / max per square for a card and a token dragged over
every square of the largest bundled scenario (no Qt needed)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from editor import placement
from engine.check.validate_files import open_scenario
from engine.model.catalog import default_catalog
from engine.model.resources import campaigns_dir
from engine.model.scenario import CardPlacement, Scenario, TokenPlacement

GRID = 18


def largest() -> tuple[Path, Scenario]:
    found = [(p, open_scenario(p)) for p in sorted(campaigns_dir().rglob("*.scenario.json"))]
    return max(found, key=lambda ps: (len(ps[1].boards) + len(ps[1].cards) + len(ps[1].tokens), str(ps[0])))


def main() -> int:
    path, scenario = largest()
    catalog = default_catalog()
    print(f"drag preview on {path.parent.name}/{path.name} ({len(scenario.boards)} boards, {len(scenario.cards)} cards, "
          f"{len(scenario.tokens)} tokens), one check per square:")  # fmt: skip
    for name, make in (("location card 9", lambda r, c: CardPlacement("location", (r, c), "9")),
                       ("objective token", lambda r, c: TokenPlacement("objective", (r, c), "2"))):  # fmt: skip
        times: list[float] = []
        refused = 0
        for r in range(GRID - 2):
            for c in range(GRID - 2):
                start = time.perf_counter()
                refused += bool(placement.drop_problems(scenario, make(r, c), catalog=catalog))
                times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(f"  {name:18s} {len(times)} squares ({refused} refused): median {statistics.median(times):6.2f} ms"
              f"   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
