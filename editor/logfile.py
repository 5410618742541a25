"""The studio's log file: Python ``logging`` records (the engine's and the studio's) and
Qt's own warnings, written to ``raftwright.log`` in the user's state folder
(:func:`engine.model.userdirs.user_state_dir`), kept to three files of 1 MiB.

The log is for finding out what happened after the fact (a bug report attaches it); it
never stops the studio: a folder that cannot be written leaves the log out, saying so
once on stderr.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from engine.model.userdirs import user_state_dir

LOG_NAME = "raftwright.log"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}
_qt_log = logging.getLogger("qt")


def _qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    _qt_log.log(_QT_LEVELS.get(kind, logging.WARNING), "%s", message)
    if kind != QtMsgType.QtDebugMsg:
        print(message, file=sys.stderr)  # as Qt would have printed it


def log_path() -> Path:
    return user_state_dir() / LOG_NAME


def install_file_log(level: int = logging.INFO) -> Path | None:
    """Send log records to the studio's log file; returns its path, or None when the
    folder cannot be written.  Calling it again changes nothing."""
    root = logging.getLogger()
    path = log_path()
    for handler in root.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=2**20, backupCount=2, encoding="utf-8")
    except OSError as exc:
        print(f"raftwright: the studio's log is left out: cannot write {path} ({exc.strerror or exc})", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(level)
    root.addHandler(handler)
    if root.level > level or root.level == logging.NOTSET:
        root.setLevel(level)
    qInstallMessageHandler(_qt_message)
    logging.getLogger(__name__).info("studio started (Python %s, log %s)", sys.version.split()[0], path)
    return path
