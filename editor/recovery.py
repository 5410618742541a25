"""Autosave to a recovery file, and recovery after a crash.

Each running studio is a *session* with an id; while its document has unsaved
changes it writes ``<user folder>/recovery/<session>.recovery.json`` every
``autosave_seconds`` (settings, default 30) and holds ``<session>.lock``.  Saving,
discarding or closing normally removes the file.  At the next start, a recovery file
whose lock nobody holds belonged to a studio that did not close normally: the studio
offers to reopen it.

The recovery file is an internal file, not a format for designers: a small wrapper
(``raftwright.recovery``) around a scenario document, with the original path.  It is
written as ASCII JSON, so any text the studio holds (even a lone surrogate) can be
written, and it is offered whether or not the scenario inside passes its schema: the
problems are listed and the studio refuses to *save* until they are fixed.  Autosave
failures are reported once per run of failures (:attr:`Autosaver.failed`), and again
when autosave works (:attr:`Autosaver.resumed`).
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from engine.model.files import atomic_write
from engine.model.formats import FormatError, scenario_from_dict, scenario_to_dict
from engine.model.jsonio import MAX_DEPTH, MAX_FILE_BYTES
from engine.model.scenario import Scenario

from .document import ScenarioDocument
from .files import recovery_dir, save_blockers, settings
from .logs import caught

log = logging.getLogger(__name__)

RECOVERY_FORMAT = "raftwright.recovery"
DEFAULT_INTERVAL_S = 30


@dataclass(frozen=True)
class RecoveryFile:
    """An autosaved recovery file: where it is, the file it stands for, when it was saved and the scenario."""

    path: Path
    original: Path | None
    saved_at: str
    scenario: Scenario
    problems: tuple[str, ...] = ()  # what must be fixed before it can be saved

    def describe(self) -> str:
        name = str(self.original) if self.original else f"an unsaved scenario ({self.scenario.name})"
        text = f"{name}, autosaved {self.saved_at}"
        if self.problems:
            text += (
                f"; it has {len(self.problems)} problem(s) to fix before it can be saved, the first: {self.problems[0]}"
            )
        return text

    def discard(self) -> None:
        """Throw the file away; a file that cannot be deleted (a read-only recovery
        folder) is remembered as stale and never offered again."""
        remove_recovery_file(self.path)
        try:
            _lock_path(self.path).unlink(missing_ok=True)
        except OSError:
            pass  # a stale lock is harmless: scan_recoveries takes it over


def _lock_path(recovery_file: Path) -> Path:
    return recovery_file.with_name(recovery_file.name.replace(".recovery.json", ".lock"))


def recovery_text(doc: ScenarioDocument) -> bytes:
    """The recovery file for ``doc``: ASCII JSON, so every text can be written."""
    import datetime as dt  # on the first autosave, not at the studio's start

    payload = {
        "format": RECOVERY_FORMAT,
        "original": str(doc.path) if doc.path else None,
        "saved_at": dt.datetime.now().isoformat(timespec="seconds"),
        "scenario": scenario_to_dict(doc.scenario),
    }
    return (json.dumps(payload, indent=2, ensure_ascii=True) + "\n").encode("ascii")


def read_recovery_file(path: Path) -> RecoveryFile:
    """A recovery file, valid or not against the scenario schema (its problems are
    listed); raises :class:`FormatError` only when it cannot be read at all."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise FormatError(path, "the recovery file is too large to be one the studio wrote; it is left in place")
        data = json.loads(raw.decode("utf-8"))  # our own file: lone surrogates allowed, so nothing is lost
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise FormatError(
            path, f"cannot read the recovery file ({exc.__class__.__name__}: {exc}); it is left in place"
        ) from None
    if (
        not isinstance(data, dict)
        or data.get("format") != RECOVERY_FORMAT
        or not isinstance(data.get("scenario"), dict)
    ):
        raise FormatError(path, "not a Raftwright recovery file; it is left in place")
    try:
        scenario = scenario_from_dict(data["scenario"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise FormatError(
            path,
            f"the recovered scenario is damaged ({exc!r}, deeper than {MAX_DEPTH} levels or "
            "missing a field); it is left in place",
        ) from None
    problems = tuple(f"{i.message} ({i.where.describe()})" for i in save_blockers(scenario))
    original = data.get("original")
    return RecoveryFile(
        path,
        Path(original) if isinstance(original, str) and original else None,
        str(data.get("saved_at", "")),
        scenario,
        problems,
    )


STALE_KEY = "stale_recovery_files"


def _stamp(path: Path) -> str:
    """The file and its modification time: a stale mark never hides a newer autosave."""
    try:
        return f"{path}|{path.stat().st_mtime_ns}"
    except OSError:
        return f"{path}|gone"


def _stale_marks() -> list[str]:
    value = settings().value(STALE_KEY, [])
    if isinstance(value, str):  # QSettings returns a lone string for a one-item list
        value = [value]
    return [str(v) for v in value] if isinstance(value, list) else []


def remove_recovery_file(path: Path) -> str:
    """Delete a recovery file; "" when it is gone, else why it could not be deleted.
    A file that stays (a read-only recovery folder) is marked stale, so no later
    start offers changes the designer already saved or threw away."""
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        store = settings()
        marks = [m for m in _stale_marks() if not m.startswith(f"{path}|")]
        store.setValue(STALE_KEY, [*marks, _stamp(path)])
        store.sync()
        return exc.strerror or str(exc)
    return ""


def is_stale(path: Path) -> bool:
    return _stamp(path) in _stale_marks()


def scan_recoveries(folder: Path | None = None) -> tuple[list[RecoveryFile], list[str]]:
    """Recovery files left by studios that did not close normally, and why each
    unreadable one could not be offered (those are left in place for a person)."""
    folder = folder or recovery_dir()
    found: list[RecoveryFile] = []
    unreadable: list[str] = []
    for path in sorted(folder.glob("*.recovery.json")):
        lock = QLockFile(str(_lock_path(path)))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # another running studio owns it
        lock.unlock()
        if is_stale(path):
            continue  # saved or discarded already; only a read-only folder kept it
        try:
            found.append(read_recovery_file(path))
        except FormatError as exc:
            unreadable.append(str(exc))
    return found, unreadable


def orphaned_recoveries(folder: Path | None = None) -> list[RecoveryFile]:
    """The readable recovery files of :func:`scan_recoveries`."""
    return scan_recoveries(folder)[0]


class Autosaver(QObject):
    """Writes the document to this session's recovery file while it has unsaved changes."""

    #: autosave stopped working (the message names the file, the reason and what to do);
    #: emitted once per run of failures, not at every interval
    failed = Signal(str)
    #: autosave works again after :attr:`failed`
    resumed = Signal()

    def __init__(self, doc: ScenarioDocument, interval_s: float | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.session = os.urandom(6).hex()  # 12 hex digits, as uuid4's were (uuid loads platform)
        self.path = recovery_dir() / f"{self.session}.recovery.json"
        self._lock: QLockFile | None = None
        self._written: Scenario | None = None
        self.last_error = ""
        if interval_s is None:
            interval_s = float(str(settings().value("autosave_seconds", DEFAULT_INTERVAL_S)))
        self.timer = QTimer(self)
        self.timer.setInterval(int(interval_s * 1000))
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        doc.modifiedChanged.connect(lambda modified: None if modified else self.discard())

    def autosave(self) -> bool:
        """Write the recovery file if there are unsaved changes not yet written; a
        failure is kept in :attr:`last_error` and reported through :attr:`failed`."""
        if not self.doc.is_modified:
            self.discard()
            return False
        if self.doc.scenario == self._written and self.path.exists():
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._lock is None:
                self._lock = QLockFile(str(_lock_path(self.path)))
                self._lock.tryLock(0)
            atomic_write(self.path, recovery_text(self.doc))
        except Exception as exc:  # every failure is reported, none escapes the timer
            caught(f"autosave to {self.path} failed", exc)
            self._fail(f"Autosave to {self.path} failed: {exc}")
            return False
        self._written = self.doc.scenario
        if self.last_error:
            self.last_error = ""
            self.resumed.emit()
        return True

    def _fail(self, message: str) -> None:
        first = not self.last_error
        if first:
            log.warning("%s", message)
        self.last_error = message
        if first:
            self.failed.emit(message)

    def adopt(self, recovered: RecoveryFile) -> None:
        """Take over a recovered file: it becomes this session's recovery file."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            recovered.path.replace(self.path)
            _lock_path(recovered.path).unlink(missing_ok=True)
        except OSError as exc:  # a read-only folder: the recovered file stays, marked stale
            remove_recovery_file(recovered.path)
            self._fail(f"Cannot take over the recovery file {recovered.path} ({exc.strerror or exc}); autosave is off")
            return
        self._written = None
        self.autosave()

    def discard(self, quiet: bool = False) -> None:
        """No unsaved changes any more: the recovery file goes.  When the folder does
        not let it go, the file is marked stale (never offered again) and the
        designer is told once; the save or discard itself has succeeded."""
        self._written = None
        if is_stale(self.path):
            return  # already marked and reported
        reason = remove_recovery_file(self.path)
        if reason and not quiet:
            self._fail(
                f"The recovery folder {self.path.parent} cannot be written ({reason}), so autosave is off; "
                "your saved files are not affected. The old recovery file there will not be offered again"
            )

    def close(self) -> None:
        """Normal exit: no recovery file, no lock."""
        self.timer.stop()
        self.discard(quiet=True)
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
