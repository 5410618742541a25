"""Autosave to a recovery file, and recovery after a crash.

Each running studio is a *session* with an id; while its document has unsaved
changes it writes ``<user folder>/recovery/<session>.recovery.json`` every
``autosave_seconds`` (settings, default 30) and holds ``<session>.lock``.  Saving,
discarding or closing normally removes the file.  At the next start, a recovery file
whose lock nobody holds belonged to a studio that did not close normally: the studio
offers to reopen it.

The recovery file is an internal file, not a format for designers: a small wrapper
(``raftwright.recovery``) around a scenario document, with the original path.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer

from engine.model.formats import FormatError, canonical_json, scenario_from_dict, scenario_to_dict
from engine.model.scenario import Scenario
from engine.model.schemas import schema_errors

from .document import ScenarioDocument
from .files import SaveError, recovery_dir, settings, write_text_atomically

RECOVERY_FORMAT = "raftwright.recovery"
DEFAULT_INTERVAL_S = 30


@dataclass(frozen=True)
class RecoveryFile:
    path: Path
    original: Path | None
    saved_at: str
    scenario: Scenario

    def describe(self) -> str:
        name = str(self.original) if self.original else f"an unsaved scenario ({self.scenario.name})"
        return f"{name}, autosaved {self.saved_at}"

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)
        _lock_path(self.path).unlink(missing_ok=True)


def _lock_path(recovery_file: Path) -> Path:
    return recovery_file.with_name(recovery_file.name.replace(".recovery.json", ".lock"))


def read_recovery_file(path: Path) -> RecoveryFile:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise FormatError(path, f"cannot read the recovery file ({exc})") from exc
    if not isinstance(data, dict) or data.get("format") != RECOVERY_FORMAT or not isinstance(data.get("scenario"), dict):
        raise FormatError(path, "not a Raftwright recovery file")
    errors = schema_errors("scenario", data["scenario"])
    if errors:
        raise FormatError(path, f"the recovered scenario is damaged at {errors[0].path or '/'}: {errors[0].message}")
    original = data.get("original")
    return RecoveryFile(path, Path(original) if original else None, str(data.get("saved_at", "")), scenario_from_dict(data["scenario"]))


def orphaned_recoveries(folder: Path | None = None) -> list[RecoveryFile]:
    """Recovery files left by studios that did not close normally (unreadable ones are
    skipped and left in place for a person to look at)."""
    folder = folder or recovery_dir()
    found: list[RecoveryFile] = []
    for path in sorted(folder.glob("*.recovery.json")):
        lock = QLockFile(str(_lock_path(path)))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # another running studio owns it
        lock.unlock()
        try:
            found.append(read_recovery_file(path))
        except FormatError:
            continue
    return found


class Autosaver(QObject):
    """Writes the document to this session's recovery file while it has unsaved changes."""

    def __init__(self, doc: ScenarioDocument, interval_s: float | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.session = uuid.uuid4().hex[:12]
        self.path = recovery_dir() / f"{self.session}.recovery.json"
        self._lock: QLockFile | None = None
        self._written: Scenario | None = None
        self.last_error = ""
        if interval_s is None:
            stored = settings().value("autosave_seconds", DEFAULT_INTERVAL_S)
            interval_s = float(stored) if isinstance(stored, (int, float, str)) else DEFAULT_INTERVAL_S
        self.timer = QTimer(self)
        self.timer.setInterval(int(interval_s * 1000))
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        doc.modifiedChanged.connect(lambda modified: None if modified else self.discard())

    def autosave(self) -> bool:
        """Write the recovery file if there are unsaved changes not yet written."""
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
            payload = {
                "format": RECOVERY_FORMAT,
                "original": str(self.doc.path) if self.doc.path else None,
                "saved_at": dt.datetime.now().isoformat(timespec="seconds"),
                "scenario": scenario_to_dict(self.doc.scenario),
            }
            write_text_atomically(self.path, canonical_json(payload))
        except (OSError, SaveError) as exc:
            self.last_error = f"Autosave to {self.path} failed: {exc}"
            return False
        self._written = self.doc.scenario
        return True

    def adopt(self, recovered: RecoveryFile) -> None:
        """Take over a recovered file: it becomes this session's recovery file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        recovered.path.replace(self.path)
        _lock_path(recovered.path).unlink(missing_ok=True)
        self._written = None
        self.autosave()

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)
        self._written = None

    def close(self) -> None:
        """Normal exit: no recovery file, no lock."""
        self.timer.stop()
        self.discard()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
