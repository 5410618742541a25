"""Cards in the side panel: the deck backs to draw from and the players' hands.

* :class:`DeckButton` shows a deck's back: its symbol, the colour mix of its cards
  (computed from the catalog, the way the printed backs hint at it) and the cards
  left.  Clicking it draws the next card (``DeckPicker.drawRequested``).
* :class:`CardButton` shows one pathway card as its 3x3 squares, or face down (only
  its deck) while its player is still drawing: "You may not look at the cards you
  have drawn, until you have taken all 3 cards" (rulebook, Drawing cards; solo: all
  6, SO-1).  In a hand it arms
  the card for placement (``HandsPanel.cardChosen``); while a move waits for its
  discards the hand's cards become checkable and ``HandsPanel.discardsChosen`` fires
  once the right number is ticked and the move is confirmed.
* A solo player's face-down cards (:attr:`HandsPanel.face_down`) show only their backs
  (the deck); while the hand refills they are clickable and
  ``HandsPanel.refillChosen`` names the one picked ("You may choose any of the cards on
  the table, but you can not look at the front", rulebook "Solo" 2).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractButton,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)  # fmt: skip

from engine import GameState
from engine.model.catalog import LETTER_TO_TERRAIN, TERRAINS, Catalog

from ..painting import COLOURS, _terrain_square
from ..terrain_marks import ink_for, mark_rect, paint_mark
from .status import choosing_discard
from .wording import card_name

CARD_PX = 22  # pixels per square of a card picture
BAR_HEIGHT = 16  # a deck back's colour mix bar; each terrain's part shows its mark
CARDS_PER_ROW = 3
SELECT = QColor("#0a84ff")


def paint_deck_symbol(p: QPainter, deck: str, r: QRectF, colour: QColor, width: float) -> None:
    """The symbol printed on a deck's backs (circle, cross, square, triangle): what a
    player sees of a card's deck; a deck without a known symbol shows its first letters."""
    p.save()
    p.setPen(QPen(colour, width))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if deck == "circle":
        p.drawEllipse(r)
    elif deck == "square":
        p.drawRect(r.adjusted(2, 2, -2, -2))
    elif deck == "triangle":
        p.drawPolygon(QPolygonF([QPointF(r.center().x(), r.top()), r.bottomRight(), r.bottomLeft()]))
    elif deck == "cross":
        p.drawLine(r.topLeft(), r.bottomRight())
        p.drawLine(r.topRight(), r.bottomLeft())
    else:
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, deck[:2])
    p.restore()


def colour_mix(catalog: Catalog, deck: str) -> list[tuple[str, float]]:
    """Share of each terrain over every square of every card of ``deck`` (largest first)."""
    counts = Counter(LETTER_TO_TERRAIN[ch] for card in catalog.decks.get(deck, ()) for row in card.grid for ch in row)
    total = sum(counts.values()) or 1
    return sorted(((t, counts[t] / total) for t in TERRAINS if counts[t]), key=lambda tc: -tc[1])


class CardButton(QAbstractButton):
    """One pathway card of a hand."""

    def __init__(
        self, player: int, key: str, grid: Sequence[str], parent: QWidget | None = None, *, face_down: bool = False
    ) -> None:
        super().__init__(parent)
        self.player, self.key, self.grid = player, key, tuple(grid)
        self.face_down = face_down
        self.armed = False
        self.setObjectName(f"card-{player}-{key}")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.deck = key.split(":")[0]
        self.setToolTip(
            f"A {card_name(key)}, face down until Player {player + 1} has drawn them all"
            if face_down
            else f"A {card_name(key)} ({key}) in Player {player + 1}'s hand: click it, then click the island"
        )
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(3 * CARD_PX + 10, 3 * CARD_PX + 22)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        picked = self.armed or self.isChecked()
        p.fillRect(self.rect(), SELECT if picked else QColor("#e8e8e8"))
        top = QRectF(5, 5, 3 * CARD_PX, 3 * CARD_PX)
        if self.face_down:  # the back: a deck's colour while it may be picked, grey otherwise
            p.fillRect(
                top,
                QColor("#30465e")
                if self.isEnabled() and self.objectName().startswith("face-down")
                else QColor("#8a8f98"),
            )
            p.setPen(QColor("white"))
            p.drawText(top, Qt.AlignmentFlag.AlignCenter, "face\ndown")
            self._paint_deck(p, top, QColor("#222"))
            return
        p.fillRect(top, QColor("white"))
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                _terrain_square(
                    p, QRectF(top.left() + c * CARD_PX + 1, top.top() + r * CARD_PX + 1, CARD_PX - 2, CARD_PX - 2), ch
                )
        self._paint_deck(p, top, QColor("white") if picked else QColor("#222"))
        if not self.isEnabled():
            p.fillRect(self.rect(), QColor(255, 255, 255, 140))

    def _paint_deck(self, p: QPainter, top: QRectF, ink: QColor) -> None:
        """Under the picture, the deck's symbol (what a player sees; the id is in the tooltip)."""
        side = 12.0
        paint_deck_symbol(p, self.deck, QRectF(top.center().x() - side / 2, top.bottom() + 3, side, side), ink, 1.6)


class DeckButton(QAbstractButton):
    """A deck's back: symbol, colour mix bar (each terrain with its mark), cards left."""

    def __init__(self, deck: str, mix: list[tuple[str, float]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck, self.mix, self.left, self.in_play = deck, mix, 0, True
        self.setObjectName(f"deck-{deck}")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        shares = ", ".join(f"{t} {share:.0%}" for t, share in mix)
        self.setToolTip(f"Draw from the {deck} deck ({shares})")

    def sizeHint(self) -> QSize:
        return QSize(78, 96)

    def set_left(self, left: int, in_play: bool = True) -> None:
        """Cards left; ``in_play`` False (the scenario cannot be played) greys the
        whole back out and says so instead of a count."""
        self.left, self.in_play = left, in_play
        self.setText(f"{self.deck}: {left} left" if in_play else f"{self.deck}: no game")
        self.update()

    def bar_rect(self) -> QRectF:
        body = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        return QRectF(body.left() + 7, body.top() + 44, body.width() - 14, BAR_HEIGHT)

    def segments(self) -> list[tuple[str, QRectF]]:
        """The colour mix bar's parts, one per terrain, as wide as its share of the
        deck's squares but never narrower than its mark needs (the rest shared out)."""
        bar = self.bar_rect()
        least = min(BAR_HEIGHT, bar.width() / max(len(self.mix), 1))
        spare = max(bar.width() - least * len(self.mix), 0.0)
        out, x = [], bar.left()
        for terrain, share in self.mix:
            w = least + spare * share
            out.append((terrain, QRectF(x, bar.top(), w, bar.height())))
            x += w
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        p.setPen(QPen(QColor("#1d2b3a"), 2))
        p.setBrush(QColor("#30465e") if self.isEnabled() else QColor("#9aa3ad"))
        p.drawRoundedRect(body, 7, 7)
        paint_deck_symbol(p, self.deck, QRectF(body.center().x() - 14, body.top() + 8, 28, 28), QColor("#f4e3b5"), 4)
        bar = self.bar_rect()
        for terrain, segment in self.segments():
            colour = COLOURS[terrain] if self.in_play else QColor("#b8bec4")
            p.fillRect(segment.adjusted(0, 0, 0.5, 0), colour)
            # the terrain's feature too (palm tree, flower, ...): the mix is read without colour
            paint_mark(p, mark_rect(segment, 0.9), terrain, ink_for(colour) if self.in_play else QColor("#6b7178"))
        p.setPen(QPen(QColor("white"), 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(bar)
        p.drawText(QRectF(body.left(), bar.bottom() + 2, body.width(), body.bottom() - bar.bottom() - 2),
                   Qt.AlignmentFlag.AlignCenter, f"{self.left} left" if self.in_play else "no game")  # fmt: skip


class DeckPicker(QGroupBox):
    drawRequested = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__("Draw", parent)
        self.buttons: dict[str, DeckButton] = {}
        self.prompt = QLabel()
        self.prompt.setObjectName("draw-prompt")
        self.prompt.setWordWrap(True)
        row = QHBoxLayout()
        for deck in catalog.decks:
            button = DeckButton(deck, colour_mix(catalog, deck))
            button.clicked.connect(lambda _=False, d=deck: self.drawRequested.emit(d))
            self.buttons[deck] = button
            row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.prompt)

    def show_state(self, state: GameState | None) -> None:
        drawing = drawing_player(state)
        bonus = (
            state is not None
            and state.phase == "bonus"
            and state.advanced.bonus is not None
            and not state.is_terminal()
        )
        for deck, button in self.buttons.items():
            left = len(state.decks.get(deck, ())) if state else 0
            button.set_left(left, state is not None)
            button.setEnabled((drawing is not None or bonus) and left > 0)
        self.setEnabled(state is not None)  # an unplayable scenario: the decks are greyed out, not "0 left"
        if state is None:
            self.prompt.setText("No game: this scenario cannot be played (the banner says why).")
            return
        if bonus and state.advanced.bonus is not None:
            self.prompt.setText(f"Bonus: Player {state.advanced.bonus.player + 1} may draw 1 card from any deck")
            return
        if drawing is None:
            self.prompt.setText("")
            return
        per = state.rules.cards_per_draw
        self.prompt.setText(f"Player {drawing + 1}: pick a deck for card {state.drawn[drawing] + 1} of {per}")


def drawing_player(state: GameState | None) -> int | None:
    """The player whose card is drawn next (players draw in seat order)."""
    if state is None or state.phase != "draw" or state.is_terminal():
        return None
    per = state.rules.cards_per_draw
    return next((p for p in range(state.players) if state.drawn[p] < per), None)


class HandsPanel(QGroupBox):
    cardChosen = Signal(int, str)  # player, card key
    discardsChosen = Signal(int, tuple)  # player, card keys
    refillChosen = Signal(int, int)  # player, index of the face-down card (draw order)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Hands", parent)
        self.cards: list[CardButton] = []
        self.reserve_notes: list[QLabel] = []  # per player: face-down cards left
        self.face_down: list[CardButton] = []  # every player's face-down cards, by their backs
        self.need = 0  # discards wanted (0: not choosing)
        self._order: list[CardButton] = []
        self.rows = QVBoxLayout()
        self.choose = QLabel()
        self.choose.setObjectName("discard-prompt")
        self.choose.setWordWrap(True)  # "Move the green cat to (6, 9): tick ..." must not widen the panel
        self.confirm = QPushButton("Move cat")
        self.confirm.setObjectName("confirm-move")
        self.cancel = QPushButton("Cancel")
        self.cancel.setObjectName("cancel-move")
        self.confirm.clicked.connect(self._confirm)
        # The discard choice: the window lays it out where it is always in sight (not
        # in the scrolling hands), the prompt on its own wrapped line above its buttons.
        self.bar = QWidget()
        self.bar.setObjectName("discard-bar")
        bar = QVBoxLayout(self.bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.choose)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.confirm)
        buttons.addWidget(self.cancel)
        bar.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(self.rows)
        self._set_choosing(0)

    def button(self, player: int, key: str) -> CardButton:
        return next(b for b in self.cards if b.player == player and b.key == key)

    def face_down_button(self, player: int, index: int) -> CardButton:
        """The ``index``-th face-down card of ``player`` (draw order)."""
        return [b for b in self.face_down if b.player == player][index]

    def show_state(self, state: GameState | None, armed: tuple[int, str] | None) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone now; deleted once its click (if any) has returned
                widget.deleteLater()
        self.cards, self.reserve_notes, self.face_down = [], [], []
        if state is None:
            return
        playing = state.phase == "play" and not state.is_terminal()
        for player, hand in enumerate(state.hands):
            drawing = state.phase == "draw" and state.drawn[player] < state.rules.cards_per_draw
            row = QWidget()
            grid = QGridLayout(row)
            grid.setContentsMargins(0, 0, 0, 0)
            grid.addWidget(QLabel(f"<b>Player {player + 1}</b>"), 0, 0, 1, CARDS_PER_ROW)
            for i, key in enumerate(hand):
                button = CardButton(player, key, state.island.cards[key].grid, face_down=drawing)
                button.armed = armed == (player, key)
                button.setCheckable(self.need > 0)
                button.setEnabled(playing or choosing_discard(state, player))
                button.clicked.connect(lambda _=False, b=button: self._clicked(b))
                self.cards.append(button)
                grid.addWidget(button, 1 + i // CARDS_PER_ROW, i % CARDS_PER_ROW)
            reserve = len(state.reserve[player])
            note = QLabel(f"+{reserve} face down" if reserve else ("no cards" if not hand else ""))
            note.setObjectName(f"reserve-{player}")
            self.reserve_notes.append(note)
            grid.addWidget(note, 1, CARDS_PER_ROW)
            self._show_face_down(state, player, grid, 1 + max(1, -(-len(hand) // CARDS_PER_ROW)))
            grid.setColumnStretch(CARDS_PER_ROW + 1, 1)
            self.rows.addWidget(row)
            row.show()  # now, not when the event loop next runs

    def _show_face_down(self, state: GameState, player: int, grid: QGridLayout, row: int) -> None:
        """The face-down cards by their backs; clickable while the hand refills."""
        choosing = state.phase == "refill" and not state.is_terminal() and state.needs_refill(player)
        for i, key in enumerate(state.reserve[player]):
            back = CardButton(player, key, (), face_down=True)
            back.setObjectName(f"face-down-{player}-{i}")
            deck = back.deck
            back.setToolTip(
                f"Face-down card {i + 1}: a {deck} card" + (" (click to take it into the hand)" if choosing else "")
            )
            back.setEnabled(choosing)
            back.clicked.connect(lambda _=False, p=player, n=i: self.refillChosen.emit(p, n))
            self.face_down.append(back)
            grid.addWidget(back, row, i % CARDS_PER_ROW)

    # --- discard choice -------------------------------------------------------------
    def begin_discard(self, need: int, what: str) -> None:
        """Make the cards checkable until ``need`` of one hand are ticked and confirmed."""
        self._set_choosing(need, what)
        for b in self.cards:
            b.setCheckable(True)
            b.setChecked(False)

    def end_discard(self) -> None:
        self._set_choosing(0)
        for b in self.cards:
            b.setChecked(False)
            b.setCheckable(False)

    def _set_choosing(self, need: int, what: str = "") -> None:
        self.need = need
        self._order = []
        self.bar.setVisible(need > 0)
        self.choose.setText(f"{what}: tick {need} card{'s' if need > 1 else ''} of one hand to discard" if need else "")
        self._update_confirm()

    def _clicked(self, button: CardButton) -> None:
        if self.need == 0:
            self.cardChosen.emit(button.player, button.key)
            return
        if button in self._order:
            self._order.remove(button)
        if button.isChecked():  # discards come from one player's hand, in the order ticked
            for other in self.cards:
                if other.player != button.player:
                    other.setChecked(False)
            self._order = [b for b in self._order if b.player == button.player] + [button]
        self._update_confirm()

    def ticked(self) -> list[CardButton]:
        """The ticked cards in the order they were ticked (the discard order)."""
        return [b for b in self._order if b.isChecked()]

    def _update_confirm(self) -> None:
        self.confirm.setEnabled(self.need > 0 and len(self.ticked()) == self.need)

    def _confirm(self) -> None:
        ticked = self.ticked()
        if self.need and len(ticked) == self.need:
            self.discardsChosen.emit(ticked[0].player, tuple(b.key for b in ticked))
