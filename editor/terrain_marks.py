"""Each cat colour's terrain feature, after the rulebook's art, so no piece is told
apart by colour alone: orange palm trees, green flowers, red trees, blue water,
purple ruins.  The canvas, the playtest and the sheets draw terrain squares, cats and
raft rings through :mod:`editor.painting`, which calls :func:`paint_mark`.

Marks are paths in a unit square, scaled to the rectangle they mark, drawn in a dark
or a light ink, whichever stands out on the fill."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform

FEATURES = {"orange": "palm tree", "green": "flower", "red": "tree", "blue": "water", "purple": "ruins"}


def _palm() -> QPainterPath:
    path = QPainterPath()
    path.moveTo(0.52, 0.95)
    path.quadTo(0.40, 0.65, 0.50, 0.38)  # the trunk, leaning
    for end, ctrl in (
        ((0.10, 0.48), (0.22, 0.22)),
        ((0.90, 0.48), (0.78, 0.22)),
        ((0.24, 0.18), (0.34, 0.16)),
        ((0.80, 0.20), (0.66, 0.14)),
    ):
        path.moveTo(0.50, 0.38)
        path.quadTo(QPointF(*ctrl), QPointF(*end))
    return path


def _flower() -> QPainterPath:
    path = QPainterPath()
    import math

    for k in range(5):
        angle = math.radians(90 + 72 * k)
        cx, cy = 0.5 + 0.26 * math.cos(angle), 0.5 - 0.26 * math.sin(angle)
        path.addEllipse(QPointF(cx, cy), 0.15, 0.15)
    path.addEllipse(QPointF(0.5, 0.5), 0.09, 0.09)
    return path


def _tree() -> QPainterPath:
    path = QPainterPath()
    for top, base, half in ((0.06, 0.46, 0.24), (0.28, 0.74, 0.36)):
        path.moveTo(0.5, top)
        path.lineTo(0.5 + half, base)
        path.lineTo(0.5 - half, base)
        path.closeSubpath()
    path.addRect(QRectF(0.44, 0.74, 0.12, 0.2))
    return path


def _water() -> QPainterPath:
    path = QPainterPath()
    for y in (0.28, 0.52, 0.76):
        path.moveTo(0.06, y)
        for k in range(4):
            x = 0.06 + k * 0.22
            path.quadTo(QPointF(x + 0.055, y - 0.1), QPointF(x + 0.11, y))
            path.quadTo(QPointF(x + 0.165, y + 0.1), QPointF(x + 0.22, y))
    return path


def _ruins() -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(0.14, 0.34, 0.16, 0.58))  # a whole column
    path.addRect(QRectF(0.42, 0.50, 0.16, 0.42))  # a broken one
    path.addRect(QRectF(0.70, 0.34, 0.16, 0.58))
    path.addRect(QRectF(0.08, 0.90, 0.84, 0.06))  # the step
    lintel = QPainterPath()
    lintel.moveTo(0.08, 0.22)
    lintel.lineTo(0.60, 0.22)
    lintel.lineTo(0.54, 0.32)
    lintel.lineTo(0.08, 0.32)
    lintel.closeSubpath()
    return path.united(lintel)


@cache
def mark_path(colour: str) -> QPainterPath | None:
    """The feature of a cat colour as a path in the unit square; None for others."""
    maker = {"orange": _palm, "green": _flower, "red": _tree, "blue": _water, "purple": _ruins}.get(colour)
    return maker() if maker else None


STROKED = {"orange", "blue"}  # line art; the others are filled shapes


def ink_for(fill: QColor) -> QColor:
    """Dark ink on a light fill, light ink on a dark one."""
    light = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF() > 0.55
    return QColor(0, 0, 0, 150) if light else QColor(255, 255, 255, 190)


def paint_mark(p: QPainter, rect: QRectF, colour: str, ink: QColor) -> None:
    """Draw ``colour``'s feature filling ``rect`` (a square) in ``ink``."""
    path = mark_path(colour)
    if path is None or rect.width() < 4:
        return
    scaled = QTransform().translate(rect.left(), rect.top()).scale(rect.width(), rect.height()).map(path)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if colour in STROKED:
        pen = QPen(ink, max(1.0, rect.width() * 0.09))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
    else:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
    p.drawPath(scaled)
    p.restore()


def mark_rect(cell: QRectF, share: float) -> QRectF:
    """A centred square ``share`` of ``cell`` wide."""
    side = min(cell.width(), cell.height()) * share
    c = cell.center()
    return QRectF(c.x() - side / 2, c.y() - side / 2, side, side)
