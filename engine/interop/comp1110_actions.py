"""COMP1110 notation, action strings (``../shared/reference/COMP1110-NOTATION.md`` §10)
to and from the engine's actions (:mod:`engine.play.actions`).

================================  ========================================================
``Bj0309W``                       card j of deck B (cross), top-left (3, 9), turned ``W``:
                                  ``PlacePathway(0, "cross", "j", (3, 9), 3)``
``l1103TW``                       fire tile l, flipped (``T``), turned ``W``, bounding box
                                  top-left (11, 3): ``PlaceFire("l", (11, 3), True, 3)``
``B07100413AhBc``                 the blue cat on (7, 10) to (4, 13), discarding Ah and Bc:
                                  ``MoveCat(0, (7, 10), (4, 13), ("circle:h", "cross:c"))``
================================  ========================================================

Strings are classified by length and second character (§10), never by the first: fire
tiles ``A``-``D`` share letters with the decks and ``B`` with the blue cat.  The
notation is one-player, so every card placement and move is player 0's.  An engine
:class:`~engine.play.actions.MoveCat` names its cat by square only; the colour a movement
string carries is returned beside it (:class:`NotationAction`) so that callers can check
it against the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Union

from engine.model.catalog import DECKS, Catalog, default_catalog
from engine.play.actions import MoveCat, PlaceFire, PlacePathway

from .comp1110_challenge import NOTATION_TERRAIN, TERRAIN_NOTATION

__all__ = [
    "NotationAction",
    "ORIENTATION_LETTERS",
    "PlayerAction",
    "deck_letters",
    "format_action_string",
    "parse_action_string",
]

ORIENTATION_LETTERS = "NESW"  # 0-3 clockwise quarter turns (§1)
PLAYER = 0  # the notation is for one player
PlayerAction = Union[PlacePathway, PlaceFire, MoveCat]

_CARD = re.compile(r"([A-D])([a-y])(\d\d)(\d\d)([NESW])")
_FIRE = re.compile(r"([a-zA-E])(\d\d)(\d\d)([TF])([NESW])")
_MOVE = re.compile(r"([BGPRY])(\d\d)(\d\d)(\d\d)(\d\d)((?:[A-D][a-y]){1,2})")
_FORMS = "a card placement like Bj0309W, a fire tile placement like l1103TW, or a cat movement like B07100413AhBc"


@dataclass(frozen=True)
class NotationAction:
    """A parsed action string: the engine action and, for a cat movement, the colour
    (terrain name) of the cat the string names."""

    action: PlayerAction
    colour: str | None = None


_LETTERS: dict[int, tuple[Catalog, Mapping[str, str]]] = {}


def deck_letters(catalog: Catalog | None = None) -> Mapping[str, str]:
    """Notation deck letter -> engine deck name (``A`` -> ``circle`` ...), read-only;
    built once per catalog object for the life of the process (catalogs are frozen)."""
    catalog = catalog or default_catalog()
    cached = _LETTERS.get(id(catalog))
    if cached is None or cached[0] is not catalog:
        letters = catalog.comp1110.get("deck_letters") or dict(zip("ABCD", DECKS))
        cached = (catalog, MappingProxyType({str(k): str(v) for k, v in sorted(letters.items())}))
        _LETTERS[id(catalog)] = cached
    return cached[1]


_TURNS = {letter: turns for turns, letter in enumerate(ORIENTATION_LETTERS)}
_CAT_TERRAIN = {letter.upper(): name for letter, name in NOTATION_TERRAIN.items()}


def parse_action_string(text: str, catalog: Catalog | None = None) -> NotationAction:
    """Read an action string; ValueError quotes it and shows the three forms."""
    decks = deck_letters(catalog)
    m = _MOVE.fullmatch(text) if len(text) > 7 else None  # a placement string has 7 characters
    if m:
        colour, r, c, tr, tc, cards = m.groups()
        discards: tuple[str, ...] = (f"{decks[cards[0]]}:{cards[1]}",)
        if len(cards) > 2:
            discards += (f"{decks[cards[2]]}:{cards[3]}",)
        return NotationAction(MoveCat(PLAYER, (int(r), int(c)), (int(tr), int(tc)), discards), _CAT_TERRAIN[colour])
    m = _CARD.fullmatch(text)
    if m:
        letter, card_id, r, c, turn = m.groups()
        return NotationAction(PlacePathway(PLAYER, decks[letter], card_id, (int(r), int(c)), _TURNS[turn]))
    m = _FIRE.fullmatch(text)
    if m:
        tile, r, c, flip, turn = m.groups()
        return NotationAction(PlaceFire(tile, (int(r), int(c)), flip == "T", _TURNS[turn]))
    raise ValueError(f"action string {text!r} is not an action; write {_FORMS}")


def _coords(square: tuple[int, int], what: str) -> str:
    r, c = square
    if not (0 <= r <= 99 and 0 <= c <= 99):
        raise ValueError(f"{what}: square {list(square)} cannot be written with two digits per coordinate")
    return f"{r:02d}{c:02d}"


def _card_letters(key: str, decks: Mapping[str, str], what: str) -> str:
    deck, card_id = key.split(":", 1)
    letter = next((k for k, v in decks.items() if v == deck), None)
    if letter is None or not re.fullmatch(r"[a-y]", card_id):
        raise ValueError(
            f"{what}: card {key} has no COMP1110 name; only decks {', '.join(decks.values())} with ids a-y do"
        )
    return letter + card_id


def format_action_string(action: PlayerAction, colour: str | None = None, catalog: Catalog | None = None) -> str:
    """The action string of an engine action.  A cat movement needs the cat's
    ``colour`` (terrain name), which the engine action does not carry."""
    decks = deck_letters(catalog)
    what = f"action '{action}'"
    if isinstance(action, PlacePathway):
        return (
            _card_letters(action.card, decks, what)
            + _coords(action.at, what)
            + ORIENTATION_LETTERS[action.rotation % 4]
        )
    if isinstance(action, PlaceFire):
        if not re.fullmatch(r"[a-zA-E]", action.tile):
            raise ValueError(f"{what}: fire tile {action.tile!r} has no COMP1110 id (a-z, A-E)")
        flip = "T" if action.flipped else "F"
        return action.tile + _coords(action.at, what) + flip + ORIENTATION_LETTERS[action.rotation % 4]
    if isinstance(action, MoveCat):
        if colour not in TERRAIN_NOTATION:
            raise ValueError(
                f"{what}: a cat movement string needs the cat's colour (one of {', '.join(TERRAIN_NOTATION)})"
            )
        if not 1 <= len(action.discards) <= 2:
            raise ValueError(f"{what}: a cat movement discards one or two cards, not {len(action.discards)}")
        cards = "".join(_card_letters(key, decks, what) for key in action.discards)
        return TERRAIN_NOTATION[colour].upper() + _coords(action.cat, what) + _coords(action.to, what) + cards
    raise ValueError(f"{what}: the notation writes only card placements, fire tile placements and cat movements")
