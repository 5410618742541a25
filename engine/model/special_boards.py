"""Special island boards (Kickstarter pack, RULINGS KS-5 and C17): boards of any shape.

The pack has four double-sided boards in two shapes, "used whenever a scenario shows
their shape"; shape 1 "always has a single square of fire right in the middle".  The
shapes themselves are unknown (RULINGS §3 item 9), so they are catalog data:

* a catalog board with ``"size": "special"`` names its ``shape`` and gives each face
  as a grid of any size up to :data:`MAX_SIDE` squares a side, north form, with the
  terrain letters, ``f`` for printed fire (a strip, a single centre square...) and
  ``.`` for a square that is not part of the board.  Both faces of a board, and every
  board of one shape, have the same footprint (the same ``.`` squares).
  ``fire_strip`` optionally names the north-form edge along which the fire face's
  strip runs (the studio says so; the ``f`` letters are what the engine plays).
* a scenario's board slot for it (:class:`engine.model.scenario.BoardSlot`) keeps
  the shape's *outline* as the diagram shows it: ``x`` a board square, ``f`` printed
  fire, ``.`` off the board, plus its clockwise quarter ``turns``.  So the studio and
  the geometric rule checks see the shape without the catalog, and set-up picks a
  board of that shape whose face has exactly that outline.

This module holds the letters and the checks; it imports nothing of the catalog.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.model.geometry import Grid, rotate_grid

SPECIAL = "special"
OUTLINE_OFF = "."
OUTLINE_LAND = "x"
OUTLINE_FIRE = "f"
MAX_SIDE = 12  # a special board fits in 12x12 squares (the island is at most 18x18)


def outline_of(face: Sequence[str]) -> Grid:
    """A face grid's outline: ``.`` stays, ``f`` stays, every terrain letter is ``x``."""
    return tuple("".join(ch if ch in (OUTLINE_OFF, OUTLINE_FIRE) else OUTLINE_LAND for ch in row) for row in face)


def footprint(grid: Sequence[str]) -> Grid:
    """Which squares belong to the board (``x``) and which do not (``.``)."""
    return tuple("".join(OUTLINE_OFF if ch == OUTLINE_OFF else OUTLINE_LAND for ch in row) for row in grid)


def outline_turns(outline: Sequence[str], face: Sequence[str]) -> tuple[int, ...]:
    """The quarter turns of ``face`` whose outline is ``outline`` as laid (both turned)."""
    want = tuple(outline)
    return tuple(t for t in range(4) if rotate_grid(outline_of(face), t) == want)


def special_board_problems(
    index: int, board: Mapping[str, Any], shapes: dict[str, tuple[Grid, str]]
) -> list[tuple[str, str]]:
    """(message, JSON pointer) for each problem of catalog board ``index`` (a special
    one).  ``shapes`` maps shape ids seen so far to (footprint, board id) and is updated."""
    name, where = f"island board {board['id']}", f"/island_boards/{index}"
    out: list[tuple[str, str]] = []
    shape = board.get("shape")
    if not isinstance(shape, str):
        return [(f'{name}: a special board names its "shape" (the id scenarios use for it); add one', where)]
    faces = {key: board[key] for key in ("fire_face", "plain_face")}
    for key, grid in faces.items():
        widths = {len(row) for row in grid}
        if len(widths) != 1:
            out.append(
                (
                    f"{name}: the rows of its {key} differ in length; give every row the same number of "
                    "letters ('.' for squares that are not part of the board)",
                    f"{where}/{key}",
                )
            )
        elif len(grid) > MAX_SIDE or max(widths) > MAX_SIDE:
            out.append(
                (
                    f"{name}: its {key} is larger than {MAX_SIDE}x{MAX_SIDE}; a special board must fit in "
                    f"{MAX_SIDE}x{MAX_SIDE} squares",
                    f"{where}/{key}",
                )
            )
        elif all(ch == OUTLINE_OFF for row in grid for ch in row):
            out.append(
                (f"{name}: its {key} has no board square; draw the shape with terrain letters", f"{where}/{key}")
            )
    if out:
        return out
    fire_print, plain_print = footprint(faces["fire_face"]), footprint(faces["plain_face"])
    if fire_print != plain_print:
        out.append(
            (
                f"{name}: its two faces have different shapes; the '.' squares of fire_face and plain_face must match",
                where,
            )
        )
    seen = shapes.setdefault(shape, (fire_print, board["id"]))
    if seen[0] != fire_print:
        out.append(
            (
                f"{name}: shape '{shape}' differs from board {seen[1]}'s footprint; give every board of a shape the "
                "same '.' squares, or name a new shape",
                where,
            )
        )
    edge = board.get("fire_strip")
    if edge is not None and not _strip_on(faces["fire_face"], edge):
        out.append(
            (
                f"{name}: fire_strip says the fire face's strip runs along its {edge} edge, but the outermost "
                f"board square of every line on that edge is not 'f'; fix the face or the edge",
                where,
            )
        )
    return out


def _strip_on(face: Sequence[str], edge: str) -> bool:
    """Every line's outermost board square on ``edge`` (north form) is fire."""
    turns = {"west": 0, "south": 1, "east": 2, "north": 3}[edge]  # turned so the edge is west
    for row in rotate_grid(face, turns):
        squares = row.lstrip(OUTLINE_OFF)
        if squares and squares[0] != OUTLINE_FIRE:
            return False
    return True


def special_slot_issue_texts(
    shape: str | None, face: str, outline: Sequence[str], faces: Sequence[Sequence[str]]
) -> list[str]:
    """Why a scenario's special slot cannot be set up: the catalogs have no board of
    ``shape`` (``faces``: each such board's ``face`` grid) or none shows ``outline``."""
    if not faces:
        return [
            f"no catalog has a special board of shape '{shape}'; add its boards to a catalog "
            "(the manual, 'Custom components') or pick a shape the palette lists"
        ]
    if not any(outline_of(grid) == tuple(outline) for grid in faces):
        return [
            f"its outline is not the {face} face of any board of shape '{shape}'; re-place the board from "
            "the palette, or fix the outline"
        ]
    return []
