"""Rendered files for a pack: a sheet per scenario (PNG, and PDF when asked), the
pack's preview image (the first scenario's PNG) and, when its scenarios use
components in no box, ``print-and-play.pdf`` with their faces
(:mod:`editor.sheets.printplay`), drawn by :mod:`editor.sheets`.  The sheets mark those
components and say their faces are in that file.  The print-and-play PDF draws its
words as outlines (no embedded font), so it is byte-stable like the PNGs.

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
from engine.packs.needs import scenario_needs

from ..sheets import render_scenario
from ..sheets.printplay import print_and_play_pdf

PREVIEW_PATH = "preview.png"
PRINT_AND_PLAY_PATH = "print-and-play.pdf"
PRINTED_IN_PACK = f"{PRINT_AND_PLAY_PATH} in the pack (print at 100 %)"
_PDF_DATE = re.compile(rb"D:(\d{14})")
_XMP_DATE = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
_UUID = re.compile(rb"uuid:[0-9a-fA-F-]{36}")
_TRAILER_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]")


def sheet_files(sources: Sources, catalog: Catalog, pdf: bool = False) -> list[ExtraFile]:
    """A PNG sheet per scenario (and a PDF with ``pdf``), the preview image, and the
    print-and-play pages when a scenario uses a component in no box."""
    render = render_scenario
    out: list[ExtraFile] = []
    scenarios = [scenario_from_dict(doc) for _, _, doc in sources.scenarios]
    components = list(dict.fromkeys(c for s in scenarios for c in scenario_needs(s, catalog).components))
    for (target, _, _), scenario in zip(sources.scenarios, scenarios):
        stem = PurePosixPath(target).name.removesuffix(".scenario.json")
        png = bytes(render(scenario, catalog, "png", printed_at=PRINTED_IN_PACK))
        out.append(ExtraFile(f"sheets/{stem}.png", "sheet", png))
        if pdf:
            data = bytes(render(scenario, catalog, "pdf", printed_at=PRINTED_IN_PACK))
            out.append(ExtraFile(f"sheets/{stem}.pdf", "sheet", stable_pdf(data)))
        if not any(f.path == PREVIEW_PATH for f in out):
            out.append(ExtraFile(PREVIEW_PATH, "preview", png))
    if components:
        pages = print_and_play_pdf(components, catalog, "Print-and-play components")
        if pages:
            out.append(ExtraFile(PRINT_AND_PLAY_PATH, "sheet", stable_pdf(pages)))
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
