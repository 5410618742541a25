"""Rendered files for a pack: a printable sheet per scenario (PDF and PNG) and the
pack's preview image (the first scenario's PNG), drawn by :mod:`editor.sheets`.

HOOK: ``editor.sheets`` is built by another change; until it exists
:func:`sheet_files` returns no files and packs are built without sheets.  It expects
``editor.sheets.render_scenario(scenario, catalog, fmt) -> bytes`` with ``fmt`` one
of ``"svg"``, ``"png"``, ``"pdf"``.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import PurePosixPath
from typing import Any, Callable

from PySide6.QtGui import QGuiApplication

from engine.model.catalog import Catalog
from engine.model.formats import scenario_from_dict
from engine.packs.build import ExtraFile, Sources

SHEETS_MODULE = "editor.sheets"
PREVIEW_PATH = "preview.png"


def sheet_renderer() -> Callable[..., bytes] | None:
    """``editor.sheets.render_scenario`` when that module exists, else None."""
    if importlib.util.find_spec(SHEETS_MODULE) is None:
        return None
    module: Any = importlib.import_module(SHEETS_MODULE)
    render = getattr(module, "render_scenario", None)
    return render if callable(render) else None


def sheet_files(sources: Sources, catalog: Catalog) -> list[ExtraFile]:
    render = sheet_renderer()
    if render is None:
        return []
    _ensure_gui_application()
    out: list[ExtraFile] = []
    for target, _, doc in sources.scenarios:
        stem = PurePosixPath(target).name.removesuffix(".scenario.json")
        scenario = scenario_from_dict(doc)
        pdf = bytes(render(scenario, catalog, "pdf"))
        png = bytes(render(scenario, catalog, "png"))
        out.append(ExtraFile(f"sheets/{stem}.pdf", "sheet", pdf))
        out.append(ExtraFile(f"sheets/{stem}.png", "sheet", png))
        if not any(f.path == PREVIEW_PATH for f in out):
            out.append(ExtraFile(PREVIEW_PATH, "preview", png))
    return out


def _ensure_gui_application() -> None:
    """Drawing needs a Qt GUI application; the CLI has none."""
    if QGuiApplication.instance() is None:
        _ensure_gui_application.app = QGuiApplication([])  # type: ignore[attr-defined]
