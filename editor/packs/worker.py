"""Building a pack off the GUI thread: a worker object moved to a QThread, reporting
progress, the finished pack or the refusal through queued signals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal

from engine.model.catalog import Catalog
from engine.packs.build import PackInfo, build_pack, collect
from engine.packs.errors import PackError

from .render import sheet_files


@dataclass(frozen=True)
class BuildRequest:
    info: PackInfo
    sources: tuple[Path, ...]
    catalog: Catalog
    allow_errors: bool = False
    sheets: bool = True


class BuildWorker(QObject):
    progressed = Signal(int, int, str)
    built = Signal(object, object)  # bytes, Manifest
    failed = Signal(str)

    def __init__(self, request: BuildRequest) -> None:
        super().__init__()
        self.request = request

    def run(self) -> None:
        r = self.request
        try:
            sources = collect(list(r.sources))
            self.progressed.emit(0, 1, "drawing the sheets")
            extra = sheet_files(sources, r.catalog) if r.sheets else []
            data, manifest = build_pack(r.info, sources, catalog=r.catalog, allow_errors=r.allow_errors, extra=extra,
                                        progress=self.progressed.emit)
        except PackError as exc:
            self.failed.emit("\n".join(p.line() for p in exc.problems))
        except Exception as exc:  # noqa: BLE001 - whatever goes wrong is shown, the studio stays up
            self.failed.emit(f"the pack could not be built: {exc}")
        else:
            self.built.emit(data, manifest)


def start_build(request: BuildRequest, parent: QObject) -> tuple[QThread, BuildWorker]:
    """Run a build on a new thread; the thread and worker delete themselves when done."""
    thread = QThread(parent)
    worker = BuildWorker(request)
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    for signal in (worker.built, worker.failed):
        signal.connect(thread.quit)
    thread.finished.connect(worker.deleteLater)
    thread.finished.connect(thread.deleteLater)
    thread.start()
    return thread, worker
