"""The open scenario (Tiled's ``MapDocument``): the immutable model, its undo stack,
its file path, the selection, and the validation issues, with change signals.

Widgets never change the model: they push undo commands (see :mod:`editor.commands`),
whose ``redo``/``undo`` call :meth:`ScenarioDocument.restore`.  The modified flag is
the undo stack's clean state.  Validation re-runs after every change, off the GUI
thread (:class:`editor.validation.ValidationRunner`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from shiboken6 import isValid

from engine.check.issues import Issue
from engine.model.catalog import Catalog, default_catalog
from engine.model.geometry import Square
from engine.model.scenario import Scenario

from . import edits
from .edits import NO_SELECTION, Ref, Selection
from .validation import ValidationRunner, Validator, default_validator, run_validator


def new_scenario() -> Scenario:
    return Scenario(id="untitled", name="Untitled scenario")


class ScenarioDocument(QObject):
    changed = Signal()  # the scenario was replaced (an edit, undo, redo, open)
    selectionChanged = Signal()
    issuesChanged = Signal()
    highlightChanged = Signal()  # squares the problems dock points at
    pathChanged = Signal()
    modifiedChanged = Signal(bool)

    def __init__(
        self,
        scenario: Scenario | None = None,
        path: str | Path | None = None,
        catalog: Catalog | None = None,
        validator: Validator | None = None,
        parent: QObject | None = None,
        hold_validation: bool = False,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog or default_catalog()
        self._scenario = scenario or new_scenario()
        self._path = Path(path) if path else None
        self._selection: Selection = NO_SELECTION
        self._highlight: tuple[Square, ...] = ()
        self._issues: list[Issue] = []
        self._generation = 0
        self._validated = -1
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._runner = ValidationRunner(validator or default_validator(self.catalog), self)
        self._runner.finished.connect(self._on_validated)
        if hold_validation:  # the studio's start: checked once the island has painted
            self._runner.hold()
        self._revalidate()

    def _clean_changed(self, clean: bool) -> None:
        if isValid(self):  # the stack also signals while the document is destroyed
            self.modifiedChanged.emit(not clean)

    # --- state --------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def selection(self) -> Selection:
        return self._selection

    @property
    def issues(self) -> list[Issue]:
        return self._issues

    @property
    def highlight(self) -> tuple[Square, ...]:
        return self._highlight

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def checked(self) -> bool:
        """True once a check has finished: before that, :attr:`issues` says nothing
        (an empty list is not "no problems")."""
        return self._validated >= 0

    def release_validation(self) -> None:
        """Start the check held since the studio's start (no-op otherwise)."""
        self._runner.release()

    @property
    def validation_pending(self) -> bool:
        """True until the issues describe the current scenario."""
        return self._validated != self._generation

    @property
    def display_name(self) -> str:
        return self._path.name if self._path else "untitled.json"

    # --- edits (through undo commands only) -----------------------------------------
    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def edit(self, text: str, after: Scenario, selection: Selection | None = None, merge_key: object = None) -> bool:
        """Push one undoable change to ``after``; False (and nothing pushed) if it is no change."""
        from .commands import SnapshotCommand

        if after == self._scenario and merge_key is None:
            return False
        sel_after = self._selection if selection is None else selection
        self.push(SnapshotCommand(self, text, self._scenario, after, self._selection, sel_after, merge_key))
        return True

    def restore(self, scenario: Scenario, selection: Selection) -> None:
        """Called by undo commands only: show ``scenario`` and ``selection``."""
        changed = scenario != self._scenario
        self._scenario = scenario
        self._set_selection(selection)
        if changed:
            self._revalidate()
            self.changed.emit()

    def reset(self, scenario: Scenario, path: str | Path | None, modified: bool = False) -> None:
        """Replace the whole document (open, new, recover): history cleared."""
        self.undo_stack.clear()
        self._scenario = scenario
        self._path = Path(path) if path else None
        self._set_selection(NO_SELECTION)
        self.set_highlight(())
        if modified:
            self.undo_stack.resetClean()  # no state is clean: modified until saved
        self._revalidate()
        self.pathChanged.emit()
        self.changed.emit()
        self.modifiedChanged.emit(self.is_modified)

    def mark_saved(self, path: str | Path) -> None:
        self._path = Path(path)
        self.undo_stack.setClean()
        self.pathChanged.emit()

    # --- selection and highlight -----------------------------------------------------
    def set_selection(self, refs: Iterable[Ref]) -> None:
        self._set_selection(frozenset(refs))

    def _set_selection(self, refs: Selection) -> None:
        refs = frozenset(r for r in refs if edits.exists(self._scenario, r) or r[0] == "objectives")
        if refs != self._selection:
            self._selection = refs
            self.selectionChanged.emit()

    def selected_elements(self) -> list[tuple[Ref, edits.Element]]:
        return [(r, edits.element(self._scenario, r)) for r in edits.ordered(self._selection) if r[0] in edits.LAYERS]

    def set_highlight(self, squares: tuple[Square, ...]) -> None:
        if tuple(squares) != self._highlight:
            self._highlight = tuple(squares)
            self.highlightChanged.emit()

    # --- validation -------------------------------------------------------------------
    def _revalidate(self) -> None:
        self._generation += 1
        self._runner.request(self._generation, self._scenario)

    def _on_validated(self, generation: int, issues: list[Issue]) -> None:
        if generation != self._generation:
            return  # a newer scenario is being checked; keep the old list until then
        self._validated = generation
        self._issues = issues
        self.issuesChanged.emit()

    def shutdown(self) -> None:
        """Closing: wait for a running check and stop signalling."""
        self._runner.wait()
        self.undo_stack.blockSignals(True)
        self.blockSignals(True)

    def validate_now(self) -> list[Issue]:
        """Check the current scenario on this thread (benchmarks, saving)."""
        issues = run_validator(self._runner.validator, self._scenario)
        self._validated = self._generation
        self._issues = issues
        self.issuesChanged.emit()
        return issues
