"""File > Export pack...: choose what goes in, fill in the pack's details (title, author
and description start from the campaign's; the author and licence are remembered), see
the manifest, build with a progress bar off the GUI thread, then save the ``.raftpack``.

Every field is checked as it is typed, with the same rules and words as the CLI
(:mod:`engine.packs.fields`); a message appears under the field and Build waits until
every field can be used, so the studio never builds a pack the reader would refuse.
There is no default licence: the author picks one, or "All rights reserved"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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
from engine.packs.build import PackInfo, Sources, collect, official_scenarios
from engine.packs.errors import PackError
from engine.packs.fields import ALL_RIGHTS_RESERVED, field_problems, licence_label, shown, suggested_id
from engine.packs.manifest import PACK_SUFFIX, Manifest
from engine.packs.rights import PUBLISHER, campaign_defaults

from ..files import dialog_folder, remember_folder, settings, user_campaigns_dir
from ..logs import caught
from .render import sheet_files
from .worker import BuildJob, BuildRequest

AUTHOR_KEY = "packs/author"
LICENCE_KEY = "packs/licence"
SOURCE_FILTER = "Raftwright files (*.scenario.json *.campaign.json campaign.json *.replay.json)"
RESERVED_TEXT = "All rights reserved"
#: the licences offered (any SPDX id may be typed)
LICENCES = ("CC-BY-4.0", "CC-BY-SA-4.0", "CC-BY-NC-4.0", "CC-BY-NC-SA-4.0", "CC0-1.0", "MIT", RESERVED_TEXT)


def slug(text: str) -> str:
    return suggested_id(text)


def sources_defaults(paths: list[Path]) -> dict[str, str]:
    """Title, author and description of the campaign (or single scenario) to pack."""
    try:
        sources = collect(paths) if paths else Sources()
    except PackError:
        return {}
    return campaign_defaults(sources.campaigns, sources.scenarios)


class ExportPackDialog(QDialog):
    def __init__(self, sources: list[Path], catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export pack")
        self.catalog = catalog
        self.data: bytes | None = None
        self.official: list[str] = []
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
        defaults = sources_defaults(sources)
        self.title = QLineEdit(defaults.get("title", title.replace("-", " ").strip().capitalize()))
        self.ident = QLineEdit(slug(title))
        self.version = QLineEdit("1.0.0")
        self.author = QLineEdit(defaults.get("author", str(stored.value(AUTHOR_KEY, "") or "")))
        self.licence = QComboBox()
        self.licence.setEditable(True)
        self.licence.addItems(LICENCES)
        self.licence.setCurrentText(str(stored.value(LICENCE_KEY, "") or ""))
        line = self.licence.lineEdit()
        if line is not None:
            line.setPlaceholderText("Choose a licence (or All rights reserved)")
        self.description = QPlainTextEdit(defaults.get("description", ""))
        self.description.setMaximumHeight(70)
        self.languages = QLineEdit("en")
        self.field_errors = {name: QLabel("") for name in ("title", "id", "version", "authors", "licence",
                                                          "description", "languages")}  # fmt: skip
        for message in self.field_errors.values():
            message.setWordWrap(True)
            message.setStyleSheet("color: #b00020")
            message.hide()
        self.allow_errors = QCheckBox("Pack scenarios even if they have errors")
        self.sheets = QCheckBox("Add sheets and a preview image")
        self.sheets.setChecked(True)
        form = QFormLayout()
        for label, widget, name in (
            ("Title", self.title, "title"),
            ("Id", self.ident, "id"),
            ("Version", self.version, "version"),
            ("Authors (comma-separated)", self.author, "authors"),
            ("Licence (SPDX id)", self.licence, "licence"),
            ("Description", self.description, "description"),
            ("Languages", self.languages, "languages"),
            ("", self.allow_errors, ""),
            ("", self.sheets, ""),
        ):
            form.addRow(label, widget)
            if name:
                form.addRow("", self.field_errors[name])
        for edit in (self.title, self.ident, self.version, self.author, self.languages):
            edit.textChanged.connect(self.check_fields)
        self.licence.currentTextChanged.connect(self.check_fields)
        self.description.textChanged.connect(self.check_fields)
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
        self.resize(640, 820)
        self.check_fields()

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

    def licence_id(self) -> str:
        text = self.licence.currentText().strip()
        return ALL_RIGHTS_RESERVED if text.lower() == RESERVED_TEXT.lower() else text

    def info(self) -> PackInfo:
        authors = tuple(a.strip() for a in self.author.text().split(",") if a.strip())
        languages = tuple(x.strip() for x in self.languages.text().split(",") if x.strip())
        return PackInfo(
            id=self.ident.text().strip(),
            title=self.title.text().strip(),
            version=self.version.text().strip(),
            authors=authors,
            licence=self.licence_id(),
            description=self.description.toPlainText().strip(),
            languages=languages,
        )

    def check_fields(self) -> dict[str, str]:
        """Show each field's problem under it; Build waits until there are none."""
        problems = field_problems(self.info().fields())
        for name, label in self.field_errors.items():
            label.setText(problems.get(name, ""))
            label.setVisible(name in problems)
        self.build_button.setEnabled(not problems and self._job is None)
        self.build_button.setToolTip("Fix the fields marked in red first" if problems else "")
        return problems

    # --- building (on a worker thread) ------------------------------------------------
    def build(self) -> None:
        if not self.source_paths():
            self.status.setText("Add a campaign, scenario or folder first.")
            return
        if self.check_fields():
            self.status.setText("Fix the fields marked in red first.")
            return
        stored = settings()
        stored.setValue(AUTHOR_KEY, self.author.text())
        stored.setValue(LICENCE_KEY, self.licence.currentText())
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
        except Exception as exc:  # noqa: BLE001 - a sheet that cannot be drawn is a message, the studio stays up
            caught("the sheets could not be drawn", exc)
            self._failed(shown(f"the sheets could not be drawn ({exc}); untick 'Add sheets' to build without them"))
            return
        self.official = [
            f"{shown(target)} is the official scenario '{shown(name)}' by {PUBLISHER}"
            for target, name in official_scenarios(sources)
        ]
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
        note = ""
        if self.official:
            note = (
                f"\nWarning: {'; '.join(self.official)}. The manifest credits {PUBLISHER}; your licence "
                f"({licence_label(manifest.licence)}) does not cover their layouts."
            )
        self.status.setText(
            f"{manifest.label}: {len(manifest.files)} files, {len(data)} bytes. Save it to share it.{note}"
        )
        self.check_fields()
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(True)

    def _failed(self, message: str) -> None:
        self._job = None
        self.preview.setPlainText("")
        self.status.setText(message)
        self.check_fields()

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
