"""Undo commands and the named edits the tools, actions and docks push.

Every command holds the scenario before and after (immutable snapshots share all
unchanged elements, so this is cheap) and the selection on both sides.  A drag pushes
one command per square crossed with the same ``merge_key``; :meth:`mergeWith` folds
them into one undo step, and a drag that ends where it began leaves no step at all.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Iterable

from PySide6.QtGui import QUndoCommand

from engine.model.scenario import Scenario

from . import edits
from .edits import Element, Ref, Selection

if TYPE_CHECKING:
    from .document import ScenarioDocument

MERGE_ID = 0x52_57  # any id but -1; merging also needs an equal merge_key
_serials = itertools.count(1)


def new_merge_key(kind: str) -> tuple[str, int]:
    """A key shared by the commands of one gesture (one drag, one spin-box session)."""
    return (kind, next(_serials))


class SnapshotCommand(QUndoCommand):
    def __init__(
        self,
        doc: "ScenarioDocument",
        text: str,
        before: Scenario,
        after: Scenario,
        selection_before: Selection,
        selection_after: Selection,
        merge_key: object = None,
    ) -> None:
        super().__init__(text)
        self.doc = doc
        self.before, self.after = before, after
        self.selection_before, self.selection_after = selection_before, selection_after
        self.merge_key = merge_key

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SnapshotCommand) or other.merge_key != self.merge_key:
            return False
        self.after, self.selection_after = other.after, other.selection_after
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.doc.restore(self.after, self.selection_after)
        self.setObsolete(self.after == self.before)

    def undo(self) -> None:
        self.doc.restore(self.before, self.selection_before)


# --- named edits --------------------------------------------------------------------
def add_elements(doc: "ScenarioDocument", new: Iterable[Element], text: str | None = None) -> Selection:
    """Add elements on top of their layers and select them."""
    new = list(new)
    if not new:
        return frozenset()
    after, refs = edits.insert(doc.scenario, new)
    label = text or (f"Add {_describe(new[0])}" if len(new) == 1 else f"Add {len(new)} elements")
    doc.edit(label, after, refs)
    return refs


def delete_elements(doc: "ScenarioDocument", refs: Iterable[Ref]) -> bool:
    refs = [r for r in refs if r[0] in edits.LAYERS]
    if not refs:
        return False
    return doc.edit(_count_text("Delete", doc, refs), edits.remove(doc.scenario, refs), frozenset())


def move_elements(
    doc: "ScenarioDocument", refs: Iterable[Ref], delta: tuple[int, int], merge_key: object = None
) -> bool:
    refs = [r for r in refs if r[0] in edits.LAYERS]
    if not refs:
        return False
    return doc.edit(_count_text("Move", doc, refs), edits.move(doc.scenario, refs, delta), merge_key=merge_key)


def move_from(
    doc: "ScenarioDocument", start: Scenario, refs: list[Ref], delta: tuple[int, int], merge_key: object
) -> None:
    """One step of a drag: ``refs`` moved by ``delta`` from where they were at ``start``."""
    doc.edit(_count_text("Move", doc, refs), edits.move(start, refs, delta), merge_key=merge_key)


def rotate_elements(doc: "ScenarioDocument", refs: Iterable[Ref], turns: int = 1) -> bool:
    refs = [r for r in refs if r[0] in edits.LAYERS]
    word = "Rotate" if turns % 4 == 1 else "Rotate counter-clockwise"
    after = edits.map_elements(doc.scenario, refs, lambda el: edits.rotate_element(el, turns))
    return doc.edit(_count_text(word, doc, refs), after)


def flip_boards(doc: "ScenarioDocument", refs: Iterable[Ref]) -> bool:
    boards = [r for r in refs if r[0] == "boards"]
    after = edits.map_elements(doc.scenario, boards, edits.on_boards(edits.flip_face))
    return doc.edit(_count_text("Flip", doc, boards), after)


def cycle_fire_edges(doc: "ScenarioDocument", refs: Iterable[Ref]) -> bool:
    boards = [r for r in refs if r[0] == "boards"]
    after = edits.map_elements(doc.scenario, boards, edits.on_boards(edits.next_fire_edge))
    return doc.edit(_count_text("Move fire strip of", doc, boards), after)


def change_element(
    doc: "ScenarioDocument", ref: Ref, change: Callable[[Element], Element], text: str, merge_key: object = None
) -> bool:
    """Replace one element by ``change(element)`` (properties dock edits)."""
    old = edits.element(doc.scenario, ref)
    new = change(old)
    if new == old:
        return False
    new = replace(new, at=edits.clamp_at(new, new.at))
    return doc.edit(text, edits.replace_elements(doc.scenario, {ref: new}), merge_key=merge_key)


def set_scenario_fields(doc: "ScenarioDocument", text: str, merge_key: object = None, **fields: object) -> bool:
    """Metadata, objectives and rule options (``Scenario`` fields other than the layers)."""
    after = doc.scenario.with_changes(**fields)
    if after == doc.scenario:
        return False
    return doc.edit(text, after, merge_key=merge_key)


def duplicate_elements(doc: "ScenarioDocument", refs: Iterable[Ref]) -> Selection:
    originals = [edits.element(doc.scenario, r) for r in edits.ordered(refs) if r[0] in edits.LAYERS]
    copies = edits.shifted(originals, edits.offset_for_copies(originals))
    return add_elements(doc, copies, "Duplicate" if len(copies) == 1 else f"Duplicate {len(copies)} elements")


def paste_elements(doc: "ScenarioDocument", elements: list[Element]) -> Selection:
    """Paste: where they were copied from if that spot is free of the same elements,
    else beside them."""
    existing = {el for layer in edits.LAYERS for el in getattr(doc.scenario, layer)}
    if any(el in existing for el in elements):
        elements = edits.shifted(elements, edits.offset_for_copies(elements))
    else:
        elements = edits.shifted(elements, (0, 0))
    return add_elements(doc, elements, "Paste" if len(elements) == 1 else f"Paste {len(elements)} elements")


def _describe(el: Element) -> str:
    from .placement import describe

    return describe(el)


def _count_text(verb: str, doc: "ScenarioDocument", refs: list[Ref]) -> str:
    if len(refs) == 1:
        return f"{verb} {_describe(edits.element(doc.scenario, refs[0]))}"
    return f"{verb} {len(refs)} elements"
