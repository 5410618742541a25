"""File > Import pack... (and ``raftwright edit FILE.raftpack``): the pack is read and
checked in memory, then its manifest, contents, preview images and any problems are
shown; nothing is installed until the designer says so.  Installing over the same
version with other contents, or over a newer version, asks first, naming both.

Every text from the pack is shown with its control characters escaped.  Preview images
are decoded off the GUI thread (a QThreadPool task with QImageReader, whose header size
is checked against the pixel cap before any pixel is decoded), so a hostile image never
freezes the studio; a check that fails unexpectedly is shown as a problem, never raised."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QRunnable, QSize, QThreadPool, Signal
from PySide6.QtGui import QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.model.wording import plain_text
from engine.packs.errors import PackError
from engine.packs.fields import licence_label, shown
from engine.packs.install import InstalledPack, install_pack
from engine.packs.limits import DEFAULT_LIMITS
from engine.packs.needs import Needs
from engine.packs.reader import Pack, open_pack
from engine.packs.verify import verify_pack

from ..logs import caught

PREVIEW_WIDTH = 220
#: a version question the designer may answer with "replace" (``--force`` in the CLI)
ASK_CODES = {"already-installed", "version-contents-differ", "version-downgrade"}


def describe(pack: Pack) -> str:
    m = pack.manifest
    lines = [
        shown(f"{m.title} — version {m.version} ({m.id})"),
        shown(f"By {', '.join(m.authors)}; licence {licence_label(m.licence)}"),
        f"Needs Raftwright {m.requires_engine} or newer; created {m.created or 'unknown'}",
    ]
    lines += [shown(f"Credit: {credit}") for credit in m.credits]
    if m.description:
        lines += ["", shown(m.description, multiline=True)]
    if m.scenarios:
        lines += ["", "Scenarios:"]
        for s in m.scenarios:
            extra = f", {s.paws} paws" if s.paws is not None else ""
            extra += f", simulated difficulty {s.difficulty:g}" if s.difficulty is not None else ""
            extra += f", about {s.expected_length:g} rounds" if s.expected_length is not None else ""
            lines.append(shown(f"  {s.name}: {s.mode}, {'/'.join(map(str, s.players))} players{extra}"))
            if s.needs is not None:
                lines += [shown(f"    {line[0].upper()}{line[1:]}") for line in Needs.from_dict(s.needs).lines()]
    return "\n".join(lines)


class _Decoded(QObject):
    """Carries a decoded preview from the pool thread to the GUI thread (queued)."""

    done = Signal(str, QImage)


class PreviewTask(QRunnable):
    """Decode one PNG at preview width, after checking its size from the header."""

    def __init__(self, name: str, data: bytes, sink: _Decoded, max_pixels: int) -> None:
        super().__init__()
        self.name, self.data, self.sink, self.max_pixels = name, data, sink, max_pixels

    def run(self) -> None:
        buffer = QBuffer()
        buffer.setData(QByteArray(self.data))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        reader = QImageReader(buffer, b"png")
        size = reader.size()
        image = QImage()
        if size.isValid() and 0 < size.width() * size.height() <= self.max_pixels:
            height = max(1, round(size.height() * PREVIEW_WIDTH / max(size.width(), 1)))
            reader.setScaledSize(QSize(PREVIEW_WIDTH, height))
            image = reader.read()
        self.sink.done.emit(self.name, image)


class ImportPackDialog(QDialog):
    installed = Signal(object)  # InstalledPack

    def __init__(self, path: Path, parent: QWidget | None = None, root: Path | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.root = root
        self.pack: Pack | None = None
        self.result_pack: InstalledPack | None = None
        self.setWindowTitle(f"Import pack: {shown(path.name)}")
        self._decoded = _Decoded()
        self._decoded.done.connect(self._show_preview)
        self._pending = 0
        self._pool = QThreadPool.globalInstance()
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

    def _problem(self, text: str, code: str) -> None:
        """A problem in plain words; its code (and any rule it cites) in the tooltip."""
        item = QListWidgetItem(shown(plain_text(text)))
        item.setToolTip(shown(f"{code}: {text}"))
        self.problems.addItem(item)

    def load(self) -> None:
        try:
            self.pack = open_pack(self.path)
        except PackError as exc:
            self.summary.setPlainText(f"{shown(str(self.path))} cannot be installed: the pack was refused.")
            for problem in exc.problems:
                at = f" at {problem.pointer}" if problem.pointer else ""
                self._problem(f"{problem.entry or 'the pack'}: {problem.message}", f"error ({problem.code}{at})")
            self.install_button.setEnabled(False)
            return
        self.summary.setPlainText(describe(self.pack))
        for entry in self.pack.manifest.files:
            self.contents.addItem(shown(f"{entry.kind:<10} {entry.size:>9}  {entry.path}"))
        try:
            findings, _ = verify_pack(self.pack)
        except Exception as exc:  # noqa: BLE001 - a check that breaks is a problem shown, never a crash
            caught("the pack could not be checked", exc)
            self._problem(f"error: the pack could not be checked ({exc!r})", "error (check-failed)")
            self.install_button.setEnabled(False)
            findings = []
        for finding in findings:
            issue = finding.issue
            self._problem(f"{issue.severity}: {finding.entry}: {issue.message}", f"{issue.severity} ({issue.code})")
        if not findings and self.problems.count() == 0:
            self.problems.addItem("No problems found.")
        shown_data: set[bytes] = set()
        for entry in [*self.pack.manifest.of_kind("preview"), *self.pack.manifest.of_kind("sheet")]:
            data = self.pack.files[entry.path]
            if entry.path.endswith(".png") and data not in shown_data:  # the preview is usually the first sheet
                shown_data.add(data)
                self._add_preview(entry.path, data)

    def _add_preview(self, name: str, data: bytes) -> None:
        """Decode on the thread pool; :meth:`_show_preview` places the result."""
        self._pending += 1
        self._pool.start(PreviewTask(name, data, self._decoded, DEFAULT_LIMITS.max_image_pixels))

    def _show_preview(self, name: str, image: QImage) -> None:
        self._pending -= 1
        if image.isNull():
            return
        label = QLabel()
        label.setPixmap(QPixmap.fromImage(image))
        label.setToolTip(shown(name))
        self.previews.addWidget(label)

    def previews_pending(self) -> int:
        """Previews still decoding on the thread pool."""
        return self._pending

    def preview_count(self) -> int:
        return self.previews.count()

    def ask_replace(self, question: str) -> bool:
        answer = QMessageBox.question(self, "Replace the installed pack?", question)
        return answer == QMessageBox.StandardButton.Yes

    def install(self) -> None:
        if self.pack is None:
            return
        try:
            try:
                self.result_pack = install_pack(self.pack, root=self.root)
            except PackError as exc:
                if not set(exc.codes) <= ASK_CODES or not self.ask_replace(
                    shown(exc.problems[0].message.split("; ")[0]) + ". Replace it with this copy?"
                ):
                    if not set(exc.codes) <= ASK_CODES:
                        self.problems.addItem(shown(str(exc)))
                    return
                self.result_pack = install_pack(self.pack, force=True, root=self.root)
        except PackError as exc:
            self.problems.addItem(shown(str(exc)))
            return
        except OSError as exc:
            self.problems.addItem(shown(f"cannot install: {exc}"))
            return
        self.installed.emit(self.result_pack)
        self.accept()
