"""Starting the studio: ``raftwright edit [FILE]`` and ``make run`` call :func:`main`.

With no file the studio reopens the last file it had open (else the first bundled
scenario, Tutorial 1).  If a studio did not close normally, its autosaved changes are
offered first.  One studio runs per user: a second launch hands its file to the
running one (:mod:`editor.single_instance`) and exits.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from engine.model.catalog import Catalog, catalog_problems
from engine.model.formats import FormatError
from engine.model.userdirs import user_catalogs_dir

from . import gui_gc, logs, smoke
from .files import APPLICATION, ORGANISATION
from .first_paint import AfterFirstPaint
from .mainwindow import MainWindow
from .single_instance import Starting, StudioServer, hand_over

FINISH_ANYWAY_MS = 2000  # the opened file is checked by then even if the canvas has not painted


def application(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    gui_gc.install(app)
    return app


def first_scenario() -> Path | None:
    """Tutorial 1, if the bundled campaigns are installed."""
    try:
        from engine.check.open_files import first_bundled_scenario_path

        return first_bundled_scenario_path()
    except (ImportError, FormatError, FileNotFoundError):
        return None


def last_file(window: MainWindow) -> Path | None:
    """The file the studio last opened or saved, if it is still there."""
    recent = [p for p in window.recent.paths() if p.is_file()]
    return recent[0] if recent else None


def create_window(
    path: str | Path | None = None,
    autosave_seconds: float | None = None,
    catalog: Catalog | None = None,
    defer_start: bool = False,
) -> MainWindow:
    """The main window with a scenario open: recovered changes if the designer wants
    them, else ``path``, else the first bundled scenario, else a new one.  ``catalog``:
    the components ``path`` is checked and played with (an installed pack's own, from
    :func:`engine.packs.resolve.catalog_for`); default, the user's catalog.
    ``defer_start``: the rules are checked and the library filled only when
    ``window.finish_start()`` is called (:func:`main` calls it after the first paint)."""
    application()
    window = MainWindow(catalog=catalog, autosave_seconds=autosave_seconds, defer_start=defer_start)
    if window.offer_recovery():
        return window
    target = Path(path) if path else last_file(window) or first_scenario()
    if target is not None:
        window.open_path(target)
    window.canvas.fit_island()
    return window


def catalog_warning() -> str | None:
    """What to tell the designer about custom catalogs that were left out, if any."""
    problems = catalog_problems()
    if not problems:
        return None
    return (
        f"Some custom components in {user_catalogs_dir()} were left out:\n\n"
        + "\n".join(f"- {p}" for p in problems)
        + "\n\nFix or remove those files, then restart the studio."
    )


def import_only(path: Path) -> int:
    """A ``.raftpack`` opened from the file manager (``raftwright edit FILE.raftpack``):
    only the import dialog, no studio window behind it.  Exit 0 installed, 1 not."""
    from .packs.import_dialog import ImportPackDialog

    application()
    dialog = ImportPackDialog(path)
    done: list[object] = []
    dialog.installed.connect(done.append)
    smoke.arm(dialog)  # RAFTWRIGHT_SMOKE=1: quit after the first paint
    dialog.exec()
    return 0 if done else 1


def main(path: str | None = None, catalog: Catalog | None = None) -> int:
    logs.hold()  # raftwright.log in the user's state folder (Help > Open log folder), opened after the first paint
    if path is not None and path.lower().endswith(".raftpack"):
        logs.install()
        return import_only(Path(path))
    app = application()
    starting = Starting()  # before the hand-over: of two launches at once, one starts and one waits for it
    if hand_over(path):
        starting.done()
        return 0  # the running (or starting) studio has the file and comes to the front
    window = create_window(path, catalog=catalog, defer_start=True)
    finish = _after_first_paint(app, window, starting)
    # the rule checker loads and runs once the island is on screen, not before (issue 28 item 7)
    AfterFirstPaint(window.canvas.viewport(), finish)
    QTimer.singleShot(FINISH_ANYWAY_MS, finish)  # a window that never paints (minimised)
    smoke.arm(window.canvas.viewport())  # RAFTWRIGHT_SMOKE=1: quit after the first paint
    window.show()
    warning = catalog_warning()
    if warning:
        QTimer.singleShot(0, lambda: QMessageBox.warning(window, "Custom components left out", warning))
    QTimer.singleShot(0, window.canvas.fit_island)  # once the window has its real size
    status = app.exec()
    starting.done()  # a studio closed before its first paint
    logs.install()  # a studio closed before its first paint still writes what it logged
    window.doc.shutdown()  # a check still running finishes before the interpreter goes
    return status


def _after_first_paint(app: QApplication, window: MainWindow, starting: Starting | None = None) -> Callable[[], None]:
    """What the start does once the island is on screen (once, however often it is
    called): the window's deferred start (the first rule check, the library, the
    palette's pictures, the shortcut guard), the log file with what was logged so far, and listening for later
    launches (a launch in between waits for it: ``starting``, removed once it listens)."""
    servers: list[StudioServer] = []

    def finish() -> None:
        window.finish_start()
        if not servers:
            logs.install()
            servers.append(StudioServer(parent=app))
            servers[0].fileRequested.connect(window.open_handed_file)
            if starting is not None:
                starting.done()

    return finish


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
