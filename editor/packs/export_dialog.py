"""File > Export pack...: choose what goes in, fill in the pack's details (the author
is remembered), see the manifest, build with a progress bar off the GUI thread, then
save the ``.raftpack``."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.model.catalog import Catalog
from engine.model.files import atomic_write
from engine.model.formats import canonical_json
from engine.packs.build import PackInfo, collect
from engine.packs.errors import PackError
from engine.packs.manifest import PACK_SUFFIX, Manifest

from ..files import dialog_folder, remember_folder, settings, user_campaigns_dir
from .render import sheet_files
from .worker import BuildJob, BuildRequest

AUTHOR_KEY = "packs/author"
LICENCE_KEY = "packs/licence"
SOURCE_FILTER = "Raftwright files (*.scenario.json *.campaign.json campaign.json *.replay.json)"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-._") or "my-pack"


class ExportPackDialog(QDialog):
    def __init__(self, sources: list[Path], catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export pack")
        self.catalog = catalog
        self.data: bytes | None = None
        self.manifest: Manifest | None = None
        self.saved_to: Path | None = None
        self._job: BuildJob | None = None
        self._poll = QTimer(self, interval=50)
        self._poll.timeout.connect(self._check_job)
        self.sources = QListWidget()
        for path in sources:
            self.sources.addItem(str(path))
        add_files, add_folder, remove = QPushButton("Add files…"), QPushButton("Add folder…"), QPushButton("Remove")
        add_files.clicked.connect(self._add_files)
        add_folder.clicked.connect(self._add_folder)
        remove.clicked.connect(
            lambda: [self.sources.takeItem(self.sources.row(i)) for i in self.sources.selectedItems()]
        )
        stored = settings()
        first = sources[0].name.split(".")[0] if sources else "my-pack"
        title = sources[0].parent.name if sources and sources[0].name == "campaign.json" else first
        self.title = QLineEdit(title.replace("-", " ").strip().capitalize())
        self.ident = QLineEdit(slug(title))
        self.version = QLineEdit("1.0.0")
        self.author = QLineEdit(str(stored.value(AUTHOR_KEY, "") or ""))
        self.licence = QLineEdit(str(stored.value(LICENCE_KEY, "CC-BY-4.0") or "CC-BY-4.0"))
        self.description = QPlainTextEdit()
        self.description.setMaximumHeight(70)
        self.languages = QLineEdit("en")
        self.allow_errors = QCheckBox("Pack scenarios even if they have errors")
        self.sheets = QCheckBox("Add sheets and a preview image")
        self.sheets.setChecked(True)
        form = QFormLayout()
        for label, widget in (
            ("Title", self.title),
            ("Id", self.ident),
            ("Version", self.version),
            ("Authors (comma-separated)", self.author),
            ("Licence (SPDX id)", self.licence),
            ("Description", self.description),
            ("Languages", self.languages),
            ("", self.allow_errors),
            ("", self.sheets),
        ):
            form.addRow(label, widget)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setPlaceholderText("Build to see the manifest.")
        self.progress = QProgressBar()
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.build_button = QPushButton("Build")
        self.build_button.clicked.connect(self.build)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        for button in (add_files, add_folder, remove):
            row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("What goes in (campaigns, scenarios, folders, replays):"))
        layout.addWidget(self.sources)
        layout.addLayout(row)
        layout.addLayout(form)
        layout.addWidget(QLabel("Manifest:"))
        layout.addWidget(self.preview)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.build_button)
        layout.addWidget(self.buttons)
        self.resize(640, 760)

    # --- choosing what goes in -------------------------------------------------------
    def _add_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Add to the pack", str(user_campaigns_dir()), SOURCE_FILTER)
        for path in paths:
            self.sources.addItem(path)

    def _add_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Add a folder to the pack", str(user_campaigns_dir()))
        if path:
            self.sources.addItem(path)

    def source_paths(self) -> tuple[Path, ...]:
        return tuple(Path(self.sources.item(i).text()) for i in range(self.sources.count()))

    def info(self) -> PackInfo:
        authors = tuple(a.strip() for a in self.author.text().split(",") if a.strip()) or ("Unknown",)
        languages = tuple(x.strip() for x in self.languages.text().split(",") if x.strip())
        return PackInfo(
            id=self.ident.text().strip() or slug(self.title.text()),
            title=self.title.text().strip() or "Pack",
            version=self.version.text().strip(),
            authors=authors,
            licence=self.licence.text().strip(),
            description=self.description.toPlainText().strip(),
            languages=languages,
        )

    # --- building (on a worker thread) ------------------------------------------------
    def build(self) -> None:
        if not self.source_paths():
            self.status.setText("Add a campaign, scenario or folder first.")
            return
        stored = settings()
        stored.setValue(AUTHOR_KEY, self.author.text())
        stored.setValue(LICENCE_KEY, self.licence.text())
        self.data = self.manifest = None
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(False)
        self.build_button.setEnabled(False)
        self.status.setText("Building…")
        try:
            sources = collect(list(self.source_paths()))
            if self.sheets.isChecked():
                self.status.setText("Drawing the sheets…")
                self.status.repaint()
            extra = (
                tuple(sheet_files(sources, self.catalog)) if self.sheets.isChecked() else ()
            )  # GUI thread: Qt painting
        except PackError as exc:
            self._failed("\n".join(p.line() for p in exc.problems))
            return
        request = BuildRequest(self.info(), sources, self.catalog, self.allow_errors.isChecked(), extra)
        self._job = BuildJob(request)
        self._poll.start()

    def is_building(self) -> bool:
        return self._job is not None

    def _check_job(self) -> None:
        job = self._job
        if job is None:
            self._poll.stop()
            return
        self._progressed(*job.progress)
        if not job.done():
            return
        self._poll.stop()
        outcome = job.outcome()
        if isinstance(outcome, str):
            self._failed(outcome)
        else:
            self._built(*outcome)

    def _progressed(self, done: int, total: int, label: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.status.setText(label)

    def _built(self, data: bytes, manifest: Manifest) -> None:
        self._job = None
        self.data, self.manifest = data, manifest
        self.preview.setPlainText(canonical_json(manifest.to_dict()))
        self.status.setText(f"{manifest.label}: {len(manifest.files)} files, {len(data)} bytes. Save it to share it.")
        self.build_button.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(True)

    def _failed(self, message: str) -> None:
        self._job = None
        self.preview.setPlainText("")
        self.status.setText(message)
        self.build_button.setEnabled(True)

    # --- saving --------------------------------------------------------------------
    def ask_save_path(self) -> str:
        default = f"{self.manifest.id if self.manifest else 'pack'}-{self.manifest.version if self.manifest else ''}{PACK_SUFFIX}"
        path, _ = QFileDialog.getSaveFileName(
            self, "Save pack", str(dialog_folder("pack") / default), f"Raftwright packs (*{PACK_SUFFIX})"
        )
        if path:
            if not path.endswith(PACK_SUFFIX):
                path += PACK_SUFFIX
            remember_folder("pack", path)
        return path

    def save(self) -> None:
        if self.data is None:
            return
        path = self.ask_save_path()
        if not path:
            return
        target = Path(path if path.endswith(PACK_SUFFIX) else path + PACK_SUFFIX)
        try:
            atomic_write(target, self.data)
        except OSError as exc:
            self.status.setText(f"Cannot save {target}: {exc}")
            return
        self.saved_to = target
        self.accept()
