"""COMP1110 board strings as the engine's :class:`~engine.play.island.Island` and back
(``../shared/reference/COMP1110-NOTATION.md`` §3), for game states whose terrain is
whatever the board string says rather than a scenario's set-up.

Reading: every square but ``n`` is island; terrain letters (uppercase under a cat) go
to the per-terrain bitsets; ``f`` is fire; each ``o`` and its eight neighbours on the
board are raft squares (§3.2): a terrain letter there is a destination of that colour,
``w``/``W`` one any cat may use, and nothing else lies on them.  A raft whose eight
squares are all wild is boarded from any side, like raft A (rulebook "Raft cards").
Cats stand where the uppercase letters are; a ``W`` cat's colour is not in the board,
so it comes from the exhausted-cats entry naming that square, if any.

Writing inverts it from a :class:`~engine.play.state.GameState`: fire first, then raft
squares (``o``, ``w``/``W``, destination colours), then terrain, uppercase under a cat.

Both directions are bulk string and int operations, never a Python step per square.
A board string's rows each end with ``\n``, so a row is ``cols + 1`` characters: the
:class:`~engine.play.bitboard.BitGrid` stride, its newline standing on the guard
column.  Character ``i`` of the string is therefore bit ``i`` of the grid, and the
mask of a set of letters is the string translated to ``0``/``1``, reversed and read
as a binary number (:func:`_letters_mask`).  Writing spreads each bit plane of a
per-square letter class to one byte per square and translates the bytes back to
letters (:func:`_spread`).  A string that fails the quick checks is handed to
:func:`~engine.interop.comp1110_challenge.parse_board_string`, whose message says what
is wrong.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from functools import reduce
from operator import or_
from typing import Any, Collection, Mapping, Sequence

from engine.model.catalog import TERRAINS, Catalog, FireTile, PathwayCard
from engine.model.geometry import Square
from engine.model.scenario import RuleOptions, Scenario
from engine.play.bitboard import BitGrid, bit_grid, bit_list, iter_bits
from engine.play.island import TERRAIN_INDEX, Island
from engine.play.state import GameState

from .comp1110_challenge import BOARD_HEIGHTS, BOARD_LETTERS, BOARD_WIDTHS, TERRAIN_NOTATION, parse_board_string

__all__ = [
    "BOARD_SCENARIO",
    "UNKNOWN_COLOUR",
    "CatalogTables",
    "catalog_tables",
    "changed_squares",
    "island_from_board",
    "rewrite_board",
    "rewrite_placed",
    "write_board",
    "writes_back",
]

UNKNOWN_COLOUR = "unknown"  # a cat on a wild raft square with no exhausted entry: never moves again
NOT_ISLAND = "n"
# The Island's scenario: a board string is not a scenario, but the model wants one.
BOARD_SCENARIO = Scenario(
    id="comp1110-game-state",
    name="COMP1110 game state",
    notes="Built from a COMP1110 board string; the terrain is the string's, square by square.",
    rules=RuleOptions(players=(1,)),
)

# --- lookup tables, built once per process -----------------------------------------


def _ones(letters: str) -> bytes:
    """A ``bytes.translate`` table: ``1`` for ``letters``, ``0`` for anything else."""
    return bytes(ord("1") if chr(i) in letters else ord("0") for i in range(256))


COLOUR_LETTERS = tuple(TERRAIN_NOTATION[t] for t in TERRAINS)  # TERRAINS order
_COLOUR = tuple(_ones(letter + letter.upper()) for letter in COLOUR_LETTERS)
_CAT_MARK = _ones("BGPRYW")  # as bytes of the string, not a mask: cats are few
_FIRE = _ones("f")
_WILD = _ones("wW")
_CAT_COLOUR = {letter.upper(): TERRAINS[t] for t, letter in enumerate(COLOUR_LETTERS)}  # W: not in the board
_NOT_ISLAND = _ones(NOT_ISLAND)
# writing: a letter class per square, 0 being the newline on the guard column
_CLASS_LETTERS = "\n" + NOT_ISLAND + "fowW" + "".join(COLOUR_LETTERS) + "".join(COLOUR_LETTERS).upper()
_CLASS_TABLE = bytes(ord(_CLASS_LETTERS[i]) if i < len(_CLASS_LETTERS) else ord("?") for i in range(256))
_PLANES = (len(_CLASS_LETTERS) - 1).bit_length()
# per bit plane, the positions in write_board's class list (class k at k - 1) with that bit set
_PLANE_CLASSES = tuple(
    tuple(k - 1 for k in range(1, len(_CLASS_LETTERS)) if k >> plane & 1) for plane in range(_PLANES)
)
_BYTE_PER_BIT = bytes.maketrans(b"01", b"\x00\x01")


@dataclass(frozen=True)
class CatalogTables:
    """What every COMP1110 state needs from a catalog, built once per catalog."""

    cards: Mapping[str, PathwayCard]  # "deck:id" -> card, the notation's four decks
    decks: tuple[str, ...]
    tiles: Mapping[str, FireTile]  # the base fire tiles (the notation has no hybrid ones)
    tile_order: Mapping[str, int]


_TABLES: dict[int, tuple[Catalog, CatalogTables]] = {}


def catalog_tables(catalog: Catalog, decks: Sequence[str]) -> CatalogTables:
    """The lookup tables of ``catalog`` for the notation's ``decks`` (cached per
    catalog object for the life of the process: catalogs are frozen)."""
    cached = _TABLES.get(id(catalog))
    if cached is not None and cached[0] is catalog and cached[1].decks == tuple(decks):
        return cached[1]
    tiles = {t.id: t for t in catalog.fire_tiles.values() if not t.hybrid}
    tables = CatalogTables(
        cards={card.key: card for deck in decks for card in catalog.decks[deck]},
        decks=tuple(decks),
        tiles=tiles,
        tile_order={tid: i for i, tid in enumerate(tiles)},
    )
    _TABLES[id(catalog)] = (catalog, tables)
    return tables


# --- reading ------------------------------------------------------------------------
def _letters_mask(reversed_board: bytes, table: bytes) -> int:
    """Bits of the squares whose letter ``table`` maps to ``1`` (``reversed_board`` is
    the board string reversed, so that its last character is bit 0)."""
    return int(reversed_board.translate(table), 2)


_LETTER_BYTES = "".join(sorted(BOARD_LETTERS)).encode("ascii")  # deleted, only the newlines may be left
# (string length, width) of every board size -> its grid and the newlines of its rows
_SIZES = {
    (rows * (cols + 1), cols): (bit_grid(rows, cols), "\n" * rows, b"\n" * rows)
    for rows in BOARD_HEIGHTS
    for cols in BOARD_WIDTHS
}


def _grid_of(board: str, encoded: bytes = b"") -> BitGrid:
    """The grid of a well-formed board string (``encoded``: it in ASCII, or empty when
    it is not ASCII); anything else goes to the full parser, which raises the
    ValueError naming the problem."""
    width = board.find("\n")
    size = _SIZES.get((len(board), width))
    if size is not None and encoded:
        grid, newlines, newline_bytes = size
        # a newline ends every row, and nothing else is left once the letters are deleted
        if board[width :: width + 1] == newlines and encoded.translate(None, _LETTER_BYTES) == newline_bytes:
            return grid
    parse_board_string(board)  # raises, saying which rule the string breaks
    raise ValueError(f"board string {board!r} is malformed")  # pragma: no cover - the parser raises first


def island_from_board(
    board: str,
    catalog: Catalog,
    *,
    decks: Sequence[str],
    colours: Sequence[tuple[str, Square]] = (),
    terrains: Collection[int] | None = None,
) -> Island:
    """The island a board string shows.  ``decks`` are the engine deck names in play;
    ``colours`` are exhausted-cat entries ``(colour, square)``, which name the colour of
    a ``W`` cat.  ValueError says what is wrong with the string.

    ``terrains``: only the terrains of these indices are read, the others left empty
    (``None``: all), for callers whose answer no other terrain can change: the
    placement rules read no terrain, a move only its cat's (the masks are a quarter of
    reading a board)."""
    encoded = board.encode("ascii") if board.isascii() else b""
    grid = _grid_of(board, encoded)
    text = encoded[::-1]
    # _letters_mask, inlined; letters a board may lack are looked for first (a scan is
    # cheaper than a mask)
    centres = 0
    for index in _found(encoded, 111):  # "o": a few per board, found faster than masked
        centres |= 1 << index
    wild = int(text.translate(_WILD), 2) if b"w" in text or b"W" in text else 0
    land = grid.full & ~int(text.translate(_NOT_ISLAND), 2) if b"n" in text else grid.full
    fire = int(text.translate(_FIRE), 2) if b"f" in text else 0
    if terrains is None:
        # every island square shows exactly one letter: the last colour is what is left
        colour = [int(text.translate(table), 2) for table in _COLOUR[:-1]]
        colour.append(land & ~(fire | centres | wild | colour[0] | colour[1] | colour[2] | colour[3]))
    else:
        colour = [int(text.translate(table), 2) if t in terrains else 0 for t, table in enumerate(_COLOUR)]
    raft = grid.near(centres, 1)  # each centre's 3x3 card, clipped to the board
    stray = wild & ~raft
    if stray:
        r, c = grid.square((stray & -stray).bit_length() - 1)
        letter = "W" if board[r * grid.stride + c] == "W" else "w"
        raise ValueError(f"board string: wild square {letter} at ({r}, {c}) is not next to a raft centre 'o'")
    cat_starts = _found(encoded.translate(_CAT_MARK), 49)  # "1": a cat's letter
    # character i of the string is bit i: a cat's letter names its colour, but for W
    cat_colours = [_CAT_COLOUR.get(board[index], "") for index in cat_starts]
    if "" in cat_colours:
        named = dict((square, name) for name, square in colours)
        cat_colours = [name or named.get(grid.square(i), UNKNOWN_COLOUR) for name, i in zip(cat_colours, cat_starts)]
    # a card's squares that are all wild (the raft has no coloured square): boarded from any side
    boarding = []
    for centre in iter_bits(centres) if wild else ():
        card = grid.near(1 << centre, 1)
        if card & ~(1 << centre) == card & wild:
            boarding.append((card, card & wild))
    values = _static_fields(catalog, decks).copy()  # the fields no board changes
    values["grid"] = grid
    values["land"] = land
    values["fixed_fire"] = fire
    values["raft"] = raft & land
    values["dest"] = (colour[0] & raft | wild, colour[1] & raft | wild, colour[2] & raft | wild,
                      colour[3] & raft | wild, colour[4] & raft | wild)  # fmt: skip
    values["boarding"] = tuple(boarding)
    raft = ~raft
    values["start_terrain"] = (colour[0] & raft, colour[1] & raft, colour[2] & raft, colour[3] & raft, colour[4] & raft)
    values["cat_colours"] = tuple(cat_colours)
    # a cat of unknown colour stands on a wild raft square and never moves: its
    # terrain index is never consulted
    values["cat_terrain"] = tuple([TERRAIN_INDEX.get(name, 0) for name in cat_colours])
    values["cat_starts"] = cat_starts
    return _island_of(values)


def _found(encoded: bytes, byte: int) -> tuple[int, ...]:
    """The indices of ``byte`` in ``encoded``, first to last (the bits of a board's
    squares that show it)."""
    out = []
    index = encoded.find(byte)
    while index >= 0:
        out.append(index)
        index = encoded.find(byte, index + 1)
    return tuple(out)


_ISLAND_FIELDS = frozenset(f.name for f in fields(Island))
_ISLAND_DEFAULTS = {f.name: f.default for f in fields(Island) if f.default is not MISSING}


_STATIC: dict[int, tuple[Catalog, tuple[str, ...], dict[str, Any]]] = {}


def _static_fields(catalog: Catalog, decks: Sequence[str]) -> dict[str, Any]:
    """The Island fields that are the same for every board of ``catalog`` and
    ``decks``: the defaults, the board scenario and the catalog tables (kept per
    catalog object; do not change the dict)."""
    known = _STATIC.get(id(catalog))
    if known is None or known[0] is not catalog or known[1] != tuple(decks):
        tables = catalog_tables(catalog, decks)
        static = {**_ISLAND_DEFAULTS, "scenario": BOARD_SCENARIO, "catalog": catalog, "choices": (),
                  "cards": tables.cards, "decks": tables.decks, "tiles": tables.tiles, "tile_order": tables.tile_order}  # fmt: skip
        known = _STATIC[id(catalog)] = (catalog, tuple(decks), static)
    return known[2]


def _island(**values: Any) -> Island:
    """``Island(**values)`` without the frozen dataclass's one ``object.__setattr__``
    per field (a tenth of reading a board), fields left out taking their defaults."""
    return _island_of({**_ISLAND_DEFAULTS, **values})


def _island_of(values: dict[str, Any]) -> Island:
    """:func:`_island` of every field in ``values`` (which becomes the island's own);
    the dataclass's constructor if they are not exactly the Island's fields (a field
    added since without a plain default)."""
    if values.keys() != _ISLAND_FIELDS:
        return Island(**values)
    island = object.__new__(Island)
    object.__setattr__(island, "__dict__", values)
    return island


# --- writing --------------------------------------------------------------------------
def _spread(mask: int, squares: int) -> int:
    """``mask`` with every bit widened to a byte (bit ``i`` -> byte ``i``, 0 or 1)."""
    digits = format(mask, _WIDTH_SPEC.get(squares) or f"0{squares}b")
    return int.from_bytes(digits.encode("ascii").translate(_BYTE_PER_BIT), "big")


_WIDTH_SPEC = {n: f"0{n}b" for n in range(400)}  # format specs of every board size


def _no_colour(island: Island, mask: int) -> ValueError:
    square = island.grid.square((mask & -mask).bit_length() - 1)
    return ValueError(f"board string: square {list(square)} shows no colour")


def _classes(island: Island, cats: int, fire: int, terrain: Sequence[int], region: int) -> list[int]:
    """Per letter class of :data:`_CLASS_LETTERS` (class ``k`` at ``k - 1``), the squares
    of ``region`` that show it, for a position of ``island`` with these cats, fire and
    terrain masks; ValueError for a square of ``region`` with no colour.  Every class
    is a per-square function of the masks, so the squares outside ``region`` never
    change what those inside show."""
    cats &= region
    land = island.land & region
    fire &= land
    rest = land & ~fire
    raft = rest & island.raft
    wild = raft
    for m in island.dest:
        wild &= m
    coloured = [0] * len(TERRAINS)
    taken = wild
    for t, m in enumerate(island.dest):  # a destination shows its (first) colour
        coloured[t] = raft & m & ~taken
        taken |= coloured[t]
    centres = raft & ~taken
    if centres & cats:
        raise _no_colour(island, centres & cats)
    plain = rest & ~raft
    taken = 0
    for t, m in enumerate(terrain):
        shown = plain & m & ~taken
        coloured[t] |= shown
        taken |= shown
    if plain & ~taken:
        raise _no_colour(island, plain & ~taken)
    classes = [region & ~land, fire, centres, wild & ~cats, wild & cats]
    return classes + [m & ~cats for m in coloured] + [m & cats for m in coloured]


def write_board(state: GameState) -> str:
    """The board string of an engine state built by :func:`island_from_board`."""
    return _write(state.island, state.cat_mask, state.fire, state.terrain)


def _write(island: Island, cats: int, fire: int, terrain: Sequence[int]) -> str:
    grid = island.grid
    classes = _classes(island, cats, fire, terrain, grid.full)
    squares = grid.rows * grid.stride
    total = 0
    for plane, members in enumerate(_PLANE_CLASSES):
        total |= _spread(reduce(or_, map(classes.__getitem__, members)), squares) << plane
    return total.to_bytes(squares, "little").translate(_CLASS_TABLE).decode("ascii")


def rewrite_placed(state: GameState, board: str, covered: int, fire: bool) -> str:
    """:func:`rewrite_board` after a legal card (``fire`` False) or ordinary fire tile
    placement covering ``covered``, written directly: nothing is placed on fire, cats
    or raft squares, so each covered square now shows the card's terrain there, or
    fire."""
    out = bytearray(board, "ascii")
    if fire:
        for i in bit_list(covered):
            out[i] = _FIRE_LETTER
    else:
        for letter, mask in zip(_COLOUR_ORDS, state.terrain):
            for i in bit_list(mask & covered):
                out[i] = letter
    return out.decode("ascii")


_FIRE_LETTER = ord("f")
_COLOUR_ORDS = tuple(ord(letter) for letter in COLOUR_LETTERS)  # TERRAINS order


def rewrite_board(state: GameState, board: str, changed: int, cats_only: bool = False) -> str:
    """:func:`write_board` of ``state`` when ``board`` is the string of a state that
    differs from it only on the squares of ``changed`` (fire, cats, terrain) and that
    :func:`write_board` gives back unchanged: only those squares are written.  With
    ``cats_only`` (only cats came or went on those squares, as after a move) a square
    showing a colour or ``w`` keeps its letter and changes its case, which is what
    :func:`_classes` gives it (a cat's classes are the same squares in upper case)."""
    out = bytearray(board, "ascii")
    if cats_only:
        squares = bit_list(changed)
        if all([out[i] in _CASED for i in squares]):
            for i in squares:
                out[i] ^= 0x20  # ASCII case
            return out.decode("ascii")
    for k, mask in enumerate(_classes(state.island, state.cat_mask, state.fire, state.terrain, changed), 1):
        letter = _CLASS_LETTERS_ORD[k]
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] = letter
            mask ^= low
    return out.decode("ascii")


_CLASS_LETTERS_ORD = _CLASS_LETTERS.encode("ascii")
_CASED = frozenset(
    ("w" + "".join(COLOUR_LETTERS)).encode("ascii") + ("w" + "".join(COLOUR_LETTERS)).upper().encode("ascii")
)


def changed_squares(state: GameState) -> tuple[int, bool]:
    """The squares where ``state`` differs from the set-up of its island (the board
    string it was read from): fire, cats and terrain; and whether only cats changed."""
    island = state.island
    cats = 0
    for sq in island.cat_starts:
        cats |= 1 << sq
    cats ^= state.cat_mask
    changed = state.fire ^ island.fixed_fire
    for now, then in zip(state.terrain, island.start_terrain):
        changed |= now ^ then
    return changed | cats, not changed


def writes_back(island: Island, board: str) -> bool:
    """Whether the set-up of ``island`` (read from ``board``) writes ``board`` again,
    which :func:`rewrite_board` needs.  True for every board :func:`island_from_board`
    accepts (tests/engine/test_comp1110_fast_paths.py checks it on random boards): the
    reader puts each letter in exactly the masks from which :func:`_classes` gives it
    back (``n`` off the island, ``f`` fire, ``o`` a raft square with no destination,
    ``w`` a raft square of every colour, a colour letter on a raft square a destination
    of that colour alone and elsewhere that terrain alone, upper case a cat), so the
    interop rewrites the input string without calling this."""
    return _write(island, sum([1 << sq for sq in island.cat_starts]), island.fixed_fire, island.start_terrain) == board
