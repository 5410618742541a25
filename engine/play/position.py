"""A game position: everything play changes, and the one public way to build one.

:class:`Position` holds the state of a game (visible terrain per square, fire, cats,
decks, hands, reserve, bag, piles, water, phase, RNG) over an :class:`Island` that
never changes.  :mod:`engine.play.legal`, :mod:`engine.play.moves` and
:mod:`engine.play.reach` read and change a position; :class:`engine.play.state.GameState`
adds the client contract (``legal_actions``, ``apply``...) on top, so those modules
never import the state that calls them.

Build a position with the constructor, by keyword: every argument is checked against
the island and the rule set, and a bad one raises :class:`PositionError` naming it.
Whatever is left out takes its set-up value (cats on their start squares, the decks in
catalog order, an empty hand, every fire tile in the bag, the scenario's water).

Representation: per-terrain int bitsets (the visible colour of every square not on
fire), fire (permanent fire from the island plus fire tiles), cats, raft squares.  A
fire tile never goes under anything and nothing goes on it, so the terrain bits under
a tile are kept: returning the tile to the bag with water (WT-1) uncovers them again
(PL-8's stack reduces to this).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Self, Sequence

from engine.model.catalog import TERRAINS, Catalog
from engine.model.geometry import Square, square_text
from engine.model.scenario import Scenario
from engine.play import hybrid
from engine.play.actions import Action, PlaceFire, PlacePathway
from engine.play.communication import TOKEN_KINDS, CommToken, deal
from engine.play.draws import shuffle
from engine.play.expansions import AdvancedState, PositionError, TokenState
from engine.play.island import Island
from engine.play.outcome import IllegalAction, Outcome
from engine.play.phases import (
    BONUS,
    DISASTER,
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
    Phase,
    TokenTask,
    is_phase,
)  # fmt: skip
from engine.play.variants import RuleSet

PHASES: tuple[Phase, ...] = (DRAW, PLAY, FIRE, OVER, BONUS, DISASTER, REFILL, TOKENS)


@dataclass(frozen=True)
class CatPosition:
    """One cat of a position: where it stands and its flags (cat index = list index,
    in the island's cat order)."""

    square: Square
    exhausted: bool = False
    arrived: bool = False


def shuffled_decks(island: Island, rng: random.Random) -> dict[str, list[str]]:
    """The island's pathway decks shuffled by ``rng``, in catalog deck order (the RNG's
    draws are part of every replay, so this order never changes); the top card last."""
    decks: dict[str, list[str]] = {}
    cards = _deck_keys(island.catalog)
    for deck in island.decks:
        keys = list(cards[deck])
        shuffle(rng, keys)  # Random.shuffle without a call per card (engine.play.draws): the same draws
        decks[deck] = keys
    return decks


_DECK_KEYS: dict[int, tuple[Catalog, dict[str, tuple[str, ...]]]] = {}


def _deck_keys(catalog: Catalog) -> dict[str, tuple[str, ...]]:
    """Per deck, its cards' keys in catalog order (once per catalog object: catalogs are frozen)."""
    kept = _DECK_KEYS.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = _DECK_KEYS[id(catalog)] = (
            catalog,
            {d: tuple(c.key for c in cards) for d, cards in catalog.decks.items()},
        )
    return kept[1]


class Position:
    __slots__ = (
        "island", "rules", "players", "seed", "rng", "terrain", "tile_fire", "fire", "tiles_placed",
        "cat_sq", "cat_mask", "exhausted", "arrived", "arrivals", "arrival_turns", "decks", "hands", "reserve", "drawn",
        "disaster_pile", "discard_pile", "removed", "placed", "bag", "pending", "water", "water_used",
        "phase", "round", "_outcome", "history", "comm_tokens", "safe", "safe_any",
        "advanced",  # the advanced game (engine.play.expansions.AdvancedState)
        "kickstarter",  # the Kickstarter tokens (engine.play.expansions.TokenState)
    )  # fmt: skip

    def __init__(
        self,
        island: Island,
        rules: RuleSet,
        *,
        players: int = 1,
        seed: int = 0,
        rng: random.Random | None = None,
        cats: Sequence[CatPosition] | None = None,
        arrivals: Sequence[int] | None = None,
        arrival_turns: Sequence[int] | None = None,
        terrain: Sequence[int] | None = None,
        fire_tiles: Iterable[PlaceFire] = (),
        decks: Mapping[str, Sequence[str]] | None = None,
        hands: Sequence[Sequence[str]] | None = None,
        reserve: Sequence[Sequence[str]] | None = None,
        drawn: Sequence[int] | None = None,
        bag: Sequence[str] | None = None,
        disaster_pile: Sequence[str] = (),
        discard_pile: Sequence[str] = (),
        removed: Sequence[str] = (),
        placed: Sequence[PlacePathway] = (),
        pending: PendingFire | None = None,
        water: int | None = None,
        water_used: int = 0,
        phase: str = DRAW,
        round: int = 1,
        outcome: Outcome | None = None,
        history: Sequence[Action] = (),
        disaster_deck: Sequence[str] = (),
        disaster_used: Sequence[str] = (),
        disaster: DisasterProgress | None = None,
        disaster_log: Sequence[DisasterLogEntry] = (),
        bonus: PendingBonus | None = None,
        extra_cards: Sequence[int] | None = None,
        comm_tokens: Sequence[Sequence[CommToken]] | None = None,
        tokens: Mapping[Square, str] | None = None,
        held: Sequence[str] = (),
        task: TokenTask | None = None,
        maps: int = 0,
    ) -> None:
        """A position over ``island`` played by ``rules``.

        ``cats`` (island cat order), ``decks`` (deck name -> card keys ``deck:id``, the
        top card last), ``hands`` / ``reserve`` (one list per player), ``bag`` (tile
        ids), ``fire_tiles`` (placed tiles as :class:`PlaceFire` actions), ``terrain``
        (one bit mask per terrain in :data:`TERRAINS` order, for cards already placed),
        ``arrivals`` (cat indices in arrival order; default: the arrived cats in index
        order), ``arrival_turns`` (for each arrival, the number of the action it came
        in, counted from 1: arrivals in one action share it; default: one action
        each), ``rng`` (the game's random source; default ``random.Random(seed)``).
        Advanced game (:mod:`engine.play.disasters`, :mod:`engine.play.bonus`):
        ``disaster_deck`` (disaster card ids, the top card last), ``disaster_used``
        (resolved cards), ``disaster`` (the card being resolved, phase ``disaster`` or
        ``fire``), ``disaster_log`` (every resolved line), ``bonus`` (the arrival
        bonus waiting, phase ``bonus``), ``extra_cards`` (per player, cards drawn by a bonus
        this round: they raise the hand size until the round ends, SO-1).
        ``comm_tokens`` (per player, the communication tokens in front of them; default:
        dealt by player count when the scenario uses them, :mod:`engine.play.communication`).
        Kickstarter tokens (:mod:`engine.play.tokens`): ``tokens`` (on the island,
        square -> kind; default the scenario's), ``held`` (tokens in front of the
        player), ``task`` (what they wait for, :class:`TokenTask`), ``maps`` (treasure
        maps kept).
        Raises :class:`PositionError` naming the argument that does not fit."""
        if players < 1:
            raise PositionError(f"players: {players}; a game has at least 1 player")
        self.island = island
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        grid = island.grid
        # terrain and fire
        self.terrain = list(island.start_terrain if terrain is None else terrain)
        if len(self.terrain) != len(TERRAINS):
            raise PositionError(f"terrain: {len(self.terrain)} masks; give one per terrain ({', '.join(TERRAINS)})")
        if any(m & ~island.land for m in self.terrain):
            raise PositionError("terrain: a terrain mask has squares off the island")
        self.tiles_placed: dict[str, tuple[int, PlaceFire]] = {}
        self.tile_fire = 0
        self.fire = island.fixed_fire
        self.safe = [0] * len(TERRAINS)  # safe spots of hybrid fire tiles, per terrain (engine.play.hybrid)
        self.safe_any = 0
        for action in fire_tiles:
            if action.tile in self.tiles_placed:
                raise PositionError(f"fire_tiles: fire tile {action.tile!r} is placed twice")
            try:
                mask = island.tile_mask(action)
            except IllegalAction as exc:
                raise PositionError(f"fire_tiles: {action}: {exc.message}") from exc
            if mask & ~island.land:
                raise PositionError(f"fire_tiles: {action} hangs off the island")
            if any(mask & m for m, _ in self.tiles_placed.values()):
                raise PositionError(f"fire_tiles: {action} overlaps another fire tile")
            hybrid.lay(self, action, mask)
        # cats
        cat_list = [CatPosition(grid.square(sq)) for sq in island.cat_starts] if cats is None else list(cats)
        if len(cat_list) != len(island.cat_starts):
            raise PositionError(f"cats: {len(cat_list)} given; the island has {len(island.cat_starts)} cats")
        self.cat_sq = []
        for i, cat in enumerate(cat_list):
            r, c = cat.square
            if not (0 <= r < grid.rows and 0 <= c < grid.cols) or not island.land & grid.bit((r, c)):
                raise PositionError(
                    f"cats: cat {i} ({island.cat_colours[i]}) at {square_text(cat.square)} is off the island"
                )
            self.cat_sq.append(grid.index((r, c)))
        if len(set(self.cat_sq)) != len(self.cat_sq):
            raise PositionError("cats: two cats stand on one square")
        self.cat_mask = sum(1 << sq for sq in self.cat_sq)
        self.exhausted = [bool(c.exhausted) for c in cat_list]
        self.arrived = [bool(c.arrived) for c in cat_list]
        if arrivals is None:
            self.arrivals = [i for i, a in enumerate(self.arrived) if a]
        else:
            self.arrivals = list(arrivals)
            if sorted(self.arrivals) != [i for i, a in enumerate(self.arrived) if a]:
                raise PositionError("arrivals: list every arrived cat's index exactly once, in arrival order")
        self.arrival_turns = list(range(1, len(self.arrivals) + 1)) if arrival_turns is None else list(arrival_turns)
        if len(self.arrival_turns) != len(self.arrivals) or self.arrival_turns != sorted(self.arrival_turns):
            raise PositionError("arrival_turns: give one non-decreasing action number per arrival")
        # cards
        if decks is None:
            self.decks = {d: [card.key for card in island.catalog.decks[d]] for d in island.decks}
        else:
            unknown = sorted(set(decks) - set(island.decks))
            if unknown:
                raise PositionError(f"decks: {', '.join(unknown)} not in this game (decks: {', '.join(island.decks)})")
            self.decks = {d: list(decks.get(d, ())) for d in island.decks}
            for name, keys in self.decks.items():
                prefix = f"{name}:"
                if island.cards.keys() >= set(keys) and ("\0" + "\0".join(keys)).count("\0" + prefix) == len(keys):
                    continue  # known cards, each starting with the prefix: no Python step per card
                wrong = [k for k in keys if k not in island.cards or not k.startswith(prefix)]
                raise PositionError(f"decks: {', '.join(wrong)} do not belong to the {name} deck")
        self.hands = self._per_player("hands", hands)
        self.reserve = self._per_player("reserve", reserve)
        self.drawn = [0] * players if drawn is None else [int(n) for n in drawn]
        if len(self.drawn) != players or any(n < 0 for n in self.drawn):
            raise PositionError(f"drawn: give one count (0 or more) per player ({players})")
        self.disaster_pile = list(disaster_pile)
        self.discard_pile = list(discard_pile)
        self.removed = list(removed)
        self.placed = list(placed)
        every_card = (
            [k for keys in self.decks.values() for k in keys] + [k for h in self.hands for k in h]
            + [k for r in self.reserve for k in r] + self.disaster_pile + self.discard_pile + self.removed
            + [a.card for a in self.placed]
        )  # fmt: skip
        cards_seen = set(every_card)
        if len(cards_seen) != len(every_card):
            twice = sorted(k for k, n in Counter(every_card).items() if n > 1)
            raise PositionError(f"cards: {', '.join(twice)} in two places (decks, hands, reserve, piles, placed)")
        unknown_cards = sorted(cards_seen - island.cards.keys())
        if unknown_cards:
            raise PositionError(f"cards: {', '.join(unknown_cards)} are not pathway cards of this game")
        # the bag and the pending tile
        self.bag = list(island.tiles) if bag is None else list(bag)
        if not island.tiles.keys() >= set(self.bag):
            wrong_tiles = sorted(t for t in self.bag if t not in island.tiles)
            raise PositionError(f"bag: {', '.join(wrong_tiles)} are not fire tiles of this game")
        out_of_bag = [t for t in self.tiles_placed] + ([pending.tile] if pending else [])
        if len(set(self.bag) | set(out_of_bag)) != len(self.bag) + len(out_of_bag):
            both = sorted((Counter(self.bag) + Counter(out_of_bag)) - Counter(set(self.bag) | set(out_of_bag)))
            raise PositionError(f"bag: {', '.join(both)} both in the bag and placed or pending (or listed twice)")
        if pending is not None and (pending.tile not in island.tiles or phase not in (FIRE, OVER)):
            raise PositionError("pending: a pending fire tile needs a known tile and the fire phase")
        self.pending = pending
        # counters, phase, outcome
        self.water = rules.water_tokens(island.scenario) if water is None else water
        self.water_used = water_used
        if self.water < 0 or water_used < 0:
            raise PositionError("water: token counts are 0 or more")
        if not is_phase(phase):
            raise PositionError(f"phase: {phase!r}; use one of {', '.join(PHASES)}")
        if (phase == OVER) != (outcome is not None):
            raise PositionError("phase/outcome: a finished game has phase 'over' and an outcome, a running one neither")
        if phase == FIRE and pending is None:
            raise PositionError("phase: the fire phase needs the pending fire tile")
        if comm_tokens is None:
            self.comm_tokens = deal(players, island.scenario.rules.communication_tokens)
        else:
            self.comm_tokens = [list(seat) for seat in comm_tokens]
            if len(self.comm_tokens) != players or any(t.kind not in TOKEN_KINDS for s in self.comm_tokens for t in s):
                raise PositionError(
                    f"comm_tokens: give one list per player ({players}) of {' / '.join(TOKEN_KINDS)} tokens"
                )
        self.kickstarter = TokenState.checked(island, phase, tokens, held, task, maps)
        if round < 1:
            raise PositionError(f"round: {round}; rounds count from 1")
        self.phase = phase
        self.round = round
        self._outcome = outcome
        self.history = list(history)
        self.advanced = AdvancedState.checked(island, players, phase, disaster_deck, disaster_used, disaster,
                                              disaster_log, bonus, extra_cards)  # fmt: skip
        if phase == REFILL and not any(self.needs_refill(p) for p in range(players)):
            raise PositionError("phase: the refill phase needs a hand short of cards and face-down cards to refill it")

    @classmethod
    def trusted(
        cls,
        island: Island,
        rules: RuleSet,
        *,
        rng: random.Random,
        exhausted: list[bool],
        arrived: list[bool],
        decks: dict[str, list[str]],
        hands: list[list[str]],
        bag: list[str],
        phase: Phase = DRAW,
        seed: int = 0,
    ) -> Self:
        """The constructor's position with the cats on their start squares and
        everything not named at its set-up value, built WITHOUT the argument checks:
        only for callers that have validated the arguments themselves (the COMP1110
        interop, issue 8 item 5: the checks would be a third of a call).  The lists
        become the position's own.  If the class has a slot this path does not set
        (a rule added since), it falls back to the checked constructor."""
        if not _trusted_covers(cls):
            grid = island.grid
            cats = [CatPosition(grid.square(sq), e, a) for sq, e, a in zip(island.cat_starts, exhausted, arrived)]
            return cls(island, rules, players=len(hands), seed=seed, rng=rng, cats=cats, decks=decks,
                       hands=hands, bag=bag, phase=phase)  # fmt: skip
        self = cls.__new__(cls)
        self.island, self.rules, self.players, self.seed, self.rng = island, rules, len(hands), seed, rng
        self.terrain = list(island.start_terrain)
        self.tile_fire, self.fire, self.tiles_placed = 0, island.fixed_fire, {}
        self.cat_sq = list(island.cat_starts)
        self.cat_mask = sum([1 << sq for sq in self.cat_sq])
        self.exhausted, self.arrived = exhausted, arrived
        self.arrivals = [i for i, a in enumerate(arrived) if a] if any(arrived) else []
        self.arrival_turns = list(range(1, len(self.arrivals) + 1))
        self.decks = {d: decks.get(d, []) for d in island.decks}
        self.hands, self.reserve, self.drawn = hands, [[] for _ in hands], [0] * len(hands)
        self.disaster_pile, self.discard_pile, self.removed, self.placed, self.history = [], [], [], [], []
        self.bag, self.pending = bag, None
        self.water, self.water_used = rules.water_tokens(island.scenario), 0
        self.phase, self.round, self._outcome = phase, 1, None
        self.comm_tokens = deal(len(hands), island.scenario.rules.communication_tokens)
        self.safe, self.safe_any = [0] * len(TERRAINS), 0
        self.advanced, self.kickstarter = AdvancedState.empty(len(hands)), TokenState.at_setup(island)
        return self

    def _per_player(self, name: str, given: Sequence[Sequence[str]] | None) -> list[list[str]]:
        if given is None:
            return [[] for _ in range(self.players)]
        if len(given) != self.players:
            raise PositionError(f"{name}: {len(given)} given; give one list per player ({self.players})")
        return [list(cards) for cards in given]

    # --- queries ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self, rng: random.Random | None = None) -> Self:
        """An independent copy (the island is shared; it never changes).  ``rng``: the
        copy's RNG, when the caller has one for it (a fair view's); else a copy of this
        one's (reading and setting the generator's state is half the clone's work)."""
        other = type(self).__new__(type(self))
        # attribute by attribute, written out: getattr/setattr by name and list() calls made half the work
        other.island, other.rules, other.players, other.seed = self.island, self.rules, self.players, self.seed
        other.tile_fire, other.fire, other.cat_mask = self.tile_fire, self.fire, self.cat_mask
        other.pending, other.water, other.water_used = self.pending, self.water, self.water_used
        other.phase, other.round, other._outcome = self.phase, self.round, self._outcome
        other.safe_any = self.safe_any
        if rng is None:
            rng = random.Random.__new__(random.Random)  # not seeded from the OS: the state is set next
            rng.setstate(self.rng.getstate())
        other.rng = rng
        other.terrain, other.cat_sq, other.exhausted = self.terrain[:], self.cat_sq[:], self.exhausted[:]
        other.arrived, other.arrivals, other.arrival_turns = self.arrived[:], self.arrivals[:], self.arrival_turns[:]
        other.drawn, other.disaster_pile = self.drawn[:], self.disaster_pile[:]
        other.discard_pile, other.removed, other.placed = self.discard_pile[:], self.removed[:], self.placed[:]
        other.bag, other.history = self.bag[:], self.history[:]
        other.safe, other.tiles_placed = self.safe[:], self.tiles_placed.copy()
        other.advanced, other.kickstarter = self.advanced.copy(), self.kickstarter.copy()
        other.decks = {d: cards[:] for d, cards in self.decks.items()}
        other.hands = [h[:] for h in self.hands]
        other.reserve = [r[:] for r in self.reserve]
        other.comm_tokens = [seat[:] for seat in self.comm_tokens]
        return other

    @property
    def scenario(self) -> Scenario:
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
        return self.cat_sq.index(bit) if bit in self.cat_sq else None

    def cats(self) -> list[dict[str, Any]]:
        """Every cat: colour, square, exhausted, arrived (cat index = list index)."""
        return [
            {
                "colour": self.island.cat_colours[i],
                "square": self.cat_square(i),
                "exhausted": self.exhausted[i],
                "arrived": self.arrived[i],
            }  # fmt: skip
            for i in range(len(self.cat_sq))
        ]

    def cat_positions(self) -> list[CatPosition]:
        """The cats as the constructor takes them."""
        return [CatPosition(self.cat_square(i), self.exhausted[i], self.arrived[i]) for i in range(len(self.cat_sq))]

    def terrain_at(self, square: Square) -> str | None:
        """``'fire'``, a terrain name, ``'raft'``, or None off the island."""
        bit = self.island.grid.bit(square)
        if not self.island.land & bit:
            return None
        if self.fire & bit:
            return "fire"
        if self.island.raft & bit:
            return "raft"
        if self.safe_any & bit:  # a hybrid tile's safe spot shows its own terrain
            return next(TERRAINS[i] for i, m in enumerate(self.safe) if m & bit)
        return next((TERRAINS[i] for i, m in enumerate(self.terrain) if m & bit), None)

    def needs_refill(self, player: int) -> bool:
        """Whether ``player``'s hand is short and face-down cards can refill it (SO-1;
        cards drawn by an advanced bonus raise the hand size until the round ends)."""
        return (
            bool(self.reserve[player])
            and len(self.hands[player]) < self.rules.hand_size + self.advanced.extra_cards[player]
        )

    def mark_token(self, player: int, index: int, used: bool = True) -> None:
        """Mark a communication token used (or not).  A reminder only: talking changes no
        rule of play, so this is not an action and is not in the history."""
        seat = self.comm_tokens[player]
        seat[index] = CommToken(seat[index].kind, used)

    @property
    def token_squares(self) -> int:
        """Bit mask of the squares holding a Kickstarter token."""
        tokens = self.kickstarter.tokens
        return sum([1 << i for i in tokens]) if tokens else 0

    def token_at(self, square: Square) -> str | None:
        return self.kickstarter.tokens.get(self.island.grid.index(square))

    def cards_in_decks(self) -> int:
        return sum(len(cards) for cards in self.decks.values())


# The slots Position.trusted sets; a class with any other slot takes the checked path.
_TRUSTED_SLOTS = frozenset({
    "island", "rules", "players", "seed", "rng", "terrain", "tile_fire", "fire", "tiles_placed", "cat_sq", "cat_mask",
    "exhausted", "arrived", "arrivals", "arrival_turns", "decks", "hands", "reserve", "drawn", "disaster_pile",
    "discard_pile", "removed", "placed", "bag", "pending", "water", "water_used", "phase", "round", "_outcome", "history",
    "comm_tokens", "safe", "safe_any", "advanced", "kickstarter",
})  # fmt: skip
_COVERED: dict[type, bool] = {}


def _trusted_covers(cls: type) -> bool:
    """Whether :meth:`Position.trusted` sets every slot of ``cls`` (once per class)."""
    covered = _COVERED.get(cls)
    if covered is None:
        slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
        covered = _COVERED[cls] = slots <= _TRUSTED_SLOTS
    return covered


__all__ = ["PHASES", "CatPosition", "Position", "PositionError", "shuffled_decks"]
