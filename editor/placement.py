"""Where things may go on the grid (no Qt): hit testing, rubber-band selection,
snapping and the legality check the canvas shows while something is dragged.

The drag preview runs the engine's own rule checks
(:func:`engine.check.validate.rule_issues`, about a millisecond) on the scenario as it
would be after the drop, so it refuses exactly what the problems dock will report:
fire strips, fire cards, raft art, overlaps, the island's edge, cats walled in.  A
drop the preview calls illegal is still allowed, so a designer can park a card off
the island; it then shows in the problems dock.
"""

from __future__ import annotations

from typing import Iterable

from engine.check.elements import describe_element
from engine.check.issues import Issue
from engine.model.catalog import Catalog, default_catalog
from engine.model.formats import board_to_dict, card_to_dict, token_to_dict
from engine.model.geometry import Square
from engine.model.scenario import CARD_SIZE, BoardSlot, CardPlacement, Scenario

from .edits import GRID_SIZE, LAYERS, Element, Ref, Selection, element, exists, layer_of, size_of, squares_of

CARD_MAGNET = 0.75  # squares: how close a dragged card must come to its board's 3x3 grid


def _rule_issues(scenario: Scenario, catalog: Catalog) -> list[Issue]:
    """:func:`engine.check.validate.rule_issues`, loaded on the first drag: the studio
    paints its first island without the rule checker (issue 28 item 7)."""
    from engine.check.validate import rule_issues

    return rule_issues(scenario, catalog)


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


def element_name(scenario: Scenario, ref: Ref) -> str:
    """The element as people see it named everywhere (Properties, Problems, status
    bar, CLI messages): the engine's numbering, from 1, by kind and printed number:
    ``board 2 (large, fire face) at (0, 9)``, ``location card 4 at (9, 3)``,
    ``fire card at (3, 3)``, ``objective token 1 at (8, 15)``.  JSON pointers
    (``/cards/6``) are for the JSON output only."""
    el = element(scenario, ref)
    return describe_element(ref[0], ref[1], _as_dict(el))


def _as_dict(el: Element) -> dict[str, object]:
    if isinstance(el, BoardSlot):
        return board_to_dict(el)
    if isinstance(el, CardPlacement):
        return card_to_dict(el)
    return token_to_dict(el)


_last: list[tuple[Scenario, Catalog, list[Issue]]] = []  # the last scenario checked: the drag's start stays put


def _errors(scenario: Scenario, catalog: Catalog) -> list[Issue]:
    for seen, cat, found in _last:
        if seen is scenario and cat is catalog:
            return found
    found = [i for i in _rule_issues(scenario, catalog) if i.is_error]
    _last[:] = [(scenario, catalog, found)]
    return found


def _found_for(after: Scenario, ref: Ref, errors: list[Issue], known: set[tuple[str, str]] | None) -> list[str]:
    """The errors of ``after`` that are about ``ref`` (its pointer or its name) or new."""
    name = element_name(after, ref)
    out: list[str] = []
    for found in errors:
        mine = found.element_index() == ref or name in found.message
        new = known is not None and (found.code, found.message) not in known
        if (mine or new) and found.message not in out:
            out.append(found.message)
    return out


def _known(before: Scenario | None, catalog: Catalog) -> set[tuple[str, str]] | None:
    return None if before is None else {(i.code, i.message) for i in _errors(before, catalog)}


def drop_problems(
    scenario: Scenario, el: Element, ignore: Iterable[Ref] = (), catalog: Catalog | None = None,
    before: Scenario | None = None,
) -> list[str]:  # fmt: skip
    """Why ``el`` cannot sit where it is: the errors the engine's rule checks (the
    ones the document runs after the drop) report about it.  ``el`` is either one of
    ``ignore`` already in ``scenario`` (a moved element) or a new element that would
    be added.  An error counts when it is about ``el`` (its JSON pointer), names it,
    or is new compared with ``before`` (the scenario before the drag; for a new
    element, ``scenario`` itself): a fire card that walls a cat in is refused even
    though the error is the location card's.  Empty when the drop is fine."""
    catalog = catalog or default_catalog()
    problems: list[str] = []
    if any(not (0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE) for r, c in squares_of(el)):
        problems.append(f"outside the {GRID_SIZE}x{GRID_SIZE} grid")
    layer = layer_of(el)
    ref = next((r for r in ignore if r[0] == layer and exists(scenario, r) and element(scenario, r) == el), None)
    if ref is None:
        before = scenario if before is None else before
        ref = (layer, len(getattr(scenario, layer)))
        scenario = scenario.with_changes(**{layer: (*getattr(scenario, layer), el)})
    known = _known(before, catalog)
    errors = [i for i in _rule_issues(scenario, catalog) if i.is_error]
    return problems + [m for m in _found_for(scenario, ref, errors, known) if m not in problems]


def moved_problems(
    scenario: Scenario, refs: Iterable[Ref], catalog: Catalog | None = None, before: Scenario | None = None
) -> dict[Ref, list[str]]:
    """Drop problems of each of ``refs`` where it now is in ``scenario`` (``before``:
    the scenario before the move, so errors the move causes elsewhere count too)."""
    catalog = catalog or default_catalog()
    known = _known(before, catalog)
    errors = [i for i in _rule_issues(scenario, catalog) if i.is_error]  # one check for the whole group
    out: dict[Ref, list[str]] = {}
    for ref in refs:
        outside = any(not (0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE) for r, c in squares_of(element(scenario, ref)))
        found = [f"outside the {GRID_SIZE}x{GRID_SIZE} grid"] * outside + _found_for(scenario, ref, errors, known)
        if found:
            out[ref] = found
    return out


def describe(el: Element) -> str:
    """Short human name of an element not (yet) in a scenario: ``large fire board``,
    ``location card 3``, ``objective token 2``."""
    if isinstance(el, BoardSlot):
        if el.special:
            return f"special {el.shape} {el.face} board"
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
    """What the Properties dock and the status bar call an element of the scenario."""
    return element_name(scenario, ref)


def centred_origin(el: Element, raw_centre: tuple[float, float]) -> tuple[float, float]:
    """Fractional top-left that puts the element's centre at ``raw_centre``."""
    rows, cols = size_of(el)
    return raw_centre[0] - rows / 2, raw_centre[1] - cols / 2
