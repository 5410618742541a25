"""COMP1110 notation, game-state level (``../shared/reference/COMP1110-NOTATION.md``
§2-§8, §10, §11): the five state strings to and from an engine
:class:`~engine.play.state.GameState`, and the assignment's state functions, each answered
by the engine's own rules (variant ``comp1110``: draw 6, discards leave the game, no
disaster pile, no water).

The board string becomes the engine's :class:`~engine.play.island.Island` with bulk
string and int operations (:mod:`.comp1110_board`); the decks string fills the engine's
decks, shuffled with the injected RNG (drawing is random, §4); the hand string is
player 0's hand, the exhausted string sets the cats' exhausted flags, the bag string is
the fire bag.  Writing a state back gives the canonical forms of §13.

Speed (``bench/bench_interop.py``): the assignment's functions that never draw a card
(placements, moves, game over) skip the shuffle, since only a draw sees the order of a
deck and the decks are written back sorted, and they share one module RNG (no call of
theirs draws from it: a card placement that ``is_game_over`` plays has an empty bag).
``apply_placement`` and ``move_cat`` check the action with the engine's rules and then
take only the engine's own effect of it (:func:`engine.play.moves.lay_card`,
:func:`engine.play.hybrid.lay`, :func:`engine.play.moves.step_cat`): what the engine
does next (the fire draw, the cut-off analysis, the end of the action) decides only
whether the game goes on, which no state string shows.  ``draw_hand`` and
``draw_fire_tile`` shuffle as before, so a seeded RNG draws what it always drew.

Boundary decisions (docs/interop.md, "Game states"):

* ``is_placement_valid`` asks the engine's placement rules alone
  (``GameState.placement_error``: phase, hand and pending tile ignored), since the
  notation requires neither the card in the hand nor the tile in the bag (§10.1,
  §10.2).  ``apply_placement`` and ``is_game_over`` put the card in the hand or make the
  tile the pending one and then apply it with the full engine check, so an unheld
  card leaves the hand unchanged.  Placing a card makes the engine draw the next fire
  tile; the notation draws it in a separate call (``draw_fire_tile``), so
  ``apply_placement`` takes the card's own effect without the draw.
* ``draw_hand`` plays the request as engine draws and returns the input unchanged if
  the engine refuses any of them (a deck short of cards, more than 6 cards in hand).
* ``is_game_over`` answers §11: a card ends the game only when the bag is empty, a
  move only when every cat is then on the raft, a misplaced fire tile when no
  placement of it fits, a placed one when the engine's cut-off analysis finds a cat
  that cannot reach the raft.
* Actions the rules refuse make ``apply_placement`` / ``move_cat`` raise the engine's
  :class:`~engine.play.outcome.IllegalAction` (a ValueError) and ``is_game_over`` answer
  False for cards and moves (they cannot happen); malformed strings raise ValueError.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Mapping, Sequence

from engine.model.catalog import Catalog, default_catalog
from engine.play import hybrid, legal, moves
from engine.play.actions import DrawCard, MoveCat, PlaceFire, PlacePathway
from engine.play.bitboard import bit_grid
from engine.play.island import TERRAIN_INDEX
from engine.play.outcome import ALL_CATS_ON_RAFT, FIRE_BAG_EMPTY, IllegalAction
from engine.play.reach import find_cut_off
from engine.play.state import DRAW, FIRE, PLAY, GameState, PendingFire

from .comp1110_actions import *  # noqa: F401,F403
from .comp1110_actions import NotationAction, deck_letters, parse_action_string
from .comp1110_actions import __all__ as _actions_all
from .comp1110_board import UNKNOWN_COLOUR, rewrite_board, rewrite_placed, write_board
from .comp1110_challenge import BOARD_HEIGHTS, BOARD_WIDTHS, TERRAIN_NOTATION
from .comp1110_read import (
    CARD_IDS,
    NO_DRAW_RNG,
    STATE_FIELDS,
    ReadState,
    clear_read_cache,
    read_state,
)

__all__ = [
    "STATE_FIELDS",
    "UNKNOWN_COLOUR",
    "apply_placement",
    "draw_fire_tile",
    "draw_hand",
    "fire_tile_string",
    "game_state_from_strings",
    "game_state_to_strings",
    "is_cat_movement_valid",
    "is_game_over",
    "is_placement_valid",
    "move_cat",
    "parse_draw_request",
    *_actions_all,
]

PLAYER = 0
ACTION_CACHE_SIZE = 256  # action strings read last, per process


# --- the small strings -------------------------------------------------------------

_CODES: dict[int, tuple[Mapping[str, str], dict[str, str], dict[str, str], list[str]]] = {}


def _card_codes(decks: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str], list[str]]:
    """For the notation's decks (:func:`deck_letters`' mapping, kept per mapping): engine
    card key -> sort code (a character for its deck's letter position, then its id), sort
    code -> text (a deck's code alone -> its letter, a card's -> its id), and the decks'
    codes in letter order.  Sorted together, a card's code falls after its deck's and
    before the next deck's, so the texts joined are the canonical form (§13)."""
    known = _CODES.get(id(decks))
    if known is None or known[0] is not decks:
        codes: dict[str, str] = {}
        texts: dict[str, str] = {}
        for n, (letter, name) in enumerate(decks.items()):
            texts[chr(16 + n)] = letter
            for i in CARD_IDS:
                codes[f"{name}:{i}"] = chr(16 + n) + i
                texts[chr(16 + n) + i] = i
        known = _CODES[id(decks)] = (decks, codes, texts, [chr(16 + n) for n in range(len(decks))])
    return known[1], known[2], known[3]


def _format_cards(keys: Sequence[str], decks: Mapping[str, str]) -> str:
    """Cards as a decks or hand string in canonical form (§13): every deck letter, ids sorted."""
    codes, texts, deck_codes = _card_codes(decks)
    try:
        order = deck_codes + list(map(codes.__getitem__, keys))
    except KeyError:  # not a notation card key: the general reading below
        return _format_any_cards(keys, decks)
    order.sort()
    return "".join(map(texts.__getitem__, order))


def _format_any_cards(keys: Sequence[str], decks: Mapping[str, str]) -> str:
    by_deck: dict[str, list[str]] = {name: [] for name in decks.values()}
    for key in keys:
        deck, _, card_id = key.partition(":")
        by_deck[deck].append(card_id)
    return "".join([letter + "".join(sorted(by_deck[name])) for letter, name in decks.items()])


def _format_decks(state: GameState, decks: Mapping[str, str]) -> str:
    """The decks string: :func:`_format_cards` over the engine decks, one deck at a time."""
    out = []
    for letter, name in decks.items():
        keys = state.decks.get(name, ())
        prefix = f"{name}:"
        if ("\0" + "\0".join(keys)).count("\0" + prefix) != len(keys):  # a key of another deck
            return _format_cards([key for deck in decks.values() for key in state.decks.get(deck, ())], decks)
        # one prefix throughout, so the keys sort as their ids; ids are one letter a-y
        out.append(letter + "".join(sorted(keys)).replace(prefix, ""))
    return "".join(out)


def parse_draw_request(request: str) -> list[tuple[str, int]]:
    """A draw request (§8) as ``(deck letter, count)`` pairs."""
    pairs = re.findall(r"([A-D])([1-6])", request)
    letters = [letter for letter, _ in pairs]
    if not re.fullmatch(r"(?:[A-D][1-6])+", request) or letters != sorted(set(letters)):
        raise ValueError(
            f"draw request {request!r}: write deck letter + count (1-6) pairs in the order A, B, C, D, e.g. A3B1D2"
        )
    return [(letter, int(count)) for letter, count in pairs]


# --- state strings <-> GameState ---------------------------------------------------
def _cat_on(state: GameState, square: tuple[int, int]) -> int | None:
    """The cat standing on ``square`` (None off the board or with no cat there)."""
    grid = state.island.grid
    on_board = 0 <= square[0] < grid.rows and 0 <= square[1] < grid.cols
    return state.cat_at(square) if on_board else None


def game_state_from_strings(
    game_state: Sequence[str], rng: random.Random | None = None, catalog: Catalog | None = None
) -> GameState:
    """An engine state (variant ``comp1110``, play phase) from the five strings (§2).
    ``rng`` shuffles the decks and draws fire tiles; ValueError names a bad string."""
    return read_state(game_state, rng or random.Random(), catalog, shuffle=True).state


def game_state_to_strings(state: GameState) -> list[str]:
    """The five strings of an engine state in canonical form (§13).  Cards held in a
    face-down reserve (other variants) count as the hand; the pending fire tile has
    left the bag (§7)."""
    island = state.island
    return [
        write_board(state),
        _format_decks(state, deck_letters(island.catalog)),
        _hand_string(state),
        _exhausted_string(state),
        "".join(sorted(state.bag, key=island.tile_order.__getitem__)),
    ]


def _hand_string(state: GameState) -> str:
    if state.players == 1:
        cards = state.hands[0] + state.reserve[0]
    else:
        cards = [key for p in range(state.players) for key in state.hands[p] + state.reserve[p]]
    return _format_cards(cards, deck_letters(state.island.catalog))


def _exhausted_string(state: GameState) -> str:
    island = state.island
    stride = island.grid.stride
    entries = [
        TERRAIN_NOTATION[island.cat_colours[i]].upper() + "%02d%02d" % divmod(sq, stride)
        for i, sq in enumerate(state.cat_sq)
        if state.exhausted[i]
    ]
    return "".join(sorted(entries))


# --- the assignment's functions ----------------------------------------------------
@lru_cache(maxsize=ACTION_CACHE_SIZE)
def _default_action(text: str) -> NotationAction:
    return parse_action_string(text)


def _action(text: str, catalog: Catalog) -> NotationAction:
    """:func:`parse_action_string`, kept per process for the action strings read last
    in the default catalog (a tool checks an action, then applies it); actions are
    frozen, so a kept one is shared safely."""
    if type(text) is str and catalog is default_catalog():
        return _default_action(text)
    return parse_action_string(text, catalog)


def forget_kept_reads() -> None:
    """Forget every state, board check, action string and grid component kept per
    process (``bench/bench_interop.py`` times calls without them: its cold figures)."""
    clear_read_cache()
    _default_action.cache_clear()
    for rows in BOARD_HEIGHTS:
        for cols in BOARD_WIDTHS:
            bit_grid(rows, cols).forget_components()


def _parse(text: str, catalog: Catalog) -> NotationAction | None:
    try:
        return _action(text, catalog)
    except ValueError:
        return None


def _prepared(state: GameState, action: PlacePathway | PlaceFire) -> None:
    """The boundary relaxation of §10.1/§10.2: hold the card, or make the tile the
    one waiting to be placed (it has already left the bag, §7)."""
    if isinstance(action, PlacePathway):
        if action.card in state.island.cards and action.card not in state.hands[PLAYER]:
            state.hands[PLAYER].append(action.card)
    else:
        state.pending = PendingFire(action.tile, PLAYER, "pathway")
        state.phase = FIRE


def _strings_after(read: ReadState, board: str) -> list[str]:
    """:func:`game_state_to_strings` after a placement or a move, which change neither
    the decks nor the bag: those two are the input's, in canonical form; ``board``:
    the board string after it.

    The input board is what write_board gives for the island read from it (every board
    island_from_board accepts writes back: comp1110_board.writes_back), so the callers
    write only the squares the action changed (rewrite_board, rewrite_placed)."""
    state = read.state
    return [board, read.decks, _hand_string(state), _exhausted_string(state), read.bag]


def is_placement_valid(game_state: Sequence[str], placement: str) -> bool:
    """``isPlacementValid`` (§10.1, §10.2): the engine's placement rules alone
    (:meth:`GameState.placement_error`); the card need not be in the hand nor the tile
    in the bag."""
    parsed = _parse(placement, default_catalog())  # (the state's catalog, read below)
    state = read_state(game_state, NO_DRAW_RNG, None, shuffle=False, decks_read=False, terrains=()).state
    if parsed is None or isinstance(parsed.action, MoveCat):
        return False
    return state.placement_error(parsed.action) is None


def apply_placement(game_state: Sequence[str], placement: str) -> list[str]:
    """``applyPlacement``: the state after a card or fire tile placement (the card
    leaves the hand; decks, exhausted cats and bag are unchanged)."""
    # no terrain: the placement rules read none, and the squares written back are all
    # under the new card or tile
    read = read_state(game_state, NO_DRAW_RNG, None, shuffle=False, decks_read=False, bag_read=False, terrains=())
    state = read.state
    action = _action(placement, state.island.catalog).action
    if isinstance(action, MoveCat):
        raise ValueError(f"placement {placement!r} is a cat movement; use move_cat")
    _prepared(state, action)
    moves.check(state, action)
    _lay(state, action)
    island = state.island
    if isinstance(action, PlacePathway):
        board = rewrite_placed(state, read.board, island.card_mask(action.at), fire=False)
    elif not hybrid.is_hybrid(island.tiles[action.tile]):
        board = rewrite_placed(state, read.board, island.tile_mask(action), fire=True)
    else:  # (the notation has no hybrid tiles: the general rewrite)
        board = rewrite_board(state, read.board, island.tile_mask(action))
    return _strings_after(read, board)


def _lay(state: GameState, action: PlacePathway | PlaceFire) -> None:
    """The effect of a checked placement on the board and the hand, by the engine's own
    steps, without what the engine does after it: a card's fire draw (the notation
    draws in its own call) and a tile's cut-off analysis and end of action (which
    decide only whether the game goes on, which no state string shows; the variant
    has no tokens, reserve or disasters that would change a string there)."""
    state.history.append(action)
    if isinstance(action, PlacePathway):
        moves.lay_card(state, action)
    else:
        hybrid.lay(state, action, state.island.tile_mask(action))
        state.pending, state.phase = None, PLAY


def _cat_move(state: GameState, text: str, parsed: NotationAction | None = None) -> MoveCat | None:
    """The engine move a movement string names (``parsed``, if read already), if its
    cat has that colour."""
    parsed = parsed or _parse(text, state.island.catalog)
    if parsed is None or not isinstance(parsed.action, MoveCat):
        return None
    cat = _cat_on(state, parsed.action.cat)
    if cat is None or state.island.cat_colours[cat] != parsed.colour:
        return None
    return parsed.action


def is_cat_movement_valid(game_state: Sequence[str], movement: str) -> bool:
    """``isCatMovementValid`` (§10.3): a cat of that colour on the start square, the
    engine's move rules (own-colour path, free end square or raft destination, one
    discard or two for an exhausted cat, discards in the hand)."""
    parsed = _parse(movement, default_catalog())
    state = read_state(game_state, NO_DRAW_RNG, None, shuffle=False, decks_read=False, terrains=_moving(parsed)).state
    move = _cat_move(state, movement, parsed)
    return move is not None and state.is_legal(move)


def _moving(parsed: NotationAction | None) -> tuple[int, ...]:
    """The terrain a movement's answer reads (the moving cat's, which the string
    names: a cat of another colour is no move), for :func:`read_state`."""
    index = TERRAIN_INDEX.get(parsed.colour or "") if parsed is not None else None
    return () if index is None else (index,)


def move_cat(game_state: Sequence[str], movement: str) -> list[str]:
    """``moveCat``: the state after a cat movement (cat moved and exhausted, discards
    out of the game)."""
    parsed = _parse(movement, default_catalog())
    read = read_state(game_state, NO_DRAW_RNG, None, shuffle=False, decks_read=False, terrains=_moving(parsed))
    state = read.state
    move = _cat_move(state, movement, parsed)
    if move is None:
        _action(movement, state.island.catalog)  # raises for a malformed string
        raise IllegalAction("no-cat", f"movement {movement!r}: no cat of that colour stands on its start square")
    moves.check(state, move)
    state.history.append(move)
    moves.step_cat(state, move)  # (what follows a move decides only whether the game goes on: see _lay)
    grid = state.island.grid
    return _strings_after(
        read, rewrite_board(state, read.board, grid.bit(move.cat) | grid.bit(move.to), cats_only=True)
    )


def is_game_over(game_state: Sequence[str], action: str) -> bool:
    """``isGameOver`` (§11): whether ``action`` ends the game, won or lost."""
    early = _parse(action, default_catalog())
    # a move reads its cat's terrain, a card none (nothing after a legal card reads any
    # when it ends the game), a fire tile all (the cut-off analysis)
    terrains = _moving(early) if early is None or not isinstance(early.action, PlaceFire) else None
    if early is not None and isinstance(early.action, PlacePathway):
        terrains = ()
    state = read_state(game_state, NO_DRAW_RNG, None, shuffle=False, decks_read=False, terrains=terrains).state
    catalog = state.island.catalog
    parsed = early if early is not None and catalog is default_catalog() else _action(action, catalog)
    if isinstance(parsed.action, MoveCat):
        move = _cat_move(state, action, parsed)
        if move is None or not state.is_legal(move):
            return False
        # The game is won when every cat is on the raft: only the moving cat arrives, so
        # unless it steps onto the raft and every other cat is there already, the move
        # cannot win (and no move can end the game any other way in this variant, §11).
        cat = _cat_on(state, move.cat)
        others = all(a for i, a in enumerate(state.arrived) if i != cat)
        if not (others and state.island.raft & state.island.grid.bit(move.to)):
            return False
        state.apply_unchecked(move)  # just checked
        return _reason(state) == ALL_CATS_ON_RAFT
    placement = parsed.action
    _prepared(state, placement)
    if not state.is_legal(placement):
        return isinstance(placement, PlaceFire) and not legal.has_fire_placement(state)
    if isinstance(placement, PlaceFire):
        # the engine's first check after a tile is the cut-off analysis (the end of the
        # action that follows can lose only for another reason, no-legal-play)
        _lay(state, placement)
        return find_cut_off(state) is not None
    if state.bag:
        return False  # a card ends the game only by the fire draw that finds the bag empty
    state.apply_unchecked(placement)  # just checked
    return _reason(state) == FIRE_BAG_EMPTY


def _reason(state: GameState) -> str | None:
    outcome = state.outcome()
    return None if outcome is None else outcome.reason


def draw_hand(game_state: Sequence[str], request: str, rng: random.Random | None = None) -> list[str]:
    """``drawHand`` (§8): the requested cards drawn at random into the hand by the
    engine's draws; the state unchanged if the engine refuses any draw."""
    wanted = parse_draw_request(request)
    state = game_state_from_strings(game_state, rng=rng)
    decks = deck_letters(state.island.catalog)
    state.phase = DRAW
    state.drawn = [len(state.hands[PLAYER])]  # the hand counts towards the round's 6
    try:
        for letter, count in wanted:
            for _ in range(count):
                state.apply(DrawCard(PLAYER, decks[letter]))
    except IllegalAction:
        return list(game_state)
    return game_state_to_strings(state)


def fire_tile_string(tile_id: str, catalog: Catalog | None = None) -> str:
    """A tile's id followed by its north-form cells as row and column digits,
    e.g. ``a000110111221`` (the course's component string)."""
    tile = (catalog or default_catalog()).fire_tiles[tile_id]
    return tile_id + "".join(f"{r}{c}" for r, c in tile.cells)


def draw_fire_tile(game_state: Sequence[str], rng: random.Random | None = None) -> str:
    """``drawFireTile`` (§7): a random tile from the bag, drawn by the engine's fire
    draw, as its component string; ``""`` for an empty bag."""
    state = game_state_from_strings(game_state, rng=rng)
    if not state.bag:
        return ""
    moves.draw_fire(state, PLAYER, "pathway")
    assert state.pending is not None
    return fire_tile_string(state.pending.tile, state.island.catalog)
