"""The Difficulty dock's heat maps: drawn over the island on the studio's canvas (a
:class:`HeatItem` in the canvas scene, above the cards and tokens) with the share of
games printed in each square, and a :class:`HeatLegend` in the dock that names the
layer and gives its scale (the colour ramp from one game to every game)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ..edits import GRID_SIZE
from ..painting import SQUARE, square_rect

#: Layer label -> (the estimate's heat key, what a count means).
HEAT_LAYERS = {
    "Fire landed": ("fire", "games with a fire tile on the square at the end"),
    "Cats crossed": ("crossed", "games in which a cat crossed the square"),
    "Cats cut off": ("cut_off", "games lost with a cat cut off on the square"),
}
LOW, HIGH = QColor(255, 224, 102), QColor(178, 24, 43)  # the ramp: one game .. every game
Z_HEAT = 5000.0  # above boards, cards, tokens and labels; below the problem highlight


def heat_colour(share: float) -> QColor:
    """The ramp's colour for a share of the games (0..1), half see-through."""
    t = min(max(share, 0.0), 1.0)
    low, high = (LOW.red(), LOW.green(), LOW.blue()), (HIGH.red(), HIGH.green(), HIGH.blue())
    r, g, b = (round(a + (z - a) * t) for a, z in zip(low, high))
    return QColor(r, g, b, 120 + round(90 * t))


class HeatItem(QGraphicsItem):
    """One heat layer over the island: each square tinted by the share of the games it
    counts, the percentage written in it.  Empty (nothing drawn) until shown."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}
        self.games = 0
        self.setZValue(Z_HEAT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the tools still get every click

    def show_heat(self, counts: dict[str, int], games: int) -> None:
        self.counts, self.games = dict(counts), games
        self.update()

    def clear(self) -> None:
        self.show_heat({}, 0)

    def boundingRect(self) -> QRectF:
        return square_rect(0, 0, GRID_SIZE, GRID_SIZE)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.games:
            return
        font = QFont(p.font())
        font.setPixelSize(int(SQUARE * 0.3))
        font.setBold(True)
        p.setFont(font)
        for key, n in self.counts.items():
            r, c = (int(v) for v in key.split(","))
            rect = square_rect(r, c)
            share = n / self.games
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(heat_colour(share))
            p.drawRect(rect)
            p.setPen(QColor("white") if share > 0.5 else QColor("#3b2a00"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{round(100 * share)}")


class HeatLegend(QWidget):
    """The layer's name and meaning, and its scale: the ramp from 1 game to all games,
    with the percentages the canvas writes in the squares."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layer = ""
        self.games = 0
        self.most = 0
        self.setMinimumHeight(54)

    def show_layer(self, layer: str, games: int, most: int) -> None:
        self.layer, self.games, self.most = layer, games, most
        self.update()

    def text(self) -> str:
        if not self.games:
            return "No estimate yet: the heat map is drawn over the island once one has run."
        meaning = HEAT_LAYERS[self.layer][1]
        return f"{self.layer}: % of the {self.games} {meaning}; the most: {self.most} games"

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setPen(self.palette().text().color())
        p.drawText(QRectF(0, 0, self.width(), 18), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   self.text())  # fmt: skip
        if self.games:
            bar = QRectF(30, 22, max(self.width() - 60, 40), 12)
            ramp = QLinearGradient(bar.topLeft(), bar.topRight())
            ramp.setColorAt(0.0, heat_colour(0.0))
            ramp.setColorAt(1.0, heat_colour(1.0))
            p.fillRect(bar, ramp)
            p.setPen(QPen(self.palette().mid().color(), 1))
            p.drawRect(bar)
            p.setPen(self.palette().text().color())
            for share in (0.0, 0.25, 0.5, 0.75, 1.0):
                x = bar.left() + share * bar.width()
                p.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + 3))
                p.drawText(QRectF(x - 24, bar.bottom() + 3, 48, 16), Qt.AlignmentFlag.AlignCenter,
                           f"{round(100 * share)}%")  # fmt: skip
        p.end()


__all__ = ["HEAT_LAYERS", "HeatItem", "HeatLegend", "heat_colour"]
