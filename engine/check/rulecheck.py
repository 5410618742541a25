"""Rule checks on a :class:`~engine.model.scenario.Scenario`: the island and its components.

Each check reads a :class:`Layout` (the facts every check needs, computed once) and
returns :class:`~engine.check.issues.Issue` values; none raises for content problems.  The
cat, objective and token checks are in :mod:`engine.check.rulecheck_cats`; the public entry
point is :func:`engine.check.validate.validate`.

Rules used (``../shared/reference/RULINGS.md``): boards may not overlap and must share
edges to form one island, and each physical board is used at most once (C3,
COMP1110-NOTATION §9.2); cards are 3x3 (C2), may not hang off the island or cover fire
(PL-3, PL-4) and are placed number/letter top-left (rulebook setup B); a small board's
fire strip runs along a short edge (C4); every scenario starts with fire (PL-2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable

from engine.check.elements import count_text, describe_element
from engine.check.issues import ERROR, WARNING, Issue, Where
from engine.model.catalog import Catalog
from engine.model.formats import board_to_dict, card_to_dict, token_to_dict
from engine.model.geometry import Square, orthogonal_neighbours
from engine.model.layout import fitting_boards, footprint_rotations
from engine.model.scenario import BoardSlot, CardPlacement, Scenario, TokenPlacement
from engine.model.special_boards import SPECIAL, special_slot_issue_texts


def board_name(index: int, board: BoardSlot) -> str:
    return describe_element("boards", index, board_to_dict(board))


def card_name(index: int, card: CardPlacement) -> str:
    return describe_element("cards", index, card_to_dict(card))


def token_name(index: int, token: TokenPlacement) -> str:
    return describe_element("tokens", index, token_to_dict(token))


def issue(code: str, message: str, path: str = "", squares: Iterable[Square] = (), severity: str = ERROR) -> Issue:
    return Issue(code, severity, message, Where(path, tuple(sorted(set(squares)))))


# --- the facts every check needs, computed once --------------------------------------
@dataclass
class CatStartInfo:
    card: int  # index in scenario.cards
    colour: str
    square: Square


@dataclass
class Layout:
    scenario: Scenario
    catalog: Catalog
    island: frozenset[Square]
    strips: dict[Square, int]  # fire-strip square -> board index
    fire: set[Square]  # strips, fire cards, fire printed on location cards
    destinations: dict[Square, tuple[int, str | None]]  # square -> (raft card index, colour or None = any)
    raft_art: set[Square]  # '#' squares no cat may use
    cats: list[CatStartInfo]
    unknown_locations: list[int] = field(default_factory=list)  # location cards whose layout we lack
    unknown_rafts: list[int] = field(default_factory=list)  # raft cards whose layout we lack

    @property
    def cats_complete(self) -> bool:
        """False when a location card's layout is unknown, so its cats (and fire) are too."""
        return not self.unknown_locations

    def blocked_for(self, colour: str) -> Callable[[Square], bool]:
        """Squares a cat of ``colour`` can never enter (RULINGS LC-5, permissive reading)."""

        def blocked(sq: Square) -> bool:
            if sq not in self.island or sq in self.fire or sq in self.raft_art:
                return True
            dest = self.destinations.get(sq)
            return dest is not None and dest[1] not in (None, colour)

        return blocked


def build_layout(scenario: Scenario, catalog: Catalog) -> Layout:
    strips = {sq: i for i, b in enumerate(scenario.boards) for sq in b.strip_squares()}
    fire: set[Square] = set(strips)
    destinations: dict[Square, tuple[int, str | None]] = {}
    raft_art: set[Square] = set()
    cats: list[CatStartInfo] = []
    unknown_locations: list[int] = []
    unknown_rafts: list[int] = []
    for i, card in enumerate(scenario.cards):
        if card.kind == "location":
            if card.location_card(catalog) is None:
                unknown_locations.append(i)
            fire.update(card.fire_squares(catalog))
            cats += [CatStartInfo(i, colour, sq) for colour, sq in card.cat_starts(catalog)]
        elif card.kind == "fire":
            fire.update(card.squares())
        elif card.kind == "raft":
            grid = card.grid(catalog)
            if grid is None:
                unknown_rafts.append(i)
                continue
            dests = card.destinations(catalog)
            destinations.update((sq, (i, colour)) for sq, colour in dests.items())
            raft_art.update(sq for sq in card.squares() if sq not in dests)
    return Layout(
        scenario,
        catalog,
        scenario.island_squares(),
        strips,
        fire,
        destinations,
        raft_art,
        cats,
        unknown_locations,
        unknown_rafts,
    )


# --- boards -----------------------------------------------------------------------
def check_boards(lay: Layout) -> list[Issue]:
    boards = lay.scenario.boards
    out: list[Issue] = []
    if not boards:
        return [issue("no-boards", "the scenario has no island boards; add at least one board")]
    owner: dict[Square, int] = {}
    for j, b in enumerate(boards):
        path = f"/boards/{j}"
        if b.special:
            out += special_slot_issues(lay.catalog, j, b)
        elif b.face == "fire" and b.fire_edge not in b.allowed_fire_edges():
            out.append(
                issue(
                    "fire-edge-invalid",
                    f"{board_name(j, b)} has its fire strip on the {b.fire_edge} edge; "
                    f"a {b.size} {b.orientation} board's strip runs along a short edge: use "
                    f"{' or '.join(b.allowed_fire_edges())}, or turn the board",
                    path,
                    b.strip_squares(),
                )
            )
        shared = [sq for sq in b.squares() if sq in owner]
        for i in sorted({owner[sq] for sq in shared}):
            overlap = [sq for sq in shared if owner[sq] == i]
            out.append(
                issue(
                    "board-overlap",
                    f"{board_name(j, b)} overlaps {board_name(i, boards[i])} on "
                    f"{count_text(len(overlap), 'square')}; move one so the boards only share edges",
                    path,
                    overlap,
                )
            )
        for sq in b.squares():
            owner.setdefault(sq, j)
    out += _check_connected(boards, owner)
    out += _check_pins(lay)
    out += check_box(
        lay,
        [(i, b.size) for i, b in enumerate(boards)],
        "boards",
        {"large": "large_boards", "small": "small_boards", SPECIAL: "special_boards"},
        lambda i, key: (board_name(i, boards[i]), f"{key} boards", boards[i].squares()),
    )
    return out


def special_slot_issues(catalog: Catalog, index: int, slot: BoardSlot) -> list[Issue]:
    """A special board's slot names a shape the catalogs have and shows its outline
    (KS-5: the boards are "used whenever a scenario shows their shape")."""
    faces = [board.face(slot.face) for board in catalog.boards_of_size(SPECIAL, slot.shape)]
    return [
        issue("special-board-unknown", f"{board_name(index, slot)}: {text}", f"/boards/{index}", slot.squares())
        for text in special_slot_issue_texts(slot.shape, slot.face, slot.outline, faces)
    ]


def _check_connected(boards: tuple[BoardSlot, ...], owner: dict[Square, int]) -> list[Issue]:
    parent = list(range(len(boards)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, b in enumerate(boards):
        for sq in b.squares():
            for nb in (sq, *orthogonal_neighbours(sq)):
                j = owner.get(nb)
                if j is not None:
                    parent[find(j)] = find(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(boards)):
        groups.setdefault(find(i), []).append(i)
    if len(groups) <= 1:
        return []
    main = max(groups.values(), key=lambda g: (sum(len(boards[i].squares()) for i in g), -g[0]))
    return [
        issue(
            "island-disconnected",
            f"{board_name(i, boards[i])} does not touch the rest of the island; "
            "move it so it shares an edge with another board",
            f"/boards/{i}",
            boards[i].squares(),
        )
        for group in groups.values()
        if group is not main
        for i in group
    ]


def _check_pins(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    pinned: dict[str, int] = {}
    ids = ", ".join(b.id for b in lay.catalog.boards)
    for i, b in enumerate(lay.scenario.boards):
        if b.pin is None:
            continue
        name, path, pin = board_name(i, b), f"/boards/{i}", b.pin
        board = lay.catalog.board(pin.board)
        if board is None:
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins board '{pin.board}', which is not in the catalog; use one of {ids} or remove the pin",
                    path,
                    b.squares(),
                )
            )
        elif board.size != b.size:
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins board '{pin.board}', which is a {board.size} board; pin a {b.size} board instead",
                    path,
                    b.squares(),
                )
            )
        elif b.special and board not in fitting_boards(b, lay.catalog):
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins board '{pin.board}', which does not show this slot's "
                    f"outline of shape '{b.shape}' on its {b.face} face; pin a board of that shape or "
                    "remove the pin",
                    path,
                    b.squares(),
                )
            )
        if pin.board in pinned:
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins board '{pin.board}', already pinned by "
                    f"{board_name(pinned[pin.board], lay.scenario.boards[pinned[pin.board]])}; "
                    "each physical board can be used once, so pin another board or remove this pin",
                    path,
                    b.squares(),
                )
            )
        pinned.setdefault(pin.board, i)
        if b.special:
            continue  # the slot's own rotation turns a special board; the pin names the board only
        if b.face == "plain" and pin.rotation % 4 not in footprint_rotations(b):
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins rotation {pin.rotation}, which turns the board out of "
                    f"its {b.rows}x{b.cols} slot; use rotation "
                    f"{' or '.join(map(str, footprint_rotations(b)))}",
                    path,
                    b.squares(),
                )
            )
        elif b.face == "fire" and pin.rotation:
            out.append(
                issue(
                    "pin-invalid",
                    f"{name} pins rotation {pin.rotation}, but a fire face's rotation "
                    "follows from its fire edge; remove the rotation",
                    path,
                    b.squares(),
                    WARNING,
                )
            )
    return out


def check_box(
    lay: Layout,
    items: list[tuple[int, str]],
    collection: str,
    box_keys: dict[str, str],
    name: Callable[[int, str], tuple[str, str, Iterable[Square]]],
    extra: dict[str, int] | None = None,
) -> list[Issue]:
    """``box-exceeded`` on every element beyond the box count of its kind."""
    out: list[Issue] = []
    seen: Counter[str] = Counter()
    for i, key in items:
        if key not in box_keys:
            continue
        seen[key] += 1
        limit = lay.catalog.box_count(box_keys[key]) + (extra or {}).get(key, 0)
        if seen[key] > limit:
            label, what, squares = name(i, key)
            out.append(
                issue(
                    "box-exceeded",
                    f"{label} is {what} number {seen[key]}, but the boxes hold {limit}; remove one",
                    f"/{collection}/{i}",
                    squares,
                )
            )
    return out


# --- cards --------------------------------------------------------------------------
def check_cards(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    cards = lay.scenario.cards
    owner: dict[Square, int] = {}
    for j, card in enumerate(cards):
        name, path, squares = card_name(j, card), f"/cards/{j}", card.squares()
        off = [sq for sq in squares if sq not in lay.island]
        if off and lay.island:
            out.append(
                issue(
                    "card-off-island",
                    f"{name} hangs off the island on {count_text(len(off), 'square')}; move it fully onto the boards",
                    path,
                    off,
                )
            )
        strip = [sq for sq in squares if sq in lay.strips]
        if strip:
            b = lay.strips[strip[0]]
            out.append(
                issue(
                    "card-on-fire-strip",
                    f"{name} covers the fire strip of "
                    f"{board_name(b, lay.scenario.boards[b])}; cards may not cover fire, so move it off "
                    "the strip",
                    path,
                    strip,
                )
            )
        shared = [sq for sq in squares if sq in owner]
        for i in sorted({owner[sq] for sq in shared}):
            out.append(
                issue(
                    "card-overlap",
                    f"{name} overlaps {card_name(i, cards[i])}; move one of them",
                    path,
                    [sq for sq in shared if owner[sq] == i],
                )
            )
        for sq in squares:
            owner.setdefault(sq, j)
        if card.kind in ("location", "raft") and card.rotation % 4:
            out.append(
                issue(
                    "card-rotated",
                    f"{name} is turned {card.rotation} quarter turn(s); the campaign book "
                    f"always places {card.kind} cards with their {'number' if card.kind == 'location' else 'letter'} "
                    "in the top-left corner: turn it back to rotation 0",
                    path,
                    squares,
                    WARNING,
                )
            )
    out += _check_identities(lay)
    known_missing_rafts = sum(len(m.ids) for m in lay.catalog.known_missing if m.component == "raft_card")
    out += check_box(
        lay,
        [(i, c.kind) for i, c in enumerate(cards)],
        "cards",
        {"location": "location_cards", "raft": "raft_cards", "fire": "fire_cards"},
        lambda i, key: (card_name(i, cards[i]), f"{key} card", cards[i].squares()),
        {"raft": known_missing_rafts},
    )
    return out


def _identity_problem(lay: Layout, card: CardPlacement) -> tuple[str, str, str] | None:
    """(code, severity, what) when the card's number/letter is not a usable card."""
    cat = lay.catalog
    if card.kind == "location":
        known = ", ".join(map(str, sorted(cat.location_cards)))
        if card.location_card(cat) is not None:
            return None
        if cat.is_known_missing("location_card", str(card.ident)):
            return (
                "unknown-layout",
                WARNING,
                f"is a real card whose layout is not known yet (RULINGS C10), so its "
                f"cats and fire cannot be checked or played; use a known card ({known}) as a stand-in",
            )
        return (
            "unknown-component",
            ERROR,
            f"is not a location card in the box (cards are numbered 1-"
            f"{cat.box_count('location_cards')}; known layouts: {known}); pick one of those",
        )
    if card.kind == "raft":
        known = ", ".join(sorted(cat.raft_cards))
        if card.raft_card(cat) is not None:
            return None
        if cat.is_known_missing("raft_card", str(card.ident)):
            return (
                "unknown-layout",
                WARNING,
                f"is named by the Kickstarter diagrams but its layout is unknown "
                f"(RULINGS C18), so its destinations cannot be checked; use raft {known}",
            )
        return ("unknown-component", ERROR, f"is not a raft card in the box; use one of {known}")
    return None


def _check_identities(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    first: dict[tuple[str, str], int] = {}
    for i, card in enumerate(lay.scenario.cards):
        if card.kind == "fire":
            continue
        name, path = card_name(i, card), f"/cards/{i}"
        problem = _identity_problem(lay, card)
        if problem is not None:
            code, severity, what = problem
            out.append(issue(code, f"{name} {what}", path, card.squares(), severity))
            if severity == ERROR:
                continue
        if card.stand_in:
            out.append(
                issue(
                    "location-stand-in",
                    f"{name} stands in for a {card.kind} card whose layout is unknown; "
                    "replace it with the real card once its layout is known",
                    path,
                    card.squares(),
                    WARNING,
                )
            )
            continue
        key = (card.kind, str(card.ident))
        if key in first:
            out.append(
                issue(
                    "component-reused",
                    f"{name} is already used by {card_name(first[key], lay.scenario.cards[first[key]])}; "
                    f"the box has one of each {card.kind} card: pick another, or mark the copy as a stand-in",
                    path,
                    card.squares(),
                )
            )
        first.setdefault(key, i)
    return out


# --- fire -------------------------------------------------------------------------
def check_fire(lay: Layout) -> list[Issue]:
    if lay.fire:
        return []
    fix = "give a board its fire face or add a fire card"
    if lay.unknown_locations:
        return [
            issue(
                "no-fire",
                "no fire is known for fire tiles to spread from (unless an unknown location card "
                f"prints some); every fire tile must touch fire (RULINGS PL-2): {fix}",
                severity=WARNING,
            )
        ]
    return [
        issue(
            "no-fire",
            "the scenario has no fire for fire tiles to spread from; every fire tile must touch "
            f"fire (RULINGS PL-2): {fix}",
        )
    ]
