"""Raftwright's shared rules engine: pure Python, never imports Qt or the studio
(docs/architecture.md; the import-linter contracts in ``pyproject.toml`` hold it to that).

Sub-packages, each layer importing only the ones below it:
``engine.model`` (scenario model and static facts), ``engine.play`` (the rules),
``engine.bots`` (fair players), ``engine.sim`` (Monte-Carlo runs and the estimate),
``engine.check`` (validation), ``engine.interop`` (foreign notations).
"""

from engine.check.validate import validate
from engine.play.game import Replay, new_game, replay
from engine.play.outcome import IllegalAction, Outcome
from engine.play.position import CatPosition, Position, PositionError
from engine.play.state import GameState

__all__ = [
    "CatPosition", "GameState", "IllegalAction", "Outcome", "Position", "PositionError", "Replay", "new_game",
    "replay", "validate",
]  # fmt: skip
