"""Rendered files for a pack: a sheet per scenario (PNG, and PDF when asked) and the
pack's preview image (the first scenario's PNG), drawn by :mod:`editor.sheets`.

PNG sheets are byte-stable.  PDF sheets are not yet: QPdfWriter stamps the time and a
random document id (:func:`stable_pdf` fixes those) but also embeds font subsets whose
bytes differ from run to run, so a pack with PDF sheets is not byte-identical across
builds; they are therefore opt-in (``pdf=True``, ``pack build --pdf-sheets``).

Sheets are drawn by :func:`editor.sheets.render_scenario` with Qt's painter, so call
:func:`sheet_files` on the GUI thread (the export dialog does, before its worker
thread builds the pack).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import PurePosixPath

from engine.model.catalog import Catalog
from engine.model.formats import scenario_from_dict
from engine.packs.build import ExtraFile, Sources

from ..sheets import render_scenario

PREVIEW_PATH = "preview.png"
_PDF_DATE = re.compile(rb"D:(\d{14})")
_XMP_DATE = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
_UUID = re.compile(rb"uuid:[0-9a-fA-F-]{36}")
_TRAILER_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]")


def sheet_files(sources: Sources, catalog: Catalog, pdf: bool = False) -> list[ExtraFile]:
    """A PNG sheet per scenario (and a PDF with ``pdf``) plus the preview image."""
    render = render_scenario
    out: list[ExtraFile] = []
    for target, _, doc in sources.scenarios:
        stem = PurePosixPath(target).name.removesuffix(".scenario.json")
        scenario = scenario_from_dict(doc)
        png = bytes(render(scenario, catalog, "png"))
        out.append(ExtraFile(f"sheets/{stem}.png", "sheet", png))
        if pdf:
            out.append(ExtraFile(f"sheets/{stem}.pdf", "sheet", stable_pdf(bytes(render(scenario, catalog, "pdf")))))
        if not any(f.path == PREVIEW_PATH for f in out):
            out.append(ExtraFile(PREVIEW_PATH, "preview", png))
    return out


def stable_pdf(data: bytes) -> bytes:
    """The PDF with its creation dates, document UUID and trailer ID made fixed, so the
    same sheet gives the same bytes (QPdfWriter stamps the time and a random id).
    Every replacement keeps its length, so the cross-reference offsets stay right."""
    data = _PDF_DATE.sub(b"D:19800101000000", data)
    data = _XMP_DATE.sub(b"1980-01-01T00:00:00", data)
    digest = hashlib.sha256(_TRAILER_ID.sub(b"", _UUID.sub(b"", data))).hexdigest().encode()
    uuid = b"-".join((digest[:8], digest[8:12], digest[12:16], digest[16:20], digest[20:32]))
    data = _UUID.sub(b"uuid:" + uuid, data)
    filler = digest * 4

    def fixed_id(match: re.Match[bytes]) -> bytes:
        text = match.group(0)
        for group in (1, 2):
            text = text.replace(match.group(group), filler[: len(match.group(group))])
        return text

    return _TRAILER_ID.sub(fixed_id, data)
