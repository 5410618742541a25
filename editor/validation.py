"""Validation off the GUI thread, so typing and dragging never wait for it.

At most one check runs at a time on the global :class:`QThreadPool`.  A request that
arrives while one runs is remembered and only the newest is started when the running
one finishes, so a fast drag queues one check, not one per square.  Each result
carries the generation it was computed for; stale results are dropped.

At start-up the runner is *held* (:meth:`ValidationRunner.hold`) until the island has
painted: the rule checker is imported and run after the designer sees the window, not
before (issue 28 item 7); :meth:`ValidationRunner.release` starts the newest request.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from engine.check.issues import ERROR, Issue
from engine.model.catalog import Catalog
from engine.model.scenario import Scenario

from .logs import caught

Validator = Callable[[Scenario], list[Issue]]


def default_validator(catalog: Catalog | None = None) -> Validator:
    """``engine.check.validate.validate`` against ``catalog``: schema, then the game's rules.
    The checker is imported by the first check (on the worker thread), not here."""

    def check(scenario: Scenario) -> list[Issue]:
        from engine.check.validate import validate

        return validate(scenario, catalog)

    return check


def run_validator(validator: Validator, scenario: Scenario) -> list[Issue]:
    """Run a validator; a crash becomes an issue instead of taking the studio down."""
    try:
        return list(validator(scenario))
    except Exception as exc:  # noqa: BLE001 - shown to the designer, with the trace logged
        caught("the rule checker failed", exc)
        return [
            Issue(
                "validator-crashed",
                ERROR,
                f"The rule checker failed ({type(exc).__name__}: {exc}); the layout was not "
                "checked. Please report this with the scenario file.",
            )
        ]


class _Relay(QObject):
    done = Signal(int, object)  # generation, issues


class _Job(QRunnable):
    def __init__(self, relay: _Relay, validator: Validator, scenario: Scenario, generation: int) -> None:
        super().__init__()
        self.relay, self.validator, self.scenario, self.generation = relay, validator, scenario, generation

    def run(self) -> None:
        self.relay.done.emit(self.generation, run_validator(self.validator, self.scenario))


class ValidationRunner(QObject):
    """Checks the newest scenario in the background; emits ``finished`` on the GUI thread."""

    finished = Signal(int, object)  # generation, list[Issue]

    def __init__(self, validator: Validator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.validator = validator
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._running = False
        self._held = False
        self._queued: tuple[int, Scenario] | None = None

    def request(self, generation: int, scenario: Scenario) -> None:
        if self._running or self._held:
            self._queued = (generation, scenario)
            return
        self._start(generation, scenario)

    @property
    def held(self) -> bool:
        return self._held

    def hold(self) -> None:
        """Start nothing until :meth:`release`; requests meanwhile keep only the newest."""
        self._held = True

    def release(self) -> None:
        """Start the newest request made while held (no-op when not held)."""
        if not self._held:
            return
        self._held = False
        queued, self._queued = self._queued, None
        if queued is not None and not self._running:
            self._start(*queued)
        elif queued is not None:
            self._queued = queued

    def wait(self, msecs: int = 5000) -> None:
        """Let a running check finish (closing the window)."""
        QThreadPool.globalInstance().waitForDone(msecs)
        self._queued = None

    def _start(self, generation: int, scenario: Scenario) -> None:
        self._running = True
        QThreadPool.globalInstance().start(_Job(self._relay, self.validator, scenario, generation))

    def _on_done(self, generation: int, issues: list[Issue]) -> None:
        self._running = False
        queued, self._queued = (None, self._queued) if self._held else (self._queued, None)
        if queued is not None:
            self._start(*queued)
        self.finished.emit(generation, issues)
