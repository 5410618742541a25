"""Where the studio keeps things, and saving without ever losing the old file.

* User folder: ``$RAFTWRIGHT_USER_DIR`` if set, else the platform's application data
  folder (``~/.local/share/Raftwright/Raftwright studio`` on Linux; see
  :mod:`engine.model.userdirs`).  It holds ``campaigns/`` (the designer's own campaigns),
  ``catalogs/`` (custom components) and ``recovery/`` (autosaves).
* Settings (recent files, autosave interval, window layout): an INI file at
  ``$RAFTWRIGHT_SETTINGS`` if set, else the platform's QSettings store for
  organisation "Raftwright", application "Raftwright studio".
* Saving goes through the engine's one atomic writer,
  :func:`engine.model.files.atomic_write`: the bytes go to a temporary file beside the
  target and are renamed over it only when complete, so a failed save leaves the old
  file as it was.  :class:`SaveError` is that writer's :class:`WriteError`.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from engine.check.issues import ERROR, Issue, Where, sort_issues
from engine.check.schema_issues import schema_issues
from engine.model.files import WriteError, atomic_write_text
from engine.model.formats import campaign_to_dict, canonical_json, scenario_to_dict
from engine.model.jsonio import document_problem
from engine.model.scenario import Campaign, Scenario
from engine.model.userdirs import APPLICATION, ORGANISATION, user_data_dir

ENV_SETTINGS = "RAFTWRIGHT_SETTINGS"
MAX_RECENT = 10


SaveError = WriteError  # a save failed; the message names the file, the reason and what to do


def user_dir() -> Path:
    """One definition shared with the CLI (engine.model.userdirs), so both see the same
    campaigns and custom catalogs."""
    return user_data_dir()


def user_campaigns_dir() -> Path:
    return user_dir() / "campaigns"


def recovery_dir() -> Path:
    return user_dir() / "recovery"


def documents_dir() -> Path:
    """The user's documents folder (home if the platform names none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found and Path(found).is_dir() else Path.home()


def dialog_folder(kind: str) -> Path:
    """Where a file dialog of ``kind`` ("replay", "pack", ...) opens: the folder last used
    for it, else the user's own folders, never the working directory (a checkout, for
    someone who ran ``make run``)."""
    last = settings().value(f"dialog_folder/{kind}")
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    if kind == "replay":
        folder = user_dir() / "replays"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        except OSError:
            pass
    return documents_dir()


def remember_folder(kind: str, path: str | Path) -> None:
    store = settings()
    store.setValue(f"dialog_folder/{kind}", str(Path(path).parent))
    store.sync()


def settings() -> QSettings:
    override = os.environ.get(ENV_SETTINGS)
    if override:
        return QSettings(override, QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


def settings_location() -> str:
    return settings().fileName()


def write_text_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; raise :class:`SaveError`."""
    atomic_write_text(path, text)


def scenario_text(scenario: Scenario) -> str:
    return canonical_json(scenario_to_dict(scenario))


def save_blockers(scenario: Scenario) -> list[Issue]:
    """What would make the saved file impossible to open again (schema errors, text
    that cannot be stored): the studio refuses to save while there are any.  Rule
    problems (a cat with no raft...) do not block: a work in progress saves fine."""
    try:
        doc = scenario_to_dict(scenario)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return [Issue("schema", ERROR, f"the scenario holds a value that cannot be written to a file ({exc!r})")]
    problem = document_problem(doc)
    if problem is not None:
        return [Issue("text-unsavable", ERROR, problem[1], Where(problem[0]))]
    return sort_issues(schema_issues("scenario", doc))


def save_scenario_file(scenario: Scenario, path: str | Path) -> None:
    """Save atomically; raise :class:`SaveError` (old file unchanged) when the write
    fails or when the file could not be opened again (:func:`save_blockers`)."""
    blockers = save_blockers(scenario)
    if blockers:
        first = blockers[0]
        more = f" (and {len(blockers) - 1} more, listed in the Problems dock)" if len(blockers) > 1 else ""
        raise SaveError(
            path,
            f"it would not open again: {first.message} ({first.where.describe()}){more}",
            "fix that (the Problems dock lists it) and save again; your changes are kept in the studio "
            "and autosaved for recovery",
        )
    write_text_atomically(path, scenario_text(scenario))


def save_campaign_file(campaign: Campaign, path: str | Path) -> None:
    write_text_atomically(path, canonical_json(campaign_to_dict(campaign)))


class RecentFiles:
    """The most recently opened or saved files, newest first, kept in the settings."""

    KEY = "recent_files"

    def paths(self) -> list[Path]:
        value = settings().value(self.KEY, [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        return [Path(str(p)) for p in value] if isinstance(value, list) else []

    def _store(self, paths: list[Path]) -> None:
        store = settings()
        store.setValue(self.KEY, [str(p) for p in paths[:MAX_RECENT]])
        store.sync()

    def add(self, path: str | Path) -> None:
        path = Path(path).resolve()
        before = self.paths()
        after = [path] + [p for p in before if p != path]
        if after[:MAX_RECENT] != before:  # reopening the last file writes nothing (the studio's start)
            self._store(after)

    def remove(self, path: str | Path) -> None:
        path = Path(path).resolve()
        self._store([p for p in self.paths() if p != path])

    def clear(self) -> None:
        self._store([])
