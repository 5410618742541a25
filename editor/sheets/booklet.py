"""A campaign's printable booklet: one vector PDF with a cover (name, description,
author), the scenarios in order, one or two to a page with a scoring box under
each, the campaign's scoring table (points per win, minus a point per water token
used) to fill in by hand, and, when a scenario uses components in no box, their
print-and-play pages (:mod:`editor.sheets.printplay`).  Page units are points (the
writer runs at 72 dpi); every page after the cover is numbered.

Each scenario lists under "New rule" the additional rules it introduces: those the
campaign says the scenario before it unlocks (rulebook, "Additional rules": "Once
you have completed Tutorial 1, you will use the communication tokens in every
game"), so Tutorial 2 introduces communication tokens and Tutorial 3 water tokens.
Text on a sheet (card numbers and the set-up list included) prints at
:data:`MIN_PT` or larger: a sheet the page shrinks gets larger text.
"""

from __future__ import annotations

from typing import Callable, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPdfWriter, QPen

from engine.model.catalog import Catalog
from engine.model.scenario import Campaign, Scenario
from engine.packs.needs import Component, scenario_needs

from .export import UNITS_PER_INCH, make_sheet, page_layout, paint_fitted, pdf_writer
from .layout import INK, MUTED, WRAP, Sheet
from .printplay import component_faces, page_number, paint_pages

Progress = Callable[[int, int], None]  # (done, total)
POINT_SCALE = 72 / UNITS_PER_INCH  # sheet units to points at the sheet's own size
SCORING_HEIGHT = 42.0
BLOCK_GAP = 22.0
MIN_PT = 7.0  # the smallest text a booklet prints (card numbers, the set-up list, the key)
PRINTED_HERE = "the print-and-play pages at the back of this booklet"


def _font(pt: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(int(pt))  # device units are points
    f.setBold(bold)
    return f


def _text(
    p: QPainter, rect: QRectF, size: float, text: str, bold: bool = False, colour: QColor = INK, flags: int = WRAP
) -> float:
    f = _font(size, bold)
    p.setFont(f)
    p.setPen(colour)
    p.drawText(rect, flags, text)
    return QFontMetricsF(f).boundingRect(rect, flags, text).height()


def _cover(
    p: QPainter, area: QRectF, campaign: Campaign, scenarios: Sequence[Scenario], printplay_page: int | None = None
) -> None:
    y = area.top() + area.height() * 0.25
    y += (
        _text(
            p,
            QRectF(area.left(), y, area.width(), 80),
            34,
            campaign.name,
            bold=True,
            flags=int(Qt.AlignmentFlag.AlignHCenter) | int(Qt.TextFlag.TextWordWrap),
        )
        + 24
    )
    if campaign.description:
        y += (
            _text(
                p,
                QRectF(area.left() + 30, y, area.width() - 60, 300),
                12,
                campaign.description,
                flags=int(Qt.AlignmentFlag.AlignHCenter) | int(Qt.TextFlag.TextWordWrap),
            )
            + 18
        )
    if campaign.author:
        y += (
            _text(
                p,
                QRectF(area.left(), y, area.width(), 40),
                12,
                f"by {campaign.author}",
                colour=MUTED,
                flags=int(Qt.AlignmentFlag.AlignHCenter) | int(Qt.TextFlag.TextWordWrap),
            )
            + 30
        )
    listing = "\n".join(f"{n}. {s.name}" for n, s in enumerate(scenarios, 1))
    if printplay_page is None:
        where = "Scoring table: last page"
    else:
        where = f"Scoring table: page {printplay_page - 1}\nPrint-and-play components: page {printplay_page}"
    _text(
        p,
        QRectF(area.left() + area.width() * 0.3, y, area.width() * 0.6, area.bottom() - y),
        13,
        f"Scenarios\n{listing}\n\n{where}",
    )


def _checkbox(p: QPainter, x: float, y: float, size: float = 10.0) -> None:
    p.setPen(QPen(INK, 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(x, y, size, size))


def _scoring_box(p: QPainter, rect: QRectF, number: int) -> None:
    p.setPen(QPen(INK, 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect, 4, 4)
    y = rect.top() + (rect.height() - 12) / 2
    x = rect.left() + 10
    _text(p, QRectF(x, y - 1, 90, 16), 11, f"Scenario {number}", bold=True)
    x += 92
    for label in ("Won", "Lost"):
        _checkbox(p, x, y)
        _text(p, QRectF(x + 14, y - 1, 40, 16), 11, label)
        x += 52
    for label, width in (("Water tokens used", 40), ("Points", 40)):
        w = QFontMetricsF(_font(11)).horizontalAdvance(label) + 6
        _text(p, QRectF(x, y - 1, w, 16), 11, label)
        p.setPen(QPen(INK, 0.8))
        p.drawLine(QPointF(x + w + 2, y + 12), QPointF(x + w + 2 + width, y + 12))
        x += w + width + 18


def _scoring_table(p: QPainter, area: QRectF, campaign: Campaign, scenarios: Sequence[Scenario]) -> None:
    y = area.top()
    y += _text(p, QRectF(area.left(), y, area.width(), 40), 22, f"{campaign.name}: scoring", bold=True) + 6
    rule = (
        f"{campaign.points_per_win} points for each scenario won, minus {campaign.water_token_penalty} "
        f"for each water token used in it. A lost scenario scores nothing."
    )
    y += _text(p, QRectF(area.left(), y, area.width(), 60), 11, rule) + 14
    columns = [("#", 0.06), ("Scenario", 0.4), ("Won", 0.1), ("Water tokens used", 0.28), ("Points", 0.16)]
    row_h = 24.0
    rows = [(str(n), s.name) for n, s in enumerate(scenarios, 1)] + [("", "Total")]
    p.setPen(QPen(INK, 1))
    for index, cells in enumerate([("", "")] + rows):
        top = y + index * row_h
        x = area.left()
        for col, (title, share) in enumerate(columns):
            w = area.width() * share
            cell = QRectF(x, top, w, row_h)
            p.setPen(QPen(INK, 1))
            p.setBrush(QColor("#eeeeee") if index == 0 else Qt.BrushStyle.NoBrush)
            p.drawRect(cell)
            text = title if index == 0 else cells[col] if col < 2 else ""
            if text:
                _text(p, cell.adjusted(5, 5, -3, 0), 11, text, bold=index == 0 or cells[1] == "Total")
            if index and col == 2 and cells[1] != "Total":
                _checkbox(p, cell.center().x() - 5, cell.center().y() - 5)
            x += w


def _blocks(sheets: list[Sheet], page_width: float, page_height: float) -> list[list[tuple[Sheet, float]]]:
    """Group sheets into pages: each sheet at the largest scale that fits the page (never
    above its own size), two to a page when both fit with their scoring boxes."""
    scaled: list[tuple[Sheet, float]] = []
    for sheet in sheets:
        scale = min(page_width / sheet.size.width(), (page_height - SCORING_HEIGHT) / sheet.size.height(), POINT_SCALE)
        scaled.append((sheet, scale))
    pages: list[list[tuple[Sheet, float]]] = []
    for item in scaled:
        if pages and len(pages[-1]) == 1:
            used = sum(s.size.height() * k + SCORING_HEIGHT + BLOCK_GAP for s, k in pages[-1])
            if used + item[0].size.height() * item[1] + SCORING_HEIGHT <= page_height:
                pages[-1].append(item)
                continue
        pages.append([item])
    return pages


def booklet_components(scenarios: Sequence[Scenario], catalog: Catalog) -> list[Component]:
    """Every component in no box that the scenarios use, in first-use order."""
    found: dict[Component, None] = {}
    for scenario in scenarios:
        found.update(dict.fromkeys(scenario_needs(scenario, catalog).components))
    return list(found)


def introduced_rules(campaign: Campaign, count: int) -> list[tuple[str, ...]]:
    """The additional rules each of ``count`` scenarios introduces: those finishing the
    scenario before it unlocks (the first scenario introduces none)."""
    unlocked = [tuple(entry.unlocks) for entry in campaign.scenarios]
    return [tuple(unlocked[n - 1]) if 0 < n <= len(unlocked) else () for n in range(count)]


def booklet_pages(
    campaign: Campaign,
    scenarios: Sequence[Scenario],
    catalog: Catalog,
    area: QRectF,
    *,
    strict: bool = False,
    show_difficulty: bool = False,
    progress: Callable[[], None] | None = None,
) -> list[list[tuple[Sheet, float]]]:
    """The scenario pages: each a list of (sheet, scale in points per sheet unit), the
    sheets' text made large enough to print at :data:`MIN_PT` or more."""
    printed_at = PRINTED_HERE
    rules = introduced_rules(campaign, len(scenarios))
    sheets: list[Sheet] = []
    for scenario, new in zip(scenarios, rules):
        sheets.append(
            make_sheet(
                scenario, catalog, strict=strict, show_difficulty=show_difficulty, unlocks=new, printed_at=printed_at
            )
        )
        if progress is not None:
            progress()
    pages = _blocks(sheets, area.width(), area.height())
    for _ in range(6):  # larger text widens a sheet, which shrinks it: settle in a few rounds
        small = [
            (n, s, k) for n, (s, k) in enumerate(item for page in pages for item in page) if smallest_pt(s, k) < MIN_PT
        ]
        if not small:
            break
        for n, sheet, scale in small:
            sheets[n] = make_sheet(
                sheet.scenario, catalog, show_difficulty=show_difficulty, unlocks=rules[n], printed_at=printed_at,
                min_px=max(sheet.fonts.min_px, MIN_PT / scale) + 1,
            )  # fmt: skip
        pages = _blocks(sheets, area.width(), area.height())
    return pages


def smallest_pt(sheet: Sheet, scale: float) -> float:
    """The smallest text of ``sheet`` drawn at ``scale`` points per sheet unit."""
    return min(sheet.fonts.small.pixelSize(), sheet.fonts.body.pixelSize()) * scale


def render_booklet(
    campaign: Campaign,
    scenarios: Sequence[Scenario],
    catalog: Catalog,
    *,
    paper: str = "a4",
    show_difficulty: bool = False,
    strict: bool = False,
    progress: Progress | None = None,
) -> bytes:
    """The campaign's booklet as PDF bytes; ``progress(done, total)`` is called after
    each scenario is laid out and each page is drawn (for a progress dialog).  A
    scenario with errors carries a warning banner, or with ``strict`` raises
    :class:`editor.sheets.SheetError`."""
    layout = page_layout(paper)
    total = len(scenarios) * 2 + 2
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer: QPdfWriter = pdf_writer(buffer, layout, f"{campaign.name}: scenario booklet")
    area = QRectF(0, 0, writer.width(), writer.height())
    body = area.adjusted(0, 0, 0, -14)  # the page number's line
    pages = booklet_pages(
        campaign, scenarios, catalog, body, strict=strict, show_difficulty=show_difficulty, progress=step
    )
    faces = component_faces(booklet_components(scenarios, catalog), catalog)
    printplay_page = len(pages) + 3 if faces else None
    p = QPainter(writer)
    try:  # end the painter even when a progress callback cancels
        _cover(p, area, campaign, scenarios, printplay_page)
        step()
        number = 0
        for page_no, page in enumerate(pages, 2):  # the cover is page 1
            writer.newPage()
            page_number(p, area, page_no)
            y = body.top()
            for sheet, scale in page:
                number += 1
                height = sheet.size.height() * scale
                paint_fitted(p, sheet, QRectF(body.left(), y, body.width(), height), max_scale=scale)
                _scoring_box(p, QRectF(body.left(), y + height + 4, body.width(), SCORING_HEIGHT - 10), number)
                y += height + SCORING_HEIGHT + BLOCK_GAP
                step()
        writer.newPage()
        page_number(p, area, len(pages) + 2)
        _scoring_table(p, body, campaign, scenarios)
        if faces:
            paint_pages(p, writer, faces, first_number=printplay_page, new_page=True, outline=False)
    finally:
        p.end()
        buffer.close()
    step()
    return bytes(data.data())
