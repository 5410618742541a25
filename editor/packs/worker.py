"""Building a pack off the GUI thread.

The engine's build is pure Python, so it runs on a plain Python thread and the dialog
polls it with a QTimer on the GUI thread: no Python object crosses threads through a
queued Qt signal, and no QThread wrapper can be collected while it still runs (a
worker moved to a QThread crashed the studio with a bus error at the hand-over).  The
sheets are drawn with Qt's painter on the GUI thread before the build starts."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from engine.model.catalog import Catalog
from engine.packs.build import ExtraFile, PackInfo, Sources, build_pack
from engine.packs.errors import PackError
from engine.packs.manifest import Manifest

from ..logs import caught

_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="raftwright-pack")


@dataclass(frozen=True)
class BuildRequest:
    info: PackInfo
    sources: Sources
    catalog: Catalog
    allow_errors: bool = False
    extra: tuple[ExtraFile, ...] = ()  # rendered sheets and the preview


class BuildJob:
    """One build under way: :attr:`progress` while it runs, then :meth:`outcome`."""

    def __init__(self, request: BuildRequest) -> None:
        self.request = request
        self._lock = threading.Lock()
        self._progress: tuple[int, int, str] = (0, 1, "building")
        self._future: Future[tuple[bytes, Manifest]] = _EXECUTOR.submit(self._run)

    def _report(self, done: int, total: int, label: str) -> None:
        with self._lock:
            self._progress = (done, total, label)

    def _run(self) -> tuple[bytes, Manifest]:
        r = self.request
        return build_pack(r.info, r.sources, catalog=r.catalog, allow_errors=r.allow_errors, extra=list(r.extra),
                          progress=self._report)  # fmt: skip

    @property
    def progress(self) -> tuple[int, int, str]:
        with self._lock:
            return self._progress

    def done(self) -> bool:
        return self._future.done()

    def outcome(self) -> tuple[bytes, Manifest] | str:
        """The pack and its manifest, or the message saying why it was not built."""
        try:
            return self._future.result()
        except PackError as exc:
            return "\n".join(p.line() for p in exc.problems)
        except Exception as exc:  # noqa: BLE001 - whatever goes wrong is shown, the studio stays up
            caught("the pack could not be built", exc)
            return f"the pack could not be built: {exc}"
