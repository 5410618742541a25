"""The Difficulty dock's long jobs, each a :class:`QRunnable` on the global
:class:`QThreadPool` with progress, cancel and a result signal: :class:`EstimateJob`
(the fair bot's estimate, with the CLI's settings: players, variant, bot, processes
and a Dask cluster) and :class:`SearchJob` (the full-information search for a winning
line, :mod:`engine.sim.oracle`, which never feeds the estimate)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, Signal

from engine.model.catalog import Catalog, default_catalog
from engine.model.scenario import Scenario
from engine.sim.cluster_address import ClusterError
from engine.sim.difficulty import Runner, estimate
from engine.sim.oracle import winnable


class Cancelled(Exception):
    """Raised from the progress callback to stop a running job."""


@dataclass(frozen=True)
class EstimateSettings:
    """What the dock asks for, as ``raftwright difficulty`` takes it."""

    games: int = 100
    bot: str = "heuristic"
    players: int = 1
    variant: str = "solo"
    jobs: int = 1
    cluster: str = ""  # "" (this machine), "local" or a scheduler's address
    seed: int = 0


class _Signals(QObject):
    progress = Signal(int)
    done = Signal(object)
    failed = Signal(str)


class _Job(QRunnable):
    def __init__(self) -> None:
        super().__init__()
        # Python owns the job: with the pool's auto-delete, Qt could free it while the
        # dock still held the wrapper (a crash when a cancelled job was let go)
        self.setAutoDelete(False)
        self.signals = _Signals()
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def _progress(self, done: int) -> None:
        if self.cancelled:
            raise Cancelled
        self.signals.progress.emit(done)


def own_catalog(catalog: Catalog | None) -> Catalog | None:
    """None for the default catalog (every process loads it itself), else the
    document's (custom components)."""
    return None if catalog is None or catalog is default_catalog() else catalog


def cluster_runner(address: str, jobs: int) -> Runner | None:
    """The Dask runner for ``address`` ("" for none; one checked cluster session per
    estimate); ImportError without the extra."""
    if not address:
        return None
    cluster = importlib.import_module("engine.sim.cluster")  # the optional extra, only when asked for
    runner: Runner = cluster.dask_runner(address, jobs=jobs)
    return runner


class EstimateJob(_Job):
    """One estimate on a pool thread; ``cancel()`` stops it at the next batch of games."""

    def __init__(self, scenario: Scenario, settings: EstimateSettings, catalog: Catalog | None = None) -> None:
        super().__init__()
        self.scenario, self.settings, self.catalog = scenario, settings, own_catalog(catalog)

    def run(self) -> None:
        s = self.settings
        try:
            runner = cluster_runner(s.cluster, s.jobs)
            result = estimate(self.scenario, games=s.games, bot=s.bot, players=s.players, variant=s.variant,
                              seed=s.seed, jobs=s.jobs, runner=runner, progress=self._progress,
                              catalog=self.catalog)  # fmt: skip
        except Cancelled:
            self.signals.failed.emit("cancelled")
        except ImportError as exc:
            self.signals.failed.emit(f"A cluster needs Dask: pip install 'raftwright[cluster]' ({exc})")
        except ValueError as exc:  # the engine refuses the scenario, naming the rule
            self.signals.failed.emit(f"not playable yet: {exc}")
        except ClusterError as exc:  # a bad address, no scheduler, no worker, a worker of other rules
            self.signals.failed.emit(f"Cluster: {exc}")
        else:
            self.signals.done.emit(result)


class SearchJob(_Job):
    """The full-information search over ``deals`` deals; ``cancel()`` stops it after
    the deal being searched."""

    def __init__(self, scenario: Scenario, settings: EstimateSettings, deals: int, budget: int,
                 catalog: Catalog | None = None) -> None:  # fmt: skip
        super().__init__()
        self.scenario, self.settings, self.deals, self.budget = scenario, settings, deals, budget
        self.catalog = own_catalog(catalog)

    def run(self) -> None:
        s = self.settings
        try:
            result = winnable(self.scenario, deals=self.deals, seed=s.seed, budget=self.budget, variant=s.variant,
                              players=s.players, jobs=s.jobs, progress=self._progress,
                              catalog=self.catalog)  # fmt: skip
        except Cancelled:
            self.signals.failed.emit("cancelled")
        except ValueError as exc:
            self.signals.failed.emit(f"not playable yet: {exc}")
        else:
            self.signals.done.emit(result)


__all__ = ["Cancelled", "EstimateJob", "EstimateSettings", "SearchJob", "cluster_runner"]
