"""The main window's file handling: new, open, save, save as, recent files, asking
before unsaved changes are lost, and crash recovery.

Bundled scenarios open as templates: saving one asks where to save a copy (the
user's campaigns folder by default), so the installed content is never overwritten.
All questions go through ``ask_*`` methods, which tests replace.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from engine.model.formats import FormatError, document_kind, load_campaign, load_scenario, read_json

from . import campaigns
from .document import new_scenario
from .files import RecentFiles, SaveError, save_scenario_file, user_campaigns_dir
from .recovery import RecoveryFile, orphaned_recoveries

if TYPE_CHECKING:
    from .canvas import IslandView
    from .docks.library import LibraryDock
    from .document import ScenarioDocument
    from .recovery import Autosaver

FILE_FILTER = "Raftwright scenarios (*.json);;All files (*)"


class FileFlows(QMainWindow):
    """The file half of :class:`editor.mainwindow.MainWindow`, which sets these attributes."""

    doc: ScenarioDocument
    recent: RecentFiles
    recent_menu: QMenu
    canvas: IslandView
    library: LibraryDock
    autosaver: Autosaver

    # --- questions (tests replace these) --------------------------------------------------
    def ask_unsaved(self) -> str:
        """"save", "discard" or "cancel"."""
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

    def ask_save_path(self) -> str:
        if self.doc.path is not None and not campaigns.is_bundled(self.doc.path):
            start = str(self.doc.path)
        else:
            start = str(user_campaigns_dir() / f"{self.doc.scenario.id}.scenario.json")
        return QFileDialog.getSaveFileName(self, "Save scenario as", start, FILE_FILTER)[0]

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
            if document_kind(read_json(path)) == "campaign":
                campaign = load_campaign(path)
                if not campaign.scenarios:
                    raise FormatError(path, "the campaign lists no scenarios yet; add one in the campaign library")
                self.library.select(path, 0)
                path = path.parent / campaign.scenarios[0].scenario
            scenario = load_scenario(path)
        except FormatError as exc:
            self.show_error("Cannot open the file", str(exc))
            self.recent.remove(path)
            self.refresh_recent_menu()
            return False
        self.autosaver.discard()
        self.doc.reset(scenario, path)
        self.recent.add(path)
        self.refresh_recent_menu()
        self.canvas.fit_island()
        self.statusBar().showMessage(f"Opened {path}", 4000)
        return True

    def save(self) -> bool:
        if self.doc.path is None or campaigns.is_bundled(self.doc.path):
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return bool(path) and self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        path = Path(path)
        if campaigns.is_bundled(path):
            self.show_error("Cannot save there", f"{path} is bundled content, which the studio never overwrites; save a copy in your own folder ({user_campaigns_dir()}).")
            return False
        try:
            save_scenario_file(self.doc.scenario, path)
        except SaveError as exc:
            self.show_error("Save failed", str(exc))
            return False
        self.doc.mark_saved(path)
        self.autosaver.discard()
        self.recent.add(path)
        self.refresh_recent_menu()
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
        """At start: offer each recovery file a crashed studio left; True if one was opened."""
        for found in orphaned_recoveries():
            if self.ask_recover(found):
                self.doc.reset(found.scenario, found.original, modified=True)
                self.autosaver.adopt(found)
                self.canvas.fit_island()
                return True  # one document per window: any others are offered next time
            found.discard()
        return False

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
            self.library.select(campaign_path, len(load_campaign(campaign_path).scenarios) - 1)
            return
        if self.doc.is_modified and not self.save():
            return
        self.library.add_file(campaign_path, self.doc.path)
