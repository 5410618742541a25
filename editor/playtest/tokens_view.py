"""Kickstarter tokens and hybrid fire tiles in the playtest (engine: :mod:`engine.play.tokens`,
:mod:`engine.play.hybrid`).

* On the island: every water, fish, map and fire token is drawn as a badge in its
  square (:func:`paint_tokens`); a hybrid tile's safe spots show their terrain inside
  a dashed flame-coloured frame (:func:`paint_safe_spots`).
* Putting tokens back onto a card (phase ``tokens``, step ``return``): the free
  squares of the card just placed are dotted; clicking one puts the next token there
  (:func:`return_at` gives the action).
* :class:`TokenPanel` beside the island: tokens left on the island, those in front of
  the player, the maps kept and the map objective; the way a moving cat takes when
  several collect different tokens (a choice before the discards); and, when a move
  collected tokens, one button per choice of what to resolve next, in any order.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from engine import GameState
from engine.model.catalog import TERRAIN_TO_LETTER, FireTile
from engine.model.geometry import Square, cells_extent, square_text, transform_cells
from engine.play.actions import PlaceFire, ResolveToken, ReturnToken
from engine.play.analysis import maps_collected, move_choices, return_kind, return_squares, token_list
from engine.play.phases import TOKENS

from ..painting import FLAME, _terrain_square, square_rect

TOKEN_COLOURS = {"water": QColor("#2e8fe0"), "fish": QColor("#f08a3c"), "map": QColor("#e9d8a6"), "fire": FLAME}
KIND_WORDS = {"water": "water", "fish": "fish", "map": "treasure map", "fire": "fire"}
RESOLVE_WORDS = {
    "fish": "Fish: stand every cat up",
    "map": "Treasure map: keep it",
    "fire": "Fire: draw and place a fire tile",
}


# --- painting -----------------------------------------------------------------------------------
def paint_token(p: QPainter, cell: QRectF, kind: str) -> None:
    """One token as a round badge in the lower right of ``cell`` (the terrain stays
    visible): a drop for water, a fish, a map with its X, a flame for fire."""
    size = cell.width() * 0.56
    badge = QRectF(cell.right() - size - cell.width() * 0.04, cell.bottom() - size - cell.height() * 0.04, size, size)
    p.save()
    p.setPen(QPen(QColor("#1c1c1c"), 1.5))
    p.setBrush(QColor("white"))
    p.drawEllipse(badge)
    ink = TOKEN_COLOURS[kind]
    inner = badge.adjusted(size * 0.18, size * 0.18, -size * 0.18, -size * 0.18)
    cx, cy, w, h = inner.center().x(), inner.center().y(), inner.width(), inner.height()
    p.setBrush(ink)
    p.setPen(QPen(ink.darker(160), 1.2))
    if kind == "water":
        path = QPainterPath(QPointF(cx, inner.top()))
        path.cubicTo(
            QPointF(cx + w * 0.55, cy + h * 0.1), QPointF(cx + w * 0.4, inner.bottom()), QPointF(cx, inner.bottom())
        )
        path.cubicTo(
            QPointF(cx - w * 0.4, inner.bottom()), QPointF(cx - w * 0.55, cy + h * 0.1), QPointF(cx, inner.top())
        )
        p.drawPath(path)
    elif kind == "fish":
        p.drawEllipse(QRectF(inner.left(), cy - h * 0.25, w * 0.72, h * 0.5))
        p.drawPolygon(QPolygonF([QPointF(inner.left() + w * 0.66, cy), QPointF(inner.right(), cy - h * 0.28),
                                 QPointF(inner.right(), cy + h * 0.28)]))  # fmt: skip
    elif kind == "map":
        p.drawRect(inner.adjusted(0, h * 0.1, 0, -h * 0.1))
        p.setPen(QPen(QColor("#b3261e"), 2))
        d = w * 0.18
        p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
        p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
    else:
        path = QPainterPath(QPointF(cx, inner.top()))
        path.cubicTo(QPointF(cx + w * 0.6, cy), QPointF(cx + w * 0.45, inner.bottom()), QPointF(cx, inner.bottom()))
        path.cubicTo(
            QPointF(cx - w * 0.45, inner.bottom()), QPointF(cx - w * 0.6, cy), QPointF(cx - w * 0.1, cy - h * 0.1)
        )
        path.closeSubpath()
        p.drawPath(path)
    p.restore()


def paint_tokens(p: QPainter, state: GameState) -> None:
    for (r, c), kind in token_list(state):
        paint_token(p, square_rect(r, c), kind)


def paint_safe_spots(p: QPainter, state: GameState) -> None:
    """A hybrid tile's safe spots: their terrain (painted with the island) inside a
    dashed flame frame, so they read as part of the fire tile."""
    if not state.safe_any:
        return
    p.save()
    p.setBrush(Qt.BrushStyle.NoBrush)
    for r, c in state.island.grid.squares(state.safe_any):
        frame = square_rect(r, c).adjusted(5, 5, -5, -5)
        p.setPen(QPen(QColor("#1c1c1c"), 6))
        p.drawRect(frame)
        p.setPen(QPen(FLAME, 6, Qt.PenStyle.DashLine))
        p.drawRect(frame)
    p.restore()


def paint_ghost_safe_spots(p: QPainter, tile: FireTile, action: PlaceFire) -> None:
    """A hybrid tile under the mouse shows its safe spots, turned and flipped with it."""
    if not tile.safe_spots:
        return
    h, w = cells_extent(tile.cells)
    for cell, terrain in tile.safe_spots:
        ((r, c),) = transform_cells([cell], h, w, bool(action.flipped), action.rotation % 4)
        square = square_rect(action.at[0] + r, action.at[1] + c)
        _terrain_square(p, square.adjusted(6, 6, -6, -6), TERRAIN_TO_LETTER[terrain])
        p.save()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(FLAME, 5, Qt.PenStyle.DashLine))
        p.drawRect(square.adjusted(5, 5, -5, -5))
        p.restore()


def returning(state: GameState | None) -> bool:
    """Whether the game waits for a token to go back onto the card just placed."""
    return (state is not None and state.phase == TOKENS and state.kickstarter.task is not None
            and state.kickstarter.task.step == "return" and not state.is_terminal())  # fmt: skip


def return_targets(state: GameState | None) -> tuple[Square, ...]:
    return return_squares(state) if state is not None and returning(state) else ()


def return_at(state: GameState, square: Square) -> ReturnToken | None:
    """Clicking ``square`` while a token waits to go back onto the card."""
    kind = return_kind(state) if returning(state) else None
    return ReturnToken(kind, square) if kind is not None and square in return_squares(state) else None


# --- the panel ----------------------------------------------------------------------------------
def held_text(kinds: list[str]) -> str:
    counts = Counter(kinds)
    return ", ".join(f"{n} {KIND_WORDS[k]}" for k, n in sorted(counts.items())) or "none"


def resolve_label(state: GameState, action: ResolveToken) -> str:
    if action.kind != "water":
        return RESOLVE_WORDS[action.kind]
    if action.tile is None:
        return "Water: return no fire tile"
    square = state.island.grid.squares(state.tiles_placed[action.tile][0])[0]
    return f"Water: return fire tile {action.tile} (at {square_text(square)}) to the bag"


class TokenPanel(QGroupBox):
    """What the Kickstarter tokens need and show (see the module doc)."""

    actionChosen = Signal(object)  # a ResolveToken

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Kickstarter tokens", parent)
        self.setObjectName("playtest-kickstarter")
        self.summary = QLabel()
        self.summary.setObjectName("tokens-summary")
        self.summary.setWordWrap(True)
        self.ask = QLabel()
        self.ask.setObjectName("tokens-ask")
        self.ask.setWordWrap(True)
        self.ask.setMinimumHeight(self.ask.fontMetrics().lineSpacing() * 2 + 4)  # two lines, never clipped
        self.way_label = QLabel("The way the cat takes (it collects every token on it):")
        self.way_label.setWordWrap(True)
        self.way = QComboBox()
        self.way.setObjectName("tokens-way")
        self.way.setToolTip("A cat collects every token on its way: pick the way it takes")
        self.buttons: list[QPushButton] = []
        self._ways: list[tuple[Square, ...]] = []
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(6, 4, 6, 4)
        self.box.addWidget(self.summary)
        self.box.addWidget(self.ask)
        self.box.addWidget(self.way_label)
        self.box.addWidget(self.way)
        self.way.hide()
        self.way_label.hide()

    def show_state(self, state: GameState | None) -> None:
        for button in self.buttons:
            self.box.removeWidget(button)
            button.hide()  # deleteLater waits for the event loop: never show a stale choice meanwhile
            button.deleteLater()
        self.buttons = []
        self.end_way()
        wanted = state is not None and (
            state.kickstarter.tokens or state.kickstarter.held or state.kickstarter.maps or _map_goal(state)
        )
        self.setVisible(bool(wanted))
        if state is None or not wanted:
            return
        on_island = [kind for _, kind in token_list(state)]
        have, _left = maps_collected(state)
        goal = _map_goal(state)
        lines = [f"On the island: {held_text(on_island)}", f"In front of you: {held_text(state.kickstarter.held)}",
                 f"Treasure maps collected: {have}" + (f" of {goal} needed" if goal else "")]  # fmt: skip
        self.summary.setText("\n".join(lines))
        self.ask.setText("")
        if returning(state):
            kind = return_kind(state)
            self.ask.setText(f"Put the {KIND_WORDS[kind or 'map']} token back: click a dotted square of the card "
                             "(one token per square).")  # fmt: skip
        elif state.phase == TOKENS and not state.is_terminal():
            self.ask.setText("Resolve the tokens the cat collected, in the order you choose:")
            for action in state.legal_actions():
                if not isinstance(action, ResolveToken):
                    continue
                button = QPushButton(resolve_label(state, action))
                button.setObjectName(f"resolve-{action.kind}" + (f"-{action.tile}" if action.tile else ""))
                button.clicked.connect(lambda _=False, a=action: self.actionChosen.emit(a))
                self.box.addWidget(button)
                button.show()  # a child added to a shown panel stays hidden until shown
                self.buttons.append(button)

    def button(self, name: str) -> QPushButton:
        return next(b for b in self.buttons if b.objectName() == name)

    # --- the way a move takes -----------------------------------------------------------
    def offer_ways(self, state: GameState, cat: int, to: Square) -> None:
        """Before the discards: the token sets of the ways to ``to`` (first: none, or
        the fewest); shown only when there is a choice."""
        bit = state.island.grid.bit(to)
        ways = sorted((state.island.grid.squares(t) for t, d in move_choices(state, cat) if d & bit), key=len)
        self._ways = ways or [()]
        self.way.clear()
        for way in self._ways:
            kinds = [state.token_at(sq) or "?" for sq in way]
            self.way.addItem("a way collecting no token" if not way else
                             "a way collecting " + ", ".join(f"{KIND_WORDS[k]} {square_text(sq)}"
                                                             for k, sq in zip(kinds, way)))  # fmt: skip
        self.way.setVisible(len(self._ways) > 1)
        self.way_label.setVisible(len(self._ways) > 1)
        if len(self._ways) > 1:
            self.setVisible(True)

    def chosen_way(self) -> tuple[Square, ...]:
        index = self.way.currentIndex()
        return self._ways[index] if 0 <= index < len(self._ways) else ()

    def end_way(self) -> None:
        self._ways = []
        self.way.clear()
        self.way.hide()
        self.way_label.hide()


def _map_goal(state: GameState) -> int:
    return max((o.count or 0 for o in state.scenario.objectives if o.kind == "collect_maps"), default=0)


def prompt(state: GameState) -> str | None:
    """The playtest's prompt in the tokens phase (None otherwise)."""
    if state.phase != TOKENS or state.is_terminal():
        return None
    if returning(state):
        return (f"Put the {KIND_WORDS[return_kind(state) or 'map']} token back on the card just placed: click a dotted "
                "square (Kickstarter pack, 'Add pathway').")  # fmt: skip
    return "The cat collected tokens: resolve them one at a time in the Kickstarter tokens panel, in any order."


__all__ = ["TokenPanel", "paint_safe_spots", "paint_token", "paint_tokens", "prompt", "return_at", "return_targets",
           "returning"]  # fmt: skip
