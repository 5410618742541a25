"""Pure edits on the immutable :class:`~engine.model.scenario.Scenario` (no Qt).

Every edit the studio makes is one of these functions applied to a snapshot; the
undo commands in :mod:`editor.commands` keep the before and after snapshots.
Elements are addressed by a :data:`Ref`, ``("cards", 3)``, the same pair that
:meth:`engine.check.issues.Issue.element_index` returns for ``/cards/3``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Union

from engine.model.geometry import EDGES, Square
from engine.model.scenario import BoardPin, BoardSlot, CardPlacement, Scenario, TokenPlacement

Element = Union[BoardSlot, CardPlacement, TokenPlacement]
Ref = tuple[str, int]
Selection = frozenset[Ref]

GRID_SIZE = 18  # the island is at most 18x18 squares (schema: rows and cols 0-17)
LAYERS: tuple[str, ...] = ("boards", "cards", "tokens")  # bottom to top
NO_SELECTION: Selection = frozenset()


def layer_of(element: Element) -> str:
    if isinstance(element, BoardSlot):
        return "boards"
    if isinstance(element, CardPlacement):
        return "cards"
    return "tokens"


def size_of(element: Element) -> tuple[int, int]:
    """Rows and columns the element covers."""
    if isinstance(element, BoardSlot):
        return element.rows, element.cols
    if isinstance(element, CardPlacement):
        return 3, 3
    return 1, 1


def squares_of(element: Element, at: Square | None = None) -> tuple[Square, ...]:
    top, left = element.at if at is None else at
    if isinstance(element, BoardSlot) and element.special:  # only the squares of its outline
        dr, dc = top - element.at[0], left - element.at[1]
        return tuple((r + dr, c + dc) for r, c in element.squares())
    rows, cols = size_of(element)
    return tuple((top + r, left + c) for r in range(rows) for c in range(cols))


def clamp_at(element: Element, at: Square) -> Square:
    """The nearest top-left square that keeps the element inside the 18x18 grid."""
    rows, cols = size_of(element)
    return (min(max(at[0], 0), GRID_SIZE - rows), min(max(at[1], 0), GRID_SIZE - cols))


def element(scenario: Scenario, ref: Ref) -> Element:
    return getattr(scenario, ref[0])[ref[1]]


def exists(scenario: Scenario, ref: Ref) -> bool:
    return ref[0] in LAYERS and 0 <= ref[1] < len(getattr(scenario, ref[0]))


def all_refs(scenario: Scenario) -> list[Ref]:
    return [(layer, i) for layer in LAYERS for i in range(len(getattr(scenario, layer)))]


def ordered(refs: Iterable[Ref]) -> list[Ref]:
    """Refs in drawing order (boards, cards, tokens; by index)."""
    return sorted(refs, key=lambda r: (LAYERS.index(r[0]) if r[0] in LAYERS else 9, r[1]))


def replace_elements(scenario: Scenario, changes: dict[Ref, Element]) -> Scenario:
    """The scenario with the elements at ``changes``' refs replaced."""
    fields: dict[str, object] = {}
    for layer in LAYERS:
        items = list(getattr(scenario, layer))
        touched = False
        for (name, index), new in changes.items():
            if name == layer:
                items[index] = new
                touched = True
        if touched:
            fields[layer] = tuple(items)
    return scenario.with_changes(**fields) if fields else scenario


def insert(scenario: Scenario, elements: Iterable[Element]) -> tuple[Scenario, Selection]:
    """Append elements on top of their layers; returns the new scenario and their refs."""
    lists = {layer: list(getattr(scenario, layer)) for layer in LAYERS}
    refs: set[Ref] = set()
    for el in elements:
        layer = layer_of(el)
        lists[layer].append(el)
        refs.add((layer, len(lists[layer]) - 1))
    return scenario.with_changes(**{k: tuple(v) for k, v in lists.items()}), frozenset(refs)


def remove(scenario: Scenario, refs: Iterable[Ref]) -> Scenario:
    gone = set(refs)
    fields = {
        layer: tuple(el for i, el in enumerate(getattr(scenario, layer)) if (layer, i) not in gone)
        for layer in LAYERS
        if any(r[0] == layer for r in gone)
    }
    return scenario.with_changes(**fields) if fields else scenario


def clamp_delta(scenario: Scenario, refs: Iterable[Ref], delta: Square) -> Square:
    """Shrink a move so that every moved element stays inside the grid."""
    return clamp_group_delta([element(scenario, ref) for ref in refs], delta)


def clamp_group_delta(elements: Iterable[Element], delta: Square) -> Square:
    dr, dc = delta
    for el in elements:
        rows, cols = size_of(el)
        dr = min(max(dr, -el.at[0]), GRID_SIZE - rows - el.at[0])
        dc = min(max(dc, -el.at[1]), GRID_SIZE - cols - el.at[1])
    return dr, dc


def carried(scenario: Scenario, refs: Iterable[Ref]) -> list[Ref]:
    """``refs`` plus every card and token lying wholly on the boards among them, and
    every token on the cards among them: a board moves with what sits on it, and a
    raft card with the objective tokens on its destinations, the way a designer lifts
    a piece with what lies on it."""
    refs = list(refs)
    chosen = set(refs)
    riders: list[Ref] = []
    for carriers, layers in (("boards", ("cards", "tokens")), ("cards", ("tokens",))):
        pieces = [element(scenario, r) for r in refs + riders if r[0] == carriers]
        under = {sq for piece in pieces for sq in squares_of(piece)}
        if not under:
            continue
        riders += [
            (layer, i)
            for layer in layers
            for i, el in enumerate(getattr(scenario, layer))
            if (layer, i) not in chosen and (layer, i) not in riders and set(squares_of(el)) <= under
        ]
    return refs + riders


def move(scenario: Scenario, refs: Iterable[Ref], delta: Square) -> Scenario:
    """Move elements together by ``delta`` squares (clamped to the grid as a group);
    moved boards carry their cards and tokens (:func:`carried`)."""
    refs = carried(scenario, refs)
    dr, dc = clamp_delta(scenario, refs, delta)
    if (dr, dc) == (0, 0):
        return scenario
    changes: dict[Ref, Element] = {}
    for ref in refs:
        el = element(scenario, ref)
        changes[ref] = replace(el, at=(el.at[0] + dr, el.at[1] + dc))
    return replace_elements(scenario, changes)


def rotate_element(el: Element, turns: int) -> Element:
    """Turn an element ``turns`` clockwise quarter turns in place (top-left kept,
    then clamped into the grid).  Tokens and fire cards look the same every way."""
    turns %= 4
    if turns == 0 or isinstance(el, TokenPlacement):
        return el
    if isinstance(el, CardPlacement):
        if el.kind == "fire":
            return el
        return replace(el, rotation=(el.rotation + turns) % 4)
    return rotate_board(el, turns)


def rotate_board(board: BoardSlot, turns: int) -> BoardSlot:
    """A board turned ``turns`` clockwise quarter turns: its fire strip, pinned rotation
    and (small boards) orientation turn with it; the top-left is kept, then clamped."""
    turns %= 4
    if turns == 0:
        return board
    if board.special:  # its outline (fire included) turns with it
        turned_special = replace(board, turns=(board.turns + turns) % 4)
        return replace(turned_special, at=clamp_at(turned_special, turned_special.at))
    edge = board.fire_edge
    if board.face == "fire" and edge in EDGES:
        edge = EDGES[(EDGES.index(edge) + turns) % 4]
    pin = board.pin
    if pin is not None and board.face == "plain":
        pin = BoardPin(pin.board, (pin.rotation + turns) % 4)
    orientation = board.orientation
    if board.size == "small" and turns % 2:
        orientation = "vertical" if orientation == "horizontal" else "horizontal"
    turned = replace(board, fire_edge=edge, pin=pin, orientation=orientation)
    return replace(turned, at=clamp_at(turned, turned.at))


def flip_face(board: BoardSlot) -> BoardSlot:
    """Turn a board over: a fire face becomes plain, a plain face shows its fire strip
    on the edge its pinned rotation gives, else on the first allowed edge."""
    if board.special:  # its outline stays; the problems dock says if that face differs
        return replace(board, face="plain" if board.face == "fire" else "fire")
    if board.face == "fire":
        return replace(board, face="plain", fire_edge=None)
    allowed = board.allowed_fire_edges()
    edge = allowed[0]
    if board.pin is not None and EDGES[board.pin.rotation % 4] in allowed:
        edge = EDGES[board.pin.rotation % 4]
    return replace(board, face="fire", fire_edge=edge)


def next_fire_edge(board: BoardSlot, step: int = 1) -> BoardSlot:
    """Move the fire strip to the next allowed edge, clockwise (no change on a plain face)."""
    if board.face != "fire" or board.special:
        return board
    allowed = board.allowed_fire_edges()
    current = allowed.index(board.fire_edge) if board.fire_edge in allowed else -step
    return replace(board, fire_edge=allowed[(current + step) % len(allowed)])


def on_boards(change: Callable[[BoardSlot], BoardSlot]) -> Callable[[Element], Element]:
    """``change`` as an element edit: boards are changed, cards and tokens left as they are."""

    def apply(el: Element) -> Element:
        return change(el) if isinstance(el, BoardSlot) else el

    return apply


def map_elements(scenario: Scenario, refs: Iterable[Ref], change: Callable[[Element], Element]) -> Scenario:
    """Apply ``change(element) -> element`` to each ref; unchanged elements are skipped."""
    changes: dict[Ref, Element] = {}
    for ref in refs:
        old = element(scenario, ref)
        new = change(old)
        if new != old:
            changes[ref] = new
    return replace_elements(scenario, changes)


def bounds(elements: Iterable[Element]) -> tuple[int, int, int, int] | None:
    """Top, left, bottom, right (exclusive) of the elements' squares."""
    tops, lefts, bottoms, rights = [], [], [], []
    for el in elements:
        rows, cols = size_of(el)
        tops.append(el.at[0])
        lefts.append(el.at[1])
        bottoms.append(el.at[0] + rows)
        rights.append(el.at[1] + cols)
    if not tops:
        return None
    return min(tops), min(lefts), max(bottoms), max(rights)


def offset_for_copies(elements: list[Element]) -> Square:
    """Where duplicates go: beside the originals (right, else below), else one square
    down and right; the caller clamps into the grid."""
    box = bounds(elements)
    if box is None:
        return (0, 0)
    top, left, bottom, right = box
    if right + (right - left) <= GRID_SIZE:
        return (0, right - left)
    if bottom + (bottom - top) <= GRID_SIZE:
        return (bottom - top, 0)
    return (1, 1)


def shifted(elements: Iterable[Element], delta: Square) -> list[Element]:
    """Copies moved by ``delta``, the group clamped into the grid."""
    elements = list(elements)
    dr, dc = clamp_group_delta(elements, delta)
    return [replace(el, at=(el.at[0] + dr, el.at[1] + dc)) for el in elements]


def with_size(board: BoardSlot, size: str) -> BoardSlot:
    """The slot with a board of another size: a small board lies along its fire strip
    (vertical for a north or south strip), and a pin (a board of the old size) is dropped."""
    if size == board.size or board.special or size not in ("large", "small"):
        return board  # a special board keeps its shape: place another from the palette
    orientation = "vertical" if size == "small" and board.fire_edge in ("north", "south") else "horizontal"
    resized = replace(board, size=size, orientation=orientation, pin=None)
    return replace(resized, at=clamp_at(resized, resized.at))
