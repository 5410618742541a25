"""The component catalog: static facts about the physical components, as frozen data.

A catalog is read from a ``*.components.json`` file (schema ``components.schema.json``),
validated, and converted into the dataclasses below.  Several catalogs merge: the base
game, the Kickstarter pack, and a pack's or user's custom components.  Custom
components never need code changes; they only need unused ids.

Grid letters (our own format): ``b r g o p`` are terrain (blue, red, green, orange,
purple), ``f`` is fire.  Raft grids use ``#`` for raft art that no cat may use, ``*``
for a destination any cat may use, and a terrain letter for a destination of that
colour (``w``: a destination reserved for white cats).  Oshax paths and rescue strips
are optional data on cards (:mod:`engine.model.card_paths`).
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping

from engine.model import schema_cache
from engine.model.card_paths import PathSquares, RescueStrip, card_feature_problems, paths_from, rescue_from
from engine.model.disaster_cards import DISASTER_CATS, DISASTER_FIELDS, DisasterCard, DisasterEffect
from engine.model.geometry import Grid, Square
from engine.model.jsonio import MAX_CATALOG_BYTES, FormatError, parse_json, read_bytes
from engine.model.resources import campaigns_dir
from engine.model.schemas import schema_errors
from engine.model.special_boards import SPECIAL, special_board_problems
from engine.model.userdirs import user_catalogs_dir

log = logging.getLogger(__name__)

Terrain = Literal["blue", "red", "green", "orange", "purple"]  # a square's colour (fire aside)
CatColour = Literal["blue", "red", "green", "orange", "purple", "white"]  # white: the Oshax, no terrain
TERRAINS: tuple[Terrain, ...] = ("blue", "red", "green", "orange", "purple")
CAT_COLOURS: tuple[CatColour, ...] = TERRAINS + ("white",)
LETTER_TO_TERRAIN: dict[str, str] = {"b": "blue", "r": "red", "g": "green", "o": "orange", "p": "purple", "f": "fire"}
TERRAIN_TO_LETTER: dict[str, str] = {v: k for k, v in LETTER_TO_TERRAIN.items()}
DECKS: tuple[str, ...] = ("circle", "cross", "square", "triangle")
BOARD_SHAPES: dict[str, tuple[int, int]] = {"large": (9, 9), "small": (6, 9)}  # north form rows, cols
BOARD_SIZES: tuple[str, ...] = tuple(BOARD_SHAPES) + (SPECIAL,)  # special: any shape (engine.model.special_boards)
FIRE_STRIP_WIDTH = 3
RAFT_BLOCKED = "#"
RAFT_ANY = "*"
RAFT_WHITE = "w"  # a destination for white cats (the Oshax) only
MAX_CATALOG_ITEMS = 1000  # components in all (boards, decks and their cards, location and raft cards, fire tiles)


@dataclass(frozen=True)
class IslandBoard:
    """One physical double-sided island board; faces are north-form grids with the
    fire strip on the west edge of the fire face.  A special board (``size`` is
    :data:`SPECIAL`) has the shape ``shape``, faces of any footprint (``.`` squares
    are not part of it) and its fire wherever the faces print ``f``
    (:mod:`engine.model.special_boards`)."""

    id: str
    size: str
    number: int
    fire_face: Grid
    plain_face: Grid
    shape: str | None = None
    fire_strip: str | None = None  # special boards: the north-form edge of the fire face's strip, if any

    def face(self, face: str) -> Grid:
        return self.fire_face if face == "fire" else self.plain_face


@dataclass(frozen=True)
class PathwayCard:
    """A pathway card: its deck, its id within the deck and its 3x3 terrain in the north form."""

    deck: str
    id: str  # unique within its deck: "a".."y" in the base game
    grid: Grid
    oshax: PathSquares = ()  # Oshax paths, north form (engine.model.card_paths)

    @property
    def key(self) -> str:
        return f"{self.deck}:{self.id}"


@dataclass(frozen=True)
class CatStart:
    """A cat printed on a location card: its colour and square (north form)."""

    colour: str
    square: Square  # within the card's 3x3 grid, north form


@dataclass(frozen=True)
class LocationCard:
    """A location card: its number, its 3x3 terrain and the cats printed on it."""

    number: int
    grid: Grid  # terrain under the cats too; 'f' squares are printed fire
    cats: tuple[CatStart, ...]
    oshax: PathSquares = ()  # Oshax paths, north form (engine.model.card_paths)
    rescue: tuple[RescueStrip, ...] = ()  # rescue-friend strips and circles


@dataclass(frozen=True)
class RaftCard:
    """A raft card: its letter and its 3x3 grid of destination squares (north form)."""

    letter: str
    grid: Grid
    oshax: PathSquares = ()  # Oshax paths, north form (engine.model.card_paths)

    def destinations(self) -> dict[Square, str | None]:
        """Destination squares in the north form: colour, or None for any colour
        (``w``: a white cat's destination, reserved for white cats, MV-5)."""
        out: dict[Square, str | None] = {}
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                if ch == RAFT_ANY:
                    out[(r, c)] = None
                elif ch == RAFT_WHITE:
                    out[(r, c)] = "white"
                elif ch != RAFT_BLOCKED:
                    out[(r, c)] = LETTER_TO_TERRAIN[ch]
        return out


@dataclass(frozen=True)
class FireTile:
    """A fire tile: the squares it covers (north form) and, for hybrid tiles, its safe spots."""

    id: str
    cells: tuple[Square, ...]  # north form, bounding box anchored at (0, 0)
    hybrid: bool = False
    safe_spots: tuple[tuple[Square, str], ...] = ()  # hybrid tiles: (cell, terrain)


@dataclass(frozen=True)
class KnownMissing:
    """Components whose real data is unknown (RULINGS unknowns): which, and why they are left out."""

    component: str
    ids: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Catalog:
    """Everything the engine and the validator know about components."""

    ids: tuple[str, ...]
    name: str
    boards: tuple[IslandBoard, ...] = ()
    decks: Mapping[str, tuple[PathwayCard, ...]] = field(default_factory=dict)
    location_cards: Mapping[int, LocationCard] = field(default_factory=dict)
    raft_cards: Mapping[str, RaftCard] = field(default_factory=dict)
    fire_tiles: Mapping[str, FireTile] = field(default_factory=dict)
    disaster_cards: Mapping[str, DisasterCard] = field(default_factory=dict)
    box: Mapping[str, int] = field(default_factory=dict)
    known_missing: tuple[KnownMissing, ...] = ()
    comp1110: Mapping[str, Any] = field(default_factory=dict)

    def boards_of_size(self, size: str, shape: str | None = None) -> tuple[IslandBoard, ...]:
        """The boards of one size; for special boards, of one ``shape``."""
        key = (size, shape if size == SPECIAL else None)
        kept = self._boards_by_size.get(key)
        if kept is None:
            kept = self._boards_by_size[key] = tuple(
                b for b in self.boards if b.size == size and (size != SPECIAL or b.shape == shape)
            )
        return kept

    # A catalog is frozen and its boards a tuple, so lookups by size and by id are kept
    # on first use (every new game draws its boards through them: issue 27 item 6).
    @cached_property
    def _boards_by_size(self) -> dict[tuple[str, str | None], tuple[IslandBoard, ...]]:
        return {}

    @cached_property
    def _boards_by_id(self) -> dict[str, IslandBoard]:
        out: dict[str, IslandBoard] = {}
        for b in self.boards:
            out.setdefault(b.id, b)  # the first board of an id, as a search in catalog order finds it
        return out

    def special_shapes(self) -> dict[str, tuple[IslandBoard, ...]]:
        """Special board shape id -> its boards, in catalog order."""
        out: dict[str, tuple[IslandBoard, ...]] = {}
        for b in self.boards:
            if b.size == SPECIAL and b.shape is not None:
                out[b.shape] = out.get(b.shape, ()) + (b,)
        return out

    def board(self, board_id: str) -> IslandBoard | None:
        return self._boards_by_id.get(board_id)

    def pathway_card(self, deck: str, card_id: str) -> PathwayCard | None:
        return next((c for c in self.decks.get(deck, ()) if c.id == card_id), None)

    def box_count(self, key: str) -> int:
        return int(self.box.get(key, 0))

    def has_oshax_paths(self) -> bool:
        """Whether any pathway card carries Oshax path data (RULINGS OX-2: unknown)."""
        return any(card.oshax for cards in self.decks.values() for card in cards)

    def is_known_missing(self, component: str, ident: str) -> bool:
        return any(m.component == component and ident in m.ids for m in self.known_missing)

    def clashes(self, other: "Catalog") -> list[str]:
        """The components ``other`` defines that this catalog already has."""
        return (
            [f"island board {b.id}" for b in other.boards if self.board(b.id)]
            + [f"location card {n}" for n in other.location_cards if n in self.location_cards]
            + [f"raft card {letter}" for letter in other.raft_cards if letter in self.raft_cards]
            + [f"fire tile {t}" for t in other.fire_tiles if t in self.fire_tiles]
            + [f"disaster card {d}" for d in other.disaster_cards if d in self.disaster_cards]
            + [c.key for cards in other.decks.values() for c in cards if self.pathway_card(c.deck, c.id)]
        )

    def merged(self, other: "Catalog") -> "Catalog":
        """This catalog plus ``other``'s components; ``other`` may not redefine ids."""
        clashes = self.clashes(other)
        if clashes:
            raise CatalogError(
                f"catalog '{other.ids[0]}' redefines components of '{self.ids[0]}': "
                f"{', '.join(clashes)}; give custom components new ids"
            )
        order = list(DECKS) + sorted({*self.decks, *other.decks} - set(DECKS))
        decks = {
            d: self.decks.get(d, ()) + other.decks.get(d, ()) for d in order if d in self.decks or d in other.decks
        }
        box = dict(self.box)
        for key, value in other.box.items():
            box[key] = box.get(key, 0) + value
        return Catalog(
            ids=self.ids + other.ids,
            name=self.name,
            boards=self.boards + other.boards,
            decks=decks,
            location_cards={**self.location_cards, **other.location_cards},
            raft_cards={**self.raft_cards, **other.raft_cards},
            fire_tiles={**self.fire_tiles, **other.fire_tiles},
            disaster_cards={**self.disaster_cards, **other.disaster_cards},
            box=box,
            known_missing=self.known_missing + other.known_missing,
            comp1110={**other.comp1110, **self.comp1110},
        )


class CatalogError(ValueError):
    """A catalog file cannot be used; the message names the file, element and fix."""


def _sq(value: Iterable[int]) -> Square:
    r, c = value
    return (int(r), int(c))


def catalog_from_dict(data: Mapping[str, Any]) -> Catalog:
    """Convert a schema-valid catalog document into a :class:`Catalog`."""
    boards = tuple(
        IslandBoard(
            b["id"],
            b["size"],
            b["number"],
            tuple(b["fire_face"]),
            tuple(b["plain_face"]),
            b.get("shape"),
            b.get("fire_strip"),
        )
        for b in data.get("island_boards", [])
    )
    decks: dict[str, tuple[PathwayCard, ...]] = {}
    for deck in data.get("pathway_decks", []):
        decks[deck["deck"]] = tuple(PathwayCard(deck["deck"], c["id"], tuple(c["grid"]), paths_from(c.get("oshax", [])))
                                    for c in deck["cards"])  # fmt: skip
    locations = {
        c["number"]: LocationCard(
            c["number"],
            tuple(c["grid"]),
            tuple(CatStart(k["colour"], _sq(k["square"])) for k in c["cats"]),
            paths_from(c.get("oshax", [])),
            rescue_from(c.get("rescue", [])),
        )
        for c in data.get("location_cards", [])
    }
    rafts = {
        c["letter"]: RaftCard(c["letter"], tuple(c["grid"]), paths_from(c.get("oshax", [])))
        for c in data.get("raft_cards", [])
    }
    tiles = {
        t["id"]: FireTile(
            t["id"],
            tuple(sorted(_sq(x) for x in t["cells"])),
            bool(t.get("hybrid", False)),
            tuple((_sq(s["square"]), s["terrain"]) for s in t.get("safe_spots", [])),
        )
        for t in data.get("fire_tiles", [])
    }
    disasters = {
        d["id"]: DisasterCard(
            d["id"], tuple(DisasterEffect(**e) for e in d["effects"]), d.get("name", ""), d.get("text", "")
        )
        for d in data.get("disaster_cards", [])
    }
    missing = tuple(
        KnownMissing(m["component"], tuple(str(i) for i in m.get("ids", [])), m["why"])
        for m in data.get("known_missing", [])
    )
    return Catalog(
        ids=(data["id"],),
        name=data["name"],
        boards=boards,
        decks=decks,
        location_cards=locations,
        raft_cards=rafts,
        fire_tiles=tiles,
        disaster_cards=disasters,
        box=dict(data.get("box", {})),
        known_missing=missing,
        comp1110=dict(data.get("comp1110", {})),
    )


@dataclass(frozen=True)
class CatalogProblem:
    """A problem of a schema-valid catalog document that the schema cannot express."""

    code: str
    message: str
    path: str  # JSON pointer to the element


def catalog_document_problems(data: Mapping[str, Any]) -> list[CatalogProblem]:
    """Every check beyond the schema that a catalog must pass before it is used: the
    loader and ``raftwright validate`` apply the same list."""
    return (
        _too_many(data)
        + _duplicate_ids(data)
        + _board_faces(data)
        + _location_cats(data)
        + _disaster_effects(data)
        + _hybrid_tiles(data)
    )


def _lists(data: Mapping[str, Any]) -> list[tuple[str, str, str, list[Any]]]:
    """(pointer, id key, label, items) of every list of identified components."""
    lists = [
        ("/island_boards", "id", "island board", data.get("island_boards", [])),
        ("/location_cards", "number", "location card", data.get("location_cards", [])),
        ("/raft_cards", "letter", "raft card", data.get("raft_cards", [])),
        ("/fire_tiles", "id", "fire tile", data.get("fire_tiles", [])),
        ("/disaster_cards", "id", "disaster card", data.get("disaster_cards", [])),
        ("/pathway_decks", "deck", "pathway deck", data.get("pathway_decks", [])),
    ]
    lists += [
        (f"/pathway_decks/{d}/cards", "id", f"{deck['deck']} card", deck["cards"])
        for d, deck in enumerate(data.get("pathway_decks", []))
    ]
    return lists


def _too_many(data: Mapping[str, Any]) -> list[CatalogProblem]:
    total = sum(len(items) for _where, _key, _label, items in _lists(data))
    if total <= MAX_CATALOG_ITEMS:
        return []
    return [
        CatalogProblem(
            "catalog-too-large",
            f"the catalog defines {total} components; a catalog may define at most "
            f"{MAX_CATALOG_ITEMS} (boards, pathway decks and cards, location and raft cards, fire "
            "tiles together); split it or remove some",
            "",
        )
    ]


def _duplicate_ids(data: Mapping[str, Any]) -> list[CatalogProblem]:
    out: list[CatalogProblem] = []
    for collection, key, label, items in _lists(data):
        seen: dict[Any, int] = {}
        for i, item in enumerate(items):
            ident = item[key]
            if ident in seen:
                out.append(
                    CatalogProblem(
                        "catalog-duplicate-id",
                        f"{label} {ident} is defined twice (entries "
                        f"{seen[ident] + 1} and {i + 1}); give it a new {key}",
                        f"{collection}/{i}",
                    )
                )
            seen.setdefault(ident, i)
    return out


def _board_faces(data: Mapping[str, Any]) -> list[CatalogProblem]:
    out: list[CatalogProblem] = []
    shapes: dict[str, tuple[Grid, str]] = {}
    for i, board in enumerate(data.get("island_boards", [])):
        if board["size"] == SPECIAL:
            out += [
                CatalogProblem("catalog-board-face", message, where)
                for message, where in special_board_problems(i, board, shapes)
            ]
            continue
        rows, cols = BOARD_SHAPES[board["size"]]
        name, where = f"island board {board['id']}", f"/island_boards/{i}"
        for face in ("fire_face", "plain_face"):
            if len(board[face]) != rows:
                out.append(
                    CatalogProblem(
                        "catalog-board-face",
                        f"{name}: its {face} has {len(board[face])} rows; a "
                        f"{board['size']} board has {rows} rows of {cols}",
                        where,
                    )
                )
        if any(not row.startswith("f" * FIRE_STRIP_WIDTH) for row in board["fire_face"]):
            out.append(
                CatalogProblem(
                    "catalog-board-face",
                    f"{name}: its fire_face must start every row with the "
                    f"{FIRE_STRIP_WIDTH}-square fire strip ('fff', west edge of the north form)",
                    where,
                )
            )
    return out


def _location_cats(data: Mapping[str, Any]) -> list[CatalogProblem]:
    out: list[CatalogProblem] = []
    for i, card in enumerate(data.get("location_cards", [])):
        name, where = f"location card {card['number']}", f"/location_cards/{i}"
        squares = [_sq(c["square"]) for c in card["cats"]]  # 1.0 passes the schema as an integer
        on_fire = [sq for sq in squares if card["grid"][sq[0]][sq[1]] == "f"]
        if on_fire:
            out.append(
                CatalogProblem(
                    "catalog-location-cats",
                    f"{name} starts a cat on printed fire at {on_fire[0]}; move the cat or fix the grid",
                    where,
                )
            )
        twice = [sq for sq, n in Counter(squares).items() if n > 1]
        if twice:
            out.append(
                CatalogProblem(
                    "catalog-location-cats",
                    f"{name} starts two cats on square {twice[0]}; give each cat its own square",
                    where,
                )
            )
        out += [
            CatalogProblem("catalog-location-cats", message, at)
            for message, at in card_feature_problems(name, where, card)
        ]
    return out


def _disaster_effects(data: Mapping[str, Any]) -> list[CatalogProblem]:
    """Each disaster effect takes only its own fields, and a ``cat`` word it knows."""
    out: list[CatalogProblem] = []
    for i, card in enumerate(data.get("disaster_cards", [])):
        for j, effect in enumerate(card["effects"]):
            kind = effect["effect"]
            name, where = f"disaster card {card['id']}, effect {j + 1} ({kind})", f"/disaster_cards/{i}/effects/{j}"
            takes = DISASTER_FIELDS[kind]
            a = "an" if kind[0] in "aeiou" else "a"
            for key in sorted(set(effect) - {"effect"} - set(takes)):
                out.append(
                    CatalogProblem(
                        "catalog-disaster-effect",
                        f"{name}: '{key}' does not apply to {a} {kind} "
                        f"effect; remove it ({a} {kind} effect takes {', '.join(takes)})",
                        where,
                    )
                )
            cat = effect.get("cat")
            if cat is not None and "cat" in takes and cat not in CAT_COLOURS + DISASTER_CATS[kind]:
                words = ", ".join(CAT_COLOURS + DISASTER_CATS[kind])
                out.append(
                    CatalogProblem(
                        "catalog-disaster-effect",
                        f"{name}: {a} {kind} effect cannot name cat '{cat}'; use one of {words}",
                        where,
                    )
                )
    return out


def _hybrid_tiles(data: Mapping[str, Any]) -> list[CatalogProblem]:
    """A hybrid tile's safe spots are some of its cells, and at least one cell is fire
    (it must touch fire with a fire square: Kickstarter pack, "Hybrid fire tiles")."""
    out: list[CatalogProblem] = []
    for i, tile in enumerate(data.get("fire_tiles", [])):
        name, where = f"fire tile {tile['id']}", f"/fire_tiles/{i}"
        cells = {_sq(c) for c in tile["cells"]}
        spots = [_sq(s["square"]) for s in tile.get("safe_spots", [])]
        if spots and not tile.get("hybrid", False):
            out.append(
                CatalogProblem(
                    "catalog-hybrid-tile",
                    f'{name} has safe spots but is not marked "hybrid": true; mark it hybrid or remove the safe spots',
                    where,
                )
            )
        outside = [sq for sq in spots if sq not in cells]
        if outside:
            out.append(
                CatalogProblem(
                    "catalog-hybrid-tile",
                    f"{name}: safe spot {outside[0]} is not one of its cells; "
                    "list every square of the tile in cells, safe spots included",
                    where,
                )
            )
        if spots and len(set(spots)) != len(spots):
            out.append(
                CatalogProblem(
                    "catalog-hybrid-tile", f"{name} lists a safe spot twice; give each square one terrain", where
                )
            )
        if spots and cells <= set(spots):
            out.append(
                CatalogProblem(
                    "catalog-hybrid-tile",
                    f"{name} has no fire square; a hybrid tile needs at least one cell that is not a safe spot",
                    where,
                )
            )
    return out


def load_catalog_file(path: Path, *, bundled: bool = False) -> Catalog:
    """Read (within :data:`~engine.model.jsonio.MAX_CATALOG_BYTES`), schema-validate,
    check (:func:`catalog_document_problems`) and convert one catalog file; raises
    :class:`CatalogError` naming the file, the element and the fix.  A ``bundled``
    catalog (shipped with Raftwright) skips the schema pass when the same bytes passed
    it before (:mod:`engine.model.schema_cache`); every other check still runs."""
    try:
        raw = read_bytes(path, MAX_CATALOG_BYTES)
        data = parse_json(raw, path)
    except FormatError as exc:
        raise CatalogError(f"{path}: cannot read the catalog ({exc.reason}); fix or replace the file") from None
    if not isinstance(data, dict) or data.get("format") != "raftwright.components":
        raise CatalogError(
            f'{path}: not a component catalog (its "format" must be "raftwright.components"); fix or remove the file'
        )
    cached = bundled and schema_cache.checked("components", raw)
    errors = [] if cached else schema_errors("components", data)
    if bundled and not cached and not errors:
        schema_cache.remember("components", raw)
    problems = [(e.path, e.message) for e in errors] or [(p.path, p.message) for p in catalog_document_problems(data)]
    if problems:
        where, message = problems[0]
        more = f" (and {len(problems) - 1} more; run 'raftwright validate {path}')" if len(problems) > 1 else ""
        raise CatalogError(f"{path}: {where or '/'}: {message}{more}")
    return catalog_from_dict(data)


def clash_report(extra: Catalog, others: Iterable[tuple[Catalog, str]]) -> str | None:
    """Why ``extra`` cannot join catalogs already in use (each with a label saying where
    it comes from), naming each catalog whose components it redefines; None if none."""
    owned = [(c, label, c.clashes(extra)) for c, label in others]
    parts = [f"{', '.join(found)} of catalog '{c.ids[0]}' ({label})" for c, label, found in owned if found]
    if not parts:
        return None
    return f"catalog '{extra.ids[0]}' redefines {'; '.join(parts)}; give custom components new ids"


def bundled_catalog_paths() -> list[Path]:
    return sorted((campaigns_dir() / "catalogs").glob("*.components.json"))


@cache
def bundled_catalog_parts() -> tuple[tuple[Catalog, str], ...]:
    """Each catalog shipped with Raftwright (base game first) with its file name.
    A broken bundled catalog raises :class:`CatalogError`."""
    paths = bundled_catalog_paths()
    base = next((p for p in paths if p.name.startswith("base-game")), None)
    if base is None:
        raise CatalogError("the bundled base-game catalog is missing; reinstall Raftwright")
    return tuple(
        (load_catalog_file(p, bundled=True), f"shipped {p.name}") for p in [base] + [p for p in paths if p != base]
    )


@cache
def bundled_catalog() -> Catalog:
    """The catalogs shipped with Raftwright merged, without user files."""
    parts = bundled_catalog_parts()
    catalog = parts[0][0]
    for extra, _label in parts[1:]:
        catalog = catalog.merged(extra)
    return catalog


def load_catalogs(extra_dirs: Iterable[Path] = ()) -> tuple[Catalog, tuple[str, ...]]:
    """The bundled catalogs merged with every ``*.components.json`` in ``extra_dirs``
    (in name order).  A broken or clashing extra catalog is skipped, never fatal: its
    reason (naming the file, the catalog it clashes with, and the fix) is returned
    beside the catalog.  Reading never raises for a user file's content."""
    catalog = bundled_catalog()
    in_use = list(bundled_catalog_parts())
    skipped: list[str] = []
    for folder in extra_dirs:
        try:
            paths = sorted(Path(folder).glob("*.components.json"))
        except OSError as exc:
            skipped.append(f"{folder}: cannot list the folder ({exc.strerror or exc}); check its permissions")
            continue
        for path in paths:
            try:
                extra = load_catalog_file(path)
            except CatalogError as exc:
                message = str(exc)
                skipped.append(message if str(path) in message else f"{path}: {message}")
                continue
            clash = clash_report(extra, in_use)
            if clash is not None:
                skipped.append(f"{path}: {clash}")
                continue
            catalog = catalog.merged(extra)
            in_use.append((extra, path.name))
            log.info("custom components from %s", path)
    for reason in skipped:
        log.info("custom components left out: %s", reason)
    return catalog, tuple(skipped)


@cache
def _default() -> tuple[Catalog, tuple[str, ...]]:
    return load_catalogs([user_catalogs_dir()])


def default_catalog() -> Catalog:
    """The bundled catalogs plus the custom components in the user's ``catalogs/``
    folder (:func:`engine.model.userdirs.user_catalogs_dir`); read once per process."""
    return _default()[0]


def catalog_problems() -> tuple[str, ...]:
    """Why user catalogs were left out of :func:`default_catalog` (empty when none)."""
    return _default()[1]


def reload_default_catalog() -> Catalog:
    """Forget the cached catalog (after a user catalog was added) and read it again."""
    _default.cache_clear()
    return default_catalog()
