"""The standard game for 1-4 players (rulebook "Round overview").

Each player draws 3 cards per round; discards go to the shared disaster pile, and 4
cards on it cause a disaster (RULINGS DP-1).  With one player this is the standard
rules without the solo reserve; the official one-player game is :mod:`.solo`.
"""

from __future__ import annotations

from .base import RuleSet

STANDARD = RuleSet(
    name="standard",
    description="Standard game, 1-4 players: draw 3 each, disaster pile of 4",
)
