"""File > Browse packs...: a gallery's feed in the studio.

The feed address (an http(s) or file address, or a folder holding ``index.json``) is a
setting (``gallery/feed``).  Reading the feed and downloading a pack run on a worker
thread (a plain Python thread polled by a QTimer, like the pack build: no Python
object crosses threads through a queued signal); the dialog shows a progress bar and
a Cancel button.  A pack is checked against the feed (size, SHA-256), then read like
any pack file and installed; a failure says why in one line and changes nothing."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.packs.errors import PackError
from engine.packs.feed import Feed, FeedPack
from engine.packs.fetch import Cancelled, address, download_pack, fetch, load_feed
from engine.packs.fields import licence_label, shown
from engine.packs.install import InstalledPack, install_pack, installed_packs
from engine.packs.limits import png_size
from engine.packs.manifest import version_key

from ..files import settings

FEED_SETTING = "gallery/feed"
_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="raftwright-gallery")
COLUMNS = ("Pack", "Version", "Paws", "Players", "Needs", "Status")
#: a feed's preview image is fetched only this large, and decoded only this many pixels
PREVIEW_BYTES = 4 * 1024 * 1024
PREVIEW_PIXELS = 6_000_000
THUMBNAIL_WIDTH = 240


def previews(feed: Feed, cancel: threading.Event) -> dict[str, QImage]:
    """Thumbnails of the newest versions' previews (on the worker thread: QImage is safe
    off the GUI thread); a preview that cannot be fetched or is too large is left out."""
    out: dict[str, QImage] = {}
    for item in list(feed.latest().values())[:200]:
        url = item.entry.get("preview")
        if not isinstance(url, str) or cancel.is_set():
            continue
        try:
            data = fetch(address(url, feed.source), PREVIEW_BYTES, cancel=cancel)
        except (PackError, Cancelled):
            continue
        size = png_size(data)
        if size is None or size[0] * size[1] > PREVIEW_PIXELS:
            continue
        image = QImage.fromData(data)  # a PNG: png_size read its header
        if not image.isNull():
            out[item.label] = image.scaledToWidth(THUMBNAIL_WIDTH, Qt.TransformationMode.SmoothTransformation)
    return out


class _Job:
    """Work on the worker thread: a cancel flag, the latest progress, then the outcome."""

    def __init__(self, work: Callable[["_Job"], Any]) -> None:
        self.cancel = threading.Event()
        self._lock = threading.Lock()
        self._progress = (0, -1)
        self.codes: list[str] = []  # a refusal's codes: for the tooltip, the message says it in words
        self._future: Future[Any] = _EXECUTOR.submit(work, self)

    def report(self, done: int, total: int) -> None:
        with self._lock:
            self._progress = (done, total)

    @property
    def progress(self) -> tuple[int, int]:
        with self._lock:
            return self._progress

    def done(self) -> bool:
        return self._future.done()

    def outcome(self) -> Any:
        """The result, or the one-line message saying why there is none."""
        try:
            return self._future.result()
        except Cancelled:
            return "Cancelled; nothing was installed."
        except PackError as exc:
            self.codes = exc.codes
            return exc.problems[0].line() if len(exc.problems) == 1 else "; ".join(p.line() for p in exc.problems)
        except Exception as exc:  # noqa: BLE001 - the studio stays up and says what happened
            return f"failed: {exc}"


def status_of(item: FeedPack, installed: dict[str, str]) -> str:
    have = installed.get(item.id)
    if have is None:
        return "Not installed"
    if version_key(item.version) > version_key(have):
        return f"Update available (installed {have})"
    return "Installed" if have == item.version else f"Installed {have}"


class BrowsePacksDialog(QDialog):
    installed = Signal(object)  # InstalledPack

    def __init__(self, parent: QWidget | None = None, root: Path | None = None) -> None:
        super().__init__(parent)
        self.root = root
        self.feed: Feed | None = None
        self.thumbnails: dict[str, QImage] = {}
        self.job: _Job | None = None
        self._on_done: Callable[[Any], None] | None = None
        self.setWindowTitle("Browse packs")
        self.address = QLineEdit(str(settings().value(FEED_SETTING, "") or ""))
        self.address.setPlaceholderText("https://example.org/packs/index.json, or a folder")
        self.address.setAccessibleName("Feed address")
        self.load_button = QPushButton("&Load")
        self.load_button.clicked.connect(self.load)
        self.address.returnPressed.connect(self.load)
        self.list = QTreeWidget()
        self.list.setHeaderLabels(list(COLUMNS))
        self.list.setRootIsDecorated(False)
        self.list.itemSelectionChanged.connect(self._selected)
        self.preview = QLabel()
        self.preview.setFixedWidth(THUMBNAIL_WIDTH)
        self.preview.setAccessibleName("Preview of the chosen pack")
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.install_button = QPushButton("&Install")
        self.install_button.setEnabled(False)
        self.install_button.clicked.connect(self.install_selected)
        self.cancel_button = QPushButton("Cancel download")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel("Feed:"))
        top.addWidget(self.address, 1)
        top.addWidget(self.load_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.progress, 1)
        bottom.addWidget(self.cancel_button)
        bottom.addWidget(self.install_button)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.list, 1)
        about = QHBoxLayout()
        about.addWidget(self.preview)
        about.addWidget(self.details, 1)
        layout.addLayout(about)
        layout.addWidget(self.message)
        layout.addLayout(bottom)
        self.timer = QTimer(self)
        self.timer.setInterval(50)
        self.timer.timeout.connect(self._poll)
        self.resize(820, 520)

    # --- running work off the GUI thread ------------------------------------------
    def _start(self, work: Callable[[_Job], Any], on_done: Callable[[Any], None], busy: str) -> None:
        self.job = _Job(work)
        self._on_done = on_done
        self.message.setText(busy)
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.load_button.setEnabled(False)
        self.install_button.setEnabled(False)
        self.timer.start()

    def _poll(self) -> None:
        job = self.job
        if job is None:
            return
        done, total = job.progress
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))
        if not job.done():
            return
        self.timer.stop()
        self.job = None
        self.progress.setVisible(False)
        self.cancel_button.setEnabled(False)
        self.load_button.setEnabled(True)
        outcome = job.outcome()
        on_done, self._on_done = self._on_done, None
        if isinstance(outcome, str):
            self.message.setText(shown(outcome))
            self.message.setToolTip(f"refused ({', '.join(job.codes)})" if job.codes else "")
            self._selected()
        elif on_done is not None:
            on_done(outcome)

    def busy(self) -> bool:
        return self.job is not None

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel.set()

    # --- the feed -----------------------------------------------------------------
    def load(self) -> None:
        location = self.address.text().strip()
        if not location or self.busy():
            return
        settings().setValue(FEED_SETTING, location)

        def work(job: _Job) -> tuple[Feed, dict[str, QImage]]:
            feed = load_feed(location, cancel=job.cancel)
            return feed, previews(feed, job.cancel)

        self._start(work, self._loaded, f"Reading {shown(location)}…")

    def _loaded(self, loaded: tuple[Feed, dict[str, QImage]]) -> None:
        feed, self.thumbnails = loaded
        self.feed = feed
        self.message.setText(shown(f"{feed.title}: {len(feed.latest())} pack(s)"))
        self.refresh()

    def installed_versions(self) -> dict[str, str]:
        return {p.manifest.id: p.manifest.version for p in installed_packs(self.root)}

    def refresh(self) -> None:
        """The feed's newest versions with their status; the chosen pack stays chosen."""
        current = self.list.currentItem()
        chosen = str(current.data(0, Qt.ItemDataRole.UserRole)).split("@")[0] if current is not None else None
        self.list.clear()
        if self.feed is None:
            return
        have = self.installed_versions()
        for item in sorted(self.feed.latest().values(), key=lambda p: p.title.lower()):
            e = item.entry
            paws = e.get("paws")
            cells = [item.title, item.version, f"{paws[0]}–{paws[1]}" if paws else "not rated",
                     ", ".join(map(str, e.get("players", []))), ", ".join(e.get("requirements", [])),
                     status_of(item, have)]  # fmt: skip
            row = QTreeWidgetItem([shown(c) for c in cells])
            row.setData(0, Qt.ItemDataRole.UserRole, item.label)
            self.list.addTopLevelItem(row)
        for column in range(len(COLUMNS)):
            self.list.resizeColumnToContents(column)
        items = [i for n in range(self.list.topLevelItemCount()) if (i := self.list.topLevelItem(n)) is not None]
        again = [i for i in items if str(i.data(0, Qt.ItemDataRole.UserRole)).split("@")[0] == chosen]
        if items:
            self.list.setCurrentItem((again or items)[0])

    def selected(self) -> FeedPack | None:
        row = self.list.currentItem()
        if row is None or self.feed is None:
            return None
        return self.feed.find(str(row.data(0, Qt.ItemDataRole.UserRole)))

    def _selected(self) -> None:
        item = self.selected()
        if item is None or self.busy():
            self.install_button.setEnabled(False)
            return
        e = item.entry
        thumbnail = self.thumbnails.get(item.label)
        if thumbnail is None:
            self.preview.clear()
            self.preview.setText("no preview")
        else:
            self.preview.setPixmap(QPixmap.fromImage(thumbnail))
        status = status_of(item, self.installed_versions())
        self.install_button.setText("&Update" if status.startswith("Update") else "&Install")
        self.install_button.setEnabled(status == "Not installed" or status.startswith("Update"))
        scenarios = ", ".join(s["name"] for s in e.get("scenarios", []))
        self.details.setText(shown(
            f"{item.title} {item.version} by {', '.join(e.get('authors', []))} · licence "
            f"{licence_label(e.get('licence', ''))} · {e.get('size', 0)} bytes\n{e.get('description', '')}\n"
            f"Scenarios: {scenarios}", multiline=True))  # fmt: skip

    # --- installing ---------------------------------------------------------------
    def install_selected(self) -> None:
        item, feed = self.selected(), self.feed
        if item is None or feed is None or self.busy():
            return

        def work(job: _Job) -> InstalledPack:
            pack = download_pack(feed, item, progress=job.report, cancel=job.cancel)
            return install_pack(pack, root=self.root)

        self._start(work, self._installed, shown(f"Downloading {item.label}…"))

    def _installed(self, pack: InstalledPack) -> None:
        self.message.setText(shown(f"Installed {pack.manifest.label}; its scenarios are in the campaign library."))
        self.refresh()
        self.installed.emit(pack)

    def reject(self) -> None:
        self.cancel()
        super().reject()
