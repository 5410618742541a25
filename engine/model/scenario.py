"""The scenario model: what a designer edits (the python-chess ``BaseBoard`` layer).

Immutable dataclasses; edits build new values with :func:`dataclasses.replace`, so the
editor's undo commands can keep before/after snapshots cheaply.  JSON conversion lives
in :mod:`engine.model.formats`; rule checks in :mod:`engine.check.validate`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Callable, Iterator

from engine.model.catalog import BOARD_SHAPES, FIRE_STRIP_WIDTH, Catalog, LocationCard, RaftCard
from engine.model.geometry import EDGE_ROTATION, Grid, Square, rect_squares, rotate_grid
from engine.model.special_boards import OUTLINE_FIRE, OUTLINE_OFF, SPECIAL

SCENARIO_FORMAT = "raftwright.scenario"
SCENARIO_FORMAT_VERSION = 1
CAMPAIGN_FORMAT = "raftwright.campaign"
CAMPAIGN_FORMAT_VERSION = 1


class Mode(StrEnum):
    """A scenario's mode: the base rules, the advanced rules, or expert (the advanced
    rules with the hybrid fire tiles in the bag, Kickstarter pack, KS-6)."""

    STANDARD = "standard"
    ADVANCED = "advanced"
    EXPERT = "expert"


MODES: tuple[Mode, ...] = tuple(Mode)
# the modes that play the advanced rules (rulebook "Advanced rules", AD-1); expert mode is
# the advanced rules with the hybrid fire tiles in the bag (Kickstarter pack, KS-6)
ADVANCED_MODES = (Mode.ADVANCED, Mode.EXPERT)
FACES = ("fire", "plain")
ORIENTATIONS = ("horizontal", "vertical")
CARD_KINDS = ("location", "raft", "fire")
OBJECTIVE_TOKEN_VALUES = ("1", "2", "3", "4", "5", "=", "?")
KICKSTARTER_TOKENS = ("water", "fish", "map", "fire")
TOKEN_KINDS = ("objective",) + KICKSTARTER_TOKENS
CARD_SIZE = 3


@dataclass(frozen=True)
class BoardPin:
    """A concrete physical board (catalog id such as ``"L1"``) and, for a plain face,
    its rotation in clockwise quarter turns from the north form."""

    board: str
    rotation: int = 0


@dataclass(frozen=True)
class BoardSlot:
    """An island board position.  Large boards are 9x9.  Small boards are 6 rows by 9
    columns when ``horizontal`` and 9 by 6 when ``vertical``.  A fire face carries a
    3-square fire strip along ``fire_edge`` (a short edge on small boards).

    A special board (``size == "special"``, Kickstarter pack) has the catalog shape
    ``shape``; ``outline`` is that shape's north form as the scenario diagram shows it
    (:mod:`engine.model.special_boards`: ``x`` a board square, ``f`` printed fire,
    ``.`` not part of the board) and ``turns`` the clockwise quarter turns it is laid
    at.  Its squares and fire follow from the outline alone, so every geometric check
    works without the catalog; the rule checks compare the outline with the catalog."""

    size: str
    face: str
    at: Square
    fire_edge: str | None = None
    orientation: str = "horizontal"
    pin: BoardPin | None = None
    shape: str | None = None
    outline: Grid = ()
    turns: int = 0

    @property
    def special(self) -> bool:
        return self.size == SPECIAL

    def placed_outline(self) -> Grid:
        """The special board's outline turned as laid (empty for large and small boards)."""
        return rotate_grid(self.outline, self.turns) if self.special else ()

    @property
    def rows(self) -> int:
        if self.special:
            return len(self.placed_outline())
        r, c = BOARD_SHAPES[self.size]
        return c if self.size == "small" and self.orientation == "vertical" else r

    @property
    def cols(self) -> int:
        if self.special:
            grid = self.placed_outline()
            return len(grid[0]) if grid else 0
        r, c = BOARD_SHAPES[self.size]
        return r if self.size == "small" and self.orientation == "vertical" else c

    def squares(self) -> tuple[Square, ...]:
        if self.special:
            return self._outline_squares(lambda ch: ch != OUTLINE_OFF)
        return rect_squares(self.at[0], self.at[1], self.rows, self.cols)

    def contains(self, square: Square) -> bool:
        r, c = square
        inside = self.at[0] <= r < self.at[0] + self.rows and self.at[1] <= c < self.at[1] + self.cols
        if not inside or not self.special:
            return inside
        return self.placed_outline()[r - self.at[0]][c - self.at[1]] != OUTLINE_OFF

    def _outline_squares(self, keep: Callable[[str], bool]) -> tuple[Square, ...]:
        top, left = self.at
        return tuple(
            (top + r, left + c) for r, row in enumerate(self.placed_outline()) for c, ch in enumerate(row) if keep(ch)
        )

    def strip_squares(self) -> tuple[Square, ...]:
        """Squares covered by the printed fire strip (empty for a plain face); on a
        special board, every fire square its outline shows, whatever the face."""
        if self.special:
            return self._outline_squares(lambda ch: ch == OUTLINE_FIRE)
        if self.face != "fire" or self.fire_edge is None:
            return ()
        top, left, w = self.at[0], self.at[1], FIRE_STRIP_WIDTH
        if self.fire_edge == "west":
            return rect_squares(top, left, self.rows, w)
        if self.fire_edge == "east":
            return rect_squares(top, left + self.cols - w, self.rows, w)
        if self.fire_edge == "north":
            return rect_squares(top, left, w, self.cols)
        return rect_squares(top + self.rows - w, left, w, self.cols)

    def allowed_fire_edges(self) -> tuple[str, ...]:
        if self.special:
            return ()  # its fire is drawn in its outline; the slot turns as a whole
        if self.size == "large":
            return ("west", "north", "east", "south")
        return ("west", "east") if self.orientation == "horizontal" else ("north", "south")

    def rotation(self) -> int | None:
        """Quarter turns applied to the north form, when determined by the slot."""
        if self.special:
            return self.turns % 4
        if self.face == "fire" and self.fire_edge in EDGE_ROTATION:
            return EDGE_ROTATION[self.fire_edge]
        if self.pin is not None:
            return self.pin.rotation % 4
        return None

    def terrain(self, catalog: Catalog, rotation: int | None = None, board_id: str | None = None) -> Grid | None:
        """The board's visible grid placed in this slot, if a board is known."""
        board = catalog.board(board_id or (self.pin.board if self.pin else ""))
        turns = self.rotation() if rotation is None else rotation
        if board is None or turns is None:
            return None
        return rotate_grid(board.face(self.face), turns)


@dataclass(frozen=True)
class CardPlacement:
    """A location, raft or fire card on the grid (3x3, top-left at ``at``).

    ``ident`` is the location card's number (as text) or the raft card's letter; fire
    cards have none.  ``stand_in`` marks a location card used in place of an unknown
    physical card (the bundled conversions need it: the source knows 7 of 12)."""

    kind: str
    at: Square
    ident: str | None = None
    rotation: int = 0
    stand_in: bool = False

    def squares(self) -> tuple[Square, ...]:
        return rect_squares(self.at[0], self.at[1], CARD_SIZE, CARD_SIZE)

    def grid(self, catalog: Catalog) -> Grid | None:
        """The card's printed grid, rotated; None when the catalog lacks the card."""
        if self.kind == "fire":
            return ("fff",) * CARD_SIZE
        card = self.location_card(catalog) if self.kind == "location" else self.raft_card(catalog)
        return None if card is None else rotate_grid(card.grid, self.rotation)

    def location_card(self, catalog: Catalog) -> LocationCard | None:
        try:
            return catalog.location_cards.get(int(self.ident or ""))
        except ValueError:
            return None

    def raft_card(self, catalog: Catalog) -> RaftCard | None:
        return catalog.raft_cards.get(self.ident or "")

    def printed_card(self, catalog: Catalog) -> LocationCard | RaftCard | None:
        """The catalog's location or raft card this placement shows (None for fire
        cards, or an id the catalog does not have)."""
        if self.kind == "location":
            return self.location_card(catalog)
        if self.kind == "raft":
            return self.raft_card(catalog)
        return None

    def to_grid_square(self, local: Square) -> Square:
        """Map a square of the card's north form to the grid, honouring rotation."""
        r, c = local
        for _ in range(self.rotation % 4):
            r, c = c, CARD_SIZE - 1 - r
        return (self.at[0] + r, self.at[1] + c)

    def cat_starts(self, catalog: Catalog) -> tuple[tuple[str, Square], ...]:
        card = self.location_card(catalog) if self.kind == "location" else None
        if card is None:
            return ()
        return tuple((cat.colour, self.to_grid_square(cat.square)) for cat in card.cats)

    def destinations(self, catalog: Catalog) -> dict[Square, str | None]:
        card = self.raft_card(catalog) if self.kind == "raft" else None
        if card is None:
            return {}
        return {self.to_grid_square(sq): colour for sq, colour in card.destinations().items()}

    def fire_squares(self, catalog: Catalog) -> tuple[Square, ...]:
        grid = self.grid(catalog)
        if grid is None:
            return ()
        return tuple(
            (self.at[0] + r, self.at[1] + c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "f"
        )


@dataclass(frozen=True)
class TokenPlacement:
    """An objective token (``value`` 1-5, ``=`` or ``?``) on a raft destination, or a
    Kickstarter token (water, fish, map, fire) on an island square."""

    kind: str
    at: Square
    value: str | None = None


@dataclass(frozen=True)
class Objective:
    """An additional objective.  ``kind`` is one of ``arrival_order`` (``colour`` must
    be the ``position``-th cat to arrive; white first is colour white, position 1),
    ``arrive_together`` (``colours`` arrive in one action), ``collect_maps``
    (``count``), ``close_to`` (``colours`` pair within ``distance``) or ``text``.
    An ``arrival_order`` objective may name the raft ``destination`` square its token
    was put on at setup (RULINGS OB-2: with two eligible squares the team chooses
    one); its cat must then arrive on that square."""

    kind: str
    colour: str | None = None
    position: int | None = None
    colours: tuple[str, ...] = ()
    count: int | None = None
    distance: int | None = None
    text: str | None = None
    destination: Square | None = None

    def describe(self) -> str:
        if self.kind == "arrival_order":
            ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(
                self.position or 0, f"#{self.position}"
            )
            where = f" on ({self.destination[0]}, {self.destination[1]})" if self.destination is not None else ""
            return f"{(self.colour or '?').capitalize()} arrives {ordinal}{where}"
        if self.kind == "arrive_together":
            return ", ".join(c.capitalize() for c in self.colours) + " arrive together"
        if self.kind == "collect_maps":
            return f"Collect {self.count} treasure map{'s' if self.count != 1 else ''}"
        if self.kind == "close_to":
            a, b = (self.colours + ("?", "?"))[:2]
            return f"Keep {a.capitalize()} within {self.distance} of {b.capitalize()}"
        return self.text or ""


# RULINGS LC-7 (an unknown): cards remain to be played, yet no card can be placed, no cat
# can move and no water token can be spent.  The readings RULINGS lists: the game is lost
# (the default, the engine's house decision), the player discards the cards to the disaster
# pile without moving, or the engine forbids reaching that state (not played: whether an
# action leads there depends on fire tiles not drawn yet).
STUCK_LOSS, STUCK_DISCARD, STUCK_FORBID = "loss", "discard", "forbid"
STUCK_HAND_READINGS = (STUCK_LOSS, STUCK_DISCARD, STUCK_FORBID)


@dataclass(frozen=True)
class RuleOptions:
    """The rule options a scenario is played with (players, water tokens, expansions, readings)."""

    players: tuple[int, ...] = (1, 2, 3, 4)
    water_tokens: int = 0
    communication_tokens: bool = False
    hybrid_fire_tiles: bool = False
    disaster_deck: bool = False
    stuck_hand: str = STUCK_LOSS  # LC-7 reading, one of STUCK_HAND_READINGS


@dataclass(frozen=True)
class DifficultyEstimate:
    """A difficulty estimate stored in a scenario's metadata (schema
    ``difficulty_estimate``): which bot played how many games from which seed, the
    win rate with its 95 % Wilson interval, the package version that played them, and
    what ties it to what made it: ``layout`` (:func:`engine.model.fingerprint.layout_fingerprint`
    of the scenario it was made on) and ``fingerprint`` (the rules-and-bot fingerprint,
    :func:`engine.bots.version.fingerprint`).  Estimates stored before those two were
    recorded have ``None`` there and count as stale."""

    bot: str
    games: int
    seed: int
    win_rate: float
    interval: tuple[float, float]
    engine_version: str
    variant: str = "solo"
    players: int = 1
    suggested_paws: int | None = None
    layout: str | None = None
    fingerprint: str | None = None
    expected_length: float | None = None  # mean rounds a game


@dataclass(frozen=True)
class Scenario:
    """A scenario: its details, its island (boards, cards, tokens), objectives and rule options."""

    id: str
    name: str
    campaign: str | None = None
    difficulty: int | None = None  # paws 0-5; None = not rated yet
    mode: Mode = Mode.STANDARD
    author: str = ""
    notes: str = ""
    boards: tuple[BoardSlot, ...] = ()
    cards: tuple[CardPlacement, ...] = ()
    tokens: tuple[TokenPlacement, ...] = ()
    objectives: tuple[Objective, ...] = ()
    rules: RuleOptions = field(default_factory=RuleOptions)
    difficulty_estimate: DifficultyEstimate | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.mode, Mode):  # a mode given as text (the studio's form, tests)
            if self.mode not in MODES:
                raise ValueError(f"mode {self.mode!r}: use one of {', '.join(MODES)}")
            object.__setattr__(self, "mode", Mode(self.mode))

    # --- derived geometry -------------------------------------------------------
    def island_squares(self) -> frozenset[Square]:
        return frozenset(sq for b in self.boards for sq in b.squares())

    def extent(self) -> tuple[int, int]:
        """Rows and columns of the smallest grid from (0, 0) holding every board."""
        rows = max((b.at[0] + b.rows for b in self.boards), default=0)
        cols = max((b.at[1] + b.cols for b in self.boards), default=0)
        return rows, cols

    def board_at(self, square: Square) -> int | None:
        return next((i for i, b in enumerate(self.boards) if b.contains(square)), None)

    def cards_of(self, kind: str) -> Iterator[tuple[int, CardPlacement]]:
        return ((i, c) for i, c in enumerate(self.cards) if c.kind == kind)

    def with_changes(self, **changes: object) -> "Scenario":
        return replace(self, **changes)  # type: ignore[arg-type]

    # --- rule questions (one predicate each) ---------------------------------------------
    @property
    def plays_advanced(self) -> bool:
        """Whether the advanced rules apply (AD-1): mode advanced, or expert (the advanced
        rules plus the hybrid fire tiles, KS-6)."""
        return self.mode in ADVANCED_MODES

    @property
    def plays_expert(self) -> bool:
        """Whether this is an expert scenario (Kickstarter pack "Expert scenarios", KS-6)."""
        return self.mode == Mode.EXPERT

    @property
    def uses_disaster_deck(self) -> bool:
        """Whether a disaster draws a disaster card instead of a fire tile (AD-1, DP-3): in
        the advanced rules, or when the rule option ``disaster_deck`` asks."""
        return self.mode in ADVANCED_MODES or self.rules.disaster_deck


@dataclass(frozen=True)
class CampaignEntry:
    """One scenario of a campaign: its file (relative to the campaign file) and the rules it adds."""

    scenario: str  # path relative to the campaign file
    unlocks: tuple[str, ...] = ()  # additional rules this scenario introduces


@dataclass(frozen=True)
class Campaign:
    """A campaign: its scenarios in order, its scoring and the rules it unlocks."""

    id: str
    name: str
    scenarios: tuple[CampaignEntry, ...] = ()
    points_per_win: int = 5
    water_token_penalty: int = 1
    unlocks: tuple[str, ...] = ()  # additional rules unlocked by finishing the campaign
    description: str = ""
    author: str = ""
