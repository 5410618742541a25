"""The island canvas: a QGraphicsView over the 18x18 square grid.

One item per board, card and token, kept in step with the document (items are
reused and only repainted when their element changed), an overlay for drop
feedback and the rubber band, and a highlight for the squares of the problem the
designer clicked.  Mouse input goes to the current tool (:mod:`editor.tools`);
the wheel zooms about the cursor; the middle button or Space+drag pans.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from engine.model.geometry import Square
from engine.model.scenario import BoardSlot

from . import clipboard, edits, painting
from .document import ScenarioDocument
from .edits import GRID_SIZE, Element, Ref
from .painting import SQUARE, element_rect, fill_squares, square_rect

if TYPE_CHECKING:
    from .tools import CanvasEvent, ToolManager

MARGIN = 1.5  # squares of scene around the grid (room for the row / column numbers)
MIN_ZOOM, MAX_ZOOM = 0.15, 8.0
SELECTION = QColor("#0a84ff")
ILLEGAL = QColor(220, 30, 30)
LEGAL = QColor(20, 140, 255)
Z_LAYER = {"boards": 0.0, "cards": 1000.0, "tokens": 2000.0}


class ElementItem(QGraphicsItem):
    def __init__(self, doc: ScenarioDocument, ref: Ref, element: Element) -> None:
        super().__init__()
        self.doc, self.ref, self.element, self.selected = doc, ref, element, False
        self.setZValue(Z_LAYER[ref[0]] + ref[1])

    def set_element(self, element: Element) -> None:
        if element != self.element:
            self.prepareGeometryChange()
            self.element = element
            self.update()

    def boundingRect(self) -> QRectF:
        return element_rect(self.element).adjusted(-4, -4, 4, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painting.paint_element(p, self.element, self.doc.catalog, labels=False)  # names: LabelsItem
        if self.selected:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(SELECTION, 4))
            p.drawRect(element_rect(self.element).adjusted(-1, -1, 1, 1))
            p.setPen(QPen(QColor("white"), 1.5, Qt.PenStyle.DashLine))
            p.drawRect(element_rect(self.element).adjusted(2, 2, -2, -2))


class OverlayItem(QGraphicsItem):
    """Drop feedback (ghosts and a legal / illegal tint) and the rubber band."""

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.ghosts: list[Element] = []
        self.marked: list[Element] = []
        self.legal = True
        self.band: QRectF | None = None
        self.setZValue(5000)

    def boundingRect(self) -> QRectF:
        return square_rect(-MARGIN, -MARGIN, GRID_SIZE + 2 * MARGIN, GRID_SIZE + 2 * MARGIN)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.save()
        p.setOpacity(0.6)
        for el in self.ghosts:
            painting.paint_element(p, el, self.doc.catalog)
        p.restore()
        colour = LEGAL if self.legal else ILLEGAL
        for el in self.marked:
            tint = QColor(colour)
            tint.setAlpha(40 if self.legal else 90)
            fill_squares(p, edits.squares_of(el), tint)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, 4 if self.legal else 5))
            if isinstance(el, BoardSlot) and el.special:  # the shape's own edge, not its bounding box
                painting.paint_square_edge(p, el.squares(), colour, 4 if self.legal else 5)
            else:
                p.drawRect(element_rect(el))
            if not self.legal:  # a cross reads as "not here" without colour
                r = element_rect(el).adjusted(SQUARE * 0.3, SQUARE * 0.3, -SQUARE * 0.3, -SQUARE * 0.3)
                p.drawLine(r.topLeft(), r.bottomRight())
                p.drawLine(r.topRight(), r.bottomLeft())
        if self.band is not None:
            p.setPen(QPen(SELECTION, 1.5, Qt.PenStyle.DashLine))
            p.setBrush(QColor(10, 132, 255, 40))
            p.drawRect(self.band)


class LabelsItem(QGraphicsItem):
    """Board names and card badges above every piece (:func:`painting.paint_labels`):
    a token on a raft's corner square does not hide its letter, nor a card in a
    board's corner the board's name."""

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.setZValue(Z_LAYER["tokens"] + 1000)

    def boundingRect(self) -> QRectF:
        return square_rect(0, 0, GRID_SIZE, GRID_SIZE).adjusted(-4, -4, 4, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painting.paint_labels(p, self.doc.scenario)


class HighlightItem(QGraphicsItem):
    """The squares of the problem selected in the problems dock."""

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.setZValue(6000)

    def boundingRect(self) -> QRectF:
        return square_rect(0, 0, GRID_SIZE, GRID_SIZE).adjusted(-4, -4, 4, 4)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        fill_squares(p, self.doc.highlight, QColor(255, 170, 0, 110), QColor("#d35400"))


class IslandScene(QGraphicsScene):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid_visible = True
        self.setSceneRect(square_rect(-MARGIN, -MARGIN, GRID_SIZE + 2 * MARGIN, GRID_SIZE + 2 * MARGIN))

    def drawBackground(self, p: QPainter, rect: QRectF | QRect) -> None:
        p.fillRect(rect, QColor("#e9edf1"))
        grid = square_rect(0, 0, GRID_SIZE, GRID_SIZE)
        p.fillRect(grid, QColor("#fdfdfb"))
        if self.grid_visible:
            p.setPen(QPen(QColor("#d9dee4"), 0))
            for k in range(1, GRID_SIZE):
                p.drawLine(QPointF(k * SQUARE, 0), QPointF(k * SQUARE, grid.bottom()))
                p.drawLine(QPointF(0, k * SQUARE), QPointF(grid.right(), k * SQUARE))
            p.setPen(QPen(QColor("#b9c0c8"), 0))
            for k in range(3, GRID_SIZE, 3):  # card-sized blocks
                p.drawLine(QPointF(k * SQUARE, 0), QPointF(k * SQUARE, grid.bottom()))
                p.drawLine(QPointF(0, k * SQUARE), QPointF(grid.right(), k * SQUARE))
        p.setPen(QPen(QColor("#8a939c"), 0))
        p.drawRect(grid)
        font = p.font()
        font.setPixelSize(int(SQUARE * 0.32))
        p.setFont(font)
        p.setPen(QColor("#6b7580"))
        for k in range(GRID_SIZE):
            p.drawText(square_rect(-1, k), Qt.AlignmentFlag.AlignCenter, str(k))
            p.drawText(square_rect(k, -1), Qt.AlignmentFlag.AlignCenter, str(k))


class IslandView(QGraphicsView):
    squareHovered = Signal(object)  # Square | None
    zoomChanged = Signal(float)
    message = Signal(str)  # why the ghost or drag under the mouse is refused; "" clears it

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        self.island = IslandScene()
        super().__init__(self.island, parent)
        self.doc = doc
        self.tools: ToolManager | None = None
        self._items: dict[str, list[ElementItem]] = {layer: [] for layer in edits.LAYERS}
        self.overlay = OverlayItem(doc)
        self.highlight_item = HighlightItem(doc)
        self.labels = LabelsItem(doc)
        self.island.addItem(self.labels)
        self.island.addItem(self.overlay)
        self.island.addItem(self.highlight_item)
        self._pan_from: QPointF | None = None
        self._space = False
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setObjectName("islandCanvas")
        doc.changed.connect(self.sync)
        doc.selectionChanged.connect(self._sync_selection)
        doc.highlightChanged.connect(self.highlight_item.update)
        doc.highlightChanged.connect(self._bring_highlight_into_view)
        self.sync()

    # --- keeping items in step with the document ----------------------------------
    def sync(self) -> None:
        scenario = self.doc.scenario
        self.labels.update()
        for layer in edits.LAYERS:
            elements = getattr(scenario, layer)
            items = self._items[layer]
            while len(items) > len(elements):
                self.island.removeItem(items.pop())
            for index, element in enumerate(elements):
                if index < len(items):
                    items[index].set_element(element)
                else:
                    item = ElementItem(self.doc, (layer, index), element)
                    items.append(item)
                    self.island.addItem(item)
        self._sync_selection()

    def _bring_highlight_into_view(self) -> None:
        """A located problem's squares are scrolled into sight (the Problems dock may
        just have grown over them)."""
        squares = list(self.doc.highlight)
        if squares:
            rect = square_rect(*squares[0])
            for square in squares[1:]:
                rect = rect.united(square_rect(*square))
            self.ensureVisible(rect, 10, 10)

    def refresh_all(self) -> None:
        """Repaint every piece (the painting palette changed: View > Simulate colour blindness)."""
        for items in self._items.values():
            for item in items:
                item.update()
        self.scene().update()
        self.viewport().update()

    def _sync_selection(self) -> None:
        selection = self.doc.selection
        for items in self._items.values():
            for item in items:
                selected = item.ref in selection
                if selected != item.selected:
                    item.selected = selected
                    item.update()

    def item_for(self, ref: Ref) -> ElementItem:
        return self._items[ref[0]][ref[1]]

    # --- feedback -------------------------------------------------------------------
    def show_feedback(self, ghosts: list[Element], marked: list[Element], legal: bool, why: str = "") -> None:
        self.overlay.ghosts, self.overlay.marked, self.overlay.legal = ghosts, marked, legal
        self.overlay.update()
        self.message.emit(why)  # "" when the spot is fine: the last reason must not linger

    def show_band(self, corner_a: QPointF | None, corner_b: QPointF | None = None) -> None:
        self.overlay.band = None if corner_a is None or corner_b is None else QRectF(corner_a, corner_b).normalized()
        self.overlay.update()

    def clear_feedback(self) -> None:
        self.overlay.ghosts, self.overlay.marked, self.overlay.band = [], [], None
        self.overlay.update()
        self.message.emit("")

    # --- coordinates, zoom and pan ----------------------------------------------------
    def scene_to_grid(self, point: QPointF) -> tuple[float, float]:
        return point.y() / SQUARE, point.x() / SQUARE

    def grid_pos(self, viewport_pos: QPointF) -> tuple[float, float]:
        return self.scene_to_grid(self.mapToScene(viewport_pos.toPoint()))

    @staticmethod
    def square_of(pos: tuple[float, float]) -> Square:
        return math.floor(pos[0]), math.floor(pos[1])

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, zoom: float) -> None:
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        factor = zoom / self.zoom
        if abs(factor - 1) > 1e-9:
            self.scale(factor, factor)
            self.zoomChanged.emit(self.zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * 1.25)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / 1.25)

    def fit_island(self) -> None:
        """Zoom to the island's boards (the whole grid when there are none)."""
        rows, cols = self.doc.scenario.extent()
        tops = [b.at for b in self.doc.scenario.boards]
        if tops:
            top, left = min(r for r, _ in tops), min(c for _, c in tops)
            target = square_rect(top - 1.2, left - 1.2, rows - top + 1.6, cols - left + 1.6)  # with the numbers
        else:
            target = square_rect(-MARGIN, -MARGIN, GRID_SIZE + 2 * MARGIN, GRID_SIZE + 2 * MARGIN)
        self.fitInView(target, Qt.AspectRatioMode.KeepAspectRatio)
        if not MIN_ZOOM <= self.zoom <= MAX_ZOOM:
            self.set_zoom(self.zoom)
        self.zoomChanged.emit(self.zoom)

    def set_grid_visible(self, visible: bool) -> None:
        self.island.grid_visible = visible
        self.island.update()
        self.viewport().update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self.zoom * (1.2**steps))
        event.accept()

    # --- input: pan here, everything else to the current tool -------------------------
    def _event(self, event: QMouseEvent) -> "CanvasEvent":
        from .tools import CanvasEvent

        pos = self.grid_pos(event.position())
        return CanvasEvent(pos, self.square_of(pos), event.button(), event.buttons(), event.modifiers())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() == Qt.MouseButton.MiddleButton or (
            self._space and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if self.tools is not None:
            self.tools.current.press(self._event(event))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            return
        ev = self._event(event)
        inside = 0 <= ev.square[0] < GRID_SIZE and 0 <= ev.square[1] < GRID_SIZE
        self.squareHovered.emit(ev.square if inside else None)
        if self.tools is not None:
            self.tools.current.move(ev)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            return
        if self.tools is not None:
            self.tools.current.release(self._event(event))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if event.key() == Qt.Key.Key_Escape and self.tools is not None:
            self.tools.current.cancel()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.squareHovered.emit(None)
        if self.tools is not None:
            self.tools.current.leave()
        super().leaveEvent(event)

    # --- palette drags -------------------------------------------------------------------
    # A drop is always a copy: accepting a proposed move would delete the palette entry.
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.dragMoveEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        elements = clipboard.from_mime(event.mimeData())
        if len(elements) == 1 and self.tools is not None:
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            self.tools.preview_drop(elements[0], self.grid_pos(event.position()), event.modifiers())
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.clear_feedback()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        elements = clipboard.from_mime(event.mimeData())
        if len(elements) == 1 and self.tools is not None:
            self.tools.drop(elements[0], self.grid_pos(event.position()), event.modifiers())
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()
