"""The rules' version: which game a seed and an action list mean.

``RULES_VERSION`` goes up whenever the same seed and the same actions can give another
game: a legal action added or refused, a phase reordered, an outcome decided otherwise.
Replays and stored estimates record it; the golden games in ``tests/golden/games/``
record it too, and their test fails when recorded play changes while the number did not.
"""

from __future__ import annotations

RULES_VERSION = 2

__all__ = ["RULES_VERSION"]
