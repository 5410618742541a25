"""The main window's pack actions (a mixin like :class:`editor.fileflows.FileFlows`):
File > Export pack..., File > Import pack..., File > Browse packs..., opening a ``.raftpack`` (from the
command line or File > Open) through the same import, and opening an installed
pack's scenario as a template."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog

from engine.check.open_files import open_scenario
from engine.model.formats import FormatError
from engine.model.userdirs import user_packs_dir
from engine.packs import PACK_SUFFIX

from ..fileflows import FileFlows
from ..files import dialog_folder, remember_folder

if TYPE_CHECKING:  # the dialogs load when first opened, not at start-up (issue 28 item 7)
    from engine.packs.install import InstalledPack
    from engine.play.state import GameState

    from .browse import BrowsePacksDialog
    from .export_dialog import ExportPackDialog
    from .import_dialog import ImportPackDialog


def pack_of(path: Path) -> InstalledPack | None:
    """The installed pack ``path`` belongs to, if any; a file outside the packs' folder
    belongs to none, so opening it does not load the pack reader (issue 28 item 7)."""
    try:
        outside = not path.resolve().is_relative_to(user_packs_dir().resolve())
    except OSError:
        outside = False
    if outside:
        return None
    from engine.packs.install import installed_pack_for

    return installed_pack_for(path)


class PackFlows(FileFlows):
    """The pack half of :class:`editor.mainwindow.MainWindow`."""

    pack_export_dialog: ExportPackDialog | None = None
    pack_import_dialog: ImportPackDialog | None = None
    pack_browser: BrowsePacksDialog | None = None
    template_pack: InstalledPack | None = None  # the installed pack the open template came from

    @property
    def pack_windows(self) -> list["PackFlows"]:
        """Studio windows opened on templates of packs with their own components."""
        if not hasattr(self, "_pack_windows"):
            self._pack_windows: list[PackFlows] = []
        return self._pack_windows

    def open_path(self, path: str | Path) -> bool:
        """A ``.raftpack`` goes through Import pack; a scenario inside an installed pack
        opens as that pack's template, with the pack's components (the same catalog as
        every command: :mod:`engine.packs.resolve`); anything else opens as before."""
        if str(path).lower().endswith(PACK_SUFFIX):
            QTimer.singleShot(0, lambda: self.import_pack_file(Path(path)))
            return True
        pack = pack_of(Path(path))
        if pack is not None and Path(path).name.endswith(".scenario.json"):
            if pack.manifest.of_kind("components") and not self._has_components_of(pack):
                return self.open_pack_template(Path(path))
            return self.open_pack_template_here(Path(path), pack)
        self.template_pack = None
        return super().open_path(path)

    def _has_components_of(self, pack: InstalledPack) -> bool:
        """Whether this window's catalog is that pack's (bundled plus its components)."""
        return any(i.startswith(f"{pack.manifest.id}/") for i in self.doc.catalog.ids)

    def export_sources(self) -> list[Path]:
        """What Export pack starts with: the campaign selected in the library, else the
        open scenario's file."""
        chosen = self.library.selected()
        if chosen is not None:
            return [chosen[0]]
        return [self.doc.path] if self.doc.path is not None else []

    def export_pack(self) -> None:
        from .export_dialog import ExportPackDialog

        dialog = ExportPackDialog(self.export_sources(), self.doc.catalog, self)
        self.pack_export_dialog = dialog
        dialog.open()

    def ask_pack_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import pack", str(dialog_folder("pack")), f"Raftwright packs (*{PACK_SUFFIX})"
        )
        if path:
            remember_folder("pack", path)
        return path

    def import_pack(self) -> None:
        path = self.ask_pack_path()
        if path:
            self.import_pack_file(Path(path))

    def import_pack_file(self, path: Path) -> ImportPackDialog:
        from .import_dialog import ImportPackDialog

        dialog = ImportPackDialog(path, self)
        dialog.installed.connect(self._pack_installed)
        self.pack_import_dialog = dialog
        dialog.open()
        return dialog

    def browse_packs(self) -> BrowsePacksDialog:
        """File > Browse packs...: a gallery's feed, with Install and Update."""
        if self.pack_browser is None:
            from .browse import BrowsePacksDialog  # http and email load only when the designer browses

            self.pack_browser = BrowsePacksDialog(self)
            self.pack_browser.installed.connect(self._pack_installed)
        self.pack_browser.show()
        self.pack_browser.raise_()
        if self.pack_browser.address.text() and self.pack_browser.feed is None:
            self.pack_browser.load()
        return self.pack_browser

    def _pack_installed(self, pack: InstalledPack) -> None:
        self.library.refresh()
        self.statusBar().showMessage(
            f"Installed {pack.manifest.label}; its scenarios are in the campaign library", 8000
        )

    def open_pack_template(self, path: Path) -> bool:
        """Open an installed pack's scenario as a new, untitled scenario (Save asks where).

        A pack with components of its own opens in a new studio window whose catalog is
        the bundled one plus that pack's components (palette, checks and playtest all
        use it), so they never mix with another pack's or the designer's own."""
        pack = pack_of(path)
        if pack is not None and pack.manifest.of_kind("components"):
            window = type(self)(catalog=pack.catalog())  # type: ignore[call-arg]
            self.pack_windows.append(window)
            window.show()
            return window.open_pack_template_here(path, pack)
        return self.open_pack_template_here(path, pack)

    def open_pack_template_here(self, path: Path, pack: InstalledPack | None) -> bool:
        if not self.maybe_save():
            return False
        try:
            scenario = open_scenario(path)
        except FormatError as exc:
            self.show_error("Cannot open the scenario", str(exc))
            return False
        self.autosaver.discard()
        self.doc.reset(scenario, None)
        self.template_pack = pack
        self.canvas.fit_island()
        where = self.template_pack.manifest.label if self.template_pack else path.parent.name
        self.statusBar().showMessage(f"Opened '{scenario.name}' from pack {where} as a template", 8000)
        return True

    def new_template_game(self, seed: int, **options: Any) -> GameState:
        """A new game of the open template, with its pack's components."""
        from engine.play.game import new_game  # the rules load with the first game, not the studio

        catalog = self.template_pack.catalog() if self.template_pack else self.doc.catalog
        return new_game(self.doc.scenario, seed=seed, catalog=catalog, **options)
