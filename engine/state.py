"""The game state (the python-chess ``Board`` layer): what play changes, and the
contract every client uses.

Contract: :meth:`GameState.legal_actions` (deterministic order, lazy),
:meth:`GameState.apply` (checked: an illegal action raises :class:`IllegalAction`
and leaves the state unchanged), :meth:`GameState.apply_unchecked` (the fast path for
bots: no legality check), :meth:`is_terminal`, :meth:`outcome`, :meth:`clone`,
:meth:`to_dict` / :meth:`GameState.from_dict`.  UI helpers answer narrower questions
cheaply: :meth:`legal_card_placements`, :meth:`legal_card_squares`,
:meth:`legal_fire_placements`, :meth:`reachable_squares`, :attr:`phase`,
:attr:`pending`.

Representation: per-terrain int bitsets (the visible colour of every square not on
fire), fire (permanent fire from the island plus fire tiles), cats, raft squares.  A
fire tile never goes under anything and nothing goes on it, so the terrain bits under
a tile are kept: returning the tile to the bag with water (WT-1) uncovers them again
(PL-8's stack reduces to this).  Randomness (deck order, fire-tile draws) comes only
from the RNG seeded at :func:`engine.new_game`; its state travels with the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import legal, moves
from .actions import Action, PlaceFire, PlacePathway, parse_action
from .catalog import TERRAINS, Catalog
from .geometry import Square
from .island import TERRAIN_INDEX, Island
from .outcome import IllegalAction, Outcome
from .phases import DRAW, FIRE, OVER, PLAY, PendingFire
from .reach import find_cut_off, move_targets
from .rules import RuleSet, get_variant

if TYPE_CHECKING:  # pragma: no cover
    from .scenario import Scenario

STATE_FORMAT = "raftwright.gamestate"


class GameState:
    __slots__ = (
        "island", "rules", "players", "seed", "rng", "terrain", "tile_fire", "fire", "tiles_placed",
        "cat_sq", "cat_mask", "exhausted", "arrived", "arrivals", "decks", "hands", "reserve", "drawn",
        "disaster_pile", "discard_pile", "removed", "placed", "bag", "pending", "water", "water_used",
        "phase", "round", "_outcome", "history",
    )  # fmt: skip

    def __init__(self, island: Island, rules: RuleSet, players: int, seed: int, rng: random.Random) -> None:
        self.island = island
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = rng
        self.terrain: list[int] = list(island.start_terrain)
        self.tile_fire = 0
        self.fire = island.fixed_fire
        self.tiles_placed: dict[str, tuple[int, PlaceFire]] = {}
        self.cat_sq: list[int] = list(island.cat_starts)
        self.cat_mask = sum(1 << sq for sq in self.cat_sq)
        self.exhausted = [False] * len(self.cat_sq)
        self.arrived = [False] * len(self.cat_sq)
        self.arrivals: list[int] = []  # cat indices in arrival order (objectives)
        self.decks: dict[str, list[str]] = {}
        for deck in island.decks:
            keys = [card.key for card in island.catalog.decks[deck]]
            rng.shuffle(keys)
            self.decks[deck] = keys  # top of the deck = last element
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.reserve: list[list[str]] = [[] for _ in range(players)]
        self.drawn = [0] * players
        self.disaster_pile: list[str] = []
        self.discard_pile: list[str] = []
        self.removed: list[str] = []  # cards that left the game (digital variant discards)
        self.placed: list[PlacePathway] = []
        self.bag: list[str] = list(island.tiles)
        self.pending: PendingFire | None = None
        self.water = rules.water_tokens(island.scenario)
        self.water_used = 0
        self.phase = DRAW
        self.round = 1
        self._outcome: Outcome | None = None
        self.history: list[Action] = []

    # --- contract ---------------------------------------------------------------------
    def legal_actions(self) -> legal.LegalActions:
        """Every legal action in a fixed order: draws (player, deck), card placements
        (player, card, anchor row-major, rotation), fire placements (orientation,
        anchor), cat moves (player, cat, destination, discards), water, end of round.
        A lazy sequence: ``len()`` and indexing do not build every action."""
        return legal.legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        try:
            moves.check(self, action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalAction` (state unchanged) if not."""
        moves.check(self, action)
        moves.perform(self, action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from ``legal_actions()``),
        skipping the check.  An illegal action here corrupts the state."""
        moves.perform(self, action)

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> "GameState":
        other = GameState.__new__(GameState)
        for name in ("island", "rules", "players", "seed", "tile_fire", "fire", "cat_mask", "pending",
                     "water", "water_used", "phase", "round", "_outcome"):  # fmt: skip
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        for name in ("terrain", "cat_sq", "exhausted", "arrived", "arrivals", "drawn", "disaster_pile",
                     "discard_pile", "removed", "placed", "bag", "history"):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        other.tiles_placed = dict(self.tiles_placed)
        other.decks = {d: list(cards) for d, cards in self.decks.items()}
        other.hands = [list(h) for h in self.hands]
        other.reserve = [list(r) for r in self.reserve]
        return other

    # --- UI helpers ---------------------------------------------------------------------
    @property
    def scenario(self) -> "Scenario":
        return self.island.scenario

    @property
    def variant(self) -> str:
        return self.rules.name

    def cat_count(self) -> int:
        return len(self.cat_sq)

    def cat_square(self, cat: int) -> Square:
        return self.island.grid.square(self.cat_sq[cat])

    def cat_at(self, square: Square) -> int | None:
        bit = self.island.grid.index(square)
        return next((i for i, sq in enumerate(self.cat_sq) if sq == bit), None)

    def cats(self) -> list[dict[str, Any]]:
        """Every cat: colour, square, exhausted, arrived (cat index = list index)."""
        return [
            {"colour": self.island.cat_colours[i], "square": self.cat_square(i),
             "exhausted": self.exhausted[i], "arrived": self.arrived[i]}  # fmt: skip
            for i in range(len(self.cat_sq))
        ]

    def reachable_squares(self, cat: int | Square) -> tuple[Square, ...]:
        """Squares the cat may end a move on now (row-major)."""
        index = cat if isinstance(cat, int) else self.cat_at(cat)
        if index is None:
            return ()
        return self.island.grid.squares(move_targets(self, index))

    def legal_card_squares(self) -> tuple[Square, ...]:
        """Top-left squares where a pathway card may go now (any rotation fits)."""
        return self.island.grid.squares(legal.card_anchors(self))

    def legal_card_placements(self, player: int, card: str) -> tuple[PlacePathway, ...]:
        """Every placement of one card from ``player``'s hand (``deck:id``)."""
        if self.phase != PLAY or not (0 <= player < self.players) or card not in self.hands[player]:
            return ()
        return tuple(legal.card_placements(self, player, card))

    def legal_fire_placements(self) -> tuple[PlaceFire, ...]:
        """Every placement of the pending fire tile (none when no tile is pending)."""
        return tuple(legal.fire_placements(self)) if self.phase == FIRE else ()

    def placement_error(self, action: PlacePathway | PlaceFire) -> IllegalAction | None:
        """What breaks the placement rules alone (island, fire, cats, raft, touching
        fire), ignoring the phase, the hand and the pending tile; None if it fits.
        For validators, UI previews and the COMP1110 ``isPlacementValid``."""
        try:
            moves.check_footprint(self, action)
        except IllegalAction as exc:
            return exc
        return None

    def terrain_at(self, square: Square) -> str | None:
        """``'fire'``, a terrain name, ``'raft'``, or None off the island."""
        bit = self.island.grid.bit(square)
        if not self.island.land & bit:
            return None
        if self.fire & bit:
            return "fire"
        if self.island.raft & bit:
            return "raft"
        return next((TERRAINS[i] for i, m in enumerate(self.terrain) if m & bit), None)

    def cards_in_decks(self) -> int:
        return sum(len(cards) for cards in self.decks.values())

    def cut_off(self) -> Outcome | None:
        """The cut-off analysis on demand (it also runs after every fire placement and
        every move): the loss it would declare now, or None."""
        found = find_cut_off(self)
        return None if found is None else moves.cut_off_outcome(self, found)

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from .formats import scenario_to_dict

        grid = self.island.grid
        letters = []
        for r in range(grid.rows):
            row = ""
            for c in range(grid.cols):
                bit = grid.bit((r, c))
                row += next((TERRAINS[i][0] for i, m in enumerate(self.terrain) if m & bit), ".")
            letters.append(row)
        version, internal, gauss = self.rng.getstate()
        return {
            "format": STATE_FORMAT,
            "format_version": 1,
            "scenario": scenario_to_dict(self.island.scenario),
            "variant": self.rules.name,
            "players": self.players,
            "seed": self.seed,
            "boards": [{"board": c.board, "rotation": c.rotation} for c in self.island.choices],
            "terrain": letters,
            "fire_tiles": [str(action) for _, action in self.tiles_placed.values()],
            "cats": [{"square": list(self.cat_square(i)), "exhausted": self.exhausted[i], "arrived": self.arrived[i]}
                     for i in range(len(self.cat_sq))],  # fmt: skip
            "arrivals": list(self.arrivals),
            "decks": {d: list(cards) for d, cards in self.decks.items()},
            "hands": [list(h) for h in self.hands],
            "reserve": [list(r) for r in self.reserve],
            "drawn": list(self.drawn),
            "disaster_pile": list(self.disaster_pile),
            "discard_pile": list(self.discard_pile),
            "removed": list(self.removed),
            "placed": [str(a) for a in self.placed],
            "bag": list(self.bag),
            "pending": None if self.pending is None else
                {"tile": self.pending.tile, "player": self.pending.player, "cause": self.pending.cause},  # fmt: skip
            "water": self.water,
            "water_used": self.water_used,
            "phase": self.phase,
            "round": self.round,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "rng": {"version": version, "internal": list(internal), "gauss": gauss},
            "history": [str(a) for a in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], catalog: Catalog | None = None) -> "GameState":
        from .catalog import default_catalog
        from .formats import scenario_from_dict
        from .layout import BoardChoice, compose_island

        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a Raftwright game state (format {data.get('format')!r}, expected {STATE_FORMAT!r})")
        catalog = catalog or default_catalog()
        scenario = scenario_from_dict(data["scenario"])
        choices = tuple(BoardChoice(b["board"], int(b["rotation"])) for b in data["boards"])
        layout = compose_island(scenario, catalog, choices)
        island = Island.from_layout(scenario, catalog, layout, hybrid=scenario.rules.hybrid_fire_tiles)
        rng = random.Random()
        state = cls(island, get_variant(data["variant"]), int(data["players"]), int(data["seed"]), rng)
        r = data["rng"]
        rng.setstate((r["version"], tuple(r["internal"]), r["gauss"]))
        grid = island.grid
        state.terrain = [0] * len(TERRAINS)
        for row, letters in enumerate(data["terrain"]):
            for col, ch in enumerate(letters):
                if ch != ".":
                    state.terrain[TERRAIN_INDEX[next(t for t in TERRAINS if t[0] == ch)]] |= grid.bit((row, col))
        for text in data["fire_tiles"]:
            action = parse_action(text)
            assert isinstance(action, PlaceFire)
            mask = moves.fire_mask(state, action)
            state.tiles_placed[action.tile] = (mask, action)
            state.tile_fire |= mask
        state.fire = island.fixed_fire | state.tile_fire
        state.cat_sq = [grid.index((c["square"][0], c["square"][1])) for c in data["cats"]]
        state.cat_mask = sum(1 << sq for sq in state.cat_sq)
        state.exhausted = [bool(c["exhausted"]) for c in data["cats"]]
        state.arrived = [bool(c["arrived"]) for c in data["cats"]]
        state.arrivals = list(data["arrivals"])
        state.decks = {d: list(cards) for d, cards in data["decks"].items()}
        state.hands = [list(h) for h in data["hands"]]
        state.reserve = [list(h) for h in data["reserve"]]
        state.drawn = list(data["drawn"])
        for name in ("disaster_pile", "discard_pile", "removed", "bag"):
            setattr(state, name, list(data[name]))
        state.placed = [a for a in map(parse_action, data["placed"]) if isinstance(a, PlacePathway)]
        p = data["pending"]
        state.pending = None if p is None else PendingFire(p["tile"], int(p["player"]), p["cause"])
        state.water, state.water_used = int(data["water"]), int(data["water_used"])
        state.phase, state.round = data["phase"], int(data["round"])
        state._outcome = None if data["outcome"] is None else Outcome.from_dict(data["outcome"])
        state.history = [parse_action(t) for t in data["history"]]
        return state

    def __repr__(self) -> str:
        status = self._outcome.reason if self._outcome else self.phase
        return f"<GameState {self.island.scenario.id} {self.rules.name} round {self.round} {status}>"


__all__ = ["DRAW", "FIRE", "OVER", "PLAY", "GameState", "IllegalAction", "PendingFire"]
