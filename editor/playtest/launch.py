"""Opening the playtest from the studio (F5): a window on the document's scenario as
it is now, unsaved edits included.  The window gets the scenario value (frozen), not
the document, so playing can never change the document or its undo stack."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from ..document import ScenarioDocument
from .window import PlaytestWindow


def open_playtest(studio: QMainWindow, doc: ScenarioDocument, previous: PlaytestWindow | None = None) -> PlaytestWindow:
    """A playtest window over ``studio``; closing it ("Back to editing") brings the
    studio back to the front.  A playtest still open from an earlier F5 is closed
    first, so F5 always plays the scenario as it is now."""
    if previous is not None and previous.isVisible():
        previous.close()
    window = PlaytestWindow(doc.scenario, doc.catalog, studio)
    window.backToEditing.connect(lambda: _back(studio))
    window.show()
    window.activateWindow()
    return window


def _back(studio: QMainWindow) -> None:
    studio.raise_()
    studio.activateWindow()
