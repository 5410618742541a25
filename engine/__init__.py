"""Raftwright's shared rules engine: pure Python, never imports Qt or the studio
(docs/architecture.md; the import-linter contracts in ``pyproject.toml`` hold it to that).

Sub-packages, each layer importing only the ones below it:
``engine.model`` (scenario model and static facts), ``engine.play`` (the rules),
``engine.bots`` (fair players), ``engine.sim`` (Monte-Carlo runs and the estimate),
``engine.check`` (validation), ``engine.interop`` (foreign notations).

The names below (``from engine import new_game``) are loaded on first use (PEP 562),
so that ``import engine.model.scenario`` does not load the rule checker, the rules
and the schema library with it: the studio's start-up (issue 28 item 7) reads a
scenario long before it checks or plays one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.check.validate import validate
    from engine.play.game import Replay, new_game, replay
    from engine.play.outcome import IllegalAction, Outcome
    from engine.play.position import CatPosition, Position, PositionError
    from engine.play.state import GameState

_HOMES = {
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
    """``engine.new_game`` and the other names of :data:`__all__`, imported when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next lookup is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
