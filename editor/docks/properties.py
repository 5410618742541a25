"""The properties dock: the selected element's fields, and tabs for the scenario's
metadata and rule options and its objectives.

Every field pushes an undo command.  Consecutive changes to one field of one element
share a merge key, so spinning a row from 2 to 9 is one undo step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from engine.model.scenario import (
    CARD_KINDS,
    OBJECTIVE_TOKEN_VALUES,
    TOKEN_KINDS,
    BoardPin,
    BoardSlot,
    CardPlacement,
    TokenPlacement,
)

from .. import commands, edits
from ..document import ScenarioDocument
from ..edits import GRID_SIZE, Element, Ref
from ..placement import describe_ref

if TYPE_CHECKING:
    from .objectives import ObjectivesPage
    from .scenario_form import ScenarioPage

ROTATIONS = ("0°", "90°", "180°", "270°")
NO_PIN = "(drawn at setup)"
E = TypeVar("E", BoardSlot, CardPlacement, TokenPlacement)


def combo(items: list[str] | tuple[str, ...], editable: bool = False) -> QComboBox:
    box = QComboBox()
    box.addItems(list(items))
    box.setEditable(editable)
    return box


def square_spin() -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, GRID_SIZE - 1)
    return spin


class ElementPage(QWidget, Generic[E]):
    """Fields of one element kind; ``load`` shows an element, edits push commands."""

    element_type: type[E]

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.ref: Ref | None = None
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold")
        self.form.addRow(self.title)
        self.row, self.col = square_spin(), square_spin()
        self._loading = False

    def add_position(self) -> None:
        self.form.addRow("Row", self.row)
        self.form.addRow("Column", self.col)
        self.row.valueChanged.connect(lambda v: self.change("row", lambda el: replace(el, at=(v, el.at[1])), "Move"))
        self.col.valueChanged.connect(lambda v: self.change("col", lambda el: replace(el, at=(el.at[0], v)), "Move"))

    def change(self, field: str, change: Callable[[E], E], text: str) -> None:
        if self._loading or self.ref is None:
            return

        def apply(element: Element) -> Element:
            return change(element) if isinstance(element, self.element_type) else element

        commands.change_element(self.doc, self.ref, apply, text, merge_key=("property", self.ref, field))

    def load(self, ref: Ref) -> None:
        self.ref = ref
        self._loading = True
        try:
            element = edits.element(self.doc.scenario, ref)
            text = describe_ref(self.doc.scenario, ref)
            self.title.setText(text[:1].upper() + text[1:])
            self.row.setValue(element.at[0])
            self.col.setValue(element.at[1])
            if isinstance(element, self.element_type):
                self.show_element(element)
        finally:
            self._loading = False

    def show_element(self, element: E) -> None:
        raise NotImplementedError


def _set(box: QComboBox, text: str) -> None:
    index = box.findText(text)
    if index >= 0:
        box.setCurrentIndex(index)
    else:
        box.setEditText(text)


class BoardPage(ElementPage[BoardSlot]):
    element_type = BoardSlot

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__(doc)
        self.size_box, self.face = combo(("large", "small", "special")), combo(("fire", "plain"))
        self.edge, self.orientation = combo(()), combo(("horizontal", "vertical"))
        self.pin, self.pin_rotation = combo(()), combo(ROTATIONS)
        for label, widget in (
            ("Size", self.size_box),
            ("Face", self.face),
            ("Fire strip edge", self.edge),
            ("Orientation", self.orientation),
            ("Pinned board", self.pin),
            ("Pinned rotation", self.pin_rotation),
        ):
            self.form.addRow(label, widget)
        self.add_position()
        self.size_box.activated.connect(
            lambda _: self.change(
                "size", lambda b: edits.with_size(b, self.size_box.currentText()), "Change board size"
            )
        )
        self.face.activated.connect(
            lambda _: self.change(
                "face", lambda b: edits.flip_face(b) if b.face != self.face.currentText() else b, "Flip board"
            )
        )
        self.edge.activated.connect(
            lambda _: self.change("edge", lambda b: replace(b, fire_edge=self.edge.currentText()), "Move fire strip")
        )
        self.orientation.activated.connect(
            lambda _: self.change(
                "orientation",
                lambda b: edits.rotate_board(b, 1) if b.orientation != self.orientation.currentText() else b,
                "Turn small board",
            )
        )
        self.pin.activated.connect(lambda _: self.change("pin", self._pin, "Pin board"))
        self.pin_rotation.activated.connect(
            lambda i: self.change(
                "pin_rotation", lambda b: replace(b, pin=BoardPin(b.pin.board, i)) if b.pin else b, "Turn pinned board"
            )
        )

    def _pin(self, board: BoardSlot) -> BoardSlot:
        choice = self.pin.currentText()
        if choice == NO_PIN:
            return replace(board, pin=None)
        return replace(board, pin=BoardPin(choice, board.pin.rotation if board.pin else 0))

    def show_element(self, board: BoardSlot) -> None:
        self.size_box.setCurrentText(board.size)
        self.size_box.setEnabled(not board.special)  # a special shape comes from the palette
        self.face.setCurrentText(board.face)
        self.edge.clear()
        self.edge.addItems(list(board.allowed_fire_edges()))
        self.edge.setCurrentText(board.fire_edge or "")
        self.edge.setEnabled(board.face == "fire")
        self.orientation.setCurrentText(board.orientation)
        self.orientation.setEnabled(board.size == "small")
        self.pin.clear()
        self.pin.addItems([NO_PIN] + [b.id for b in self.doc.catalog.boards_of_size(board.size, board.shape)])
        self.pin.setCurrentText(board.pin.board if board.pin else NO_PIN)
        self.pin_rotation.setCurrentIndex(board.pin.rotation % 4 if board.pin else 0)
        self.pin_rotation.setEnabled(board.pin is not None and board.face == "plain" and not board.special)


class CardPage(ElementPage[CardPlacement]):
    element_type = CardPlacement

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__(doc)
        self.kind = combo(CARD_KINDS)
        self.kind.setEnabled(False)
        self.ident = combo((), editable=True)
        self.rotation = combo(ROTATIONS)
        self.stand_in = QCheckBox("stands in for an unknown card")
        for label, widget in (
            ("Kind", self.kind),
            ("Card", self.ident),
            ("Rotation", self.rotation),
            ("Stand-in", self.stand_in),
        ):
            self.form.addRow(label, widget)
        self.add_position()
        line = self.ident.lineEdit()
        assert line is not None, "the card box is editable"
        line.editingFinished.connect(self._ident)
        self.ident.activated.connect(lambda _: self._ident())
        self.rotation.activated.connect(
            lambda i: self.change("rotation", lambda c: replace(c, rotation=i), "Rotate card")
        )
        self.stand_in.toggled.connect(
            lambda on: self.change("stand_in", lambda c: replace(c, stand_in=on), "Mark stand-in")
        )

    def _ident(self) -> None:
        text = self.ident.currentText().strip()
        if text:
            self.change("ident", lambda c: replace(c, ident=text), f"Change card to {text}")

    def show_element(self, card: CardPlacement) -> None:
        self.kind.setCurrentText(card.kind)
        self.ident.clear()
        if card.kind == "location":
            for number in range(1, 13):
                self.ident.addItem(str(number))
                if number not in self.doc.catalog.location_cards:
                    tip = "not in the catalog: use it as a stand-in"
                    self.ident.setItemData(self.ident.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        elif card.kind == "raft":
            self.ident.addItems(sorted(self.doc.catalog.raft_cards))
        _set(self.ident, card.ident or "")
        self.ident.setEnabled(card.kind != "fire")
        self.rotation.setCurrentIndex(card.rotation % 4)
        self.rotation.setEnabled(card.kind != "fire")
        self.stand_in.setChecked(card.stand_in)
        self.stand_in.setEnabled(card.kind == "location")


class TokenPage(ElementPage[TokenPlacement]):
    element_type = TokenPlacement

    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__(doc)
        self.kind, self.value = combo(TOKEN_KINDS), combo(OBJECTIVE_TOKEN_VALUES)
        self.form.addRow("Kind", self.kind)
        self.form.addRow("Value", self.value)
        self.add_position()
        self.kind.activated.connect(lambda _: self.change("kind", self._kind, "Change token"))
        self.value.activated.connect(
            lambda _: self.change(
                "value",
                lambda t: replace(t, value=self.value.currentText()) if t.kind == "objective" else t,
                "Change token value",
            )
        )

    def _kind(self, token: TokenPlacement) -> TokenPlacement:
        kind = self.kind.currentText()
        value = (token.value or "1") if kind == "objective" else None
        return replace(token, kind=kind, value=value)

    def show_element(self, token: TokenPlacement) -> None:
        self.kind.setCurrentText(token.kind)
        self.value.setCurrentText(token.value or "")
        self.value.setEnabled(token.kind == "objective")


SCENARIO_TAB, OBJECTIVES_TAB = "Scenario", "Objectives"
PAGE_CLASSES: dict[str, type[BoardPage] | type[CardPage] | type[TokenPage]] = {
    "boards": BoardPage,
    "cards": CardPage,
    "tokens": TokenPage,
}


class ElementPages(dict[str, ElementPage]):
    """The Selection tab's page for each kind of element ("boards", "cards", "tokens"),
    made on first use: the studio's first paint shows "Nothing selected" (issue 28 item 7)."""

    def __init__(self, make: Callable[[str], ElementPage]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, kind: str) -> ElementPage:
        if kind not in PAGE_CLASSES:
            raise KeyError(kind)
        page = self[kind] = self._make(kind)
        return page


def wrap_long_rows(*forms: QFormLayout) -> None:
    """Narrow docks: a long row wraps under its label (the forms named, not searched
    for: findChildren wraps every child widget, a noticeable part of the start-up)."""
    for form in forms:
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setVerticalSpacing(4)


class PropertiesDock(QDockWidget):
    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("propertiesDock")
        self.doc = doc
        self.tabs = QTabWidget()
        self.stack = QStackedWidget()
        self.message = QLabel()
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.stack.addWidget(self.message)
        self.pages = ElementPages(self._make_page)  # each built on the first selection of its kind
        self.tabs.addTab(self.stack, "Selection")
        # the Scenario and Objectives tabs are built when first shown or asked for (their
        # pages and modules load after the studio's first paint, issue 28 item 7)
        self._scenario_page: ScenarioPage | None = None
        self._objectives_page: ObjectivesPage | None = None
        self._waiting = {SCENARIO_TAB: QWidget(), OBJECTIVES_TAB: QWidget()}
        for label, placeholder in self._waiting.items():
            self.tabs.addTab(placeholder, label)
        self.tabs.currentChanged.connect(self._build_shown_tab)
        self.tabs.setDocumentMode(True)
        self.setWidget(self.tabs)
        self.setAccessibleName("Properties")
        self.setAccessibleDescription(
            "The selected element's fields, the scenario's details and rule options, its objectives"
        )
        self.tabs.setAccessibleName("Properties pages")
        doc.selectionChanged.connect(self._selection_changed)
        doc.changed.connect(self.refresh)
        self.refresh()

    def _make_page(self, kind: str) -> ElementPage:
        page: ElementPage = PAGE_CLASSES[kind](self.doc)
        wrap_long_rows(page.form)
        self.stack.addWidget(page)
        return page

    @property
    def scenario_page(self) -> ScenarioPage:
        """The Scenario tab's page (built on first use)."""
        if self._scenario_page is None:
            from .scenario_form import ScenarioPage

            page = self._scenario_page = ScenarioPage(self.doc)
            wrap_long_rows(*page.forms)
            self._put_in_tab(SCENARIO_TAB, page)
        return self._scenario_page

    @property
    def objectives_page(self) -> ObjectivesPage:
        """The Objectives tab's page (built on first use)."""
        if self._objectives_page is None:
            from .objectives import ObjectivesPage

            self._objectives_page = ObjectivesPage(self.doc)
            self._put_in_tab(OBJECTIVES_TAB, self._objectives_page)
        return self._objectives_page

    def _put_in_tab(self, label: str, page: QWidget) -> None:
        """Put ``page`` in place of its tab's placeholder, keeping the tab shown as it was."""
        placeholder = self._waiting.pop(label)
        index, current = self.tabs.indexOf(placeholder), self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)  # the same tab stays current: nothing to tell
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, page, label)
            self.tabs.setCurrentIndex(current)
        finally:
            self.tabs.blockSignals(blocked)
        placeholder.deleteLater()

    def _build_shown_tab(self, index: int) -> None:
        """A tab shown for the first time gets its page."""
        label = self.tabs.tabText(index)
        if label in self._waiting:
            self.page_of_tab(label)

    def page_of_tab(self, label: str) -> QWidget:
        """The page of the tab named ``label``, built if it was not yet."""
        if label == SCENARIO_TAB:
            return self.scenario_page
        if label == OBJECTIVES_TAB:
            return self.objectives_page
        return self.stack

    def _selection_changed(self) -> None:
        objectives = [r for r in self.doc.selection if r[0] == "objectives"]
        if objectives:
            self.tabs.setCurrentWidget(self.objectives_page)
            self.objectives_page.select(objectives[0][1])
        elif self.doc.selection:
            self.tabs.setCurrentWidget(self.stack)
        self.refresh()

    def refresh(self) -> None:
        chosen = self.doc.selected_elements()
        if len(chosen) == 1:
            ref = chosen[0][0]
            page = self.pages[ref[0]]
            page.load(ref)
            self.stack.setCurrentWidget(page)
        else:
            if chosen:
                self.message.setText(f"{len(chosen)} elements selected.\nMove, rotate, copy or delete them together.")
            else:
                self.message.setText("Nothing selected.\nClick an element on the island, or see the Scenario tab.")
            self.stack.setCurrentWidget(self.message)
