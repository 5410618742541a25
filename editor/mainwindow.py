"""The studio's main window: the island canvas in the middle, docks around it,
menus and toolbar built from :mod:`editor.actions`, a status bar with the problem
count, the hovered square and the zoom."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSize, Qt, QUrl
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from engine.model.catalog import Catalog
from engine.model.geometry import square_text

from . import actions, campaigns, clipboard, colourvision, commands, edits, gui_gc
from .canvas import IslandView
from .docks.library import LibraryDock
from .docks.palette import PaletteDock
from .docks.problems import ProblemsDock, summary
from .docks.properties import PropertiesDock
from .docks.tabs import WholeTabLabels
from .document import ScenarioDocument
from .fileflows import FileFlows
from .files import RecentFiles, settings
from .messages import WrappingStatusBar
from .packs.flows import PackFlows
from .recovery import Autosaver
from .tools import ToolManager

if TYPE_CHECKING:
    from .docks.difficulty import DifficultyDock
    from .sheets.studio import SheetDialogs

APP_TITLE = "Raftwright studio"
PALETTE_WIDTH, PROPERTIES_WIDTH = 190, 256  # compact docks: the canvas gets over half the window at 1280x800
DEFAULT_SIZE = QSize(1400, 900)
CHECKING = "Checking…"  # the status bar until the first check of the open scenario is in
LAYOUT_VERSION = "2"  # saved dock layouts of older versions are not restored


def screen_fitted_size(window: QWidget, wanted: QSize = DEFAULT_SIZE) -> QSize:
    """``wanted``, shrunk to 95 % of the screen's available area (a 2x-scaled laptop
    screen has about 1280x800 logical pixels)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    room = screen.availableGeometry().size()
    return QSize(min(wanted.width(), int(room.width() * 0.95)), min(wanted.height(), int(room.height() * 0.95)))


class MainWindow(PackFlows, FileFlows, QMainWindow):
    def __init__(
        self, catalog: Catalog | None = None, autosave_seconds: float | None = None, defer_start: bool = False
    ) -> None:
        """``defer_start``: check the scenario and fill the campaign library (unless it is
        shown first) only when :meth:`finish_start` is called; the studio's start calls it
        once the island has painted (issue 28 item 7)."""
        self._defer_start = defer_start
        super().__init__()
        gui_gc.install()  # worker threads must never free Qt objects (editor.gui_gc)
        self.setObjectName("mainWindow")
        self.setStatusBar(WrappingStatusBar(self))  # whole messages: the bar grows rather than cut a fix off
        self.doc = ScenarioDocument(catalog=catalog, parent=self, hold_validation=defer_start)
        self.recent = RecentFiles()
        self.canvas = IslandView(self.doc)
        self.canvas.setAccessibleName("Island canvas")
        self.canvas.setAccessibleDescription(
            "The scenario's island: boards, cards and tokens on a square grid. Arrow keys move the selection, "
            "R turns it, Delete removes it; the Problems dock lists what is wrong"
        )
        self.tools = ToolManager(self.doc, self.canvas)
        self.setCentralWidget(self.canvas)
        self._build_docks()
        self.action_map = actions.build_actions(self, self.canvas)
        self.shortcut_guard: actions.CanvasShortcutGuard | None = None
        if not defer_start:
            self._install_shortcut_guard()
        menus = actions.build_menus(self.menuBar(), self.action_map)
        self.recent_menu = QMenu("Open &recent", self)
        file_menu = menus["&File"]
        file_menu.insertMenu(self.action_map["file.save"], self.recent_menu)
        file_menu.insertSeparator(self.action_map["file.quit"])
        self._build_vision_menu(menus["&View"])
        docks_menu = menus["&View"].addMenu("&Docks")
        for dock in self.docks:
            docks_menu.addAction(dock.toggleViewAction())
        toolbar = QToolBar("Main toolbar", self)
        toolbar.setObjectName("mainToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        actions.build_toolbar(toolbar, self.action_map)
        self.addToolBar(toolbar)
        self._build_status_bar()
        self.autosaver = Autosaver(self.doc, autosave_seconds, self)
        self._connect()
        self.refresh_recent_menu()
        self.action_map["tool.select"].setChecked(True)
        self.action_map["view.grid"].setChecked(True)
        self._update_title()
        self._update_edit_actions()
        self.resize(screen_fitted_size(self))
        self._restore_layout()

    # --- construction -----------------------------------------------------------------
    def _build_vision_menu(self, view_menu: QMenu) -> None:
        """View > Simulate colour blindness: check a layout as colour-blind players see it."""
        menu = view_menu.addMenu("Simulate &colour blindness")
        group = QActionGroup(self)
        group.setExclusive(True)
        self.vision_actions: dict[str | None, QAction] = {}
        for kind, text in ((None, "&Normal vision"), *colourvision.LABELS.items()):
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setObjectName(f"vision.{kind or 'normal'}")
            action.triggered.connect(lambda _=False, k=kind: self.simulate_vision(k))
            group.addAction(action)
            self.vision_actions[kind] = action
        self.vision_actions[None].setChecked(True)
        self.vision_label = QLabel()
        self.vision_label.setObjectName("visionSimulated")
        self.vision_label.setStyleSheet("font-weight: bold")
        self.vision_label.hide()

    def simulate_vision(self, kind: str | None) -> None:
        """Repaint the canvas, the palette's icons (and an open playtest) as seen with ``kind``;
        None for true colours."""
        colourvision.set_simulation(kind)
        self.vision_actions[kind].setChecked(True)
        self.vision_label.setText(f"Simulating {colourvision.LABELS[kind]}" if kind else "")
        self.vision_label.setVisible(kind is not None)
        self.canvas.refresh_all()
        self.palette_dock.repaint_icons()  # the palette's pictures are seen the same way
        playtest = getattr(self, "playtest_window", None)
        if playtest is not None:
            playtest.update()
            for child in playtest.findChildren(QWidget):
                child.update()

    def _build_docks(self) -> None:
        self.palette_dock = PaletteDock(self.doc.catalog, self)
        if self._defer_start:
            self.palette_dock.hold_icons()  # drawn right after the first paint (finish_start)
        self.library = LibraryDock(self, fill_now=not self._defer_start)
        self.properties = PropertiesDock(self.doc, self)
        self.problems = ProblemsDock(self.doc, self)
        self.history = QDockWidget("Undo history", self)
        self.history.setObjectName("historyDock")
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("(opened)")
        self.history.setWidget(self.undo_view)
        self.history.setAccessibleName("Undo history")
        self.undo_view.setAccessibleName("Undo history")
        left, right, bottom = (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
            Qt.DockWidgetArea.BottomDockWidgetArea,
        )
        self.addDockWidget(left, self.palette_dock)
        self.addDockWidget(left, self.library)
        self.tabifyDockWidget(self.palette_dock, self.library)
        self.palette_dock.raise_()
        self.addDockWidget(right, self.properties)
        self.addDockWidget(right, self.history)
        self.tabifyDockWidget(self.properties, self.history)  # tabs: the canvas keeps the room
        self.properties.raise_()
        self.addDockWidget(bottom, self.problems)
        # the right docks run down to the status bar: the Problems dock spans the palette and the
        # canvas only, so at 1280x800 the Scenario tab shows every option with problems listed
        self.setCorner(Qt.Corner.BottomRightCorner, right)
        self.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas, QTabWidget.TabPosition.North)
        self.whole_tab_labels = WholeTabLabels(self)  # "Palette", never "Pale…"
        self.resizeDocks(
            [self.palette_dock, self.properties], [PALETTE_WIDTH, PROPERTIES_WIDTH], Qt.Orientation.Horizontal
        )
        self.docks: list[QDockWidget] = [self.palette_dock, self.library, self.properties, self.history, self.problems]

    def _build_status_bar(self) -> None:
        self._canvas_said = ""
        self.problem_label, self.square_label, self.zoom_label = QLabel(), QLabel(), QLabel()
        self.problem_label.setObjectName("problemCount")
        self.statusBar().addPermanentWidget(self.vision_label)
        for label in (self.square_label, self.zoom_label, self.problem_label):
            label.setContentsMargins(8, 0, 8, 0)
            self.statusBar().addPermanentWidget(label)
        self._update_problem_count()
        self._update_zoom(self.canvas.zoom)

    def _canvas_message(self, text: str) -> None:
        """The canvas's reason for a refused ghost or drag stays while it holds and
        goes as soon as the spot is fine, the drag ends or Esc cancels; other
        messages (saved, nothing to paste...) are left alone."""
        bar = self.statusBar()
        if text:
            bar.showMessage(text)
        elif bar.currentMessage() and bar.currentMessage() == self._canvas_said:
            bar.clearMessage()
        self._canvas_said = text

    def _connect(self) -> None:
        doc, stack = self.doc, self.doc.undo_stack
        doc.modifiedChanged.connect(lambda _: self._update_title())
        doc.pathChanged.connect(self._update_title)
        doc.changed.connect(self._update_title)
        doc.issuesChanged.connect(self._update_problem_count)
        doc.selectionChanged.connect(self._update_edit_actions)
        stack.canUndoChanged.connect(lambda _: self._update_edit_actions())
        stack.canRedoChanged.connect(lambda _: self._update_edit_actions())
        stack.undoTextChanged.connect(lambda _: self._update_edit_actions())
        stack.redoTextChanged.connect(lambda _: self._update_edit_actions())
        self.palette_dock.picked.connect(self._picked)
        self.tools.toolChanged.connect(self._tool_changed)
        self.canvas.squareHovered.connect(
            lambda sq: self.square_label.setText("" if sq is None else f"square {square_text(sq)}")
        )
        self.canvas.zoomChanged.connect(self._update_zoom)
        self.canvas.message.connect(self._canvas_message)
        self.problems.located.connect(lambda _: self.canvas.setFocus())
        self.library.openRequested.connect(self.open_recent)
        self.library.templateRequested.connect(self.open_pack_template)
        self.library.addCurrentRequested.connect(self.add_open_scenario_to)
        self.library.bookletRequested.connect(lambda path: self.sheets.export_booklet(path, self.doc.catalog))

    def _restore_layout(self) -> None:
        """The size, place and dock layout of the last session (QSettings), if it was
        saved by this layout version and still fits a screen."""
        store = settings()
        if str(store.value("window_layout_version", "")) != LAYOUT_VERSION:
            return
        geometry = store.value("window_geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)  # Qt moves a window whose screen is gone back onto one
            self.resize(self.size().boundedTo(screen_fitted_size(self, QSize(100000, 100000))))
        state = store.value("window_state")
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def finish_start(self) -> None:
        """What a deferred start left for after the first paint: check the open
        scenario (the Problems dock and the status bar say "checking" until then), fill
        the campaign library, draw the palette's pictures and install the shortcut
        guard.  Calling it again does nothing."""
        self._install_shortcut_guard()
        self.palette_dock.release_icons()
        self.doc.release_validation()
        self.library.fill()

    def _install_shortcut_guard(self) -> None:
        """The application-wide filter that keeps canvas shortcuts out of other widgets;
        a deferred start installs it after the first paint, since every event of every
        object passes through it (and Qt's objects met there are wrapped for Python)."""
        if self.shortcut_guard is None:
            self.shortcut_guard = actions.CanvasShortcutGuard(self.canvas)

    def save_layout(self) -> None:
        store = settings()
        store.setValue("window_layout_version", LAYOUT_VERSION)
        store.setValue("window_geometry", self.saveGeometry())
        store.setValue("window_state", self.saveState())
        store.sync()

    # --- window state -------------------------------------------------------------------------
    def _update_title(self) -> None:
        where = self.doc.display_name
        if self.doc.path is not None and campaigns.is_bundled(self.doc.path):
            where += " (bundled, Save makes a copy)"
        self.setWindowTitle(f"{self.doc.scenario.name} — {where}[*] — {APP_TITLE}")
        self.setWindowModified(self.doc.is_modified)

    def _update_problem_count(self) -> None:
        self.problem_label.setText(summary(self.doc.issues) if self.doc.checked else CHECKING)
        self.problem_label.setStyleSheet(
            "color: #b3261e; font-weight: bold" if any(i.is_error for i in self.doc.issues) else ""
        )

    def _update_zoom(self, zoom: float) -> None:
        self.zoom_label.setText(f"{zoom * 100:.0f}%")

    def _update_edit_actions(self) -> None:
        if not isValid(self.doc.undo_stack):  # the stack signals while it is destroyed
            return
        stack, chosen = self.doc.undo_stack, bool(self.doc.selected_elements())
        self.action_map["edit.undo"].setEnabled(stack.canUndo())
        self.action_map["edit.undo"].setText(f"&Undo {stack.undoText()}".strip())
        self.action_map["edit.redo"].setEnabled(stack.canRedo())
        self.action_map["edit.redo"].setText(f"&Redo {stack.redoText()}".strip())
        for key in (
            "edit.cut",
            "edit.copy",
            "edit.duplicate",
            "edit.delete",
            "edit.rotate",
            "edit.rotate_back",
            "edit.flip",
            "edit.fire_edge",
        ):
            self.action_map[key].setEnabled(chosen)

    def _picked(self, template: edits.Element) -> None:
        self.tools.start_placing(template)
        self.canvas.setFocus()

    def _tool_changed(self, tool_id: str) -> None:
        self.action_map[f"tool.{tool_id}"].setChecked(True)
        if tool_id != "place":
            self.palette_dock.clear_pick()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self.autosaver.close()
        self.doc.shutdown()
        event.accept()

    # --- action callbacks (named in editor.actions) -------------------------------------------
    def undo(self) -> None:
        self.doc.undo_stack.undo()

    def redo(self) -> None:
        self.doc.undo_stack.redo()

    def _selected_refs(self) -> list[edits.Ref]:
        return [ref for ref, _ in self.doc.selected_elements()]

    def copy(self) -> None:
        chosen = [el for _, el in self.doc.selected_elements()]
        if chosen:
            QApplication.clipboard().setMimeData(clipboard.to_mime(chosen))

    def cut(self) -> None:
        self.copy()
        refs = self._selected_refs()
        if refs:
            self.doc.edit(
                "Cut" if len(refs) == 1 else f"Cut {len(refs)} elements",
                edits.remove(self.doc.scenario, refs),
                frozenset(),
            )

    def paste(self) -> None:
        elements = clipboard.from_mime(QApplication.clipboard().mimeData())
        if elements:
            commands.paste_elements(self.doc, elements)
        else:
            self.statusBar().showMessage("Nothing to paste: the clipboard holds no boards, cards or tokens", 4000)

    def duplicate(self) -> None:
        commands.duplicate_elements(self.doc, self._selected_refs())

    def delete(self) -> None:
        commands.delete_elements(self.doc, self._selected_refs())

    def select_all(self) -> None:
        self.doc.set_selection(edits.all_refs(self.doc.scenario))

    def select_none(self) -> None:
        self.doc.set_selection(())

    def rotate(self, turns: int) -> None:
        commands.rotate_elements(self.doc, self._selected_refs(), turns)

    def flip(self) -> None:
        commands.flip_boards(self.doc, self._selected_refs())

    def fire_edge(self) -> None:
        commands.cycle_fire_edges(self.doc, self._selected_refs())

    def nudge(self, dr: int, dc: int) -> None:
        commands.move_elements(self.doc, self._selected_refs(), (dr, dc))

    def set_tool(self, tool_id: str) -> None:
        self.tools.set_tool(tool_id)

    def zoom_in(self) -> None:
        self.canvas.zoom_in()

    def zoom_out(self) -> None:
        self.canvas.zoom_out()

    def fit_island(self) -> None:
        self.canvas.fit_island()

    def actual_size(self) -> None:
        self.canvas.set_zoom(1.0)

    def toggle_grid(self) -> None:
        self.canvas.set_grid_visible(self.action_map["view.grid"].isChecked())

    def show_shortcuts(self) -> QDialog:
        dialog = QDialog(self)
        dialog.setWindowTitle("Keyboard shortcuts")
        rows = actions.shortcut_rows()
        table = QTableWidget(len(rows), 3)
        table.setHorizontalHeaderLabels(["Action", "Keys", "Works"])
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        QVBoxLayout(dialog).addWidget(table)
        dialog.resize(620, 560)
        dialog.show()
        return dialog

    def open_log_folder(self) -> bool:
        """Help > Open log folder: the folder of ``raftwright.log`` in the file manager."""
        from .logs import log_folder

        folder = log_folder()
        folder.mkdir(parents=True, exist_ok=True)
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def show_manual(self) -> QMainWindow:
        """Help > Manual: the manual's pages in a window of their own (one per studio)."""
        from .manual_window import ManualWindow  # loaded on first use

        window: ManualWindow | None = getattr(self, "manual_window", None)
        if window is None:
            window = self.manual_window = ManualWindow(self)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def export_image(self) -> None:
        self.sheets.export_image(self.doc.scenario, self.doc.catalog, self.doc.path)

    def print_sheet(self) -> None:
        self.sheets.print_scenario(self.doc.scenario, self.doc.catalog)

    def toggle_sheet_difficulty(self) -> None:
        self.sheets.show_difficulty = self.action("file.sheet_difficulty").isChecked()

    @property
    def sheets(self) -> SheetDialogs:
        """Export image, Print and the booklet's dialogs, made on first use: the sheet
        painter and the rules it prints load after the studio's first paint."""
        dialogs: SheetDialogs | None = getattr(self, "_sheets", None)
        if dialogs is None:
            from .sheets.studio import SheetDialogs

            dialogs = self._sheets = SheetDialogs(self)
        return dialogs

    @property
    def difficulty(self) -> DifficultyDock:
        """The Difficulty dock, made on first use so the default layout stays as it was."""
        dock: DifficultyDock | None = getattr(self, "_difficulty", None)
        if dock is None:
            from .docks.difficulty import DifficultyDock  # the estimate's engine loads on first use

            dock = self._difficulty = DifficultyDock(self.doc, self)
            self.canvas.island.addItem(dock.heat_item)  # the estimate's heat map, drawn over the island
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.tabifyDockWidget(self.properties, dock)
            self.docks.append(dock)
        return dock

    def estimate_difficulty(self) -> None:
        self.difficulty.start()

    def playtest(self) -> None:
        from .playtest.launch import open_playtest  # loaded on the first F5

        self.playtest_window = open_playtest(self, self.doc, getattr(self, "playtest_window", None))

    def open_handed_file(self, path: str) -> None:
        """A second launch handed this studio a file (editor.single_instance)."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if path:
            self.open_recent(Path(path))

    def about(self) -> None:
        QMessageBox.about(self, f"About {APP_TITLE}", f"{APP_TITLE}: scenarios and campaigns for Race to the Raft.")

    def action(self, action_id: str) -> QAction:
        return self.action_map[action_id]
