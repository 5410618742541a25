"""The Scenario tab of the properties dock: metadata and rule options.

Text fields push a command on every keystroke; consecutive keystrokes in one field
merge into one undo step, and the problems dock keeps up without blocking typing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.model.scenario import MODES, STUCK_HAND_READINGS, RuleOptions

from .. import commands
from ..document import ScenarioDocument

NOT_RATED = "not rated"
# RULINGS LC-7 readings, as the combo shows them (the order of STUCK_HAND_READINGS)
STUCK_LABELS = ("the game is lost (default)", "discard them, play on", "forbid reaching it (not played)")
PAWS = tuple(f"{n} paw{'s' if n != 1 else ''}" for n in range(6))


class ScenarioPage(QScrollArea):
    def __init__(self, doc: ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self._loading = False
        self.setWidgetResizable(True)
        body = QWidget()
        layout = QVBoxLayout(body)

        meta = QGroupBox("Scenario")
        form = QFormLayout(meta)
        self.id = QLineEdit()
        self.id.setValidator(QRegularExpressionValidator(QRegularExpression(r"[a-z0-9][a-z0-9._-]{0,79}")))
        self.id.setPlaceholderText("lower-case letters, digits, . _ -")
        self.name, self.campaign, self.author = QLineEdit(), QLineEdit(), QLineEdit()
        self.campaign.setPlaceholderText("(none)")
        self.difficulty = QComboBox()
        self.difficulty.addItems([NOT_RATED, *PAWS])
        self.mode = QComboBox()
        self.mode.addItems(list(MODES))
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(90)
        for label, widget in (
            ("Id", self.id),
            ("Name", self.name),
            ("Campaign", self.campaign),
            ("Difficulty", self.difficulty),
            ("Mode", self.mode),
            ("Author", self.author),
            ("Notes", self.notes),
        ):
            form.addRow(label, widget)
        layout.addWidget(meta)

        rules = QGroupBox("Rule options")
        rform = QFormLayout(rules)
        self.forms = (form, rform)  # the Properties dock sets how their long rows wrap
        players = QWidget()
        row = QHBoxLayout(players)
        row.setContentsMargins(0, 0, 0, 0)
        self.players = [QCheckBox(str(n)) for n in range(1, 5)]
        for box in self.players:
            row.addWidget(box)
        row.addStretch(1)
        self.water = QSpinBox()
        self.water.setRange(0, 3)
        self.communication = QCheckBox("meow and talk tokens")
        self.hybrid = QCheckBox("hybrid fire tiles in the bag")
        self.disaster = QCheckBox("disaster deck")
        self.stuck = QComboBox()  # RULINGS LC-7: cards left, nothing legal
        self.stuck.addItems(list(STUCK_LABELS))
        # as narrow as the dock: the longest reading is read in the open list, not a sideways scroll bar
        self.stuck.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.stuck.setMinimumContentsLength(12)
        self.stuck.setToolTip(
            "Cards remain to be played but no card fits, no cat can move and no water can be spent "
            "(RULINGS LC-7, an unknown): what happens"
        )
        for label, option in (
            ("Players", players),
            ("Water tokens", self.water),
            ("Communication", self.communication),
            ("Kickstarter", self.hybrid),
            ("Advanced", self.disaster),
            ("Stuck hand", self.stuck),
        ):
            rform.addRow(label, option)
        layout.addWidget(rules)
        layout.addStretch(1)
        self.setWidget(body)

        self.id.textEdited.connect(lambda t: self._field("id", t, "Change id"))
        self.name.textEdited.connect(lambda t: self._field("name", t, "Rename scenario"))
        self.campaign.textEdited.connect(lambda t: self._field("campaign", t or None, "Change campaign"))
        self.author.textEdited.connect(lambda t: self._field("author", t, "Change author"))
        self.notes.textChanged.connect(lambda: self._field("notes", self.notes.toPlainText(), "Edit notes"))
        self.difficulty.activated.connect(
            lambda i: self._field("difficulty", None if i == 0 else i - 1, "Change difficulty")
        )
        self.mode.activated.connect(lambda i: self._field("mode", MODES[i], "Change mode"))
        for box in self.players:
            box.toggled.connect(self._players)
        self.water.valueChanged.connect(lambda v: self._rules("water_tokens", v, "Change water tokens"))
        self.communication.toggled.connect(
            lambda on: self._rules("communication_tokens", on, "Toggle communication tokens")
        )
        self.hybrid.toggled.connect(lambda on: self._rules("hybrid_fire_tiles", on, "Toggle hybrid fire tiles"))
        self.disaster.toggled.connect(lambda on: self._rules("disaster_deck", on, "Toggle disaster deck"))
        self.stuck.activated.connect(
            lambda i: self._rules("stuck_hand", STUCK_HAND_READINGS[i], "Change stuck-hand reading")
        )
        doc.changed.connect(self.load)
        self.load()

    def _field(self, name: str, value: object, text: str) -> None:
        if not self._loading:
            commands.set_scenario_fields(self.doc, text, merge_key=("scenario", name), **{name: value})

    def _rules(self, name: str, value: int | bool | str | tuple[int, ...], text: str) -> None:
        if not self._loading:
            change: dict[str, Any] = {name: value}  # the field is named at run time
            rules: RuleOptions = replace(self.doc.scenario.rules, **change)
            commands.set_scenario_fields(self.doc, text, merge_key=("rules", name), rules=rules)

    def _players(self) -> None:
        chosen = tuple(n for n, box in enumerate(self.players, start=1) if box.isChecked())
        if not chosen:  # at least one player count: undo the un-tick
            self.load()
            return
        self._rules("players", chosen, "Change player counts")

    def load(self) -> None:
        s = self.doc.scenario
        self._loading = True
        try:
            for widget, value in (
                (self.id, s.id),
                (self.name, s.name),
                (self.campaign, s.campaign or ""),
                (self.author, s.author),
            ):
                if widget.text() != value:
                    widget.setText(value)
                    if not widget.hasFocus():  # a long author reads from its start, not its end
                        widget.setCursorPosition(0)
                widget.setToolTip(value if widget.fontMetrics().horizontalAdvance(value) > widget.width() else "")
            if self.notes.toPlainText() != s.notes:
                self.notes.setPlainText(s.notes)
            self.difficulty.setCurrentIndex(0 if s.difficulty is None else s.difficulty + 1)
            self.mode.setCurrentIndex(MODES.index(s.mode) if s.mode in MODES else 0)
            for n, box in enumerate(self.players, start=1):
                box.setChecked(n in s.rules.players)
            self.water.setValue(s.rules.water_tokens)
            self.communication.setChecked(s.rules.communication_tokens)
            self.hybrid.setChecked(s.rules.hybrid_fire_tiles)
            self.disaster.setChecked(s.rules.disaster_deck)
            stuck = s.rules.stuck_hand
            self.stuck.setCurrentIndex(STUCK_HAND_READINGS.index(stuck) if stuck in STUCK_HAND_READINGS else 0)
        finally:
            self._loading = False
