"""A scenario sheet as SVG (QSvgGenerator), PNG at a chosen DPI (QImage) or vector PDF
(QPdfWriter on A4 or Letter), headless: a QGuiApplication is made when none exists.

Physical scale: one square is a quarter inch (6.35 mm), so a full 18-square island
and its side column print about 18 cm wide, the campaign book's size on A4 or Letter.
"""

from __future__ import annotations

import os
from typing import Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import QColor, QGuiApplication, QImage, QImageWriter, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication

from engine.check.issues import Issue
from engine.model.catalog import Catalog
from engine.model.scenario import Scenario
from engine.packs.needs import scenario_needs

from ..painting import SQUARE
from .content import PRINTED_ELSEWHERE, sheet_text
from .layout import Sheet

UNITS_PER_INCH = SQUARE * 4  # a square is 1/4 inch
FORMATS = ("svg", "png", "pdf")
PAPERS: dict[str, QPageSize.PageSizeId] = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
MARGIN_MM = 12.7  # half an inch: inside what home inkjet and laser printers can reach


class SheetError(ValueError):
    """A sheet that cannot be made as asked (an unknown format or paper, or errors under strict)."""

    def __init__(self, message: str, issues: Sequence[Issue] = ()) -> None:
        super().__init__(message)
        self.issues = list(issues)


def ensure_app() -> QGuiApplication:
    """The running Qt application, or a new one (offscreen when there is no display),
    so sheets render from the CLI and tests without a window.  It is a QApplication,
    not a bare QGuiApplication, so widgets made later in the same process still work."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication([])


def make_sheet(
    scenario: Scenario,
    catalog: Catalog,
    *,
    strict: bool = False,
    show_difficulty: bool = False,
    unlocks: Sequence[str] = (),
    printed_at: str = PRINTED_ELSEWHERE,
    min_px: float = 0.0,
) -> Sheet:
    """Validate and lay out; errors become the sheet's warning banner, or with
    ``strict`` a :class:`SheetError` carrying them.  Components in no box are marked,
    and the key says their faces are printed at ``printed_at``; ``min_px``: the
    smallest text, in sheet units (a booklet printing the sheet small raises it)."""
    from engine.check.validate import validate  # the rule checker: not loaded with the studio's sheets menu

    ensure_app()
    issues = [i for i in validate(scenario, catalog) if i.is_error]
    if issues and strict:
        raise SheetError(
            f"scenario '{scenario.id}' has {len(issues)} error(s); first: {issues[0].message} "
            f"({issues[0].where.describe()}); fix them or render without --strict",
            issues,
        )
    needs = scenario_needs(scenario, catalog)
    text = sheet_text(
        scenario, issues, unlocks=unlocks, show_difficulty=show_difficulty, needs=needs, printed_at=printed_at
    )
    return Sheet(scenario, catalog, text, min_px)


def page_layout(paper: str, landscape: bool = False) -> QPageLayout:
    if paper not in PAPERS:
        raise SheetError(f"unknown paper '{paper}': choose one of {', '.join(PAPERS)}")
    orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(QPageSize(PAPERS[paper]), orientation, margins, QPageLayout.Unit.Millimeter)


def paint_fitted(p: QPainter, sheet: Sheet, target: QRectF, max_scale: float | None = None) -> float:
    """Draw ``sheet`` centred at the top of ``target``, as large as fits (at most
    ``max_scale`` device units per sheet unit); returns the scale used."""
    scale = min(target.width() / sheet.size.width(), target.height() / sheet.size.height())
    if max_scale is not None:
        scale = min(scale, max_scale)
    p.save()
    p.translate(target.left() + (target.width() - sheet.size.width() * scale) / 2, target.top())
    p.scale(scale, scale)
    sheet.paint(p)
    p.restore()
    return scale


def to_png(sheet: Sheet, dpi: int = 150) -> bytes:
    if dpi <= 0 or dpi > 1200:
        raise SheetError(f"--dpi {dpi} is out of range: choose 1 to 1200")
    scale = dpi / UNITS_PER_INCH
    image = QImage(
        QSize(round(sheet.size.width() * scale), round(sheet.size.height() * scale)), QImage.Format.Format_ARGB32
    )
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor("white"))
    p = QPainter(image)
    p.scale(scale, scale)
    sheet.paint(p)
    p.end()
    return _save_image(image)


def _save_image(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"png")).write(image)
    buffer.close()
    return bytes(data.data())


def to_svg(sheet: Sheet, title: str = "") -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    size = QSize(round(sheet.size.width()), round(sheet.size.height()))
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setResolution(round(UNITS_PER_INCH))
    generator.setTitle(title or sheet.text.name)
    generator.setDescription("Scenario sheet made by Raftwright")
    p = QPainter(generator)
    p.fillRect(QRectF(0, 0, size.width(), size.height()), QColor("white"))
    sheet.paint(p)
    p.end()
    buffer.close()
    return bytes(data.data())


def pdf_writer(buffer: QBuffer, layout: QPageLayout, title: str) -> QPdfWriter:
    writer = QPdfWriter(buffer)
    writer.setPageLayout(layout)
    writer.setResolution(72)  # device units are points
    writer.setTitle(title)
    writer.setCreator("Raftwright")
    return writer


def to_pdf(sheet: Sheet, paper: str = "a4") -> bytes:
    landscape = sheet.size.width() > sheet.size.height() * 1.15
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = pdf_writer(buffer, page_layout(paper, landscape), sheet.text.name)
    p = QPainter(writer)
    area = QRectF(0, 0, writer.width(), writer.height())
    paint_fitted(p, sheet, area, max_scale=72 / UNITS_PER_INCH * 1.5)
    p.end()
    buffer.close()
    return bytes(data.data())


def render_scenario(
    scenario: Scenario,
    catalog: Catalog,
    fmt: str,
    *,
    dpi: int = 150,
    paper: str = "a4",
    strict: bool = False,
    show_difficulty: bool = False,
    unlocks: Sequence[str] = (),
    printed_at: str = PRINTED_ELSEWHERE,
) -> bytes:
    """The scenario's sheet as ``svg``, ``png`` (at ``dpi``) or ``pdf`` (on ``paper``,
    ``a4`` or ``letter``).  Errors show as a banner; with ``strict`` they raise
    :class:`SheetError`.  ``show_difficulty`` adds the simulated-difficulty box when the
    scenario's metadata carries one; ``unlocks`` lists new rules for the checklist."""
    if fmt not in FORMATS:
        raise SheetError(f"unknown format '{fmt}': choose one of {', '.join(FORMATS)}")
    if fmt == "pdf":
        page_layout(paper)  # refuse an unknown paper before drawing
    sheet = make_sheet(
        scenario, catalog, strict=strict, show_difficulty=show_difficulty, unlocks=unlocks, printed_at=printed_at
    )
    if fmt == "svg":
        return to_svg(sheet)
    if fmt == "png":
        return to_png(sheet, dpi)
    return to_pdf(sheet, paper)


def sheet_size_inches(sheet: Sheet) -> QSizeF:
    return QSizeF(sheet.size.width() / UNITS_PER_INCH, sheet.size.height() / UNITS_PER_INCH)
