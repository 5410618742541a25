"""Raftwright's shared rules engine: pure Python, never imports Qt (DESIGN.md)."""

from .game import Replay, new_game, replay  # noqa: E402
from .outcome import IllegalAction, Outcome  # noqa: E402
from .state import GameState  # noqa: E402
from . import validate  # noqa: E402,F401  engine.validate(scenario) -> issues; a callable module
