"""Painting a game in progress: the island as the :class:`GameState` shows it.

Scene units are the studio's (:data:`editor.painting.SQUARE` per square) and the
colours, terrain squares, raft squares, flames and cats are the studio's own
painting helpers, so the playtest island looks like the canvas.  What only play
has is drawn here: placed pathway cards and fire tiles (outlined), exhausted cats
(on their side, dimmed), highlights, ghosts and the cut-off region.
"""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from engine import GameState
from engine.model.catalog import RAFT_ANY, RAFT_BLOCKED, RAFT_WHITE, TERRAIN_TO_LETTER, TERRAINS
from engine.model.geometry import Square
from engine.model.scenario import Scenario
from engine.play.analysis import exits_now
from engine.play.bitboard import bit_list

from ..painting import (  # the studio's piece painters
    BOARD_EDGE,
    CARD_EDGE,
    COLOURS,
    FLAME,
    SQUARE,
    TOKEN_COLOURS,
    _cat,
    _raft_square,
    _terrain_square,
    paint_card_badge,
    paint_circle,
    paint_path,
    paint_square_edge,
    paint_strip,
    square_rect,
)

SEA = QColor("#dfe7ea")
LEGAL = QColor(30, 170, 70)
ILLEGAL = QColor(215, 35, 35)
REACH = QColor(255, 255, 255, 150)
CUT_OFF = QColor(215, 35, 35, 110)
TILE_EDGE = QColor("#ffcf5a")
PLACED_EDGE = QColor("#1c1c1c")
RULER_INK = QColor("#4f5a66")
GAP = SQUARE * 0.05


def raft_letter(state: GameState, bit: int) -> str:
    """The raft-grid letter of a raft square: ``#`` art, ``*`` any colour, or the
    colour's letter (from the island's destination masks)."""
    dest = state.island.dest
    colours = [t for t, mask in zip(TERRAINS, dest) if mask & bit]
    if not colours:
        return RAFT_WHITE if any(mask & bit for mask in dest[len(TERRAINS) :]) else RAFT_BLOCKED
    if len(colours) == len(TERRAINS):
        return RAFT_ANY
    return TERRAIN_TO_LETTER[colours[0]]


def paint_island(p: QPainter, state: GameState) -> None:
    """Every island square, then outlines of boards, scenario cards, placed pathway
    cards and fire tiles."""
    grid = state.island.grid
    for r in range(grid.rows):
        for c in range(grid.cols):
            kind = state.terrain_at((r, c))
            if kind is None:
                continue
            cell = square_rect(r, c)
            p.fillRect(cell, BOARD_EDGE)
            inner = cell.adjusted(GAP, GAP, -GAP, -GAP)
            if kind == "raft":
                _raft_square(p, inner, raft_letter(state, grid.bit((r, c))))
            else:
                _terrain_square(p, inner, "f" if kind == "fire" else TERRAIN_TO_LETTER[kind])
    scenario = state.scenario
    outline(
        p, (square_rect(b.at[0], b.at[1], b.rows, b.cols) for b in scenario.boards if not b.special), QColor("#555"), 2
    )
    for board in scenario.boards:
        if board.special:
            paint_square_edge(p, board.squares(), QColor("#555"), 2)
    outline(p, (square_rect(c.at[0], c.at[1], 3, 3) for c in scenario.cards), CARD_EDGE, 2)
    outline(p, (square_rect(a.at[0], a.at[1], 3, 3) for a in state.placed), PLACED_EDGE, 2.5)
    for mask, _action in state.tiles_placed.values():
        paint_tile_edge(p, grid.squares(mask), TILE_EDGE, 3)
    paint_links(p, state)


def paint_links(p: QPainter, state: GameState) -> None:
    """The visible Oshax paths (not under fire), the rescue strips and their circles."""
    grid = state.island.grid
    exits = [m & ~state.fire for m in exits_now(state)]
    for index in bit_list(exits[0] | exits[1] | exits[2] | exits[3]):
        paint_path(p, grid.square(index), "".join(side for side, m in zip("NESW", exits) if m >> index & 1))
    for terrain, east, south, circle in state.island.rescues:
        paint_circle(p, grid.square(circle.bit_length() - 1), TERRAINS[terrain])
        for index in bit_list(east):
            paint_strip(p, grid.square(index), "E")
        for index in bit_list(south):
            paint_strip(p, grid.square(index), "S")


def paint_rulers(p: QPainter, rows: int, cols: int, depth: float) -> None:
    """Row numbers left of the island and column numbers above it, from 0 as on the
    studio's canvas, in a strip ``depth`` squares deep."""
    font = QFont()
    font.setPixelSize(int(SQUARE * 0.36))
    p.setFont(font)
    p.setPen(RULER_INK)
    for c in range(cols):
        p.drawText(QRectF(c * SQUARE, -depth * SQUARE, SQUARE, depth * SQUARE), Qt.AlignmentFlag.AlignCenter, str(c))
    for r in range(rows):
        p.drawText(QRectF(-depth * SQUARE, r * SQUARE, depth * SQUARE, SQUARE), Qt.AlignmentFlag.AlignCenter, str(r))


def outline(p: QPainter, rects: Iterable[QRectF], colour: QColor, width: float) -> None:
    p.setPen(QPen(colour, width))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for rect in rects:
        p.drawRect(rect.adjusted(1, 1, -1, -1))


def paint_tile_edge(p: QPainter, squares: Iterable[Square], colour: QColor, width: float) -> None:
    """The outer edge of a set of squares (a fire tile's outline)."""
    paint_square_edge(p, squares, colour, width)


def paint_cats(p: QPainter, state: GameState, selected: int | None = None) -> None:
    """Cats: rested upright, exhausted on their side and dimmed; the selected cat ringed."""
    for i, cat in enumerate(state.cats()):
        cell = square_rect(*cat["square"])
        if i == selected:
            p.setPen(QPen(QColor("white"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(cell.center(), SQUARE * 0.47, SQUARE * 0.47)
        p.save()
        if cat["exhausted"]:
            centre = cell.center()
            p.translate(centre)
            p.rotate(90)
            p.translate(-centre)
            p.setOpacity(0.6)
        _cat(p, cell.adjusted(0, SQUARE * 0.08, 0, SQUARE * 0.08), cat["colour"])
        p.restore()


def tint(p: QPainter, squares: Iterable[Square], fill: QColor, edge: QColor | None = None) -> None:
    p.setPen(QPen(edge, 2) if edge is not None else Qt.PenStyle.NoPen)
    p.setBrush(fill)
    for r, c in squares:
        p.drawRect(square_rect(r, c).adjusted(2, 2, -2, -2))


def paint_region(p: QPainter, squares: Iterable[Square]) -> None:
    """The squares a cut-off cat is confined to: red, hatched, edged."""
    squares = tuple(squares)
    tint(p, squares, CUT_OFF)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ILLEGAL, Qt.BrushStyle.BDiagPattern))
    for r, c in squares:
        p.drawRect(square_rect(r, c))
    paint_tile_edge(p, squares, ILLEGAL, 4)


def dots(p: QPainter, squares: Iterable[Square], colour: QColor) -> None:
    """Small marks on the squares where a ghost's centre may go."""
    p.setPen(QPen(QColor("#101010"), 1.5))
    p.setBrush(colour)
    for r, c in squares:
        p.drawEllipse(square_rect(r, c).center(), SQUARE * 0.12, SQUARE * 0.12)


def paint_card_ghost(p: QPainter, at: Square, grid: tuple[str, ...], legal: bool) -> None:
    """A pathway card (already rotated) under the mouse, edged and tinted by legality."""
    rect = square_rect(at[0], at[1], len(grid), len(grid[0]))
    p.fillRect(rect.translated(SQUARE * 0.12, SQUARE * 0.12), QColor(0, 0, 0, 90))  # lifted off the island
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            cell = square_rect(at[0] + r, at[1] + c)
            p.fillRect(cell, QColor("white"))
            _terrain_square(p, cell.adjusted(GAP, GAP, -GAP, -GAP), letter)
    edge = LEGAL if legal else ILLEGAL
    if not legal:
        p.fillRect(rect, QColor(edge.red(), edge.green(), edge.blue(), 70))
    p.setPen(QPen(edge, 4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(rect)


def paint_tile_ghost(p: QPainter, cells: Iterable[Square], legal: bool) -> None:
    cells = tuple(cells)
    p.save()
    p.setOpacity(0.85)
    for r, c in cells:
        _terrain_square(p, square_rect(r, c), "f")
    p.restore()
    if not legal:
        tint(p, cells, QColor(ILLEGAL.red(), ILLEGAL.green(), ILLEGAL.blue(), 90))
    paint_tile_edge(p, cells, LEGAL if legal else ILLEGAL, 4)


def paint_note(p: QPainter, anchor: QPointF, text: str, bounds: QRectF) -> None:
    """A refusal reason next to the ghost, word-wrapped and kept inside ``bounds``."""
    font = QFont()
    font.setPixelSize(int(SQUARE * 0.36))
    p.setFont(font)
    pad = 8
    need = p.fontMetrics().boundingRect(
        QRectF(0, 0, min(SQUARE * 9, bounds.width() - 2 * pad - 8), 10_000).toRect(), int(Qt.TextFlag.TextWordWrap), text
    )  # fmt: skip
    box = QRectF(0, 0, need.width() + 2 * pad, need.height() + 2 * pad - 4)
    box.moveTopLeft(anchor)
    box.moveLeft(max(bounds.left() + 4, min(box.left(), bounds.right() - box.width() - 4)))
    if box.bottom() > bounds.bottom():
        box.moveBottom(anchor.y() - SQUARE * 3.2)
    box.moveTop(max(bounds.top() + 4, box.top()))
    p.setPen(QPen(ILLEGAL, 2))
    p.setBrush(QColor(255, 250, 245, 240))
    p.drawRoundedRect(box, 6, 6)
    p.setPen(QColor("#400"))
    p.drawText(
        box.adjusted(pad, pad - 2, -pad, -pad + 2),
        int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap),
        text,
    )


def paint_destination(p: QPainter, square: Square, colour: str) -> None:
    """The destination picked for a move that waits for its discards."""
    cell = square_rect(*square)
    p.setPen(QPen(QColor("white"), 4))
    p.setBrush(COLOURS.get(colour, FLAME).lighter(140))
    p.drawEllipse(cell.center(), SQUARE * 0.3, SQUARE * 0.3)


def paint_scenario_marks(p: QPainter, scenario: Scenario) -> None:
    """What the designer laid out and a player sees printed or placed: each location
    card's number and raft card's letter (the canvas's badges), and the objective
    tokens, small in their square's corner so a cat on the square stays in sight.
    The game's grid uses the scenario's squares, so they line up."""
    for card in scenario.cards:
        if card.kind in ("location", "raft"):
            paint_card_badge(p, card)
    for token in scenario.tokens:
        if token.kind != "objective":
            continue
        rect = square_rect(*token.at)
        disc = QRectF(rect.right() - SQUARE * 0.46, rect.top() + SQUARE * 0.04, SQUARE * 0.42, SQUARE * 0.42)
        p.save()
        p.setPen(QPen(QColor("#1a1a1a"), 1.5))
        p.setBrush(TOKEN_COLOURS["objective"])
        p.drawEllipse(disc)
        p.setPen(QColor("#111"))
        font = QFont()
        font.setPixelSize(int(SQUARE * 0.3))
        font.setBold(True)
        p.setFont(font)
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, token.value or "?")
        p.restore()
