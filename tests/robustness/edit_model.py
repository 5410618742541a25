"""Random edit, undo, redo, save and reopen sequences on a studio document, checked
against a model of the undo history.  Shared by the stateful Hypothesis test
(``test_fuzz_document.py``, few sequences) and ``tests/robustness/fuzz_at_scale.py`` (10^4).

Invariants after every step: the document shows the model's current scenario; it is
modified exactly when the current step is not the saved one; a save either writes a
file that reopens as the same scenario, or is refused with a reason (the scenario
would not open again) and leaves the old file as it was.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

from editor.document import ScenarioDocument
from editor.edits import all_refs, flip_face, insert, map_elements, move, on_boards, remove, rotate_element, shifted
from editor.files import SaveError, save_blockers, save_scenario_file
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog
from engine.model.scenario import Scenario

NAMES = ["Fine name", "", "x" * 121, "Cat \ud83d", "Cat \U0001f63a", "Île aux chats"]
IDS = ["fine-id", "has space", "UPPER", "x"]


def _some_refs(rnd: random.Random, scenario: Scenario) -> list[tuple[str, int]]:
    refs = all_refs(scenario)
    return rnd.sample(refs, rnd.randint(1, min(3, len(refs)))) if refs else []


EDITS: dict[str, Callable[[random.Random, Scenario], Scenario]] = {
    "move": lambda rnd, s: move(s, _some_refs(rnd, s), (rnd.randint(-3, 3), rnd.randint(-3, 3))),
    "remove": lambda rnd, s: remove(s, _some_refs(rnd, s)),
    "rotate": lambda rnd, s: map_elements(s, _some_refs(rnd, s), lambda el: rotate_element(el, rnd.randint(1, 3))),
    "flip": lambda rnd, s: map_elements(s, _some_refs(rnd, s), on_boards(flip_face)),
    "copy": lambda rnd, s: insert(
        s, shifted([getattr(s, r[0])[r[1]] for r in _some_refs(rnd, s)], (rnd.randint(0, 4), rnd.randint(0, 4)))
    )[0],
    "rename": lambda rnd, s: s.with_changes(name=rnd.choice(NAMES)),
    "re-id": lambda rnd, s: s.with_changes(id=rnd.choice(IDS)),
}


class EditModel:
    """A document and the history it should have."""

    def __init__(self, scenario: Scenario, folder: Path, catalog: Catalog) -> None:
        self.doc = ScenarioDocument(scenario, None, catalog=catalog, validator=lambda _s: [])
        self.history = [scenario]
        self.index = 0
        self.clean: int | None = 0
        self.path = folder / "doc.scenario.json"
        self.path.unlink(missing_ok=True)
        self.saves = self.refusals = 0

    def edit(self, rnd: random.Random) -> None:
        name = rnd.choice(sorted(EDITS))
        after = EDITS[name](rnd, self.doc.scenario)
        if self.doc.edit(name, after):
            if self.clean is not None and self.clean > self.index:
                self.clean = None  # the saved state was undone and is now overwritten
            self.history[self.index + 1 :] = [after]
            self.index += 1

    def undo(self) -> None:
        if self.index > 0:
            self.doc.undo_stack.undo()
            self.index -= 1

    def redo(self) -> None:
        if self.index < len(self.history) - 1:
            self.doc.undo_stack.redo()
            self.index += 1

    def save_and_reopen(self) -> None:
        before = self.path.read_bytes() if self.path.exists() else None
        try:
            save_scenario_file(self.doc.scenario, self.path)
        except SaveError as exc:
            assert save_blockers(self.doc.scenario), f"refused without a reason: {exc}"
            assert "would not open again" in str(exc)
            assert (self.path.read_bytes() if self.path.exists() else None) == before, "a refused save changed the file"
            self.refusals += 1
            return
        assert open_scenario(self.path) == self.doc.scenario, "the saved file reopens as another scenario"
        self.doc.mark_saved(self.path)
        self.clean = self.index
        self.saves += 1

    def check(self) -> None:
        assert self.doc.scenario == self.history[self.index], "the document does not show the model's scenario"
        assert self.doc.is_modified == (self.clean != self.index), "modified flag disagrees with the history"

    def step(self, rnd: random.Random) -> None:
        roll = rnd.random()
        if roll < 0.5:
            self.edit(rnd)
        elif roll < 0.7:
            self.undo()
        elif roll < 0.85:
            self.redo()
        else:
            self.save_and_reopen()
        self.check()


def run_sequence(rnd: random.Random, scenario: Scenario, folder: Path, catalog: Catalog, steps: int) -> EditModel:
    model = EditModel(scenario, folder, catalog)
    for _ in range(steps):
        model.step(rnd)
    while model.index > 0:  # undo everything: back to where it started
        model.undo()
        model.check()
    assert model.doc.scenario == scenario
    return model
