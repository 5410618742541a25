"""The phases of a game and the pending fire tile (shared by state, moves and legal)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeGuard

# A phase is plain text typed by a Literal, not an enum: it is compared on every action,
# and CPython compares exact str objects faster than str subclasses.
Phase = Literal["draw", "play", "fire", "refill", "tokens", "over", "bonus", "disaster"]
DRAW: Final = "draw"  # players draw their cards (DrawCard)
PLAY: Final = "play"  # cards are played (PlacePathway, MoveCat, UseWater, EndRound)
FIRE: Final = "fire"  # a drawn fire tile waits to be placed (PlaceFire)
REFILL: Final = "refill"  # solo: the hand refills from the face-down cards, one chosen card at a time (Refill)
TOKENS: Final = "tokens"  # Kickstarter tokens wait for a choice (ReturnToken, ResolveToken: engine.play.tokens)
OVER: Final = "over"  # won or lost
PHASE_NAMES: tuple[Phase, ...] = ("draw", "play", "fire", "refill", "tokens", "over", "bonus", "disaster")


def is_phase(name: object) -> TypeGuard[Phase]:
    """Whether ``name`` is a phase's name (read from a file, it is checked so)."""
    return name in PHASE_NAMES


@dataclass(frozen=True)
class PendingFire:
    """A fire tile drawn from the bag that must be placed now.  ``cause`` is
    ``"pathway"`` (Add pathway) or ``"disaster"``; ``player`` places it."""

    tile: str
    player: int
    cause: str


BONUS: Final = "bonus"  # advanced: a cat arrived; the team takes its free action (BonusDraw, BonusMove, BonusPass)
DISASTER: Final = "disaster"  # advanced: a disaster card waits for a choice (DisasterDiscard, DisasterMove)


@dataclass(frozen=True)
class PendingBonus:
    """The raft-arrival bonus waiting to be taken (AD-2): ``player`` is the active
    player (who draws, if the team draws); ``turn`` is the number of the action whose
    arrival earned it, which a bonus move's own arrival shares (one action, OB-1 '=')."""

    player: int
    turn: int


@dataclass(frozen=True)
class DisasterProgress:
    """A disaster card being resolved (DP-3): ``step`` indexes its effect now being
    resolved, ``player`` resolves it, ``left`` counts what the step still asks: fire
    tiles still to draw ``(n,)``, cards each player still discards, moves ``(1,)``."""

    card: str
    player: int
    step: int = 0
    left: tuple[int, ...] = ()


@dataclass(frozen=True)
class DisasterLogEntry:
    """One resolved line of a disaster card, for the playtest: ``step`` counts the
    card's effects from 1 (0 = the card was drawn)."""

    card: str
    step: int
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card, "step": self.step, "text": self.text}


@dataclass(frozen=True)
class TokenTask:
    """Kickstarter tokens in front of ``player`` waiting for the rest of an action
    (:mod:`engine.play.tokens`).  ``step`` is ``"return"`` (water, fish and map tokens
    picked up by the card at ``card`` go back onto it), ``"fire"`` (the card's fire
    tokens wait for the normal fire tile, then bring one tile each) or ``"resolve"``
    (tokens collected by a moving cat wait to be resolved in the order chosen)."""

    step: str
    player: int
    card: tuple[int, int] | None = None
