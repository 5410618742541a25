"""The main window's file handling: new, open, save, save as, recent files, asking
before unsaved changes are lost, and crash recovery.

Bundled scenarios open as templates: saving one asks where to save a copy (the
user's campaigns folder by default), so the installed content is never overwritten.
All questions go through ``ask_*`` methods, which tests replace.

Never a file that cannot be opened: Save refuses, with the reason and the fix, while
the scenario breaks its schema (an empty name, an id with a space, too many boards;
:func:`editor.files.save_blockers`); the edits stay in the studio and in the recovery
file, which is offered at the next start whether it is valid or not.  Autosave
failures are shown once (a dialog and a status-bar note that stays until autosave
works again).
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox

from engine.check.open_files import open_campaign, open_scenario
from engine.model.formats import FormatError, document_kind, read_json

from . import campaigns
from .document import new_scenario
from .files import RecentFiles, SaveError, save_scenario_file, user_campaigns_dir
from .recovery import Autosaver, RecoveryFile, scan_recoveries
from .savenames import NameRefused, checked_save_path

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .canvas import IslandView
    from .docks.library import LibraryDock
    from .document import ScenarioDocument

FILE_FILTER = "Raftwright scenarios (*.json);;All files (*)"


class FileFlows(QMainWindow):
    """The file half of :class:`editor.mainwindow.MainWindow`, which sets these attributes."""

    doc: ScenarioDocument
    recent: RecentFiles
    recent_menu: QMenu
    canvas: IslandView
    library: LibraryDock
    _autosaver: Autosaver
    _autosave_note: QLabel | None = None

    @property
    def autosaver(self) -> Autosaver:
        return self._autosaver

    @autosaver.setter
    def autosaver(self, saver: Autosaver) -> None:
        """The window's autosaver; its failures are shown as soon as it is set."""
        self._autosaver = saver
        saver.failed.connect(self.autosave_failed)
        saver.resumed.connect(self.autosave_resumed)

    # --- questions (tests replace these) --------------------------------------------------
    def ask_unsaved(self) -> str:
        """ "save", "discard" or "cancel"."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"{self.doc.display_name} has unsaved changes. Save them first?",
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def ask_open_path(self) -> str:
        start = str(self.doc.path.parent) if self.doc.path else str(user_campaigns_dir())
        return QFileDialog.getOpenFileName(self, "Open scenario", start, FILE_FILTER)[0]

    def save_as_start(self) -> Path:
        """Where Save As opens: the file's own place, or (for a new or bundled
        scenario) the user's campaigns folder, created if need be, since a dialog
        given a missing folder falls back to the working directory (a checkout, for
        someone who ran ``make run``)."""
        if self.doc.path is not None and not campaigns.is_bundled(self.doc.path):
            return self.doc.path
        folder = user_campaigns_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        return folder / f"{self.doc.scenario.id or 'untitled'}.scenario.json"

    def ask_save_path(self) -> str:
        return QFileDialog.getSaveFileName(self, "Save scenario as", str(self.save_as_start()), FILE_FILTER)[0]

    def ask_overwrite(self, path: Path) -> bool:
        """The dialog confirmed the typed name; the suffix made another one, so ask again."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Replace the file?", f"{path} already exists. Replace it?", buttons.Yes | buttons.No, buttons.No
        )
        return answer == buttons.Yes

    def ask_recover(self, found: RecoveryFile) -> bool:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self,
            "Recover unsaved changes?",
            f"The studio did not close normally last time. Recover {found.describe()}?\n\n"
            "No throws the recovered changes away.",
            buttons.Yes | buttons.No,
            buttons.Yes,
        )
        return answer == buttons.Yes

    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self, title, message)

    # --- flows ----------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document."""
        if not self.doc.is_modified:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_file(self) -> None:
        if self.maybe_save():
            self.autosaver.discard()
            self.doc.reset(new_scenario(), None)
            self.canvas.fit_island()

    def open_file(self) -> None:
        path = self.ask_open_path()
        if path and self.maybe_save():
            self.open_path(path)

    def open_path(self, path: str | Path) -> bool:
        """Open a scenario file (or a campaign file: its first scenario). Errors are shown."""
        path = Path(path)
        try:
            data = read_json(path)
            if document_kind(data) == "campaign":
                campaign = open_campaign(path, data)
                if not campaign.scenarios:
                    raise FormatError(path, "the campaign lists no scenarios yet; add one in the campaign library")
                self.library.select(path, 0)
                path = path.parent / campaign.scenarios[0].scenario
                data = read_json(path)
            scenario = open_scenario(path, data)  # the located message 'raftwright validate' gives
        except FormatError as exc:
            log.warning("cannot open %s: %s", path, exc)
            self.show_error("Cannot open the file", str(exc))
            if not path.exists():  # a file that is there stays listed: it may be fixed
                self.recent.remove(path)
                self.refresh_recent_menu()
            return False
        self.autosaver.discard()
        self.doc.reset(scenario, path)
        self.recent.add(path)
        self.refresh_recent_menu()
        self.canvas.fit_island()
        log.info("opened %s", path)
        self.statusBar().showMessage(f"Opened {path}", 4000)
        return True

    def save(self) -> bool:
        if self.doc.path is None or campaigns.is_bundled(self.doc.path):
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_as(self) -> bool:
        typed = self.ask_save_path()
        if not typed:
            return False
        try:
            path = checked_save_path(typed, "scenario")  # "river-run" -> "river-run.scenario.json"
        except NameRefused as exc:
            self.show_error("Cannot save under that name", str(exc))
            return False
        if path != Path(typed) and path.exists() and not self.ask_overwrite(path):
            return False
        return self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        path = Path(path)
        if campaigns.is_bundled(path):
            self.show_error(
                "Cannot save there",
                f"{path} is bundled content, which the studio never overwrites; save a copy in your own folder ({user_campaigns_dir()}).",
            )
            return False
        try:
            save_scenario_file(self.doc.scenario, path)
        except SaveError as exc:
            log.warning("save to %s failed: %s", path, exc)
            self.show_error("Save failed", str(exc))
            return False
        self.doc.mark_saved(path)
        self.autosaver.discard()
        self.recent.add(path)
        self.refresh_recent_menu()
        log.info("saved %s", path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def open_recent(self, path: Path) -> None:
        if self.maybe_save():
            self.open_path(path)

    def refresh_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        for n, path in enumerate(paths, start=1):
            action = menu.addAction(f"&{n % 10} {path.name}", partial(self.open_recent, path))
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
        if paths:
            menu.addSeparator()
            menu.addAction("Clear recent files", self._clear_recent)
        menu.setEnabled(bool(paths))

    def _clear_recent(self) -> None:
        self.recent.clear()
        self.refresh_recent_menu()

    def offer_recovery(self) -> bool:
        """At start: offer each recovery file a crashed studio left, valid or not; True
        if one was opened.  Unreadable ones are named once and left in place."""
        found_files, unreadable = scan_recoveries()
        if unreadable:
            self.show_error(
                "Some recovery files cannot be read",
                "These autosaved files could not be read; they are left in place for you to look at "
                "(open them in a text editor, then delete them):\n\n" + "\n".join(unreadable),
            )
        for found in found_files:
            if self.ask_recover(found):
                self.doc.reset(found.scenario, found.original, modified=True)
                self.autosaver.adopt(found)
                self.canvas.fit_island()
                return True  # one document per window: any others are offered next time
            found.discard()
        return False

    def autosave_failed(self, message: str) -> None:
        """Autosave stopped: say so once (a dialog) and keep a note in the status bar
        until it works again (:meth:`autosave_resumed`)."""
        if self._autosave_note is None:
            self._autosave_note = QLabel(self)
            self._autosave_note.setObjectName("autosaveStopped")
            self._autosave_note.setStyleSheet("color: #b00020; font-weight: bold")
            self.statusBar().addPermanentWidget(self._autosave_note)
        self._autosave_note.setText("Autosave stopped")
        self._autosave_note.setToolTip(message)
        self._autosave_note.show()
        self.show_error(
            "Autosave stopped",
            f"{message}\n\nYour changes are not protected against a crash until "
            "this is fixed: free some disk space or fix the folder's permissions, or save the scenario "
            "now. The studio keeps trying and the status bar says when autosave works again.",
        )

    def autosave_resumed(self) -> None:
        if self._autosave_note is not None:
            self._autosave_note.hide()
        self.statusBar().showMessage("Autosave works again", 6000)

    def add_open_scenario_to(self, campaign_path: Path) -> None:
        """Library "Add open scenario": an unsaved or bundled scenario is written into the
        campaign's folder (and the document then edits that file); a file of the
        designer's own is saved if needed and listed (copied in if it lives elsewhere)."""
        if self.doc.path is None or campaigns.is_bundled(self.doc.path):
            try:
                target = campaigns.add_new_scenario(campaign_path, self.doc.scenario)
            except (OSError, FormatError, PermissionError) as exc:
                self.show_error("Could not add the scenario", str(exc))
                return
            self.open_path(target)
            self.library.select(campaign_path, len(open_campaign(campaign_path).scenarios) - 1)
            return
        if self.doc.is_modified and not self.save():
            return
        self.library.add_file(campaign_path, self.doc.path)
