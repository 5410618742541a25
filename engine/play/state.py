"""The game state (the python-chess ``Board`` layer): a :class:`Position` plus the
contract every client uses.

Contract: :meth:`GameState.legal_actions` (deterministic order, lazy),
:meth:`GameState.apply` (checked: an illegal action raises :class:`IllegalAction`
and leaves the state unchanged), :meth:`GameState.apply_unchecked` (the fast path for
bots: no legality check), :meth:`is_terminal`, :meth:`outcome`, :meth:`clone`,
:meth:`to_dict` / :meth:`GameState.from_dict`.  UI helpers answer narrower questions
cheaply: :meth:`legal_card_placements`, :meth:`legal_card_squares`,
:meth:`legal_fire_placements`, :meth:`reachable_squares`, :attr:`phase`,
:attr:`pending`.

A new game comes from :func:`engine.new_game`; any other position from the
:class:`~engine.play.position.Position` constructor (``GameState(island, rules,
players=..., cats=..., hands=..., ...)``), which checks its arguments.  Randomness
(deck order, fire-tile draws) comes only from the game's RNG; its state travels with
the game.
"""

from __future__ import annotations

import random
from typing import Any

from engine.model.catalog import TERRAINS, Catalog, default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.geometry import Square
from engine.model.layout import BoardChoice, compose_island
from engine.play import hybrid, legal, moves
from engine.play.actions import Action, PlaceFire, PlacePathway, parse_action
from engine.play.communication import tokens_from_dicts
from engine.play.island import TERRAIN_INDEX, Island
from engine.play.outcome import IllegalAction, Outcome
from engine.play.phases import (
    DRAW,
    FIRE,
    OVER,
    PLAY,
    REFILL,
    TOKENS,
    DisasterLogEntry,
    DisasterProgress,
    PendingBonus,
    PendingFire,
    TokenTask,
)  # fmt: skip
from engine.play.position import CatPosition, Position
from engine.play.reach import find_cut_off, move_targets
from engine.play.support import check_playable
from engine.play.variants import get_variant

STATE_FORMAT = "raftwright.gamestate"


class GameState(Position):
    __slots__ = ()

    # --- contract ---------------------------------------------------------------------
    def legal_actions(self) -> legal.LegalActions:
        """Every legal action in a fixed order: draws (player, deck), card placements
        (player, card, anchor row-major, rotation), fire placements (orientation,
        anchor), cat moves (player, cat, destination, discards), water, end of round; in the solo refill
        phase, the face-down cards (player, index in draw order).
        A lazy sequence: ``len()`` and indexing do not build every action."""
        return legal.legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        return self.action_error(action) is None

    def action_error(self, action: Action) -> IllegalAction | None:
        """What :meth:`apply` would refuse ``action`` for now (None if it is legal),
        without applying it."""
        try:
            moves.check(self, action)
        except IllegalAction as exc:
            return exc
        return None

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalAction` (state unchanged) if not."""
        moves.check(self, action)
        moves.perform(self, action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from ``legal_actions()``),
        skipping the check.  An illegal action here corrupts the state."""
        moves.perform(self, action)

    # --- UI helpers ---------------------------------------------------------------------
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

    def cut_off(self) -> Outcome | None:
        """The cut-off analysis on demand (it also runs after every fire placement and
        every move): the loss it would declare now, or None."""
        found = find_cut_off(self)
        return None if found is None else moves.cut_off_outcome(self, found)

    # --- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
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
            "cats": [
                {"square": list(self.cat_square(i)), "exhausted": self.exhausted[i], "arrived": self.arrived[i]}
                for i in range(len(self.cat_sq))
            ],  # fmt: skip
            "arrivals": list(self.arrivals),
            "arrival_turns": list(self.arrival_turns),
            "decks": {d: list(cards) for d, cards in self.decks.items()},
            "hands": [list(h) for h in self.hands],
            "reserve": [list(r) for r in self.reserve],
            "drawn": list(self.drawn),
            "disaster_pile": list(self.disaster_pile),
            "discard_pile": list(self.discard_pile),
            "removed": list(self.removed),
            "placed": [str(a) for a in self.placed],
            "bag": list(self.bag),
            "pending": None
            if self.pending is None
            else {"tile": self.pending.tile, "player": self.pending.player, "cause": self.pending.cause},  # fmt: skip
            "water": self.water,
            "water_used": self.water_used,
            "phase": self.phase,
            "round": self.round,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "rng": {"version": version, "internal": list(internal), "gauss": gauss},
            "history": [str(a) for a in self.history],
            "disaster_deck": list(self.advanced.disaster_deck),
            "disaster_used": list(self.advanced.disaster_used),
            "disaster": None
            if self.advanced.disaster is None
            else {
                "card": self.advanced.disaster.card,
                "player": self.advanced.disaster.player,
                "step": self.advanced.disaster.step,
                "left": list(self.advanced.disaster.left),
            },  # fmt: skip
            "disaster_log": [entry.to_dict() for entry in self.advanced.disaster_log],
            "bonus": None
            if self.advanced.bonus is None
            else {"player": self.advanced.bonus.player, "turn": self.advanced.bonus.turn},
            "extra_cards": list(self.advanced.extra_cards),
            "comm_tokens": [[t.to_dict() for t in seat] for seat in self.comm_tokens],
            "tokens": [{"square": list(grid.square(i)), "kind": k} for i, k in sorted(self.kickstarter.tokens.items())],
            "held": list(self.kickstarter.held),
            "task": None
            if self.kickstarter.task is None
            else {
                "step": self.kickstarter.task.step,
                "player": self.kickstarter.task.player,
                "card": None if self.kickstarter.task.card is None else list(self.kickstarter.task.card),
            },  # fmt: skip
            "maps": self.kickstarter.maps,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], catalog: Catalog | None = None) -> "GameState":
        """Resume a game written by :meth:`to_dict` (the island is composed again from
        the scenario and the boards it records)."""
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a Raftwright game state (format {data.get('format')!r}, expected {STATE_FORMAT!r})")
        catalog = catalog or default_catalog()
        scenario = scenario_from_dict(data["scenario"])
        check_playable(scenario, catalog)  # a saved game resumes only what the engine plays
        choices = tuple(BoardChoice(b["board"], int(b["rotation"])) for b in data["boards"])
        layout = compose_island(scenario, catalog, choices)
        island = Island.from_layout(scenario, catalog, layout, hybrid=hybrid.wants_hybrid(scenario))
        grid = island.grid
        terrain = [0] * len(TERRAINS)
        for row, letters in enumerate(data["terrain"]):
            for col, ch in enumerate(letters):
                if ch != ".":
                    terrain[TERRAIN_INDEX[next(t for t in TERRAINS if t[0] == ch)]] |= grid.bit((row, col))
        fire_tiles = [a for a in map(parse_action, data["fire_tiles"]) if isinstance(a, PlaceFire)]
        if len(fire_tiles) != len(data["fire_tiles"]):
            raise ValueError("fire_tiles: every entry must be a fire tile placement")
        rng = random.Random()
        r = data["rng"]
        rng.setstate((r["version"], tuple(r["internal"]), r["gauss"]))
        p = data["pending"]
        d, b = data.get("disaster"), data.get("bonus")  # absent in states saved before the advanced game
        t = data.get("task")  # "tokens", "held", "task", "maps": absent in states saved before Kickstarter tokens
        task = None if t is None else TokenTask(t["step"], int(t["player"]), None if t["card"] is None else
                                                (int(t["card"][0]), int(t["card"][1])))  # fmt: skip
        return cls(
            island,
            get_variant(data["variant"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            rng=rng,
            cats=[
                CatPosition((c["square"][0], c["square"][1]), bool(c["exhausted"]), bool(c["arrived"]))
                for c in data["cats"]
            ],  # fmt: skip
            arrivals=data["arrivals"],
            arrival_turns=data.get("arrival_turns"),  # absent in states saved before objectives were played
            terrain=terrain,
            fire_tiles=fire_tiles,
            decks=data["decks"],
            hands=data["hands"],
            reserve=data["reserve"],
            drawn=data["drawn"],
            bag=data["bag"],
            disaster_pile=data["disaster_pile"],
            discard_pile=data["discard_pile"],
            removed=data["removed"],
            placed=[a for a in map(parse_action, data["placed"]) if isinstance(a, PlacePathway)],
            pending=None if p is None else PendingFire(p["tile"], int(p["player"]), p["cause"]),
            water=int(data["water"]),
            water_used=int(data["water_used"]),
            phase=data["phase"],
            round=int(data["round"]),
            outcome=None if data["outcome"] is None else Outcome.from_dict(data["outcome"]),
            history=[parse_action(a) for a in data["history"]],
            disaster_deck=data.get("disaster_deck", ()),
            disaster_used=data.get("disaster_used", ()),
            disaster=None
            if d is None
            else DisasterProgress(
                d["card"], int(d["player"]), int(d["step"]), tuple(int(n) for n in d["left"])
            ),  # fmt: skip
            disaster_log=[DisasterLogEntry(e["card"], int(e["step"]), e["text"]) for e in data.get("disaster_log", ())],
            bonus=None if b is None else PendingBonus(int(b["player"]), int(b["turn"])),
            extra_cards=data.get("extra_cards"),
            comm_tokens=None if "comm_tokens" not in data else tokens_from_dicts(data["comm_tokens"]),
            tokens=None
            if "tokens" not in data
            else {(int(k["square"][0]), int(k["square"][1])): str(k["kind"]) for k in data["tokens"]},  # fmt: skip
            held=data.get("held", ()),
            task=task,
            maps=int(data.get("maps", 0)),
        )

    def __repr__(self) -> str:
        status = self._outcome.reason if self._outcome else self.phase
        return f"<GameState {self.island.scenario.id} {self.rules.name} round {self.round} {status}>"


__all__ = ["DRAW", "FIRE", "OVER", "PLAY", "REFILL", "TOKENS", "GameState", "IllegalAction", "PendingFire"]
