"""A scenario sheet laid out in sheet units (the canvas's scene units: one square is
:data:`editor.painting.SQUARE`): the island on the left, drawn by the canvas's own
:func:`editor.painting.paint_scenario`, and beside it a column with the name, the
paws, the additional objectives, the Kickstarter tokens, the set-up checklist and,
when asked for, the simulated difficulty.  A scenario with errors gets a red banner
across the top.  :class:`Sheet` measures once and paints on any QPainter (image,
SVG generator, PDF writer, printer), scaled by the caller.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from engine.model.catalog import Catalog
from engine.model.scenario import Scenario, TokenPlacement

from ..edits import Element, size_of
from ..painting import SQUARE, paint_scenario, paint_token
from .content import MAX_PAWS, SheetText

PAD = SQUARE * 0.5
GAP = SQUARE
PANEL_WIDTH = SQUARE * 9
INK = QColor("#1a1a1a")
MUTED = QColor("#5a5a5a")
BANNER = QColor("#c62828")
PAW = QColor("#3a3a3a")
WRAP = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft) | int(Qt.AlignmentFlag.AlignTop)

Op = Callable[[QPainter], None]


def font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(int(px))
    f.setBold(bold)
    return f


TITLE, HEADING, BODY, SMALL = (
    font(SQUARE * 0.8, True),
    font(SQUARE * 0.45, True),
    font(SQUARE * 0.4),
    font(SQUARE * 0.34),
)


def text_height(f: QFont, width: float, text: str) -> float:
    return QFontMetricsF(f).boundingRect(QRectF(0, 0, width, 1e6), WRAP, text).height()


def draw_text(rect: QRectF, f: QFont, text: str, colour: QColor = INK, flags: int = WRAP) -> Op:
    def op(p: QPainter) -> None:
        p.setFont(f)
        p.setPen(colour)
        # a little spare width so a device whose metrics differ slightly wraps as measured
        p.drawText(rect.adjusted(0, 0, SQUARE * 0.3, SQUARE), flags, text)

    return op


def island_bounds(scenario: Scenario) -> tuple[int, int, int, int]:
    """(top, left, rows, cols) of the squares any element covers; 9x9 when empty."""
    elements: list[Element] = [*scenario.boards, *scenario.cards, *scenario.tokens]
    if not elements:
        return 0, 0, 9, 9
    tops = [e.at[0] for e in elements]
    lefts = [e.at[1] for e in elements]
    bottoms = [e.at[0] + size_of(e)[0] for e in elements]
    rights = [e.at[1] + size_of(e)[1] for e in elements]
    return min(tops), min(lefts), max(bottoms) - min(tops), max(rights) - min(lefts)


def paw(p: QPainter, centre: QPointF, size: float, filled: bool) -> None:
    """A paw print: a pad and four toes, filled or outlined."""
    p.setPen(QPen(PAW, size * 0.07))
    p.setBrush(PAW if filled else Qt.BrushStyle.NoBrush)
    pad = QRectF(centre.x() - size * 0.26, centre.y() - size * 0.02, size * 0.52, size * 0.4)
    p.drawEllipse(pad)
    for dx, dy in ((-0.36, -0.12), (-0.14, -0.36), (0.14, -0.36), (0.36, -0.12)):
        p.drawEllipse(QPointF(centre.x() + dx * size, centre.y() + dy * size), size * 0.1, size * 0.13)


class _Column:
    """Blocks stacked down the side column; each block measures itself and queues its drawing."""

    def __init__(self, left: float, top: float, width: float) -> None:
        self.left, self.y, self.width = left, top, width
        self.ops: list[Op] = []

    def text(self, f: QFont, text: str, colour: QColor = INK, indent: float = 0.0, after: float = 0.15) -> float:
        width = self.width - indent
        height = text_height(f, width, text)
        top = self.y
        self.ops.append(draw_text(QRectF(self.left + indent, top, width, height), f, text, colour))
        self.y += height + SQUARE * after
        return top

    def space(self, squares: float) -> None:
        self.y += SQUARE * squares

    def paws(self, paws: int | None) -> None:
        size = SQUARE * 0.75
        top = self.y

        def op(p: QPainter) -> None:
            for n in range(MAX_PAWS):
                paw(
                    p,
                    QPointF(self.left + size * (n + 0.5), top + size * 0.55),
                    size * 0.9,
                    paws is not None and n < paws,
                )

        self.ops.append(op)
        if paws is None:
            label = QRectF(self.left + size * MAX_PAWS + SQUARE * 0.2, top + size * 0.25, self.width, size)
            self.ops.append(draw_text(label, SMALL, "difficulty not rated", MUTED))
        self.y += size + SQUARE * 0.3

    def checkbox(self, text: str) -> None:
        box = SQUARE * 0.32
        top = self.text(BODY, text, indent=box + SQUARE * 0.25, after=0.08)

        def op(p: QPainter) -> None:
            p.setPen(QPen(INK, 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(self.left, top + SQUARE * 0.08, box, box))

        self.ops.append(op)

    def token(self, kind: str, label: str, count: int) -> None:
        size = SQUARE * 0.8
        top = self.y
        self.ops.append(lambda p: _token_icon(p, kind, QPointF(self.left, top - SQUARE * 0.05), size))
        line = f"{label} \u00d7 {count}"
        self.ops.append(
            draw_text(QRectF(self.left + size + SQUARE * 0.2, top + SQUARE * 0.08, self.width - size, size), BODY, line)
        )
        self.y += size + SQUARE * 0.1

    def box(self, title: str, lines: list[str]) -> None:
        top = self.y
        self.y += SQUARE * 0.2
        self.left += SQUARE * 0.25
        self.width -= SQUARE * 0.5
        self.text(HEADING, title, after=0.1)
        for line in lines:
            self.text(SMALL, line, after=0.05)
        self.left -= SQUARE * 0.25
        self.width += SQUARE * 0.5
        rect = QRectF(self.left, top, self.width, self.y - top + SQUARE * 0.1)

        def op(p: QPainter) -> None:
            p.setPen(QPen(INK, 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, 6, 6)

        self.ops.append(op)
        self.y += SQUARE * 0.3


def _token_icon(p: QPainter, kind: str, top_left: QPointF, size: float) -> None:
    """A token drawn by the canvas's own token painter, scaled to ``size``."""
    p.save()
    p.translate(top_left)
    p.scale(size / SQUARE, size / SQUARE)
    paint_token(p, TokenPlacement(kind, (0, 0)))
    p.restore()


class Sheet:
    """One scenario's sheet, measured on construction; :meth:`paint` draws it at the
    painter's origin in sheet units (:attr:`size` wide and high)."""

    def __init__(self, scenario: Scenario, catalog: Catalog, text: SheetText) -> None:
        self.scenario, self.catalog, self.text = scenario, catalog, text
        self.ops: list[Op] = []
        top, left, rows, cols = island_bounds(scenario)
        self.island_origin = (top, left)
        island = QSizeF(cols * SQUARE, rows * SQUARE)
        width = PAD + island.width() + GAP + PANEL_WIDTH + PAD
        y = PAD + self._banner(width)
        self.island_rect = QRectF(PAD, y, island.width(), island.height())
        column = self._column(QRectF(PAD + island.width() + GAP, y, PANEL_WIDTH, 0))
        self.size = QSizeF(width, max(self.island_rect.bottom(), column) + PAD)

    def _banner(self, width: float) -> float:
        if not self.text.warnings:
            return 0.0
        n = len(self.text.warnings)
        shown = self.text.warnings[:3] + ([f"... and {n - 3} more"] if n > 3 else [])
        message = f"DRAFT: {n} error(s), this layout cannot be played as drawn.\n" + "\n".join(shown)
        inner = width - 2 * PAD - SQUARE * 0.5
        height = text_height(BODY, inner, message) + SQUARE * 0.5
        rect = QRectF(PAD, PAD, width - 2 * PAD, height)

        def op(p: QPainter) -> None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(BANNER)
            p.drawRoundedRect(rect, 6, 6)

        self.ops.append(op)
        self.ops.append(
            draw_text(rect.adjusted(SQUARE * 0.25, SQUARE * 0.25, -SQUARE * 0.25, 0), BODY, message, QColor("white"))
        )
        return height + SQUARE * 0.4

    def _column(self, area: QRectF) -> float:
        col = _Column(area.left(), area.top(), area.width())
        t = self.text
        col.text(TITLE, t.name, after=0.2)
        col.paws(t.paws)
        if t.objectives:
            col.text(HEADING, "Additional objectives")
            for line in t.objectives:
                col.text(BODY, f"\u2022 {line}", indent=SQUARE * 0.1, after=0.08)
            col.space(0.3)
        if t.kickstarter:
            col.text(HEADING, "Kickstarter tokens")
            for kind, label, count in t.kickstarter:
                col.token(kind, label, count)
            col.space(0.3)
        col.text(HEADING, "Set-up")
        for line in t.checklist:
            col.checkbox(line)
        if t.difficulty is not None:
            col.space(0.3)
            col.box("Simulated difficulty", t.difficulty.lines())
        self.ops += col.ops
        return col.y

    def paint(self, p: QPainter) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.save()
        p.translate(self.island_rect.topLeft())
        p.translate(-self.island_origin[1] * SQUARE, -self.island_origin[0] * SQUARE)
        paint_scenario(p, self.scenario, self.catalog)
        p.restore()
        for op in self.ops:
            op(p)
        p.restore()
