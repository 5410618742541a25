"""The phases of a game and the pending fire tile (shared by state, moves and legal)."""

from __future__ import annotations

from dataclasses import dataclass

DRAW = "draw"  # players draw their cards (DrawCard)
PLAY = "play"  # cards are played (PlacePathway, MoveCat, UseWater, EndRound)
FIRE = "fire"  # a drawn fire tile waits to be placed (PlaceFire)
OVER = "over"  # won or lost


@dataclass(frozen=True)
class PendingFire:
    """A fire tile drawn from the bag that must be placed now.  ``cause`` is
    ``"pathway"`` (Add pathway) or ``"disaster"``; ``player`` places it."""

    tile: str
    player: int
    cause: str
