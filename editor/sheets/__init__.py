"""Printable scenario sheets and campaign booklets (the campaign-book diagram).

The stable API other parts call (the CLI's ``render`` and ``booklet``, the studio's
export and print, the packs builder):

* :func:`render_scenario` ``(scenario, catalog, fmt, *, dpi=150, paper="a4", strict=False) -> bytes``
  for ``fmt`` in ``svg`` | ``png`` | ``pdf``;
* :func:`render_booklet` ``(campaign, scenarios, catalog, *, paper="a4") -> bytes`` (PDF).

Both run headless: a QApplication is created on demand (offscreen without a display).
The island is drawn by :mod:`editor.painting`, the same code as the studio canvas.
"""

from __future__ import annotations

from .booklet import render_booklet
from .export import FORMATS, PAPERS, SheetError, ensure_app, make_sheet, paint_fitted, render_scenario
from .layout import Sheet

__all__ = [
    "FORMATS",
    "PAPERS",
    "Sheet",
    "SheetError",
    "ensure_app",
    "make_sheet",
    "paint_fitted",
    "render_booklet",
    "render_scenario",
]
