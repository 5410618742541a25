"""Drawing the island's pieces with QPainter, shared by the canvas, the palette icons,
the playtest (:mod:`editor.playtest.island_paint` reuses the square painters) and the
printable sheets (:mod:`editor.sheets` draws a whole layout with :func:`paint_scenario`).

Everything is drawn in scene units where one square is :data:`SQUARE` wide, at the
element's own squares (``at``), so the canvas items and the icons use the same code.
Boards look as in the campaign book (grey squares, a dark strip on the fire edge)
unless a concrete board is pinned, which shows its real terrain.
"""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from engine.model.card_paths import turn_exits
from engine.model.catalog import LETTER_TO_TERRAIN, RAFT_ANY, RAFT_BLOCKED, RAFT_WHITE, Catalog
from engine.model.geometry import Square
from engine.model.scenario import BoardSlot, CardPlacement, Scenario, TokenPlacement

from .edits import Element, size_of
from .terrain_marks import FEATURES, ink_for, mark_rect, paint_mark

SQUARE = 40.0  # scene units per square

COLOURS: dict[str, QColor] = {
    "blue": QColor("#2f6fce"),
    "red": QColor("#d6453b"),
    "green": QColor("#3f9d4a"),
    "orange": QColor("#f39a2b"),
    "purple": QColor("#8b55bf"),
    "white": QColor("#f7f7f2"),
    "fire": QColor("#3b2622"),
}
BOARD_GREY = QColor("#cfcfcf")
BOARD_EDGE = QColor("#8f8f8f")
STRIP_DARK = QColor("#404040")
CARD_EDGE = QColor("#2b2b2b")
RAFT_WOOD = QColor("#a8733a")
RAFT_DECK = QColor("#f2e2c0")
UNKNOWN_CARD = QColor("#eadfc8")
FLAME = QColor("#ff8a1f")
PATH_STONE = QColor("#e9e4d6")  # Oshax paths: pale stones with a dark edge
PATH_EDGE = QColor("#5a5248")
TOKEN_COLOURS: dict[str, QColor] = {
    "objective": QColor("#f2c230"),
    "water": QColor("#2e8fe0"),
    "fish": QColor("#1f9e8f"),
    "map": QColor("#b98a4b"),
    "fire": QColor("#e0482a"),
}


def square_rect(row: float, col: float, rows: float = 1, cols: float = 1) -> QRectF:
    return QRectF(col * SQUARE, row * SQUARE, cols * SQUARE, rows * SQUARE)


def element_rect(el: Element) -> QRectF:
    rows, cols = size_of(el)
    return square_rect(el.at[0], el.at[1], rows, cols)


def _font(px: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setPixelSize(max(6, int(px)))
    font.setBold(bold)
    return font


def _flame(p: QPainter, rect: QRectF) -> None:
    """A small flame mark on a fire square."""
    c, w, h = rect.center(), rect.width(), rect.height()
    path = QPainterPath(QPointF(c.x(), rect.top() + h * 0.22))
    path.cubicTo(
        QPointF(c.x() + w * 0.28, c.y()),
        QPointF(c.x() + w * 0.22, rect.bottom() - h * 0.2),
        QPointF(c.x(), rect.bottom() - h * 0.2),
    )
    path.cubicTo(
        QPointF(c.x() - w * 0.22, rect.bottom() - h * 0.2),
        QPointF(c.x() - w * 0.28, c.y()),
        QPointF(c.x(), rect.top() + h * 0.22),
    )
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(FLAME)
    p.drawPath(path)


def _terrain_square(p: QPainter, rect: QRectF, letter: str) -> None:
    terrain = LETTER_TO_TERRAIN.get(letter, "")
    fill = COLOURS.get(terrain, BOARD_GREY)
    p.fillRect(rect, fill)
    if terrain in FEATURES:  # the rulebook's terrain feature: never colour alone
        paint_mark(p, mark_rect(rect, 0.42).translated(rect.width() * 0.2, rect.height() * 0.2), terrain, ink_for(fill))
    if letter == "f":
        _flame(p, rect.adjusted(rect.width() * 0.2, rect.height() * 0.15, -rect.width() * 0.2, -rect.height() * 0.1))


def _badge(p: QPainter, rect: QRectF, text: str, corner: int = 0, px: float | None = None) -> None:
    """A card's number or letter in the corner where it is printed: top-left on the
    north form, then clockwise with the card's quarter turns (``corner``); ``px``: a
    larger text size than the canvas's (a booklet printed small)."""
    size = max(SQUARE * 0.34, px or 0.0)
    p.setFont(_font(size))
    width = max(size * 1.24, p.fontMetrics().horizontalAdvance(text) + SQUARE * 0.16)
    height = size * 1.24
    left = rect.left() + 3 if corner % 4 in (0, 3) else rect.right() - 3 - width
    top = rect.top() + 3 if corner % 4 in (0, 1) else rect.bottom() - 3 - height
    box = QRectF(left, top, width, height)
    p.setPen(QPen(CARD_EDGE, 1))
    p.setBrush(QColor("white"))
    p.drawRoundedRect(box, 4, 4)
    p.setPen(QColor("#111"))
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def paint_board(p: QPainter, slot: BoardSlot, catalog: Catalog, label: bool = True) -> None:
    """A board slot: grey squares and a dark strip, or a pinned board's terrain.  A
    special board draws only the squares of its outline, its fire squares dark."""
    rect = square_rect(slot.at[0], slot.at[1], slot.rows, slot.cols)
    squares = slot.squares()
    if slot.special:
        for sq in squares:
            p.fillRect(square_rect(*sq), BOARD_EDGE)
    else:
        p.fillRect(rect, BOARD_EDGE)
    terrain = slot.terrain(catalog) if slot.pin is not None else None
    strip = set(slot.strip_squares())
    gap = SQUARE * 0.05
    for sq in squares:
        r, c = sq[0] - slot.at[0], sq[1] - slot.at[1]
        cell = square_rect(*sq).adjusted(gap, gap, -gap, -gap)
        if terrain is not None:
            _terrain_square(p, cell, terrain[r][c])
        else:
            p.fillRect(cell, STRIP_DARK if sq in strip else BOARD_GREY)
            if slot.special and sq in strip:
                _flame(
                    p,
                    cell.adjusted(cell.width() * 0.2, cell.height() * 0.15, -cell.width() * 0.2, -cell.height() * 0.1),
                )
    p.setBrush(Qt.BrushStyle.NoBrush)
    if slot.special:
        paint_square_edge(p, squares, QColor("#555"), 2)
    else:
        p.setPen(QPen(QColor("#555"), 2))
        p.drawRect(rect)
    if label:
        paint_board_label(p, slot)


def paint_square_edge(p: QPainter, squares: Iterable[Square], colour: QColor, width: float) -> None:
    """The outer edge of a set of squares (the sides no other square of the set shares)."""
    inside = set(squares)
    p.setPen(QPen(colour, width))
    for r, c in inside:
        rect = square_rect(r, c)
        if (r - 1, c) not in inside:
            p.drawLine(rect.topLeft(), rect.topRight())
        if (r + 1, c) not in inside:
            p.drawLine(rect.bottomLeft(), rect.bottomRight())
        if (r, c - 1) not in inside:
            p.drawLine(rect.topLeft(), rect.bottomLeft())
        if (r, c + 1) not in inside:
            p.drawLine(rect.topRight(), rect.bottomRight())


def paint_board_label(p: QPainter, slot: BoardSlot, corner: int = 2) -> None:
    """The board's name in one of its corners (0 top-left, then clockwise; 2, the
    bottom-right, unless :func:`label_corner` finds it covered)."""
    rect = square_rect(slot.at[0], slot.at[1], slot.rows, slot.cols)
    kind = slot.shape if slot.special else slot.size
    label = f"{slot.pin.board} (pinned)" if slot.pin is not None else f"{kind} {slot.face}"
    p.setFont(_font(SQUARE * 0.28, bold=False))
    width = p.fontMetrics().horizontalAdvance(label) + SQUARE * 0.2
    left = rect.left() + 4 if corner % 4 in (0, 3) else rect.right() - width - 4
    top = rect.top() + 4 if corner % 4 in (0, 1) else rect.bottom() - SQUARE * 0.42 - 4
    box = QRectF(left, top, width, SQUARE * 0.42)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 200))
    p.drawRoundedRect(box, 3, 3)
    p.setPen(QColor("#303030"))
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def paint_card(p: QPainter, card: CardPlacement, catalog: Catalog, badge: bool = True) -> None:
    rect = square_rect(card.at[0], card.at[1], 3, 3)
    grid = card.grid(catalog)
    p.fillRect(rect, COLOURS["fire"].darker(150) if card.kind == "fire" else QColor("white"))
    inset = SQUARE * 0.035
    for r in range(3):
        for c in range(3):
            cell = square_rect(card.at[0] + r, card.at[1] + c).adjusted(inset, inset, -inset, -inset)
            if grid is None:
                p.fillRect(cell, UNKNOWN_CARD)
            elif card.kind == "raft":
                _raft_square(p, cell, grid[r][c])
            else:
                _terrain_square(p, cell, grid[r][c])
    paint_card_features(p, card, catalog)
    for colour, (r, c) in card.cat_starts(catalog):
        _cat(p, square_rect(r, c), colour)
    if grid is None:
        p.setFont(_font(SQUARE * 0.9))
        p.setPen(QColor("#8a7a5a"))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
    pen = QPen(CARD_EDGE, 2, Qt.PenStyle.DashLine if card.stand_in else Qt.PenStyle.SolidLine)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(rect.adjusted(1, 1, -1, -1))
    if badge:
        paint_card_badge(p, card)


def paint_card_features(p: QPainter, card: CardPlacement, catalog: Catalog) -> None:
    """A location or raft card's Oshax paths, rescue strips and circles (catalog data)."""
    printed = card.printed_card(catalog)
    if printed is None:
        return
    for sq, exits in printed.oshax:
        paint_path(p, card.to_grid_square(sq), turn_exits(exits, card.rotation))
    for strip in getattr(printed, "rescue", ()):
        paint_circle(p, card.to_grid_square(strip.circle), strip.colour)
        for sq, side in strip.edges:
            paint_strip(p, card.to_grid_square(sq), turn_exits(side, card.rotation))


def paint_path(p: QPainter, square: Square, exits: str) -> None:
    """An Oshax path on a square: a pale stone line from its centre to each exit side."""
    rect = square_rect(*square)
    c = rect.center()
    ends = {"N": QPointF(c.x(), rect.top()), "E": QPointF(rect.right(), c.y()),
            "S": QPointF(c.x(), rect.bottom()), "W": QPointF(rect.left(), c.y())}  # fmt: skip
    for width, colour in ((SQUARE * 0.2, PATH_EDGE), (SQUARE * 0.12, PATH_STONE)):
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for exit_side in exits:
            p.drawLine(c, ends[exit_side])


def paint_strip(p: QPainter, square: Square, side: str) -> None:
    """A rescue strip of fire along one side of a square."""
    rect = square_rect(*square)
    line = {"N": (rect.topLeft(), rect.topRight()), "E": (rect.topRight(), rect.bottomRight()),
            "S": (rect.bottomLeft(), rect.bottomRight()), "W": (rect.topLeft(), rect.bottomLeft())}[side]  # fmt: skip
    p.setPen(QPen(FLAME, SQUARE * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLine(*line)
    p.setPen(QPen(COLOURS["fire"], SQUARE * 0.05, Qt.PenStyle.DotLine))
    p.drawLine(*line)


def paint_circle(p: QPainter, square: Square, colour: str) -> None:
    """A rescue circle: where a friend of ``colour`` stands to open the strip."""
    rect = square_rect(*square)
    ring = rect.adjusted(SQUARE * 0.1, SQUARE * 0.1, -SQUARE * 0.1, -SQUARE * 0.1)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor("white"), SQUARE * 0.1))
    p.drawEllipse(ring)
    p.setPen(QPen(COLOURS.get(colour, QColor("#222")).darker(140), SQUARE * 0.05, Qt.PenStyle.DashLine))
    p.drawEllipse(ring)


def paint_card_badge(p: QPainter, card: CardPlacement, corner: int | None = None, px: float | None = None) -> None:
    """A location card's number or a raft's letter (fire cards have none), in its
    printed corner unless ``corner`` (0-3, clockwise from top-left) says another."""
    if card.kind != "fire":
        text = f"{card.ident}{'*' if card.stand_in else ''}"
        _badge(p, square_rect(card.at[0], card.at[1], 3, 3), text, card.rotation if corner is None else corner, px)


def badge_corner(card: CardPlacement, tokens: set[Square]) -> int:
    """The corner for a card's badge: its printed corner (top-left turned with the
    card), or the next corner clockwise whose square holds no token, so a badge never
    hides a token (every corner taken: the printed one)."""
    r, c = card.at
    squares = {0: (r, c), 1: (r, c + 2), 2: (r + 2, c + 2), 3: (r + 2, c)}
    for turn in range(4):
        corner = (card.rotation + turn) % 4
        if squares[corner] not in tokens:
            return corner
    return card.rotation % 4


def _raft_square(p: QPainter, cell: QRectF, ch: str) -> None:
    if ch == RAFT_BLOCKED:
        p.fillRect(cell, RAFT_WOOD)
        p.setPen(QPen(RAFT_WOOD.darker(130), 1.5))
        for k in (1, 2):
            y = cell.top() + cell.height() * k / 3
            p.drawLine(QPointF(cell.left(), y), QPointF(cell.right(), y))
        return
    p.fillRect(cell, RAFT_DECK)
    ring = cell.adjusted(cell.width() * 0.18, cell.height() * 0.18, -cell.width() * 0.18, -cell.height() * 0.18)
    if ch == RAFT_ANY:
        p.setPen(QPen(QColor("#6b6b6b"), SQUARE * 0.06, Qt.PenStyle.DashLine))
    elif ch == RAFT_WHITE:  # reserved for white cats: a white ring, dark-edged
        p.setPen(QPen(QColor("#555"), SQUARE * 0.16))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(ring)
        p.setPen(QPen(COLOURS["white"], SQUARE * 0.09))
    else:
        terrain = LETTER_TO_TERRAIN[ch]
        p.setPen(QPen(COLOURS[terrain], SQUARE * 0.12))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(ring)
        paint_mark(p, mark_rect(ring, 0.55), terrain, COLOURS[terrain].darker(150))
        return
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(ring)


def _cat(p: QPainter, cell: QRectF, colour: str) -> None:
    """A cat: a coloured disc with ears, on a white halo so it shows on its own terrain."""
    c = cell.center() + QPointF(0, cell.height() * 0.06)
    radius = cell.width() * 0.27
    ears = []
    for side in (-1, 1):
        tip = QPointF(c.x() + side * radius * 0.8, c.y() - radius * 1.35)
        ears.append(
            QPolygonF(
                [
                    QPointF(c.x() + side * radius * 0.15, c.y() - radius * 0.85),
                    tip,
                    QPointF(c.x() + side * radius * 0.98, c.y() - radius * 0.3),
                ]
            )
        )
    halo = QPen(QColor("white"), SQUARE * 0.12)
    halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    for pen in (halo, QPen(QColor("#111"), 1.6)):
        p.setPen(pen)
        p.setBrush(COLOURS.get(colour, QColor("grey")))
        for ear in ears:
            p.drawPolygon(ear)
        p.drawEllipse(c, radius, radius)
    if colour in FEATURES:  # the cat wears its terrain's feature
        fill = COLOURS.get(colour, QColor("grey"))
        paint_mark(
            p, QRectF(c.x() - radius * 0.7, c.y() - radius * 0.7, radius * 1.4, radius * 1.4), colour, ink_for(fill)
        )


def paint_token(p: QPainter, token: TokenPlacement) -> None:
    cell = square_rect(*token.at)
    c = cell.center()
    radius = SQUARE * 0.38
    p.setPen(QPen(QColor("#1a1a1a"), 2))
    p.setBrush(TOKEN_COLOURS.get(token.kind, QColor("grey")))
    p.drawEllipse(c, radius, radius)
    icon = QRectF(c.x() - radius * 0.6, c.y() - radius * 0.6, radius * 1.2, radius * 1.2)
    if token.kind == "objective":
        p.setFont(_font(SQUARE * 0.42))
        p.setPen(QColor("#111"))
        p.drawText(cell, Qt.AlignmentFlag.AlignCenter, token.value or "?")
    else:
        _token_icon(p, icon, token.kind)


def _token_icon(p: QPainter, r: QRectF, kind: str) -> None:
    white = QColor("white")
    p.setPen(QPen(white, 1.5))
    p.setBrush(white)
    c = r.center()
    if kind == "water":  # a drop
        path = QPainterPath(QPointF(c.x(), r.top()))
        path.cubicTo(
            QPointF(r.right(), c.y() + r.height() * 0.1),
            QPointF(r.right() - r.width() * 0.1, r.bottom()),
            QPointF(c.x(), r.bottom()),
        )
        path.cubicTo(
            QPointF(r.left() + r.width() * 0.1, r.bottom()),
            QPointF(r.left(), c.y() + r.height() * 0.1),
            QPointF(c.x(), r.top()),
        )
        p.drawPath(path)
    elif kind == "fish":  # body and tail
        body = QRectF(r.left(), r.top() + r.height() * 0.25, r.width() * 0.7, r.height() * 0.5)
        p.drawEllipse(body)
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(body.right() - 2, c.y()),
                    QPointF(r.right(), r.top() + r.height() * 0.2),
                    QPointF(r.right(), r.bottom() - r.height() * 0.2),
                ]
            )
        )
    elif kind == "map":  # a sheet with a cross
        sheet = r.adjusted(r.width() * 0.08, r.height() * 0.15, -r.width() * 0.08, -r.height() * 0.15)
        p.drawRect(sheet)
        p.setPen(QPen(QColor("#b02020"), 2))
        p.drawLine(sheet.center() + QPointF(-4, -4), sheet.center() + QPointF(4, 4))
        p.drawLine(sheet.center() + QPointF(-4, 4), sheet.center() + QPointF(4, -4))
    else:
        _flame(p, r)
        p.setBrush(QColor("#ffe08a"))
        _flame(p, r.adjusted(r.width() * 0.25, r.height() * 0.35, -r.width() * 0.25, 0))


def paint_element(p: QPainter, el: Element, catalog: Catalog, labels: bool = True) -> None:
    """One element; ``labels=False`` leaves its name or badge to :func:`paint_labels`."""
    if isinstance(el, BoardSlot):
        paint_board(p, el, catalog, labels)
    elif isinstance(el, CardPlacement):
        paint_card(p, el, catalog, labels)
    else:
        paint_token(p, el)


def label_corner(slot: BoardSlot, covered: set[Square]) -> int:
    """The first corner of the board (bottom-right, bottom-left, top-right, top-left)
    whose label squares (the three along the edge there) no card or token covers."""
    r0, c0, r1, c1 = slot.at[0], slot.at[1], slot.at[0] + slot.rows - 1, slot.at[1] + slot.cols - 1
    spots = {
        2: (r1, range(c1 - 2, c1 + 1)),
        3: (r1, range(c0, c0 + 3)),
        1: (r0, range(c1 - 2, c1 + 1)),
        0: (r0, range(c0, c0 + 3)),
    }
    for corner, (row, cols) in spots.items():
        if not any((row, c) in covered for c in cols):
            return corner
    return 2


def paint_labels(
    p: QPainter, scenario: Scenario, badge_px: float | None = None, catalog: Catalog | None = None
) -> None:
    """Names and badges above every piece, so none hides another's: each board's name
    in a corner no card or token covers, each card's number or letter in a corner of
    the card no token (nor, given the ``catalog``, a starting cat) is on
    (:func:`badge_corner`)."""
    tokens = {t.at for t in scenario.tokens}
    covered = {sq for card in scenario.cards for sq in card.squares()} | tokens
    for slot in scenario.boards:
        paint_board_label(p, slot, label_corner(slot, covered))
    cats = {sq for card in scenario.cards for _, sq in card.cat_starts(catalog)} if catalog is not None else set()
    for card in scenario.cards:
        paint_card_badge(p, card, badge_corner(card, tokens | cats), badge_px)


def paint_scenario(p: QPainter, scenario: Scenario, catalog: Catalog, badge_px: float | None = None) -> None:
    """The whole layout in the canvas's stacking order: boards, then cards, then tokens
    (each list in file order, as the canvas's z values put them); ``badge_px``: card
    numbers larger than the canvas's (sheets printed small)."""
    elements: list[Element] = [*scenario.boards, *scenario.cards, *scenario.tokens]
    for element in elements:
        paint_element(p, element, catalog, labels=False)
    paint_labels(p, scenario, badge_px, catalog)


def blank_element_pixmap(el: Element, square_px: float, device_ratio: float = 1.0) -> QPixmap:
    """An undrawn pixmap of :func:`element_pixmap`'s size (a palette icon's size, known
    before it is drawn)."""
    rows, cols = size_of(el)
    pixmap = QPixmap(int(cols * square_px * device_ratio) + 2, int(rows * square_px * device_ratio) + 2)
    pixmap.setDevicePixelRatio(device_ratio)
    return pixmap


def element_pixmap(el: Element, catalog: Catalog, square_px: float, device_ratio: float = 1.0) -> QPixmap:
    """A picture of the element alone (palette icons), ``square_px`` per square."""
    scale = square_px / SQUARE
    pixmap = blank_element_pixmap(el, square_px, device_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(1, 1)
    p.scale(scale, scale)
    p.translate(-el.at[1] * SQUARE, -el.at[0] * SQUARE)
    paint_element(p, el, catalog)
    p.end()
    return pixmap


def fill_squares(p: QPainter, squares: Iterable[Square], fill: QColor, outline: QColor | None = None) -> None:
    """Tint squares (issue highlights, drop feedback)."""
    p.setPen(QPen(outline, 2) if outline is not None else Qt.PenStyle.NoPen)
    p.setBrush(QBrush(fill))
    for r, c in squares:
        p.drawRect(square_rect(r, c))
