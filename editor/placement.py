"""Where things may go on the grid (no Qt): hit testing, rubber-band selection,
snapping and the quick legality check the canvas shows while something is dragged.

The drop check is deliberately geometric and instant (it runs on every square the
mouse crosses).  The full rule check is :func:`engine.check.validate.validate`, which the
document runs after the drop; a drop the quick check calls illegal is still allowed,
so a designer can park a card off the island, and it then shows in the problems dock.
"""

from __future__ import annotations

from typing import Iterable

from engine.model.catalog import Catalog
from engine.model.geometry import Square
from engine.model.scenario import CARD_SIZE, BoardSlot, CardPlacement, Scenario, TokenPlacement

from .edits import GRID_SIZE, LAYERS, Element, Ref, Selection, element, size_of, squares_of

CARD_MAGNET = 0.75  # squares: how close a dragged card must come to its board's 3x3 grid


def element_at(scenario: Scenario, square: Square, layer_only: str | None = None) -> Ref | None:
    """The topmost element covering ``square`` (tokens over cards over boards), or
    the topmost of one layer."""
    for layer in reversed(LAYERS):
        if layer_only is not None and layer != layer_only:
            continue
        items = getattr(scenario, layer)
        for index in range(len(items) - 1, -1, -1):
            if square in squares_of(items[index]):
                return (layer, index)
    return None


def refs_in_rect(scenario: Scenario, corner_a: Square, corner_b: Square) -> Selection:
    """Every element lying wholly inside the rectangle spanned by two squares (so a
    band drawn over some cards does not also pick up the board beneath them)."""
    top, bottom = sorted((corner_a[0], corner_b[0]))
    left, right = sorted((corner_a[1], corner_b[1]))
    hits: set[Ref] = set()
    for layer in LAYERS:
        for index, el in enumerate(getattr(scenario, layer)):
            rows, cols = size_of(el)
            r, c = el.at
            if top <= r and r + rows - 1 <= bottom and left <= c and c + cols - 1 <= right:
                hits.add((layer, index))
    return frozenset(hits)


def snap_card_origin(scenario: Scenario, raw: tuple[float, float], free: bool = False) -> Square:
    """Snap a dragged card's fractional top-left to a square.  Near the 3x3 card grid
    of the board under the card's centre (within :data:`CARD_MAGNET`), it lands on
    that grid; elsewhere (or with ``free``) on the nearest square."""
    nearest = (round(raw[0]), round(raw[1]))
    if free:
        return nearest
    centre = (nearest[0] + CARD_SIZE // 2, nearest[1] + CARD_SIZE // 2)
    board_index = scenario.board_at(centre)
    if board_index is None:
        return nearest
    origin = scenario.boards[board_index].at
    snapped = []
    for axis in (0, 1):
        offset = raw[axis] - origin[axis]
        grid = origin[axis] + CARD_SIZE * round(offset / CARD_SIZE)
        snapped.append(grid if abs(raw[axis] - grid) <= CARD_MAGNET else nearest[axis])
    return snapped[0], snapped[1]


def snap_origin(scenario: Scenario, el: Element, raw: tuple[float, float], free: bool = False) -> Square:
    """The square an element dragged to fractional top-left ``raw`` lands on."""
    if isinstance(el, CardPlacement):
        return snap_card_origin(scenario, raw, free)
    return round(raw[0]), round(raw[1])


def drop_problems(scenario: Scenario, el: Element, ignore: Iterable[Ref] = (), catalog: Catalog | None = None) -> list[str]:
    """Why ``el`` cannot sit where it is, ignoring the elements in ``ignore`` (the ones
    being moved).  Empty when the drop is fine."""
    skip = set(ignore)
    mine = set(squares_of(el))
    problems: list[str] = []
    if any(not (0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE) for r, c in mine):
        problems.append(f"outside the {GRID_SIZE}x{GRID_SIZE} grid")
    others = {layer: [(i, x) for i, x in enumerate(getattr(scenario, layer)) if (layer, i) not in skip] for layer in LAYERS}
    island = {sq for _, b in others["boards"] for sq in b.squares()}
    if isinstance(el, BoardSlot):
        for i, board in others["boards"]:
            if mine & set(board.squares()):
                problems.append(f"overlaps board {i + 1}")
        return problems
    if isinstance(el, CardPlacement):
        off = len(mine - island)
        if off:
            problems.append(f"{off} of its squares are off the island")
        for i, card in others["cards"]:
            if mine & set(card.squares()):
                problems.append(f"overlaps card {i + 1} ({describe(card)})")
        return problems
    token: TokenPlacement = el
    if token.at not in island:
        problems.append("off the island")
    if token.kind == "objective":
        raft = [c for _, c in others["cards"] if c.kind == "raft" and token.at in c.squares()]
        if not raft:
            problems.append("an objective token goes on a raft card")
        elif catalog is not None and raft[0].raft_card(catalog) is not None and token.at not in raft[0].destinations(catalog):
            problems.append("not on a destination square of the raft")
    for i, other in others["tokens"]:
        if other.at == token.at:
            problems.append(f"on the same square as token {i + 1}")
    return problems


def moved_problems(scenario: Scenario, refs: Iterable[Ref], catalog: Catalog | None = None) -> dict[Ref, list[str]]:
    """Drop problems of each of ``refs`` where it now is in ``scenario``."""
    out: dict[Ref, list[str]] = {}
    for ref in refs:
        found = drop_problems(scenario, element(scenario, ref), [ref], catalog)
        if found:
            out[ref] = found
    return out


def describe(el: Element) -> str:
    """Short human name: ``large fire board``, ``location card 3``, ``objective token 2``."""
    if isinstance(el, BoardSlot):
        shape = "" if el.size == "large" else f" {el.orientation}"
        return f"{el.size}{shape} {el.face} board"
    if isinstance(el, CardPlacement):
        if el.kind == "fire":
            return "fire card"
        return f"{el.kind} card {el.ident}"
    if el.kind == "objective":
        return f"objective token {el.value}"
    return f"{el.kind} token"


def describe_ref(scenario: Scenario, ref: Ref) -> str:
    layer_word = {"boards": "board", "cards": "card", "tokens": "token"}[ref[0]]
    return f"{layer_word} {ref[1] + 1}: {describe(element(scenario, ref))}"


def centred_origin(el: Element, raw_centre: tuple[float, float]) -> tuple[float, float]:
    """Fractional top-left that puts the element's centre at ``raw_centre``."""
    rows, cols = size_of(el)
    return raw_centre[0] - rows / 2, raw_centre[1] - cols / 2
