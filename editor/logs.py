"""The studio's log file: warnings and the tracebacks the UI caught (issue 28 item 7).

:func:`install` (called by :func:`editor.app.main` and the playtest's ``main``) sends
the ``raftwright`` loggers, Python warnings (``logging.captureWarnings``), Qt's own
warnings and exceptions that escape a slot to ``raftwright.log`` in the user's state
folder (:func:`engine.model.userdirs.user_state_dir`, e.g.
``~/.local/state/Raftwright/Raftwright studio/``), rotated at 1 MiB with two old
copies.  Code that catches an exception to keep the studio up calls :func:`caught`,
so the designer sees a message and the log keeps the traceback.  Help > Open log
folder shows the folder.  A folder that cannot be written means no log, never a
failure to start.
"""

from __future__ import annotations

import logging
import sys
import warnings
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable

from engine.model.userdirs import user_state_dir

if TYPE_CHECKING:
    from logging.handlers import RotatingFileHandler

LOG_NAME = "raftwright.log"
MAX_BYTES = 1024 * 1024
LOGGER = "raftwright"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(LOGGER)
_installed: dict[str, RotatingFileHandler] = {}
HELD_RECORDS = 1000  # what the start may log before the file opens; more than that is dropped, oldest first


class _Held(logging.Handler):
    """Keeps the records logged before the file handler exists (the studio opens its log
    file right after its first paint: :func:`hold`), for :func:`install` to write."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        del self.records[:-HELD_RECORDS]


_held: _Held | None = None


def log_folder() -> Path:
    return user_state_dir()


def log_path() -> Path:
    return log_folder() / LOG_NAME


def _capture(handler: logging.Handler) -> None:
    """Send the ``raftwright`` loggers, Python's warnings, Qt's messages and uncaught
    exceptions to ``handler``."""
    log.setLevel(logging.INFO)
    log.addHandler(handler)
    if warnings.showwarning is not getattr(logging, "_showwarning", None):  # re-armed if someone replaced it
        logging.captureWarnings(False)
        logging.captureWarnings(True)
    logging.getLogger("py.warnings").addHandler(handler)
    from PySide6.QtCore import qInstallMessageHandler  # here: code that only logs (worker threads) needs no Qt

    qInstallMessageHandler(_qt_message)
    if not getattr(sys.excepthook, "_raftwright", False):
        sys.excepthook = _excepthook(sys.excepthook)


def _release() -> list[logging.LogRecord]:
    """Stop holding records; those held so far."""
    global _held
    held, _held = _held, None
    if held is None:
        return []
    for name in (LOGGER, "py.warnings"):
        logging.getLogger(name).removeHandler(held)
    return held.records


def hold() -> None:
    """Catch what the start logs (warnings, Qt's messages, tracebacks) in memory until
    :func:`install` opens the log file and writes it there: the studio's start opens the
    file (and loads :mod:`logging.handlers`) after its first paint.  Nothing is lost
    but what a start that never calls :func:`install` logged."""
    global _held
    if _held is None and str(log_path()) not in _installed:
        _held = _Held()
        _capture(_held)


def install() -> Path | None:
    """Start logging to :func:`log_path` (once per process and path), with what
    :func:`hold` kept so far; the path, or None when the folder cannot be written."""
    from logging.handlers import RotatingFileHandler  # socket, pickle, queue: after the studio's first paint

    path = log_path()
    if str(path) in _installed:
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=2, encoding="utf-8")
    except OSError:
        _release()
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    for old in _installed.values():  # another folder (tests): log to the new one only
        for name in (LOGGER, "py.warnings"):
            logging.getLogger(name).removeHandler(old)
        old.close()
    _installed.clear()
    _installed[str(path)] = handler
    held = _release()
    _capture(handler)
    log.info("studio started (Python %s, log %s)", sys.version.split()[0], path)
    for record in held:  # what the start logged before the file was open
        handler.handle(record)
    return path


def caught(what: str, exc: BaseException) -> None:
    """Log an exception the UI caught and showed as a message, with its traceback."""
    log.error("%s: %s", what, exc, exc_info=(type(exc), exc, exc.__traceback__))


_QT_LEVELS = {
    "QtDebugMsg": logging.DEBUG,
    "QtInfoMsg": logging.INFO,
    "QtWarningMsg": logging.WARNING,
    "QtCriticalMsg": logging.ERROR,
    "QtFatalMsg": logging.CRITICAL,
}


def _qt_message(kind: Any, context: Any, message: str) -> None:
    level = _QT_LEVELS.get(getattr(kind, "name", ""), logging.WARNING)
    logging.getLogger(f"{LOGGER}.qt").log(level, "%s", message)
    if level >= logging.WARNING:
        print(message, file=sys.stderr)  # what Qt would have printed


_Hook = Callable[[type[BaseException], BaseException, TracebackType | None], Any]


def _excepthook(previous: _Hook) -> _Hook:
    """Log an exception that escaped (a Qt slot's, say), then hand it on as before."""

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        log.critical("uncaught exception", exc_info=(kind, value, tb))
        previous(kind, value, tb)

    hook._raftwright = True  # type: ignore[attr-defined]
    return hook
