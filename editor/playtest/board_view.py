"""The island view for play: the game state, and the gestures of the three actions.

* Add pathway: :meth:`BoardView.arm_card` puts a card from a hand under the mouse;
  ``R``/``Shift+R`` or the wheel turn it; dots mark every square where its centre
  may go; the ghost is green where it fits and red, with the engine's reason beside
  it, where it does not.  A click asks for the placement (``placeRequested``).
* The drawn fire tile follows the mouse whenever one is pending: ``R``/wheel turn
  it, ``F`` flips it, dots mark where its centre may go in the current orientation.
* Move a cat: click a cat to see the squares it may end on, click one of them
  (``moveRequested``); the window then asks for the discards.  The advanced game's
  free moves work alike, with no discards: the raft-arrival bonus move (phase
  ``bonus``, any cat, at most 5 squares) and a disaster card's forced move (phase
  ``disaster``): :meth:`BoardView.targets` gives the squares the rules allow now.
* Water: :meth:`arm_water`, then click a fire tile (``waterRequested``).

The view never changes the game: every gesture ends in a signal carrying an engine
action (or a move without its discards), which the window applies through the
session.  Squares map to widget pixels with :meth:`square_center`; the island's
edges carry its row and column numbers from 0, as the studio's canvas and every
message write squares: ``(row, col)``.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QWheelEvent
from PySide6.QtWidgets import QMessageBox, QSizePolicy, QWidget

from engine.model.geometry import Square, cells_extent, rotate_grid, transform_cells
from engine.play.actions import BonusMove, DisasterMove, PlaceFire, PlacePathway
from engine.play.phases import BONUS, DISASTER
from engine.play.state import FIRE, PLAY

from ..painting import SQUARE
from . import island_paint as paint
from . import tokens_view
from .session import PlaytestSession

MARGIN = 10  # pixels around the island
RULER = 0.7  # squares above and left of the island for its row and column numbers


class BoardView(QWidget):
    placeRequested = Signal(object)  # PlacePathway or PlaceFire
    moveRequested = Signal(int, object)  # cat index, destination square
    waterRequested = Signal(str)  # fire tile id
    hintChanged = Signal(str)  # why the placement under the mouse is refused ("" = fits)
    gestureChanged = Signal()  # a card was armed or put back, a cat (de)selected, water armed

    def __init__(self, session: PlaytestSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setObjectName("playtest-board")
        self.card: tuple[int, str] | None = None  # (player, "deck:id") under the mouse
        self.card_rotation = 0
        self.fire_flipped = False
        self.fire_rotation = 0
        self._fire_tile = ""  # pending tile the orientation belongs to
        self.cat: int | None = None  # selected cat
        self.destination: Square | None = None  # move waiting for its discards
        self.water = False
        self.hover: Square | None = None
        self.hint = ""
        self.warning = ""  # what a legal fire tile under the mouse would lose the game by
        session.changed.connect(self.refresh)

    def sizeHint(self) -> QSize:
        return QSize(720, 600)

    # --- modes ------------------------------------------------------------------------
    def arm_card(self, player: int, card: str) -> None:
        self.cancel()
        self.card = (player, card)
        self.setFocus()
        self._rehint()
        self.gestureChanged.emit()

    def arm_water(self) -> None:
        self.cancel()
        self.water = True
        self.setFocus()
        self.update()
        self.gestureChanged.emit()

    def select_cat(self, cat: int | None) -> None:
        self.card, self.water, self.destination = None, False, None
        self.cat = cat
        self._rehint()
        self.gestureChanged.emit()

    def cancel(self) -> None:
        """Drop the card, the selected cat, the chosen destination and water mode."""
        self.card, self.cat, self.destination, self.water = None, None, None, False
        self.card_rotation = 0
        self._rehint()
        self.gestureChanged.emit()

    def refresh(self) -> None:
        """After every change of the game: gestures start afresh; a new fire tile
        starts unturned."""
        state = self.session.state
        self.card, self.cat, self.destination, self.water = None, None, None, False
        self.card_rotation = 0
        pending = state.pending.tile if state is not None and state.pending is not None else ""
        if pending != self._fire_tile:
            self._fire_tile, self.fire_flipped, self.fire_rotation = pending, False, 0
        self._rehint()

    def targets(self, cat: int) -> tuple[Square, ...]:
        """Squares ``cat`` may end on now: a normal move in the play phase (at most 5
        squares in the advanced game), the bonus move or a disaster's forced move."""
        state = self.session.state
        if state is None or state.is_terminal() or state.arrived[cat]:
            return ()
        if state.phase == PLAY:
            return state.reachable_squares(cat)
        if state.phase in (BONUS, DISASTER):
            at = state.cat_square(cat)
            free = (a.to for a in state.legal_actions() if isinstance(a, (BonusMove, DisasterMove)) and a.cat == at)
            return tuple(sorted(set(free)))
        return ()

    def fire_mode(self) -> bool:
        state = self.session.state
        return state is not None and state.phase == FIRE and state.pending is not None

    # --- turning ----------------------------------------------------------------------
    def rotate(self, step: int = 1) -> None:
        if self.fire_mode():
            self.fire_rotation = (self.fire_rotation + step) % 4
        elif self.card is not None:
            self.card_rotation = (self.card_rotation + step) % 4
        else:
            return
        self._rehint()

    def flip(self) -> None:
        if self.fire_mode():
            self.fire_flipped = not self.fire_flipped
            self._rehint()

    # --- geometry ---------------------------------------------------------------------
    def _scale(self) -> tuple[float, float, float]:
        state = self.session.state
        rows, cols = (state.island.grid.rows, state.island.grid.cols) if state else self.session.scenario.extent()
        rows, cols = max(rows, 1), max(cols, 1)
        px = max(4.0, min((self.width() - 2 * MARGIN) / (cols + RULER), (self.height() - 2 * MARGIN) / (rows + RULER)))
        ox = (self.width() - px * (cols + RULER)) / 2 + px * RULER
        oy = (self.height() - px * (rows + RULER)) / 2 + px * RULER
        return px / SQUARE, ox, oy

    def square_center(self, square: Square) -> QPoint:
        """Widget pixel at the centre of ``square``."""
        k, ox, oy = self._scale()
        return QPoint(int(ox + (square[1] + 0.5) * SQUARE * k), int(oy + (square[0] + 0.5) * SQUARE * k))

    def square_at(self, pos: QPointF | QPoint) -> Square | None:
        k, ox, oy = self._scale()
        state = self.session.state
        if state is None:
            return None
        col = int((pos.x() - ox) // (SQUARE * k))
        row = int((pos.y() - oy) // (SQUARE * k))
        grid = state.island.grid
        return (row, col) if 0 <= row < grid.rows and 0 <= col < grid.cols else None

    def card_grid(self) -> tuple[str, ...]:
        assert self.card is not None
        return rotate_grid(self.session.state.island.cards[self.card[1]].grid, self.card_rotation)  # type: ignore[union-attr]

    def tile_cells(self) -> tuple[Square, ...]:
        """The pending tile's cells in the current orientation, anchored at (0, 0)."""
        state = self.session.state
        assert state is not None and state.pending is not None
        cells = state.island.tiles[state.pending.tile].cells
        h, w = cells_extent(cells)
        return transform_cells(cells, h, w, self.fire_flipped, self.fire_rotation)

    @staticmethod
    def centre_offset(cells: tuple[Square, ...]) -> Square:
        """The cell of a shape's bounding box that sits under the mouse."""
        h, w = cells_extent(cells)
        return (h // 2, w // 2)

    def placement_at(self, square: Square) -> PlacePathway | PlaceFire | None:
        """The placement the ghost would make with its centre on ``square``."""
        r, c = square
        if self.fire_mode():
            state = self.session.state
            cells = self.tile_cells()
            dr, dc = self.centre_offset(cells)
            return PlaceFire(state.pending.tile, (r - dr, c - dc), self.fire_flipped, self.fire_rotation)  # type: ignore[union-attr]
        if self.card is not None:
            deck, card_id = self.card[1].split(":", 1)
            return PlacePathway(self.card[0], deck, card_id, (r - 1, c - 1), self.card_rotation)
        return None

    def legal_centres(self) -> tuple[Square, ...]:
        """Squares where the ghost's centre may go: every legal placement of the
        armed card (any rotation fits the same windows), or of the pending fire tile
        in its current orientation."""
        state = self.session.state
        if state is None:
            return ()
        if self.fire_mode():
            cells = self.tile_cells()
            tile = state.island.tiles[state.pending.tile]  # type: ignore[union-attr]
            h, w = cells_extent(tile.cells)
            dr, dc = self.centre_offset(cells)
            return tuple(sorted({
                (a.at[0] + dr, a.at[1] + dc)
                for a in state.legal_fire_placements()
                if transform_cells(tile.cells, h, w, a.flipped, a.rotation) == cells  # type: ignore[union-attr]
            }))  # fmt: skip
        if self.card is not None and state.phase == PLAY:
            return tuple((r + 1, c + 1) for r, c in state.legal_card_squares())
        return ()

    # --- events -----------------------------------------------------------------------
    def _rehint(self) -> None:
        hint = warning = ""
        if self.hover is not None and (self.card is not None or self.fire_mode()):
            action = self.placement_at(self.hover)
            hint = self.session.refusal(action) if action is not None else ""
            if action is not None and not hint and isinstance(action, PlaceFire):
                warning = self.session.loss_warning(action)  # legal, but it ends the game
        if hint != self.hint or warning != self.warning:
            self.hint, self.warning = hint, warning
            self.hintChanged.emit(hint or (f"Careful: {warning}. A click asks first." if warning else ""))
        self.update()

    def confirm_loss(self, warning: str) -> bool:
        """Ask before a fire tile that loses the game is placed (tests replace this)."""
        answer = QMessageBox.question(
            self,
            "Place this fire tile?",
            f"Placed here, {warning}. Place it anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        square = self.square_at(event.position())
        if square != self.hover:
            self.hover = square
            self._rehint()

    def leaveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.hover = None
        self._rehint()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        square = self.square_at(event.position())
        state = self.session.state
        if square is None or state is None or state.is_terminal():
            return
        self.hover = square
        self._rehint()
        action = self.placement_at(square)
        if action is not None:
            if not self.hint and (not self.warning or self.confirm_loss(self.warning)):
                self.placeRequested.emit(action)
            return
        if self.water:
            tile = next(
                (t for t, (mask, _) in state.tiles_placed.items() if mask & state.island.grid.bit(square)), None
            )
            if tile is not None:
                self.water = False
                self.waterRequested.emit(tile)
            return
        back = tokens_view.return_at(state, square)  # a Kickstarter token goes back onto the card
        if back is not None:
            self.placeRequested.emit(back)
            return
        if state.phase not in (PLAY, BONUS, DISASTER):
            return
        cat = state.cat_at(square)
        if cat is not None and not state.arrived[cat] and (state.phase == PLAY or self.targets(cat)):
            self.select_cat(None if cat == self.cat else cat)
        elif self.cat is not None and square in self.targets(self.cat):
            self.destination = square
            self.update()
            self.moveRequested.emit(self.cat, square)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.card is None and not self.fire_mode():
            event.ignore()
            return
        self.rotate(1 if event.angleDelta().y() < 0 else -1)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_R:
            self.rotate(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == Qt.Key.Key_F and self.fire_mode():
            self.flip()
        elif key == Qt.Key.Key_Escape and (self.card is not None or self.cat is not None or self.water):
            self.cancel()
        else:
            super().keyPressEvent(event)

    # --- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), paint.SEA)
        state = self.session.state
        if state is None:
            p.end()
            return
        k, ox, oy = self._scale()
        p.translate(ox, oy)
        p.scale(k, k)
        paint.paint_rulers(p, state.island.grid.rows, state.island.grid.cols, RULER)
        paint.paint_island(p, state)
        tokens_view.paint_safe_spots(p, state)
        tokens_view.paint_tokens(p, state)
        paint.paint_scenario_marks(p, state.island.scenario)  # card numbers, raft letters, objective tokens
        outcome = state.outcome()
        if outcome is not None and outcome.region:
            paint.paint_region(p, outcome.region)
        centres = self.legal_centres()
        if self.water:
            for mask, _ in state.tiles_placed.values():
                paint.paint_tile_edge(p, state.island.grid.squares(mask), QColor("#2e8fe0"), 5)
        if self.cat is not None and not state.is_terminal():
            paint.tint(p, self.targets(self.cat), paint.REACH, QColor("white"))
        paint.paint_cats(p, state, self.cat)
        if self.cat is not None and self.destination is not None:
            paint.paint_destination(p, self.destination, state.island.cat_colours[self.cat])
        if outcome is not None and outcome.square is not None:
            p.setPen(QPen(paint.ILLEGAL, 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(paint.square_rect(*outcome.square).center(), SQUARE * 0.55, SQUARE * 0.55)
        paint.dots(p, centres, QColor("white") if self.card is not None else QColor("#ffd27a"))
        paint.dots(p, tokens_view.return_targets(state), tokens_view.TOKEN_COLOURS["map"])
        self._paint_ghost(p)
        p.end()

    def _paint_ghost(self, p: QPainter) -> None:
        if self.hover is None:
            return
        action = self.placement_at(self.hover)
        if isinstance(action, PlacePathway):
            paint.paint_card_ghost(p, action.at, self.card_grid(), not self.hint)
            below = paint.square_rect(action.at[0] + 3, action.at[1])
        elif isinstance(action, PlaceFire):
            cells = self.tile_cells()
            paint.paint_tile_ghost(p, ((action.at[0] + r, action.at[1] + c) for r, c in cells), not self.hint)
            tokens_view.paint_ghost_safe_spots(p, self.session.state.island.tiles[action.tile], action)  # type: ignore[union-attr]
            h, _ = cells_extent(cells)
            below = paint.square_rect(action.at[0] + h, action.at[1])
        else:
            return
        if self.hint:
            grid = self.session.state.island.grid  # type: ignore[union-attr]
            paint.paint_note(
                p,
                QPointF(below.left(), below.top() + 4),
                self.hint,
                QRectF(0, 0, grid.cols * SQUARE, grid.rows * SQUARE),
            )
