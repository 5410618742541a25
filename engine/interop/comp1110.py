"""COMP1110 (ANU 2024) notation interop: one function per function of the original
assignment (snake_case), each going through the engine's own model and rules.

Scenario level (challenge strings, board strings) is in :mod:`.comp1110_challenge`;
game-state level (states, actions, placements, moves) in :mod:`.comp1110_state`.
This module is the public face named by ``../shared/conformance/README.md``.
"""

from __future__ import annotations

from .comp1110_challenge import *  # noqa: F401,F403
from .comp1110_challenge import __all__ as _challenge_all
from .comp1110_state import *  # noqa: F401,F403
from .comp1110_state import __all__ as _state_all

__all__ = list(_challenge_all) + list(_state_all)
