"""The Objectives tab: the scenario's additional objectives as a list to add to,
edit, remove and reorder; each change is one undo step."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.model.catalog import CAT_COLOURS
from engine.model.geometry import Square
from engine.model.scenario import Objective, TokenPlacement

from .. import commands
from ..document import ScenarioDocument

KINDS = {
    "arrival_order": "Cat arrives in a given place",
    "arrive_together": "Cats arrive together",
    "collect_maps": "Collect treasure maps",
    "close_to": "Keep two cats close",
    "text": "Other (text)",
}


def default_objective(kind: str) -> Objective:
    return {
        "arrival_order": Objective("arrival_order", colour="green", position=1),
        "arrive_together": Objective("arrive_together", colours=("red", "blue")),
        "collect_maps": Objective("collect_maps", count=1),
        "close_to": Objective("close_to", colours=("red", "blue"), distance=5),
        "text": Objective("text", text="Describe the objective"),
    }[kind]


class ObjectiveDialog(QDialog):
    """Edit one objective; the fields shown follow its kind."""

    def __init__(self, objective: Objective, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Objective")
        self.kind = QComboBox()
        for key, label in KINDS.items():
            self.kind.addItem(label, key)
        self.colour, self.colour_a, self.colour_b = (self._colours() for _ in range(3))
        self.position, self.count, self.distance = QSpinBox(), QSpinBox(), QSpinBox()
        self.position.setRange(1, 12)
        self.count.setRange(1, 12)
        self.distance.setRange(1, 34)
        self.together = QLineEdit()
        self.together.setPlaceholderText("colours separated by commas, e.g. red, green, orange")
        self.text = QLineEdit()
        self.square = QLineEdit()  # OB-2: the raft destination the token was put on
        self.square.setObjectName("objective-destination")
        self.square.setPlaceholderText("row, col of a raft destination (optional)")
        self.square.setToolTip(
            "Bind the objective to one raft destination square (when two fit, the team "
            "chooses one at setup: RULINGS OB-2); leave empty for any square of the raft"
        )
        self.square.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"^\s*(\d{1,2}\s*,\s*\d{0,2})?\s*$"), self)
        )
        self.form = QFormLayout()
        self.form.addRow("Kind", self.kind)
        self.rows = {
            "colour": ("Colour", self.colour),
            "position": ("Place", self.position),
            "colours": ("Colours", self.together),
            "count": ("Maps", self.count),
            "pair_a": ("Cat", self.colour_a),
            "pair_b": ("Close to", self.colour_b),
            "distance": ("Within", self.distance),
            "text": ("Text", self.text),
            "square": ("On square", self.square),
        }
        for label, widget in self.rows.values():
            self.form.addRow(label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(buttons)
        self.kind.currentIndexChanged.connect(lambda _: self._show_fields())
        self.load(objective)

    @staticmethod
    def _colours() -> QComboBox:
        box = QComboBox()
        box.addItems(list(CAT_COLOURS))
        return box

    def load(self, o: Objective) -> None:
        self.kind.setCurrentIndex(list(KINDS).index(o.kind))
        self.colour.setCurrentText(o.colour or "green")
        self.position.setValue(o.position or 1)
        self.together.setText(", ".join(o.colours) if o.kind == "arrive_together" else "")
        self.count.setValue(o.count or 1)
        pair = (o.colours + ("red", "blue"))[:2] if o.kind == "close_to" else ("red", "blue")
        self.colour_a.setCurrentText(pair[0])
        self.colour_b.setCurrentText(pair[1])
        self.distance.setValue(o.distance or 5)
        self.text.setText(o.text or "")
        self.square.setText(f"{o.destination[0]}, {o.destination[1]}" if o.destination is not None else "")
        self._show_fields()

    def _show_fields(self) -> None:
        wanted = {
            "arrival_order": {"colour", "position", "square"},
            "arrive_together": {"colours"},
            "collect_maps": {"count"},
            "close_to": {"pair_a", "pair_b", "distance"},
            "text": {"text"},
        }[self.kind.currentData()]
        for key, (_, widget) in self.rows.items():
            self.form.setRowVisible(widget, key in wanted)

    def objective(self) -> Objective:
        kind = self.kind.currentData()
        if kind == "arrival_order":
            return Objective(
                kind, colour=self.colour.currentText(), position=self.position.value(), destination=self._destination()
            )
        if kind == "arrive_together":
            colours = tuple(c.strip().lower() for c in self.together.text().split(",") if c.strip())
            return Objective(kind, colours=colours)
        if kind == "collect_maps":
            return Objective(kind, count=self.count.value())
        if kind == "close_to":
            return Objective(
                kind, colours=(self.colour_a.currentText(), self.colour_b.currentText()), distance=self.distance.value()
            )
        return Objective(kind, text=self.text.text())

    def _destination(self) -> Square | None:
        parts = [p.strip() for p in self.square.text().split(",")]
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            return None
        return int(parts[0]), int(parts[1])


class ObjectivesPage(QWidget):
    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.list = QListWidget()
        self.add_kind = QComboBox()
        for key, label in KINDS.items():
            self.add_kind.addItem(label, key)
        self.buttons = {name: QPushButton(name) for name in ("Add", "Edit…", "Remove", "Up", "Down")}
        self.buttons["Add"].setText("Add…")
        self.buttons["Add"].setToolTip(
            "Open the objective editor, preset to the selected objective token or the next free arrival place"
        )
        self.add_kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.add_kind.setMinimumContentsLength(10)
        self.add_kind.setAccessibleName("Kind of objective to add")
        self.list.setAccessibleName("Objectives")
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_kind, 1)
        add_row.addWidget(self.buttons["Add"])
        layout.addLayout(add_row)
        grid = QGridLayout()  # two rows of two: the tab fits a narrow dock
        for n, name in enumerate(("Edit…", "Remove", "Up", "Down")):
            grid.addWidget(self.buttons[name], n // 2, n % 2)
        layout.addLayout(grid)
        self.buttons["Add"].clicked.connect(self.add)
        self.buttons["Edit…"].clicked.connect(lambda: self.edit_current())
        self.buttons["Remove"].clicked.connect(self.remove_current)
        self.buttons["Up"].clicked.connect(lambda: self.move_current(-1))
        self.buttons["Down"].clicked.connect(lambda: self.move_current(1))
        self.list.itemDoubleClicked.connect(lambda _: self.edit_current())
        doc.changed.connect(self.load)
        self.load()

    def load(self) -> None:
        row = self.list.currentRow()
        self.list.clear()
        for n, objective in enumerate(self.doc.scenario.objectives, 1):  # numbered as the Problems dock names them
            self.list.addItem(f"{n}. {objective.describe() or f'({objective.kind})'}")
        self.list.setCurrentRow(min(row, self.list.count() - 1))

    def select(self, index: int) -> None:
        self.list.setCurrentRow(index)

    def _set(self, objectives: list[Objective], text: str, row: int) -> None:
        commands.set_scenario_fields(self.doc, text, objectives=tuple(objectives))
        self.list.setCurrentRow(row)

    def preset(self) -> Objective:
        """What Add proposes: for an arrival, the place of the objective token under the
        selection (on its square), else the next place no arrival objective uses, for a
        cat colour on the island that has none yet; other kinds start from their default."""
        kind = self.add_kind.currentData()
        if kind != "arrival_order":
            return default_objective(kind)
        scenario = self.doc.scenario
        arrivals = [o for o in scenario.objectives if o.kind == "arrival_order"]
        used_colours = {o.colour for o in arrivals}
        island_colours = [
            cat.colour
            for card in scenario.cards
            if card.kind == "location" and card.ident is not None and card.ident.isdigit()
            for cat in getattr(self.doc.catalog.location_cards.get(int(card.ident)), "cats", ())
        ]
        colour = next(
            (c for c in island_colours if c not in used_colours), island_colours[0] if island_colours else "green"
        )
        for _ref, element in self.doc.selected_elements():
            if isinstance(element, TokenPlacement) and element.kind == "objective" and (element.value or "").isdigit():
                return Objective(kind, colour=colour, position=int(element.value or "1"), destination=element.at)
        used = {o.position for o in arrivals}
        position = next(n for n in range(1, 13) if n not in used)
        return Objective(kind, colour=colour, position=position)

    def ask_objective(self, preset: Objective) -> Objective | None:
        """The objective editor, preset; None when cancelled (tests replace this)."""
        dialog = ObjectiveDialog(preset, self)
        dialog.setWindowTitle("Add objective")
        return dialog.objective() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def add(self) -> None:
        chosen = self.ask_objective(self.preset())
        if chosen is None:
            return
        objectives = list(self.doc.scenario.objectives) + [chosen]
        self._set(objectives, "Add objective", len(objectives) - 1)

    def edit_current(self, dialog: ObjectiveDialog | None = None) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        dialog = dialog or ObjectiveDialog(self.doc.scenario.objectives[row], self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            objectives = list(self.doc.scenario.objectives)
            objectives[row] = dialog.objective()
            self._set(objectives, "Edit objective", row)

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            objectives = list(self.doc.scenario.objectives)
            del objectives[row]
            self._set(objectives, "Remove objective", min(row, len(objectives) - 1))

    def move_current(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        objectives = list(self.doc.scenario.objectives)
        if row < 0 or not 0 <= target < len(objectives):
            return
        objectives[row], objectives[target] = objectives[target], objectives[row]
        self._set(objectives, "Reorder objectives", target)
