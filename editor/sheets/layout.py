"""A scenario sheet laid out in sheet units (the canvas's scene units: one square is
:data:`editor.painting.SQUARE`): the Kickstarter tokens in a column on the left (where
the Kickstarter pack's text says the list stands), the island drawn by the canvas's own
:func:`editor.painting.paint_scenario`, and on the right a column with the name, the
paws, the additional objectives, the set-up checklist, the key to its marks and, when
asked for, the simulated difficulty.  ``min_px`` raises every text (card numbers
included) to at least that size, for a booklet that prints the sheet small.  A scenario with errors gets a red banner
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
TOKEN_PANEL_WIDTH = SQUARE * 4.5
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


class Fonts:
    """The sheet's four text sizes, each at least ``min_px`` sheet units."""

    def __init__(self, min_px: float = 0.0) -> None:
        self.min_px = min_px
        self.title, self.heading, self.body, self.small = (
            font(max(SQUARE * 0.8, min_px * 1.6), True),
            font(max(SQUARE * 0.45, min_px * 1.1), True),
            font(max(SQUARE * 0.4, min_px)),
            font(max(SQUARE * 0.34, min_px)),
        )

    @property
    def scale(self) -> float:
        """How much larger than the usual body text the body text is."""
        return self.body.pixelSize() / (SQUARE * 0.4)


class _Column:
    """Blocks stacked down the side column; each block measures itself and queues its drawing."""

    def __init__(self, left: float, top: float, width: float, fonts: Fonts | None = None) -> None:
        self.left, self.y, self.width = left, top, width
        self.fonts = fonts or Fonts()
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
            self.ops.append(draw_text(label, self.fonts.small, "difficulty not rated", MUTED))
        self.y += size + SQUARE * 0.3

    def checkbox(self, text: str) -> None:
        box = SQUARE * 0.32 * self.fonts.scale
        top = self.text(self.fonts.body, text, indent=box + SQUARE * 0.25, after=0.08)

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
            draw_text(
                QRectF(self.left + size + SQUARE * 0.2, top + SQUARE * 0.08, self.width - size, size),
                self.fonts.body,
                line,
            )
        )
        self.y += size + SQUARE * 0.1

    def box(self, title: str, lines: list[str]) -> None:
        top = self.y
        self.y += SQUARE * 0.2
        self.left += SQUARE * 0.25
        self.width -= SQUARE * 0.5
        self.text(self.fonts.heading, title, after=0.1)
        for line in lines:
            self.text(self.fonts.small, line, after=0.05)
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

    def __init__(self, scenario: Scenario, catalog: Catalog, text: SheetText, min_px: float = 0.0) -> None:
        self.scenario, self.catalog, self.text = scenario, catalog, text
        self.fonts = Fonts(min_px)
        self.ops: list[Op] = []
        top, left, rows, cols = island_bounds(scenario)
        self.island_origin = (top, left)
        island = QSizeF(cols * SQUARE, rows * SQUARE)
        tokens_width = TOKEN_PANEL_WIDTH * max(1.0, self.fonts.scale) + GAP if text.kickstarter else 0.0
        panel = PANEL_WIDTH * max(1.0, self.fonts.scale)
        width = PAD + tokens_width + island.width() + GAP + panel + PAD
        y = PAD + self._banner(width)
        self.island_rect = QRectF(PAD + tokens_width, y, island.width(), island.height())
        left_column = self._tokens(QRectF(PAD, y, tokens_width - GAP, 0)) if text.kickstarter else y
        column = self._column(QRectF(self.island_rect.right() + GAP, y, panel, 0))
        self.size = QSizeF(width, max(self.island_rect.bottom(), column, left_column) + PAD)

    def _banner(self, width: float) -> float:
        if not self.text.warnings:
            return 0.0
        n = len(self.text.warnings)
        shown = self.text.warnings[:3] + ([f"... and {n - 3} more"] if n > 3 else [])
        message = f"DRAFT: {n} error(s), this layout cannot be played as drawn.\n" + "\n".join(shown)
        inner = width - 2 * PAD - SQUARE * 0.5
        height = text_height(self.fonts.body, inner, message) + SQUARE * 0.5
        rect = QRectF(PAD, PAD, width - 2 * PAD, height)

        def op(p: QPainter) -> None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(BANNER)
            p.drawRoundedRect(rect, 6, 6)

        self.ops.append(op)
        self.ops.append(
            draw_text(
                rect.adjusted(SQUARE * 0.25, SQUARE * 0.25, -SQUARE * 0.25, 0),
                self.fonts.body,
                message,
                QColor("white"),
            )
        )
        return height + SQUARE * 0.4

    def _tokens(self, area: QRectF) -> float:
        """The Kickstarter tokens to place, left of the island (Kickstarter pack,
        "Objective tokens": "On the left side of the diagram ... a list of all the
        included tokens")."""
        col = _Column(area.left(), area.top(), area.width(), self.fonts)
        col.text(self.fonts.heading, "Kickstarter tokens")
        for kind, label, count in self.text.kickstarter:
            col.token(kind, label, count)
        self.ops += col.ops
        return col.y

    def _column(self, area: QRectF) -> float:
        col = _Column(area.left(), area.top(), area.width(), self.fonts)
        t, f = self.text, self.fonts
        col.text(f.title, t.name, after=0.2)
        col.paws(t.paws)
        if t.objectives:
            col.text(f.heading, "Additional objectives")
            for line in t.objectives:
                col.text(f.body, f"\u2022 {line}", indent=SQUARE * 0.1, after=0.08)
            col.space(0.3)
        col.text(f.heading, "Set-up")
        for line in t.checklist:
            col.checkbox(line)
        if t.key:
            col.space(0.2)
            for line in t.key:
                col.text(f.small, line, MUTED, after=0.05)
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
        paint_scenario(
            p, self.scenario, self.catalog, badge_px=self.fonts.small.pixelSize() if self.fonts.min_px else None
        )
        p.restore()
        for op in self.ops:
            op(p)
        p.restore()
