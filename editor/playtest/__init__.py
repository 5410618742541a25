"""The embedded playtest (issue 5): play the open scenario with the rules engine
in-process, without changing the document.  See docs/playtest.md."""

from .session import PlaytestSession
from .window import PlaytestPanel, PlaytestWindow

__all__ = ["PlaytestPanel", "PlaytestSession", "PlaytestWindow"]
