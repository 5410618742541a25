"""File > Import pack... (and ``raftwright edit FILE.raftpack``): the pack is read and
checked in memory, then its manifest, contents, preview images and any problems are
shown; nothing is installed until the designer says so.  Installing over the same
version asks first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.packs.errors import PackError
from engine.packs.install import InstalledPack, install_pack
from engine.packs.needs import Needs
from engine.packs.reader import Pack, open_pack
from engine.packs.verify import verify_pack

PREVIEW_WIDTH = 220


def describe(pack: Pack) -> str:
    m = pack.manifest
    lines = [
        f"{m.title} — version {m.version} ({m.id})",
        f"By {', '.join(m.authors)}; licence {m.licence}",
        f"Needs Raftwright {m.requires_engine} or newer; created {m.created or 'unknown'}",
    ]
    if m.description:
        lines += ["", m.description]
    if m.scenarios:
        lines += ["", "Scenarios:"]
        for s in m.scenarios:
            extra = f", {s.paws} paws" if s.paws is not None else ""
            extra += f", simulated difficulty {s.difficulty:g}" if s.difficulty is not None else ""
            extra += f", about {s.expected_length:g} rounds" if s.expected_length is not None else ""
            lines.append(f"  {s.name}: {s.mode}, {'/'.join(map(str, s.players))} players{extra}")
            if s.needs is not None:
                lines += [f"    {line[0].upper()}{line[1:]}" for line in Needs.from_dict(s.needs).lines()]
    return "\n".join(lines)


class ImportPackDialog(QDialog):
    installed = Signal(object)  # InstalledPack

    def __init__(self, path: Path, parent: QWidget | None = None, root: Path | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.root = root
        self.pack: Pack | None = None
        self.result_pack: InstalledPack | None = None
        self.setWindowTitle(f"Import pack: {path.name}")
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.contents = QListWidget()
        self.problems = QListWidget()
        self.problems.setWordWrap(True)
        self.previews = QHBoxLayout()
        strip = QWidget()
        strip.setLayout(self.previews)
        scroll = QScrollArea()
        scroll.setWidget(strip)
        scroll.setWidgetResizable(True)
        scroll.setMinimumHeight(180)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.install_button = self.buttons.addButton("Install", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.install)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for label, widget in (
            ("Pack", self.summary),
            ("Previews", scroll),
            ("Contents", self.contents),
            ("Problems", self.problems),
        ):
            layout.addWidget(QLabel(label))
            layout.addWidget(widget)
        layout.addWidget(self.buttons)
        self.resize(720, 780)
        self.load()

    def load(self) -> None:
        try:
            self.pack = open_pack(self.path)
        except PackError as exc:
            self.summary.setPlainText(f"{self.path} cannot be installed: the pack was refused.")
            for problem in exc.problems:
                self.problems.addItem(f"{problem.code}: {problem.entry or '/'}: {problem.message}")
            self.install_button.setEnabled(False)
            return
        self.summary.setPlainText(describe(self.pack))
        for entry in self.pack.manifest.files:
            self.contents.addItem(f"{entry.kind:<10} {entry.size:>9}  {entry.path}")
        findings, _ = verify_pack(self.pack)
        for finding in findings:
            self.problems.addItem(
                f"{finding.issue.severity} {finding.issue.code}: {finding.entry}: {finding.issue.message}"
            )
        if not findings:
            self.problems.addItem("No problems found.")
        shown: set[bytes] = set()
        for entry in [*self.pack.manifest.of_kind("preview"), *self.pack.manifest.of_kind("sheet")]:
            data = self.pack.files[entry.path]
            if entry.path.endswith(".png") and data not in shown:  # the preview is usually the first sheet
                shown.add(data)
                self._add_preview(entry.path, data)

    def _add_preview(self, name: str, data: bytes) -> None:
        pixmap = QPixmap()
        if not pixmap.loadFromData(data, "PNG"):
            return
        label = QLabel()
        label.setPixmap(pixmap.scaledToWidth(PREVIEW_WIDTH, Qt.TransformationMode.SmoothTransformation))
        label.setToolTip(name)
        self.previews.addWidget(label)

    def preview_count(self) -> int:
        return self.previews.count()

    def ask_replace(self, label: str) -> bool:
        answer = QMessageBox.question(
            self, "Replace the installed pack?", f"{label} is installed already. Replace it with this copy?"
        )
        return answer == QMessageBox.StandardButton.Yes

    def install(self) -> None:
        if self.pack is None:
            return
        try:
            self.result_pack = install_pack(self.pack, root=self.root)
        except PackError as exc:
            if exc.codes != ["already-installed"] or not self.ask_replace(self.pack.manifest.label):
                if exc.codes != ["already-installed"]:
                    self.problems.addItem(str(exc))
                return
            self.result_pack = install_pack(self.pack, force=True, root=self.root)
        except OSError as exc:
            self.problems.addItem(f"cannot install: {exc}")
            return
        self.installed.emit(self.result_pack)
        self.accept()
