"""Reading the five COMP1110 state strings (``../shared/reference/COMP1110-NOTATION.md``
§2-§7) into an engine position, for :mod:`.comp1110_state`.

Speed (issue 8 item 5, ``bench/bench_interop.py``): everything read from the strings
that no call changes (the island, the hand, the decks as read, the exhausted flags and
the bag) is kept per process in a small LRU cache keyed by the exact five strings (and
the terrains read, :func:`read_state`), so a
tool that asks several questions of one state (``isPlacementValid`` then
``applyPlacement``) reads it once; every call still gets a position of its own, built
from fresh lists.  A state that fails to read is not cached and fails the same way
every time.
"""

from __future__ import annotations

import random
import re
from functools import cache, lru_cache
from typing import Mapping, NamedTuple, Sequence

from engine.model.catalog import Catalog, default_catalog
from engine.play.island import Island
from engine.play.position import PositionError
from engine.play.state import PLAY, GameState
from engine.play.variants import get_variant

from .comp1110_actions import deck_letters
from .comp1110_board import island_from_board
from .comp1110_challenge import NOTATION_TERRAIN

STATE_FIELDS = ("board", "decks", "hand", "exhausted cats", "fire tile bag")
STATE_CACHE_SIZE = 64  # states read recently, per process


_CARDS = re.compile(r"(?:[A-D][a-y]*)*")
_DECK = re.compile(r"([A-D])([a-y]*)")
CARD_IDS = "abcdefghijklmnopqrstuvwxy"  # a deck's cards in the notation (§4)


_IN_ORDER = re.compile("".join(f"(?:({letter})([a-y]*))?" for letter in "ABCD"))  # each deck once, in order


def _card_ids(text: str, field: str) -> list[tuple[str, str]]:
    """A decks or hand string (§4, §5) as ``(deck letter, card ids)`` pairs, checked:
    deck letters in order, each card once."""
    m = _IN_ORDER.fullmatch(text)
    if m is not None:
        g = m.groups()
        pairs = [(g[i], g[i + 1]) for i in (0, 2, 4, 6) if g[i] is not None]
        for _, ids in pairs:
            if len(set(ids)) != len(ids):
                break
        else:
            return pairs
    return _card_id_errors(text, field)


# A decks string in canonical form (§13): every deck letter, each deck's ids strictly
# increasing (so each card once).  One match checks it and says it needs no rewriting.
_CANONICAL = re.compile("".join(f"{letter}({''.join(i + '?' for i in CARD_IDS)})" for letter in "ABCD"))


def _decks_and_hand(
    decks_text: str, hand_text: str, letters: str, keys: Mapping[str, Mapping[str, str]]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], str]:
    """The decks and hand strings as :func:`_card_ids` pairs, checked, no card in
    both, and the decks string in canonical form.  Fast path: the decks string in
    canonical form, the hand's deck letters in order and its ids, per deck, all
    different and not in the deck; otherwise the checks one by one, which say what is
    wrong.  ``letters``: the catalog's deck letters (:func:`deck_letters`), which
    the canonical form lists; ``keys``: the :func:`_key_table` naming cards in that
    message."""
    d, h = _CANONICAL.fullmatch(decks_text), _IN_ORDER.fullmatch(hand_text)
    if d is not None and h is not None and letters == "ABCD":
        dg, hg = d.groups(), h.groups()
        for k in (0, 1, 2, 3):
            held = hg[2 * k + 1]
            if held and (len(set(held)) != len(held) or any([i in dg[k] for i in held])):
                break
        else:
            return list(zip("ABCD", dg)), [(hg[k], hg[k + 1]) for k in (0, 2, 4, 6) if hg[k]], decks_text
    deck_pairs = _card_ids(decks_text, "decks")
    hand_pairs = _card_ids(hand_text, "hand")
    in_decks = dict(deck_pairs)
    both = sorted([keys[k][i] for k, held in hand_pairs for i in set(held).intersection(in_decks.get(k, ""))])
    if both:
        raise ValueError(
            f"hand string {hand_text!r}: card(s) {', '.join(both)} are also in the decks; a card is in one place"
        )
    return deck_pairs, hand_pairs, _canonical_cards(deck_pairs, letters)


def _card_id_errors(text: str, field: str) -> list[tuple[str, str]]:
    """:func:`_card_ids` the slow way, which says what is wrong."""
    if not _CARDS.fullmatch(text):
        raise ValueError(
            f"{field} string {text!r}: write deck letters A-D, each followed by card ids a-y, e.g. AabBCfDah"
        )
    pairs: list[tuple[str, str]] = _DECK.findall(text)
    letters = "".join(letter for letter, _ in pairs)
    if letters != "".join(sorted(set(letters))):
        raise ValueError(f"{field} string {text!r}: each deck letter appears once, in the order A, B, C, D")
    for letter, ids in pairs:
        if len(set(ids)) != len(ids):
            raise ValueError(f"{field} string {text!r}: deck {letter} lists a card twice; list each card once")
    return pairs


def _canonical_cards(pairs: Sequence[tuple[str, str]], letters: Sequence[str]) -> str:
    """The canonical form (§13) of checked decks or hand pairs: every deck letter, ids sorted."""
    given = dict(pairs)
    return "".join([letter + "".join(sorted(given.get(letter, ""))) for letter in letters])


@cache
def _key_table(decks: tuple[tuple[str, str], ...]) -> dict[str, dict[str, str]]:
    """Deck letter -> card id -> engine card key (``"A"`` -> ``"h"`` -> ``"circle:h"``)."""
    return {letter: {i: f"{name}:{i}" for i in CARD_IDS} for letter, name in decks}


def _parse_exhausted(text: str) -> list[tuple[str, tuple[int, int]]]:
    if not re.fullmatch(r"(?:[BGPRY]\d{4})*", text):
        raise ValueError(
            f"exhausted cats string {text!r}: write 5-character entries colour (B G P R Y) + row + column, e.g. B0204G1300"
        )
    return [(NOTATION_TERRAIN[e[0].lower()], (int(e[1:3]), int(e[3:5]))) for e in re.findall(r".{5}", text)]


_BAG_FORMS: dict[int, tuple[Mapping[str, int], re.Pattern[str], tuple[str, ...]]] = {}


def _bag(text: str, order: Mapping[str, int]) -> str:
    """The bag string in canonical form (§13: the tiles in catalog ``order``);
    ValueError unless it lists known tiles, each once.  A string in canonical form
    already is recognised by one regular expression (per tile order)."""
    form = _BAG_FORMS.get(id(order))
    if form is None or form[0] is not order:
        tiles = tuple(sorted(order, key=order.__getitem__))
        form = _BAG_FORMS[id(order)] = (order, re.compile("".join(f"{re.escape(t)}?" for t in tiles)), tiles)
    if form[1].fullmatch(text):
        return text
    _check_bag(text, order)
    return "".join([tile for tile in form[2] if tile in text])


def _check_bag(text: str, order: Mapping[str, int]) -> None:
    """ValueError unless the bag string lists known tiles, each once."""
    if len(set(text)) == len(text) and order.keys() >= set(text):
        return
    unknown = sorted(set(text) - set(order))
    problem = f"unknown tile ids {''.join(unknown)}" if unknown else "a tile id appears twice"
    raise ValueError(f"fire tile bag string {text!r}: {problem}; list each tile a-z, A-E at most once")


# The RNG of the functions that draw no card: the engine draws a fire tile after a card
# placement, which the notation puts back or never shows, so its draws reach no result.
NO_DRAW_RNG = random.Random(1110)


class ReadState(NamedTuple):
    """A read game state: the engine state, and the decks (as read) and bag strings,
    for the calls that cannot change them and so write them back (canonical, §13)."""

    state: GameState
    board: str  # the board string as given
    decks: str  # the decks string in canonical form
    bag: str  # the bag string in canonical form


class _Pieces(NamedTuple):
    """What the five strings say, checked, in forms no call changes (shared by the
    calls on one state through the cache; positions get copies)."""

    island: Island
    deck_pairs: tuple[tuple[str, str], ...]  # deck letter, card ids
    decks: str  # the decks string in canonical form
    hand: tuple[str, ...]
    exhausted: tuple[bool, ...]
    arrived: tuple[bool, ...]
    bag: str  # in canonical form (the tiles in bag order)
    hand_known: bool  # every card of the hand is a pathway card of the island


_DeckNames = tuple[tuple[str, ...], dict[str, dict[str, str]], str]
_DECK_NAMES: dict[int, tuple[Mapping[str, str], _DeckNames]] = {}


def _deck_names(decks: Mapping[str, str]) -> _DeckNames:
    """The engine deck names, the :func:`_key_table` and the letters of
    :func:`deck_letters`' read-only mapping, kept per mapping (one per catalog)."""
    known = _DECK_NAMES.get(id(decks))
    if known is None or known[0] is not decks:
        names = (tuple(decks.values()), _key_table(tuple(decks.items())), "".join(decks))
        known = _DECK_NAMES[id(decks)] = (decks, names)
    return known[1]


def _pieces(game_state: Sequence[str], catalog: Catalog | None, terrains: tuple[int, ...] | None = None) -> _Pieces:
    """The checks and parsing of :func:`read_state`, in the order that picks which
    error a bad state reports (``terrains``: see :func:`read_state`)."""
    catalog = catalog or default_catalog()
    decks = deck_letters(catalog)
    names, keys, letters = _deck_names(decks)
    board, decks_text, hand_text, exhausted_text, bag_text = game_state
    exhausted = _parse_exhausted(exhausted_text) if exhausted_text else []
    island = island_from_board(board, catalog, decks=names, colours=exhausted, terrains=terrains)
    deck_pairs, hand_pairs, canonical = _decks_and_hand(decks_text, hand_text, letters, keys)
    hand = tuple([keys[letter][i] for letter, ids in hand_pairs for i in ids])
    grid = island.grid
    starts = island.cat_starts
    flags = [False] * len(starts)
    for colour, square in exhausted:
        on_board = 0 <= square[0] < grid.rows and 0 <= square[1] < grid.cols
        cat = starts.index(grid.index(square)) if on_board and grid.index(square) in starts else None
        if cat is None or island.cat_colours[cat] != colour:
            raise ValueError(
                f"exhausted cats string {exhausted_text!r}: no {colour} cat stands on {list(square)}; "
                "each entry names a cat by its colour and current square"
            )
        flags[cat] = True
    bag = _bag(bag_text, island.tile_order)
    raft = island.raft
    return _Pieces(
        island, tuple(deck_pairs), canonical, hand, tuple(flags), tuple([raft >> sq & 1 == 1 for sq in starts]), bag,
        island.cards.keys() >= set(hand),
    )  # fmt: skip


@lru_cache(maxsize=STATE_CACHE_SIZE)
def _cached_pieces(
    board: str, decks: str, hand: str, exhausted: str, bag: str, terrains: tuple[int, ...] | None
) -> _Pieces:
    """:func:`_pieces` of the default catalog, kept for the states read last."""
    return _pieces((board, decks, hand, exhausted, bag), None, terrains)


def read_state(
    game_state: Sequence[str],
    rng: random.Random,
    catalog: Catalog | None,
    *,
    shuffle: bool,
    decks_read: bool = True,
    bag_read: bool = True,
    terrains: tuple[int, ...] | None = None,
) -> ReadState:
    """The engine state (variant ``comp1110``, play phase) of the five strings (§2);
    with ``shuffle`` False the decks keep the order
    of the string (for callers that draw no card); with ``decks_read`` False the decks
    string is checked but the position gets empty decks, for the calls whose answer no
    deck can change: the placements and moves (no placement or movement rule reads
    the decks, and the notation's single action never ends a round) and
    ``is_game_over`` (its §11 reasons are settled before the engine looks at a deck,
    which it does only to end a round); with ``bag_read`` False likewise the bag
    (``apply_placement``: a placed card's fire draw goes back to the bag anyway);
    with ``terrains`` (indices) only those terrains are read, the others left empty,
    for the calls whose answer no other terrain can change (``None``: all; see
    :func:`~.comp1110_board.island_from_board`).

    Every argument of the position is checked here, so the position is built by the
    trusted constructor (:meth:`Position.trusted`, issue 8 item 5)."""
    if len(game_state) != len(STATE_FIELDS) or not all([type(s) is str or isinstance(s, str) for s in game_state]):
        raise ValueError(f"a game state is {len(STATE_FIELDS)} strings ({', '.join(STATE_FIELDS)}), got {game_state!r}")
    if catalog is None:
        pieces = _cached_pieces(*game_state, terrains)
    else:
        pieces = _pieces(game_state, catalog, terrains)
    island = pieces.island
    engine_decks: dict[str, list[str]] = {}
    if decks_read:
        decks = deck_letters(island.catalog)
        keys = _key_table(tuple(decks.items()))
        engine_decks = {decks[letter]: [keys[letter][i] for i in ids] for letter, ids in pieces.deck_pairs}
        if shuffle:
            for cards in engine_decks.values():
                rng.shuffle(cards)  # the top of an engine deck is its last card
    known = island.cards.keys()
    if not pieces.hand_known or engine_decks and not all(known >= set(cards) for cards in engine_decks.values()):
        unknown = sorted({k for cards in [pieces.hand, *engine_decks.values()] for k in cards} - known)
        raise PositionError(f"cards: {', '.join(unknown)} are not pathway cards of this game")
    bag = list(pieces.bag) if bag_read else []
    state = GameState.trusted(
        island, get_variant("comp1110"), rng=rng, exhausted=list(pieces.exhausted), arrived=list(pieces.arrived),
        decks=engine_decks, hands=[list(pieces.hand)], bag=bag, phase=PLAY,
    )  # fmt: skip
    return ReadState(state, game_state[0], pieces.decks, pieces.bag)


def clear_read_cache() -> None:
    """Forget the states and boards kept (see :func:`.comp1110_state.forget_kept_reads`)."""
    _cached_pieces.cache_clear()
