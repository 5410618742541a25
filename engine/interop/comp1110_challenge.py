"""COMP1110 notation, scenario level: challenge strings and board strings
(``../shared/reference/COMP1110-NOTATION.md`` §3 and §9).

Everything goes through the engine's model: a challenge string is parsed into a
:class:`Challenge`, converted to a :class:`~engine.model.scenario.Scenario` (and back), and a
board string is produced from the scenario by :func:`engine.model.layout.compose_island`.

Conventions of the conversion (decisions recorded in docs/interop.md):

* islands in string order TL, BL, TR, BR (§9.3) become unpinned board slots; ``L`` is a
  large 9x9 slot, ``S`` a horizontal small 6x9 slot; ``N/E/S/W`` a fire face with the
  strip on the west/north/east/south edge, ``A`` a plain face;
* fire cards become ``kind: fire`` cards; location cards are stored under their
  PHYSICAL number (catalog ``comp1110.location_card_ids``); the raft by its letter;
* a location number that appears again in the same challenge is the source reusing a
  card it knows in place of one it does not: later copies get ``stand_in=True`` and
  the scenario notes say so;
* the card order is kept (fire, location, raft), so scenario -> challenge gives back the
  original string byte for byte.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from functools import cache

from engine.check.open_files import open_campaign_with_scenarios
from engine.model.catalog import Catalog, default_catalog
from engine.model.geometry import EDGE_ROTATION, EDGES, Square
from engine.model.layout import IslandLayout, compose_island, draw_board_choices
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import BoardSlot, CardPlacement, Scenario

__all__ = [
    "BoardSquare",
    "Challenge",
    "ISLAND_SIZES",
    "board_string_from_layout",
    "challenge_to_scenario",
    "choose_challenge",
    "format_board_string",
    "format_challenge",
    "initialise_challenge",
    "is_board_string_well_formed",
    "parse_board_string",
    "parse_challenge",
    "scenario_to_challenge",
    "slugify",
    "stand_in_note",
]

ISLAND_SIZES: dict[str, tuple[str, int]] = {"L": ("large", 9), "S": ("small", 6)}  # letter -> size, rows
ISLAND_WIDTH = 9
FACE_LETTERS = "NESW"  # fire face turned k quarter turns: strip on EDGES[k]
PLAIN_LETTER = "A"
CARD = 3
DEFAULT_NAME = "COMP1110 challenge"

# notation colour letter <-> our terrain names (the notation writes orange as y)
NOTATION_TERRAIN: dict[str, str] = {"b": "blue", "r": "red", "g": "green", "y": "orange", "p": "purple"}
TERRAIN_NOTATION: dict[str, str] = {v: k for k, v in NOTATION_TERRAIN.items()}


# --- challenge strings -------------------------------------------------------------
@dataclass(frozen=True)
class Challenge:
    """A parsed challenge string: islands (two letters each, TL BL TR BR order), fire
    card anchors, location cards as (digital id, anchor), the raft as (id, anchor)."""

    islands: tuple[str, ...]
    fires: tuple[Square, ...]
    cats: tuple[tuple[int, Square], ...]
    raft: tuple[int, Square]

    @property
    def rows(self) -> int:
        return ISLAND_SIZES[self.islands[0][0]][1] + ISLAND_SIZES[self.islands[1][0]][1]

    @property
    def cols(self) -> int:
        return ISLAND_WIDTH * len(self.islands) // 2


def _entries(text: str, part: str, width: int, pattern: str, what: str, source: str) -> list[str]:
    if len(text) % width:
        raise ValueError(
            f"challenge {source!r}: the {part} part {text!r} has {len(text)} characters, not a multiple of "
            f"{width}; each {what}"
        )
    entries = [text[i : i + width] for i in range(0, len(text), width)]
    for n, entry in enumerate(entries, 1):
        if not re.fullmatch(pattern, entry):
            raise ValueError(f"challenge {source!r}: {part} entry {n} {entry!r} is malformed; each {what}")
    return entries


def _square(entry: str) -> Square:
    return (int(entry[-4:-2]), int(entry[-2:]))


def parse_challenge(text: str) -> Challenge:
    """Parse a challenge string (NOTATION §9.1); ValueError names the bad part."""
    source = text
    text = text.strip()
    f, c, r = text.find("F"), text.find("C", text.find("F") + 1), text.rfind("R")
    if f < 0 or c < 0 or r < c:
        missing = "F" if f < 0 else "C" if c < 0 else "R"
        raise ValueError(
            f"challenge {source!r}: no '{missing}' separator; expected islands, then F and fire cards, "
            "C and location cards, R and the raft (e.g. LNSAF0003C10009R00012)"
        )
    island_text, fire_text, cat_text, raft_text = text[:f], text[f + 1 : c], text[c + 1 : r], text[r + 1 :]
    islands = tuple(island_text[i : i + 2] for i in range(0, len(island_text), 2))
    if len(island_text) % 2 or len(islands) not in (2, 4):
        raise ValueError(
            f"challenge {source!r}: the island part {island_text!r} must be 2 or 4 islands of two letters "
            "(size L or S, then N, E, S, W or A), e.g. LNSA"
        )
    for n, island in enumerate(islands, 1):
        if island[0] not in ISLAND_SIZES or island[1] not in FACE_LETTERS + PLAIN_LETTER:
            raise ValueError(
                f"challenge {source!r}: island {n} {island!r} is not a size (L, S) followed by N, E, S, W or A"
            )
        if island[0] == "S" and island[1] in "EW":
            raise ValueError(
                f"challenge {source!r}: island {n} {island!r}: a small board turned E or W would be 9 tall; "
                "use SN, SS or SA"
            )
    if len(islands) == 4 and (islands[0][0] != islands[2][0] or islands[1][0] != islands[3][0]):
        raise ValueError(
            f"challenge {source!r}: islands {''.join(islands)} give a ragged layout; islands 1 and 3 (top row) "
            "and islands 2 and 4 (bottom row) must have the same size"
        )
    fires = tuple(_square(e) for e in _entries(fire_text, "fire", 4, r"\d{4}", "fire card is RRCC", source))
    cats = tuple(
        (int(e[0]), _square(e))
        for e in _entries(cat_text, "location card", 5, r"\d{5}", "location card is KRRCC (K = card id 0-6)", source)
    )
    if not cats:
        raise ValueError(f"challenge {source!r}: no location card after 'C'; at least one KRRCC entry is needed")
    if len(raft_text) != 5 or not raft_text.isdigit():
        raise ValueError(f"challenge {source!r}: the raft part {raft_text!r} must be one KRRCC entry (K = raft id 0-3)")
    challenge = Challenge(islands, fires, cats, (int(raft_text[0]), _square(raft_text)))
    anchors = [("fire card", n, sq) for n, sq in enumerate(fires, 1)]
    anchors += [("location card", n, sq) for n, (_, sq) in enumerate(cats, 1)]
    anchors.append(("raft", 1, challenge.raft[1]))
    for what, n, (row, col) in anchors:
        if row + CARD > challenge.rows or col + CARD > challenge.cols:
            raise ValueError(
                f"challenge {source!r}: {what} {n} at ({row}, {col}) reaches past the "
                f"{challenge.rows}x{challenge.cols} island; its top-left square must leave room for a 3x3 card"
            )
    return challenge


def format_challenge(challenge: Challenge) -> str:
    def sq(square: Square) -> str:
        return f"{square[0]:02d}{square[1]:02d}"

    return (
        "".join(challenge.islands)
        + "F"
        + "".join(sq(s) for s in challenge.fires)
        + "C"
        + "".join(f"{k}{sq(s)}" for k, s in challenge.cats)
        + "R"
        + f"{challenge.raft[0]}{sq(challenge.raft[1])}"
    )


def _id_maps(catalog: Catalog) -> tuple[dict[int, int], dict[int, str]]:
    ids = catalog.comp1110
    locations = {int(k): int(v) for k, v in ids.get("location_card_ids", {}).items()}
    rafts = {int(k): str(v) for k, v in ids.get("raft_card_ids", {}).items()}
    return locations, rafts


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def stand_in_note(stand_ins: list[tuple[str, Square]]) -> str:
    """The notes sentence explaining stand-in location cards (empty when none)."""
    if not stand_ins:
        return ""
    cards = " and ".join(f"location card {n} at ({r}, {c})" for n, (r, c) in stand_ins)
    verb = "stands in for a card" if len(stand_ins) == 1 else "stand in for cards"
    return (
        f"{cards[0].upper()}{cards[1:]} {verb} the transcription does not describe (it knows 7 of "
        "the 12 location cards): the real cards' cats and printed fire may differ."
    )


def challenge_to_scenario(string: str, name: str | None = None, catalog: Catalog | None = None) -> Scenario:
    """Convert a challenge string into an unpinned standard scenario."""
    catalog = catalog or default_catalog()
    challenge = parse_challenge(string)
    location_ids, raft_ids = _id_maps(catalog)
    top = ISLAND_SIZES[challenge.islands[0][0]][1]
    boards = []
    for n, island in enumerate(challenge.islands):
        size = ISLAND_SIZES[island[0]][0]
        at = (top if n % 2 else 0, ISLAND_WIDTH * (n // 2))
        if island[1] == PLAIN_LETTER:
            boards.append(BoardSlot(size, "plain", at))
        else:
            boards.append(BoardSlot(size, "fire", at, fire_edge=EDGES[FACE_LETTERS.index(island[1])]))
    cards = [CardPlacement("fire", sq) for sq in challenge.fires]
    seen: set[int] = set()
    stand_ins: list[tuple[str, Square]] = []
    for n, (k, sq) in enumerate(challenge.cats, 1):
        if k not in location_ids:
            raise ValueError(
                f"challenge {string!r}: location card {n} has id {k}; the notation knows ids "
                f"{', '.join(map(str, sorted(location_ids)))}"
            )
        number = location_ids[k]
        cards.append(CardPlacement("location", sq, str(number), stand_in=number in seen))
        if number in seen:
            stand_ins.append((str(number), sq))
        seen.add(number)
    k, sq = challenge.raft
    if k not in raft_ids:
        raise ValueError(
            f"challenge {string!r}: raft id {k} is unknown; the notation knows ids {', '.join(map(str, sorted(raft_ids)))}"
        )
    cards.append(CardPlacement("raft", sq, raft_ids[k]))
    digest = hashlib.sha1(string.strip().encode()).hexdigest()[:8]
    notes = " ".join(filter(None, ["Imported from a COMP1110 challenge string.", stand_in_note(stand_ins)]))
    return Scenario(
        id=slugify(name or "")[:80].strip("-") or f"comp1110-{digest}",
        name=name or DEFAULT_NAME,
        notes=notes,
        boards=tuple(boards),
        cards=tuple(cards),
    )


def _island_letters(index: int, slot: BoardSlot, where: str) -> str:
    if slot.special:
        raise ValueError(
            f"{where}: board slot {index + 1} is a special board ({slot.shape}); the notation has only "
            "large and small boards"
        )
    size = next(letter for letter, (name, _) in ISLAND_SIZES.items() if name == slot.size)
    if slot.pin is not None:
        raise ValueError(
            f"{where}: board slot {index + 1} is pinned to '{slot.pin.board}'; the notation cannot name a board (unpin it)"
        )
    if slot.size == "small" and slot.orientation != "horizontal":
        raise ValueError(
            f"{where}: board slot {index + 1} is a vertical small board; the notation only has horizontal ones"
        )
    if slot.face == "plain":
        return size + PLAIN_LETTER
    letter = FACE_LETTERS[EDGE_ROTATION[slot.fire_edge or "west"]]
    if size == "S" and letter in "EW":
        raise ValueError(
            f"{where}: board slot {index + 1} has its fire strip on a long edge; the notation cannot express it"
        )
    return size + letter


def scenario_to_challenge(scenario: Scenario, catalog: Catalog | None = None) -> str:
    """The challenge string of a scenario the notation can express; ValueError says what
    cannot be expressed.  Rule options and mode are not part of the notation and are
    left out; tokens and objectives must be absent."""
    catalog = catalog or default_catalog()
    where = f"scenario '{scenario.id}'"
    if scenario.tokens or scenario.objectives:
        raise ValueError(f"{where}: the notation has no tokens or objectives; remove them to export")
    if len(scenario.boards) not in (2, 4):
        raise ValueError(f"{where}: the notation needs 2 or 4 boards, the scenario has {len(scenario.boards)}")
    order = sorted(range(len(scenario.boards)), key=lambda i: (scenario.boards[i].at[1], scenario.boards[i].at[0]))
    slots = [scenario.boards[i] for i in order]
    islands = tuple(_island_letters(i, scenario.boards[i], where) for i in order)
    top = slots[0].rows
    for n, slot in enumerate(slots):
        expected = (top if n % 2 else 0, ISLAND_WIDTH * (n // 2))
        if slot.at != expected or (n >= 2 and slot.size != slots[n - 2].size):
            raise ValueError(
                f"{where}: the boards are not in the notation's two-column layout (top-left, bottom-left, "
                f"top-right, bottom-right with equal sizes per row); board at {list(slot.at)} breaks it"
            )
    location_ids, raft_ids = _id_maps(catalog)
    physical_to_id = {v: k for k, v in location_ids.items()}
    letter_to_id = {v: k for k, v in raft_ids.items()}
    cats: list[tuple[int, Square]] = []
    rafts: list[tuple[int, Square]] = []
    for i, card in enumerate(scenario.cards):
        if card.kind != "fire" and card.rotation % 4:
            raise ValueError(
                f"{where}: card {i + 1} ({card.kind} {card.ident}) is rotated; the notation never rotates cards"
            )
        if card.kind == "location":
            ident = card.ident or ""
            number = int(ident) if ident.isdigit() else -1
            if number not in physical_to_id:
                raise ValueError(
                    f"{where}: card {i + 1} is location card {card.ident}, which the notation does not know"
                )
            cats.append((physical_to_id[number], card.at))
        elif card.kind == "raft":
            if card.ident not in letter_to_id:
                raise ValueError(f"{where}: card {i + 1} is raft card {card.ident}, which the notation does not know")
            rafts.append((letter_to_id[card.ident], card.at))
    if len(rafts) != 1 or not cats:
        raise ValueError(f"{where}: the notation needs exactly one raft card and at least one location card")
    challenge = Challenge(islands, tuple(c.at for _, c in scenario.cards_of("fire")), tuple(cats), rafts[0])
    return format_challenge(challenge)


# --- board strings -----------------------------------------------------------------
@dataclass(frozen=True)
class BoardSquare:
    """One square of a board string in the model's vocabulary.  ``terrain`` is the
    colour of a terrain or coloured raft letter (raft squares are found geometrically,
    around a raft centre); ``cat`` is the colour of a cat standing here, or ``"unknown"``
    for ``W`` (a cat on a wild raft square, colour not recorded)."""

    terrain: str | None = None
    fire: bool = False
    raft_centre: bool = False
    wild: bool = False
    cat: str | None = None


BOARD_LETTERS = frozenset("bBfgGnopPrRwWyY")
BOARD_HEIGHTS = (12, 15, 18)
BOARD_WIDTHS = (9, 18)
UNKNOWN_CAT = "unknown"


def _board_square(ch: str) -> BoardSquare:
    if ch == "f":
        return BoardSquare(fire=True)
    if ch == "o":
        return BoardSquare(raft_centre=True)
    if ch in "wW":
        return BoardSquare(wild=True, cat=UNKNOWN_CAT if ch == "W" else None)
    if ch == "n":
        return BoardSquare()
    colour = NOTATION_TERRAIN[ch.lower()]
    return BoardSquare(terrain=colour, cat=colour if ch.isupper() else None)


def parse_board_string(board: str) -> tuple[tuple[BoardSquare, ...], ...]:
    """Parse a board string (NOTATION §3.1) into rows of :class:`BoardSquare`;
    ValueError says which rule it breaks."""
    if not board.endswith("\n"):
        raise ValueError("board string: the last line does not end with a newline; every row ends with '\\n'")
    lines = board[:-1].split("\n")
    if len(lines) not in BOARD_HEIGHTS:
        raise ValueError(f"board string: {len(lines)} rows; a board has 12, 15 or 18 rows")
    width = len(lines[0])
    if width not in BOARD_WIDTHS:
        raise ValueError(f"board string: row 0 has {width} squares; rows are 9 or 18 squares wide")
    for r, line in enumerate(lines):
        if len(line) != width:
            raise ValueError(
                f"board string: row {r} has {len(line)} squares, row 0 has {width}; all rows are equally wide"
            )
        bad = next((ch for ch in line if ch not in BOARD_LETTERS), None)
        if bad is not None:
            raise ValueError(
                f"board string: row {r} holds {bad!r}; squares are one of {''.join(sorted(BOARD_LETTERS))}"
            )
    return tuple(tuple(_board_square(ch) for ch in line) for line in lines)


def is_board_string_well_formed(board: str) -> bool:
    """``isBoardStringWellFormed``: newline-terminated rows of one width (9 or 18),
    12, 15 or 18 rows, letters from NOTATION §3.1 only."""
    try:
        parse_board_string(board)
    except ValueError:
        return False
    return True


def _square_letter(square: BoardSquare) -> str:
    if square.fire:
        return "f"
    if square.raft_centre:
        return "o"
    if square.wild:
        return "W" if square.cat else "w"
    if square.terrain is None:
        raise ValueError("board string: a square with no terrain cannot be written (the notation has no letter for it)")
    letter = TERRAIN_NOTATION[square.terrain]
    return letter.upper() if square.cat else letter


def format_board_string(rows: tuple[tuple[BoardSquare, ...], ...] | list[list[BoardSquare]]) -> str:
    return "".join("".join(_square_letter(sq) for sq in row) + "\n" for row in rows)


def board_string_from_layout(layout: IslandLayout) -> str:
    """The set-up board as a board string: terrain, fire, raft (``o``/``w``/colour) and
    the cats (uppercase) from an :class:`~engine.model.layout.IslandLayout`."""
    cats = {sq: colour for colour, sq in layout.cats}
    rows = []
    for r in range(layout.rows):
        row = []
        for c in range(layout.cols):
            sq = (r, c)
            if sq not in layout.island:
                raise ValueError(
                    f"board string: square ({r}, {c}) is off the island; the notation needs a full rectangle"
                )
            if sq in layout.raft_blocked:
                row.append(BoardSquare(raft_centre=True))
            elif sq in layout.rafts and layout.rafts[sq] is None:
                row.append(BoardSquare(wild=True, cat=cats.get(sq)))
            else:
                colour = layout.rafts.get(sq) or layout.terrain_at(sq)
                row.append(BoardSquare(terrain=colour, fire=sq in layout.fire, cat=cats.get(sq)))
        rows.append(row)
    return format_board_string(rows)


# --- the assignment's functions ----------------------------------------------------
def initialise_challenge(challenge: str, rng: random.Random | None = None) -> str:
    """``initialiseChallenge``: the set-up board string of a challenge, with the
    boards drawn at random among unused boards of the right size (plain faces in a
    random footprint-keeping rotation), through the scenario model and
    :func:`engine.model.layout.compose_island`."""
    catalog = default_catalog()
    scenario = challenge_to_scenario(challenge, catalog=catalog)
    choices = draw_board_choices(scenario, catalog, rng or random.Random())
    return board_string_from_layout(compose_island(scenario, catalog, choices))


@cache
def _bundled_groups() -> tuple[tuple[str, ...], ...]:
    catalog = default_catalog()
    return tuple(
        tuple(scenario_to_challenge(s, catalog) for _, s in open_campaign_with_scenarios(path)[1])
        for path in bundled_campaign_paths()
    )


def choose_challenge(difficulty: int, rng: random.Random | None = None) -> str:
    """``chooseChallenge``: a challenge picked uniformly from the bundled campaign of
    that source group (0 Tutorial, 1 Practice, 2-5 Campaigns 1-4)."""
    groups = _bundled_groups()
    if not 0 <= difficulty < len(groups):
        raise ValueError(
            f"difficulty {difficulty} is out of range; use 0-{len(groups) - 1} (0 Tutorial, 1 Practice, 2-5 Campaigns 1-4)"
        )
    return (rng or random.Random()).choice(groups[difficulty])
