"""The campaign library dock: the bundled campaigns (read-only), the designer's own
and the installed scenario packs (read-only; their scenarios open as templates, and
"Remove pack" uninstalls one); open a scenario, create a campaign, add / remove /
reorder its scenarios and edit its details.  The file work is in :mod:`editor.campaigns`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.check.open_files import open_campaign
from engine.model.formats import FormatError
from engine.model.resources import schema_dir
from engine.model.scenario import Campaign
from engine.model.userdirs import user_packs_dir

from .. import campaigns
from ..flow import ActionFlow
from .wrapped import wrap_rows

T = TypeVar("T")
PATH_ROLE = Qt.ItemDataRole.UserRole
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1  # entry index within its campaign; -1 for a campaign
PACK_ROLE = Qt.ItemDataRole.UserRole + 2  # "id@version" of an installed pack (on the pack and its scenarios)
TEMPLATE_ROLE = Qt.ItemDataRole.UserRole + 3  # a pack scenario's file, opened as a template
BROKEN_ROLE = Qt.ItemDataRole.UserRole + 4  # why a campaign cannot be read (on it and its reason row)


def no_packs_folder_entries() -> bool:
    """True when the installed packs' folder is missing or holds nothing at all (not
    even an interrupted install), so that there is nothing to list or to tidy."""
    try:
        return not any(user_packs_dir().iterdir())
    except FileNotFoundError:
        return True
    except OSError:
        return False  # the real scan says what is wrong


def unlockable_rules() -> list[str]:
    schema = json.loads((schema_dir() / "campaign.schema.json").read_text(encoding="utf-8"))
    return list(schema["$defs"]["rule_list"]["items"]["enum"])


class CampaignDialog(QDialog):
    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Campaign: {campaign.name}")
        self.name, self.author = QLineEdit(campaign.name), QLineEdit(campaign.author)
        self.description = QPlainTextEdit(campaign.description)
        self.points, self.penalty = QSpinBox(), QSpinBox()
        for spin, value in ((self.points, campaign.points_per_win), (self.penalty, campaign.water_token_penalty)):
            spin.setRange(0, 100)
            spin.setValue(value)
        rules = QWidget()
        grid = QGridLayout(rules)
        self.unlocks = {name: QCheckBox(name.replace("_", " ")) for name in unlockable_rules()}
        for n, (name, box) in enumerate(self.unlocks.items()):
            box.setChecked(name in campaign.unlocks)
            grid.addWidget(box, n // 2, n % 2)
        form = QFormLayout()
        for label, widget in (
            ("Name", self.name),
            ("Author", self.author),
            ("Description", self.description),
            ("Points per win", self.points),
            ("Penalty per water token", self.penalty),
            ("Unlocks", rules),
        ):
            form.addRow(label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def fields(self) -> dict[str, object]:
        return {
            "name": self.name.text().strip() or "Untitled campaign",
            "author": self.author.text(),
            "description": self.description.toPlainText(),
            "points_per_win": self.points.value(),
            "water_token_penalty": self.penalty.value(),
            "unlocks": tuple(name for name, box in self.unlocks.items() if box.isChecked()),
        }


class LibraryDock(QDockWidget):
    openRequested = Signal(object)  # Path of a scenario file
    addCurrentRequested = Signal(object)  # Path of the campaign to add the open scenario to
    templateRequested = Signal(object)  # Path of an installed pack's scenario, to open as a template
    bookletRequested = Signal(object)  # Path of the campaign to export as a printable booklet

    def __init__(self, parent: QWidget | None = None, fill_now: bool = True) -> None:
        """``fill_now`` False: the tree is filled when the dock is first shown or
        :meth:`fill` is called (the studio's start fills it after the first paint: it
        reads every campaign's scenarios, and the dock starts behind the palette)."""
        super().__init__("Library", parent)  # its tab beside the Palette's: a short name shown whole
        self.setObjectName("libraryDock")
        self.filled = False
        self.setAccessibleName("Campaign library")
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        wrap_rows(self.tree)  # a broken campaign's reason is shown whole
        self.tree.setAccessibleName("Campaign library")
        self.tree.setAccessibleDescription(
            "Bundled campaigns, your campaigns and installed packs; press Enter on a scenario to open it"
        )
        self.tree.itemDoubleClicked.connect(self._activated)
        self.tree.itemActivated.connect(self._activated)
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        bar = ActionFlow()  # wraps onto a second row rather than hiding actions behind "»"
        bar.setObjectName("libraryActions")
        self.bar = bar
        self.buttons = {
            "new": bar.addAction("New campaign", self.new_campaign_dialog),
            "add": bar.addAction("Add open scenario", self._add_current),
            "remove": bar.addAction("Remove", self._remove_selected),
            "up": bar.addAction("Up", lambda: self._move_selected(-1)),
            "down": bar.addAction("Down", lambda: self._move_selected(1)),
            "details": bar.addAction("Details…", self._edit_selected),
            "booklet": bar.addAction("Export booklet…", self._booklet_selected),
            "remove_pack": bar.addAction("Remove pack", self._remove_selected_pack),
            "repair": bar.addAction("Repair", self._repair_selected),
            "delete": bar.addAction("Delete campaign…", self._delete_selected),
        }
        self.buttons["repair"].setToolTip(
            "Take the scenarios the campaign cannot list out of it (their files stay), so it can be read again"
        )
        self.buttons["delete"].setToolTip("Move the selected campaign's folder, with its scenarios, to the trash")
        self.buttons["remove_pack"].setToolTip("Uninstall the selected scenario pack")
        self.buttons["booklet"].setToolTip("Save the selected campaign as a printable PDF booklet")
        self.buttons["add"].setToolTip(
            "List the open scenario in the selected campaign (it is copied into the campaign's folder)"
        )
        self.buttons["remove"].setToolTip("Take the selected scenario out of its campaign (the file stays)")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(bar)
        layout.addWidget(self.tree)
        self.setWidget(body)
        if fill_now:
            self.refresh()
        else:
            self.visibilityChanged.connect(lambda visible: self.fill() if visible else None)

    # --- the tree ---------------------------------------------------------------------
    def fill(self) -> None:
        """Fill the tree if it has not been filled yet."""
        if not self.filled:
            self.refresh()

    def refresh(self, select: tuple[Path, int] | None = None) -> None:
        self.filled = True
        self.tree.clear()
        for title, paths in (
            ("Bundled campaigns", campaigns.bundled_campaigns()),
            ("My campaigns", campaigns.user_campaigns()),
        ):
            group = QTreeWidgetItem(self.tree, [title])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for path in paths:
                self._add_campaign(group, path, select)
            group.setExpanded(True)
        self._add_packs()
        self._update_buttons()

    def _add_packs(self) -> None:
        group = QTreeWidgetItem(self.tree, ["Installed packs"])
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        if no_packs_folder_entries():
            group.setExpanded(True)
            return  # nothing installed, nothing left over: the pack reader need not load (issue 28 item 7)
        from engine.packs.fields import licence_label, shown
        from engine.packs.install import scan_installed

        good, damaged = scan_installed()
        for broken in damaged:  # listed so it can be removed; never opened
            item = QTreeWidgetItem(group, [shown(f"{broken.id} {broken.version} (damaged)")])
            item.setData(0, PACK_ROLE, f"{broken.id}@{broken.version}")
            item.setToolTip(0, shown(f"{broken.folder}\n{broken.reason}\nRemove the pack and install it again."))
        for pack in good:
            m = pack.manifest
            item = QTreeWidgetItem(group, [shown(f"{m.title} {m.version}")])
            item.setData(0, PACK_ROLE, m.label)
            item.setToolTip(
                0,
                shown(
                    f"{m.label} by {', '.join(m.authors)}, {licence_label(m.licence)}\n{pack.folder}\n{m.description}",
                    multiline=True,
                ).strip(),
            )
            for entry in m.scenarios:
                child = QTreeWidgetItem(item, [shown(entry.name)])
                child.setData(0, PACK_ROLE, m.label)
                child.setData(0, TEMPLATE_ROLE, str(pack.path(entry.path)))
                child.setToolTip(0, f"{entry.path} in {m.label}; opens as a template (Save asks where)")
        group.setExpanded(True)

    def pack_items(self) -> list[QTreeWidgetItem]:
        group = self.tree.topLevelItem(self.tree.topLevelItemCount() - 1)
        children = [group.child(i) for i in range(group.childCount())] if group is not None else []
        return [child for child in children if child is not None]

    def selected_pack(self) -> str | None:
        item = self.tree.currentItem()
        return None if item is None or item.data(0, PACK_ROLE) is None else str(item.data(0, PACK_ROLE))

    def confirm_remove_pack(self, label: str) -> bool:
        answer = QMessageBox.question(self, "Remove pack", f"Uninstall {label}? Its scenarios leave the library.")
        return answer == QMessageBox.StandardButton.Yes

    def _remove_selected_pack(self) -> None:
        label = self.selected_pack()
        if label is None or not self.confirm_remove_pack(label):
            return
        from engine.packs.errors import PackError
        from engine.packs.install import remove_pack

        try:
            remove_pack(label)
        except (PackError, OSError) as exc:
            QMessageBox.warning(self, "Could not remove the pack", str(exc))
        self.refresh()

    def _add_campaign(self, group: QTreeWidgetItem, path: Path, select: tuple[Path, int] | None) -> None:
        try:
            campaign = open_campaign(path)
        except FormatError as exc:
            reason = exc.reason
            item = QTreeWidgetItem(group, [f"{path.parent.name} (cannot be read)"])
            item.setToolTip(0, str(exc))
            item.setData(0, PATH_ROLE, path)
            item.setData(0, INDEX_ROLE, -1)
            item.setData(0, BROKEN_ROLE, str(reason))
            item.setForeground(0, QBrush(QColor("#b3261e")))
            why = QTreeWidgetItem(
                item, [f"Why: {reason}. Repair takes the bad entry out; Delete moves it to the trash."]
            )
            why.setData(0, PATH_ROLE, path)
            why.setData(0, INDEX_ROLE, -1)
            why.setData(0, BROKEN_ROLE, str(reason))
            why.setToolTip(0, str(exc))
            item.setExpanded(True)
            if select is not None and select[0] == path:
                self.tree.setCurrentItem(item)
            return
        item = QTreeWidgetItem(group, [campaign.name])
        item.setData(0, PATH_ROLE, path)
        item.setData(0, INDEX_ROLE, -1)
        item.setToolTip(0, f"{path}\n{campaign.description}".strip())
        for info in campaigns.entries(path, campaign):
            child = QTreeWidgetItem(item, [info.title])
            child.setData(0, PATH_ROLE, path)
            child.setData(0, INDEX_ROLE, info.index)
            child.setToolTip(0, str(info.path) + (f"\n{info.problem}" if info.problem else ""))
            if select == (path, info.index):
                self.tree.setCurrentItem(child)
        if select == (path, -1):
            self.tree.setCurrentItem(item)
            item.setExpanded(True)

    def selected(self) -> tuple[Path, int] | None:
        item = self.tree.currentItem()
        if item is None or item.data(0, PATH_ROLE) is None:
            return None
        return Path(item.data(0, PATH_ROLE)), int(item.data(0, INDEX_ROLE))

    def select(self, campaign_path: Path, index: int = -1) -> None:
        self.refresh(select=(campaign_path, index))

    def broken_reason(self) -> str | None:
        """Why the selected campaign cannot be read, or None."""
        item = self.tree.currentItem()
        return None if item is None or item.data(0, BROKEN_ROLE) is None else str(item.data(0, BROKEN_ROLE))

    def _update_buttons(self) -> None:
        chosen = self.selected()
        own = chosen is not None and not campaigns.is_bundled(chosen[0])
        broken = self.broken_reason() is not None
        editable = own and not broken
        self.buttons["repair"].setVisible(broken and own)
        self.buttons["repair"].setEnabled(broken and own)
        self.buttons["delete"].setEnabled(own)
        self.buttons["remove_pack"].setEnabled(self.selected_pack() is not None)
        self.buttons["add"].setEnabled(editable)
        self.buttons["details"].setEnabled(editable)
        self.buttons["booklet"].setEnabled(chosen is not None and not broken)
        for key in ("remove", "up", "down"):
            self.buttons[key].setEnabled(editable and chosen is not None and chosen[1] >= 0)

    def _activated(self, item: QTreeWidgetItem) -> None:
        if item.data(0, TEMPLATE_ROLE) is not None:
            self.templateRequested.emit(Path(item.data(0, TEMPLATE_ROLE)))
            return
        if item.data(0, PATH_ROLE) is None or int(item.data(0, INDEX_ROLE)) < 0:
            return
        self.open_entry(Path(item.data(0, PATH_ROLE)), int(item.data(0, INDEX_ROLE)))

    def _booklet_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.bookletRequested.emit(chosen[0])

    def open_entry(self, campaign_path: Path, index: int) -> None:
        entry = open_campaign(campaign_path).scenarios[index]
        self.openRequested.emit(campaign_path.parent / entry.scenario)

    # --- changes (each saved at once) ----------------------------------------------------
    def _guard(self, what: str, action: Callable[[], T]) -> T | None:
        try:
            return action()
        except (OSError, FormatError, PermissionError) as exc:
            QMessageBox.warning(self, f"Could not {what}", str(exc))
            return None

    def new_campaign_dialog(self) -> None:
        dialog = CampaignDialog(Campaign(id="new", name="New campaign"), self)
        dialog.setWindowTitle("New campaign")
        if dialog.exec() == QDialog.DialogCode.Accepted:
            fields = dialog.fields()
            path = self._guard("create the campaign", lambda: campaigns.create_campaign(str(fields["name"])))
            if path is not None:
                self._guard("save the campaign", lambda: campaigns.update_campaign(path, **fields))
                self.select(path)

    def _add_current(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.addCurrentRequested.emit(chosen[0])

    def add_file(self, campaign_path: Path, scenario_path: Path) -> None:
        index = self._guard("add the scenario", lambda: campaigns.add_scenario(campaign_path, scenario_path))
        if index is not None:
            self.select(campaign_path, int(index))

    def _remove_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None and chosen[1] >= 0:
            self._guard("remove the scenario", lambda: campaigns.remove_entry(*chosen))
            self.select(chosen[0])

    def _move_selected(self, step: int) -> None:
        chosen = self.selected()
        if chosen is not None and chosen[1] >= 0:
            index = self._guard("reorder", lambda: campaigns.move_entry(chosen[0], chosen[1], step))
            self.select(chosen[0], chosen[1] if index is None else int(index))

    def confirm_delete(self, campaign_path: Path) -> bool:
        """Ask before a campaign's folder goes to the trash (tests replace this)."""
        files = sorted(p.name for p in campaign_path.parent.iterdir())
        answer = QMessageBox.question(
            self,
            "Delete campaign",
            f"Move the folder {campaign_path.parent} to the trash? It holds {len(files)} file(s): "
            f"{', '.join(files[:8])}{'…' if len(files) > 8 else ''}. You can restore it from the trash.",
        )
        return answer == QMessageBox.StandardButton.Yes

    def _delete_selected(self) -> None:
        chosen = self.selected()
        if chosen is None or campaigns.is_bundled(chosen[0]) or not self.confirm_delete(chosen[0]):
            return
        self._guard("delete the campaign", lambda: campaigns.trash_campaign(chosen[0]))
        self.refresh()

    def _repair_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        removed = self._guard("repair the campaign", lambda: campaigns.repair_campaign(chosen[0]))
        if removed is not None:
            self.select(chosen[0])
            main = self.window()
            if isinstance(main, QMainWindow):
                gone = ", ".join(removed) or "nothing"
                main.statusBar().showMessage(f"Repaired the campaign: took out {gone} (the files stay)", 8000)

    def _edit_selected(self, dialog: CampaignDialog | None = None) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        dialog = dialog or CampaignDialog(open_campaign(chosen[0]), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._guard("save the campaign", lambda: campaigns.update_campaign(chosen[0], **dialog.fields()))
            self.select(*chosen)
