"""The expansions' parts of a position, each in its own object (as python-chess keeps a
variant's pockets in a state class of their own), so the base game's position reads on
one screen: :class:`AdvancedState` (the advanced game: disaster deck, bonus, extra
cards; :mod:`engine.play.disasters`, :mod:`engine.play.bonus`) and :class:`TokenState`
(the Kickstarter tokens: :mod:`engine.play.tokens`).  A position holds one of each
(``state.advanced``, ``state.kickstarter``), empty in a base game.  Their checked
constructors raise :class:`PositionError` naming the argument that does not fit.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from engine.model.geometry import Square, square_text
from engine.model.scenario import KICKSTARTER_TOKENS
from engine.play.island import Island
from engine.play.phases import (
    BONUS,
    DISASTER,
    FIRE,
    OVER,
    TOKENS,
    DisasterLogEntry,
    DisasterProgress,
    PendingBonus,
    TokenTask,
)


class PositionError(ValueError):
    """An argument of :class:`~engine.play.position.Position` that no game can reach; the
    message names it."""


class _Slots:
    """Equality and a readable repr by slot (the expansions' parts compare by content)."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Slots) and type(other) is type(self) and self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class AdvancedState(_Slots):
    """The advanced game's part of a position: ``disaster_deck`` (disaster card ids, the
    top card last), ``disaster_used`` (resolved cards), ``disaster`` (the card being
    resolved, phase ``disaster`` or ``fire``), ``disaster_log`` (every resolved line),
    ``bonus`` (the arrival bonus waiting, phase ``bonus``), ``extra_cards`` (per player,
    cards drawn by a bonus this round: they raise the hand size until the round ends, SO-1)."""

    __slots__ = ("disaster_deck", "disaster_used", "disaster", "disaster_log", "bonus", "extra_cards")

    def __init__(
        self,
        disaster_deck: list[str],
        disaster_used: list[str],
        disaster: DisasterProgress | None,
        disaster_log: list[DisasterLogEntry],
        bonus: PendingBonus | None,
        extra_cards: list[int],
    ) -> None:
        self.disaster_deck, self.disaster_used, self.disaster = disaster_deck, disaster_used, disaster
        self.disaster_log, self.bonus, self.extra_cards = disaster_log, bonus, extra_cards

    @classmethod
    def empty(cls, players: int) -> AdvancedState:
        return cls([], [], None, [], None, [0] * players)

    @classmethod
    def checked(
        cls,
        island: Island,
        players: int,
        phase: str,
        deck: Sequence[str],
        used: Sequence[str],
        disaster: DisasterProgress | None,
        log: Sequence[DisasterLogEntry],
        bonus: PendingBonus | None,
        extra: Sequence[int] | None,
    ) -> AdvancedState:
        known = island.catalog.disaster_cards
        every = list(deck) + list(used) + ([disaster.card] if disaster else [])
        if len(set(every)) != len(every) or not known.keys() >= set(every):
            wrong = sorted(set(every) - known.keys()) or sorted(k for k, n in Counter(every).items() if n > 1)
            raise PositionError(f"disaster_deck: {', '.join(wrong)} unknown disaster card(s) or in two places")
        if (phase == DISASTER and disaster is None) or (disaster is not None and phase not in (DISASTER, FIRE, OVER)):
            raise PositionError("disaster: the disaster phase needs the card being resolved, and only it has one")
        if (phase == BONUS and bonus is None) or (bonus is not None and phase not in (BONUS, OVER)):
            raise PositionError("bonus: the bonus phase needs the pending arrival bonus, and only it has one")
        if disaster is not None and not (
            0 <= disaster.step <= len(known[disaster.card].effects)
            and 0 <= disaster.player < players
            and len(disaster.left) <= players
        ):
            raise PositionError(
                f"disaster: step {disaster.step}, player {disaster.player} or what is left "
                f"{disaster.left} does not fit card {disaster.card} and {players} player(s)"
            )
        extra_cards = [0] * players if extra is None else [int(n) for n in extra]
        if len(extra_cards) != players or any(n < 0 for n in extra_cards):
            raise PositionError(f"extra_cards: give one count (0 or more) per player ({players})")
        return cls(list(deck), list(used), disaster, list(log), bonus, extra_cards)

    def copy(self) -> AdvancedState:
        other = AdvancedState.__new__(AdvancedState)
        other.disaster_deck, other.disaster_used = self.disaster_deck[:], self.disaster_used[:]
        other.disaster, other.disaster_log = self.disaster, self.disaster_log[:]
        other.bonus, other.extra_cards = self.bonus, self.extra_cards[:]
        return other


class TokenState(_Slots):
    """The Kickstarter tokens' part of a position: ``tokens`` (on the island, square index
    -> kind), ``held`` (tokens in front of the player), ``task`` (what they wait for,
    :class:`~engine.play.phases.TokenTask`), ``maps`` (treasure maps kept)."""

    __slots__ = ("tokens", "held", "task", "maps")

    def __init__(self, tokens: dict[int, str], held: list[str], task: TokenTask | None, maps: int) -> None:
        self.tokens, self.held, self.task, self.maps = tokens, held, task, maps

    @classmethod
    def at_setup(cls, island: Island) -> TokenState:
        """The scenario's tokens on the island, nothing held."""
        placed = island.scenario.tokens
        grid = island.grid
        tokens = {grid.index(t.at): t.kind for t in placed if t.kind in KICKSTARTER_TOKENS} if placed else {}
        return cls(tokens, [], None, 0)

    @classmethod
    def checked(
        cls,
        island: Island,
        phase: str,
        tokens: Mapping[Square, str] | None,
        held: Sequence[str],
        task: TokenTask | None,
        maps: int,
    ) -> TokenState:
        grid = island.grid
        if tokens is None:
            placed = [(t.at, t.kind) for t in island.scenario.tokens if t.kind in KICKSTARTER_TOKENS]
        else:
            placed = list(tokens.items())
        on_island: dict[int, str] = {}
        for square, kind in placed:
            r, c = square
            if kind not in KICKSTARTER_TOKENS:
                raise PositionError(
                    f"tokens: {kind!r} on {square_text(square)}; use one of {', '.join(KICKSTARTER_TOKENS)}"
                )
            if not (0 <= r < grid.rows and 0 <= c < grid.cols) or not island.land & grid.bit((r, c)):
                raise PositionError(f"tokens: the {kind} token on {square_text(square)} is off the island")
            if grid.index((r, c)) in on_island:
                raise PositionError(f"tokens: two tokens on {square_text(square)}")
            on_island[grid.index((r, c))] = kind
        if any(k not in KICKSTARTER_TOKENS for k in held):
            raise PositionError(f"held: tokens are {', '.join(KICKSTARTER_TOKENS)}")
        if maps < 0:
            raise PositionError("maps: a count of 0 or more")
        if phase == TOKENS and (task is None or task.step == "fire" or not held):
            raise PositionError("phase/task: the tokens phase needs held tokens and a return or resolve task")
        return cls(on_island, list(held), task, maps)

    def copy(self) -> TokenState:
        other = TokenState.__new__(TokenState)
        other.tokens, other.held, other.task, other.maps = self.tokens.copy(), self.held[:], self.task, self.maps
        return other


__all__ = ["AdvancedState", "PositionError", "TokenState"]
