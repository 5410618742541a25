"""Raftwright's shared rules engine: pure Python, never imports Qt or the studio
(docs/architecture.md; the import-linter contracts in ``pyproject.toml`` hold it to that).

Sub-packages, each layer importing only the ones below it:
``engine.model`` (scenario model and static facts), ``engine.play`` (the rules),
``engine.bots`` (fair players), ``engine.sim`` (Monte-Carlo runs and the estimate),
``engine.check`` (validation), ``engine.interop`` (foreign notations).

The names below are imported on first use (PEP 562), so importing a light module such
as ``engine.release`` or ``engine.model.resources`` does not load the rules; the
``raftwright`` command starts fast because of it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.check.validate import validate
    from engine.play.game import Replay, new_game, replay
    from engine.play.outcome import IllegalAction, Outcome
    from engine.play.position import CatPosition, Position, PositionError
    from engine.play.state import GameState

_WHERE = {
    "validate": "engine.check.validate",
    "Replay": "engine.play.game",
    "new_game": "engine.play.game",
    "replay": "engine.play.game",
    "IllegalAction": "engine.play.outcome",
    "Outcome": "engine.play.outcome",
    "CatPosition": "engine.play.position",
    "Position": "engine.play.position",
    "PositionError": "engine.play.position",
    "GameState": "engine.play.state",
}

__all__ = [
    "CatPosition", "GameState", "IllegalAction", "Outcome", "Position", "PositionError", "Replay", "new_game",
    "replay", "validate",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value
