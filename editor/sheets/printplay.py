"""Print-and-play pages: the faces of a scenario's custom components (those in no
box), drawn at the size of the real components with dashed cut lines, so a player
can print, cut out and play them.

Scale: the cards are 70 mm squares of 3 x 3 squares (RULINGS C1, C2), so one square
is 70/3 mm (23.3 mm) on every face: location and raft cards, pathway cards (Oshax
path cards among them), fire tiles (hybrid ones with their safe spots) and disaster
cards at 1:1.  A face wider or taller than the page (a 9 x 9 island board is 210 mm)
is scaled down to fit, and its caption says by how much.  Each page says the scale
and "print at 100 % (actual size)".  Boards print both faces side by side: cut both
out and glue them back to back.

Every word is drawn as a filled outline (no font is embedded), so the same components
give the same PDF bytes once :func:`editor.packs.render.stable_pdf` fixes the date
and id: a pack may carry the pages and stay deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPdfWriter, QPen

from engine.model.catalog import Catalog, IslandBoard
from engine.model.scenario import CardPlacement
from engine.packs.needs import Component

from ..painting import (
    CARD_EDGE,
    COLOURS,
    SQUARE,
    _terrain_square,
    badge_corner,
    paint_card,
    paint_path,
    square_rect,
)  # fmt: skip
from .export import page_layout, pdf_writer

MM = 72 / 25.4  # points per millimetre (the writer runs at 72 dpi)
CARD_MM = 70.0  # RULINGS C1
SQUARE_MM = CARD_MM / 3  # RULINGS C2
SQUARE_PT = SQUARE_MM * MM
GAP_PT = 8 * MM
CAPTION_ROOM = 8.5 * 4 + 3  # a caption of up to four lines above each face
HEADER = (
    "Print-and-play components. Scale 1:1: print at 100 % (actual size, no 'fit to page'); "
    "cards are 70 mm square, one square is 23.3 mm (RULINGS C1, C2). Cut along the dashed lines."
)
INK = QColor("#1a1a1a")
CUT = QColor("#555555")

Painter = Callable[[QPainter], None]


@dataclass(frozen=True)
class Face:
    """One printable face: ``rows`` x ``cols`` squares, painted in painting units
    (:data:`editor.painting.SQUARE` per square) from the origin."""

    title: str
    rows: int
    cols: int
    paint: Painter
    outline: tuple[tuple[int, int], ...] = ()  # the squares to cut around (empty: the whole rectangle)


def text_path(
    p: QPainter, x: float, baseline: float, text: str, size: float, bold: bool = False, outline: bool = True
) -> float:
    """``text`` as a filled outline (no font embedded; ``outline=False``: as text a
    PDF reader can search), its baseline at ``baseline``; returns its width."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    if not outline:
        p.setFont(font)
        p.setPen(INK)
        p.drawText(QPointF(x, baseline), text)
        return QFontMetricsF(font).horizontalAdvance(text)
    path = QPainterPath()
    path.addText(QPointF(x, baseline), font, text)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    p.drawPath(path)
    p.restore()
    return QFontMetricsF(font).horizontalAdvance(text)


def wrapped(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size``."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and metrics.horizontalAdvance(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _card_face(kind: str, ident: str, catalog: Catalog) -> Painter:
    card = CardPlacement(kind, (0, 0), ident)
    corner = badge_corner(card, {sq for _, sq in card.cat_starts(catalog)})  # never over a cat

    def paint(p: QPainter) -> None:
        paint_card(p, card, catalog, badge=False)
        width = SQUARE * (0.3 + 0.22 * len(ident))
        left = 3 if corner in (0, 3) else SQUARE * 3 - 3 - width
        top = 3 if corner in (0, 1) else SQUARE * 3 - 3 - SQUARE * 0.5
        p.setPen(QPen(CARD_EDGE, 1))
        p.setBrush(QColor("white"))
        p.drawRoundedRect(QRectF(left, top, width, SQUARE * 0.5), 4, 4)
        text_path(p, left + SQUARE * 0.12, top + SQUARE * 0.38, ident, SQUARE * 0.34, bold=True)

    return paint


def _grid_face(grid: Sequence[str], paths: Iterable[tuple[tuple[int, int], str]] = ()) -> Painter:
    def paint(p: QPainter) -> None:
        for r, row in enumerate(grid):
            for c, letter in enumerate(row):
                if letter != ".":
                    _terrain_square(p, square_rect(r, c).adjusted(1, 1, -1, -1), letter)
        for square, exits in paths:
            paint_path(p, square, exits)

    return paint


def _board_faces(board: IslandBoard) -> list[Face]:
    """Both faces; the plain face mirrored left to right, so that the two cut-outs
    line up when glued back to back."""
    out = []
    for face in ("fire", "plain"):
        grid = board.face(face) if face == "fire" else tuple(row[::-1] for row in board.face(face))
        squares = tuple((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != ".")
        how = "glue it to the back of the plain face" if face == "fire" else "mirrored: glue it to the fire face's back"
        out.append(
            Face(
                f"Island board {board.id}, {face} face ({how})",
                len(grid),
                max(len(row) for row in grid),
                _grid_face(grid),
                squares if any("." in row for row in grid) else (),
            )
        )
    return out


def _tile_face(catalog: Catalog, ident: str) -> Face:
    tile = catalog.fire_tiles[ident]
    spots = dict(tile.safe_spots)

    def paint(p: QPainter) -> None:
        for cell in tile.cells:
            rect = square_rect(*cell).adjusted(1, 1, -1, -1)
            terrain = spots.get(cell)
            p.fillRect(rect, COLOURS.get(terrain, COLOURS["fire"]) if terrain else COLOURS["fire"])
            if terrain is None:
                _terrain_square(p, rect, "f")
            else:
                p.setPen(QPen(QColor("white"), SQUARE * 0.08))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(rect.center(), SQUARE * 0.25, SQUARE * 0.25)

    rows = max(r for r, _ in tile.cells) + 1
    cols = max(c for _, c in tile.cells) + 1
    kind = "Hybrid fire tile" if tile.hybrid else "Fire tile"
    note = " (ringed: safe spots)" if tile.safe_spots else ""
    return Face(f"{kind} {ident}{note}", rows, cols, paint, tuple(tile.cells))


def _disaster_face(catalog: Catalog, ident: str) -> Face:
    card = catalog.disaster_cards[ident]
    lines = [card.name or f"Disaster {ident}"]
    body = card.text or "; ".join(e.describe() for e in card.effects)

    def paint(p: QPainter) -> None:
        rect = square_rect(0, 0, 3, 3)
        p.fillRect(rect, QColor("white"))
        p.setPen(QPen(CARD_EDGE, 2))
        p.drawRect(rect.adjusted(1, 1, -1, -1))
        y = SQUARE * 0.6
        text_path(p, SQUARE * 0.2, y, lines[0], SQUARE * 0.3, bold=True)
        for line in wrapped(body, SQUARE * 0.22, SQUARE * 2.6):
            y += SQUARE * 0.3
            text_path(p, SQUARE * 0.2, y, line, SQUARE * 0.22)

    return Face(f"Disaster card {ident}", 3, 3, paint)


def component_faces(components: Iterable[Component], catalog: Catalog) -> list[Face]:
    """The faces to print for ``components`` (looked up in ``catalog``), in order;
    components the catalog lacks are left out (the sheet's checks report them)."""
    faces: list[Face] = []
    for component in dict.fromkeys(components):
        kind, ident = component.kind, component.id
        if kind == "location" and ident.isdigit() and int(ident) in catalog.location_cards:
            faces.append(Face(f"Location card {ident}", 3, 3, _card_face("location", ident, catalog)))
        elif kind == "raft" and ident in catalog.raft_cards:
            faces.append(Face(f"Raft card {ident}", 3, 3, _card_face("raft", ident, catalog)))
        elif kind == "board" and catalog.board(ident) is not None:
            faces += _board_faces(catalog.board(ident))  # type: ignore[arg-type]
        elif kind == "fire-tile" and ident in catalog.fire_tiles:
            faces.append(_tile_face(catalog, ident))
        elif kind == "pathway" and ":" in ident:
            deck, card_id = ident.split(":", 1)
            path_card = catalog.pathway_card(deck, card_id)
            if path_card is not None:
                title = f"Pathway card {card_id} ({deck} deck{', Oshax paths' if path_card.oshax else ''})"
                faces.append(Face(title, 3, 3, _grid_face(path_card.grid, path_card.oshax)))
        elif kind == "disaster" and ident in catalog.disaster_cards:
            faces.append(_disaster_face(catalog, ident))
    return faces


def _cut_lines(p: QPainter, face: Face, scale: float) -> None:
    """Dashed lines around the face (around its squares, for a shaped face)."""
    pen = QPen(CUT, 0.8, Qt.PenStyle.DashLine)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    unit = SQUARE_PT * scale
    if not face.outline:
        p.drawRect(QRectF(0, 0, face.cols * unit, face.rows * unit))
        return
    cells = set(face.outline)
    for r, c in cells:
        x, y = c * unit, r * unit
        if (r - 1, c) not in cells:
            p.drawLine(QPointF(x, y), QPointF(x + unit, y))
        if (r + 1, c) not in cells:
            p.drawLine(QPointF(x, y + unit), QPointF(x + unit, y + unit))
        if (r, c - 1) not in cells:
            p.drawLine(QPointF(x, y), QPointF(x, y + unit))
        if (r, c + 1) not in cells:
            p.drawLine(QPointF(x + unit, y), QPointF(x + unit, y + unit))


def page_number(p: QPainter, area: QRectF, number: int, outline: bool = False) -> None:
    """The page number, centred at the foot of ``area``."""
    text = str(number)
    font = QFont("DejaVu Sans")
    font.setPixelSize(9)
    width = QFontMetricsF(font).horizontalAdvance(text)
    text_path(p, area.center().x() - width / 2, area.bottom() - 2, text, 9, outline=outline)


def paint_pages(
    p: QPainter,
    writer: QPdfWriter,
    faces: Sequence[Face],
    *,
    first_number: int | None = None,
    new_page: bool = False,
    outline: bool = True,
) -> int:
    """Lay ``faces`` out on pages (the first starts a new page when ``new_page``),
    numbering them from ``first_number`` when given; returns the pages used.  The
    page's words are outlines unless ``outline`` is False (the booklet's, searchable)."""
    area = QRectF(0, 0, writer.width(), writer.height())
    body = area.adjusted(0, 30, 0, -16)
    pages = 0

    def start() -> float:
        nonlocal pages
        if pages or new_page:
            writer.newPage()
        pages += 1
        for n, line in enumerate(wrapped(HEADER, 9, area.width() * 0.85)):
            text_path(p, area.left(), area.top() + 10 + n * 11, line, 9, bold=n == 0, outline=outline)
        if first_number is not None:
            page_number(p, area, first_number + pages - 1, outline)
        return body.top()

    x, y, row_height = body.left(), start(), 0.0
    for face in faces:
        scale = min(
            1.0, body.width() / (face.cols * SQUARE_PT), (body.height() - CAPTION_ROOM) / (face.rows * SQUARE_PT)
        )
        width = face.cols * SQUARE_PT * scale
        caption = face.title + ("" if scale >= 1.0 else f" — printed at {scale:.0%} to fit the page")
        lines = wrapped(caption, 7.5, width)[:4]  # the caption never runs over its neighbour
        above = 8.5 * len(lines) + 3
        height = face.rows * SQUARE_PT * scale + above
        if x > body.left() and x + width > body.right():
            x, y, row_height = body.left(), y + row_height + GAP_PT, 0.0
        if y > body.top() and y + height > body.bottom():
            x, y, row_height = body.left(), start(), 0.0
        for n, line in enumerate(lines):
            text_path(p, x, y + 7 + n * 8.5, line, 7.5, outline=outline)
        p.save()
        p.translate(x, y + above)
        p.save()
        p.scale(SQUARE_PT * scale / SQUARE, SQUARE_PT * scale / SQUARE)
        face.paint(p)
        p.restore()
        _cut_lines(p, face, scale)
        p.restore()
        row_height = max(row_height, height)
        x += width + GAP_PT
    return pages


def print_and_play_pdf(components: Iterable[Component], catalog: Catalog, title: str, paper: str = "a4") -> bytes:
    """The print-and-play pages of ``components`` as one PDF (empty bytes when none
    has a face to print)."""
    faces = component_faces(components, catalog)
    if not faces:
        return b""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = pdf_writer(buffer, page_layout(paper), title)
    p = QPainter(writer)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_pages(p, writer, faces, first_number=1)
    finally:
        p.end()
        buffer.close()
    return bytes(data.data())
