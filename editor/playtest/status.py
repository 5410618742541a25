"""What the playtest shows of objectives, communication tokens and the advanced game.

* :class:`ObjectivesPanel`: each additional objective with its state now (met,
  pending, failed and why; :func:`engine.play.objectives.objective_statuses`).
* :class:`TokensPanel`: the meow and talk tokens in front of each player (rulebook
  "Additional rules" 1); a click marks one used.  They are reminders: no rule of play
  changes, so marking one is not an action (:meth:`Position.mark_token`).
* :class:`DisasterPanel`: the disaster card drawn last (advanced game) and each of its
  lines: resolved (with what happened, from ``state.advanced.disaster_log``), waiting, to come.
* :class:`BonusBar`: the raft-arrival bonus choice (phase ``bonus``): draw 1 card
  (click a deck back), move any cat up to 5 squares (click a cat), or no bonus.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from engine import GameState
from engine.play.analysis import FAILED, MET, card_of, objective_statuses
from engine.play.phases import BONUS, DISASTER

from .wording import for_people

MARKS = {MET: ("✔", "#2f8f46", "met"), FAILED: ("✘", "#b3261e", "failed")}
PENDING_MARK = ("…", "#555555", "pending")


class ObjectivesPanel(QGroupBox):
    """One line per objective: a mark, the objective and its state."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Objectives", parent)
        self.setObjectName("playtest-objectives")
        self.rows = QVBoxLayout(self)
        self.rows.setSpacing(2)
        self.labels: list[QLabel] = []

    def show_state(self, state: GameState | None) -> None:
        statuses = objective_statuses(state) if state is not None else []
        while len(self.labels) < len(statuses):
            label = QLabel()
            label.setObjectName(f"objective-{len(self.labels)}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.rows.addWidget(label)
            self.labels.append(label)
        for i, label in enumerate(self.labels):
            label.setVisible(i < len(statuses))
            if i >= len(statuses):
                continue
            s = statuses[i]
            mark, colour, word = MARKS.get(s.status, PENDING_MARK)
            if s.objective.kind == "text" and s.status not in MARKS:
                word = "shown to players, not checked"
            why = f": {escape(s.why)}" if s.why else ""
            label.setText(f'<span style="color:{colour}; font-weight:bold">{mark} {word}</span> '
                          f"{i + 1}. {escape(s.objective.describe())}{why}")  # fmt: skip
            label.setProperty("status", s.status)
        self.setVisible(bool(statuses))

    def status_of(self, index: int) -> str:
        return str(self.labels[index].property("status"))


class TokensPanel(QGroupBox):
    """The communication tokens in front of each player; a click marks one used."""

    markRequested = Signal(int, int, bool)  # player, token index, used

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Communication tokens", parent)
        self.setObjectName("playtest-tokens")
        self.setToolTip("Discard a token to talk (or say only 'meow') with the active player once a card or fire "
                        "tile is revealed; the engine keeps them as reminders")  # fmt: skip
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(3, 1)  # the buttons keep their own width: the side column never scrolls sideways
        self.buttons: list[QPushButton] = []

    def show_state(self, state: GameState | None) -> None:
        for old in [*self.buttons, *self.findChildren(QLabel)]:
            self.grid.removeWidget(old)
            old.hide()  # gone now; deleted once its click (if any) has returned
            old.deleteLater()
        self.buttons = []
        seats = state.comm_tokens if state is not None else []
        for player, seat in enumerate(seats):
            if not seat:
                continue
            name = QLabel(f"Player {player + 1}")
            self.grid.addWidget(name, player, 0)
            name.show()  # now, not when the event loop next runs
            for i, token in enumerate(seat):
                button = QPushButton(f"{token.kind} (used)" if token.used else token.kind)
                button.setObjectName(f"token-{player}-{i}")
                button.setCheckable(True)
                button.setChecked(token.used)
                button.setToolTip(f"Player {player + 1}'s {token.kind} token: click to mark it "
                                  + ("unused" if token.used else "used"))  # fmt: skip
                button.toggled.connect(lambda used, p=player, n=i: self.markRequested.emit(p, n, used))
                self.grid.addWidget(button, player, 1 + i)
                button.show()
                self.buttons.append(button)
        self.setVisible(bool(self.buttons))

    def button(self, player: int, index: int) -> QPushButton:
        return next(b for b in self.buttons if b.objectName() == f"token-{player}-{index}")


class DisasterPanel(QGroupBox):
    """The disaster card drawn last and its lines, as the table would resolve them
    (one wrapped label per line, so a long line never hides the next)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Disaster card", parent)
        self.setObjectName("playtest-disaster")
        self.rows = QVBoxLayout(self)
        self.rows.setSpacing(1)
        self.labels: list[QLabel] = []

    def show_state(self, state: GameState | None) -> None:
        lines = disaster_lines(state) if state is not None else []
        while len(self.labels) < len(lines):
            label = QLabel()
            label.setObjectName(f"disaster-line-{len(self.labels)}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.rows.addWidget(label)
            self.labels.append(label)
        for i, label in enumerate(self.labels):
            label.setText(lines[i] if i < len(lines) else "")
            label.setVisible(i < len(lines))
        self.setVisible(bool(lines))

    def shown(self) -> str:
        """Every line shown (rich text), one per row."""
        return "\n".join(label.text() for label in self.labels if not label.isHidden())


def disaster_lines(state: GameState) -> list[str]:
    """The last disaster card: its name, then each line with its state and what
    happened (rich text), from the position's disaster log."""
    log = state.advanced.disaster_log
    start = max((i for i, e in enumerate(log) if e.step == 0), default=None)
    if start is None:
        return []
    entries = log[start:]
    card = state.island.catalog.disaster_cards[entries[0].card]
    current = (
        card_of(state) if state.advanced.disaster is not None and state.advanced.disaster.card == card.id else None
    )
    step_now = state.advanced.disaster.step + 1 if current is not None and state.advanced.disaster is not None else None
    first = for_people(entries[0].text)
    out = [f"<b>{escape(first[:1].upper() + first[1:])}</b>"]
    for n, effect in enumerate(card.effects, 1):
        done = [e.text for e in entries if e.step == n]
        if step_now is None or n < step_now:
            mark, colour = "✔", "#2f8f46"
        elif n == step_now:
            mark, colour = "▶", "#b3261e"
        else:
            mark, colour = "·", "#777777"
        what = effect.describe()
        out.append(f'<span style="color:{colour}">{mark} {n}. {escape(what)}</span>')
        for text in done:  # what happened, without repeating the line's own words
            text = text[len(what) + 2 :] if text.startswith(what + ": ") else text
            out.append(f"&nbsp;&nbsp;&nbsp;→ {escape(for_people(text))}")
    return out


class BonusBar(QWidget):
    """The raft-arrival bonus choice, below the side column while it waits."""

    passRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bonus-bar")
        self.prompt = QLabel()
        self.prompt.setObjectName("bonus-prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setFixedHeight(self.prompt.fontMetrics().lineSpacing() * 2 + 6)  # never squeezed to one line
        self.skip = QPushButton("No bonus")
        self.skip.setObjectName("bonus-pass")
        self.skip.clicked.connect(self.passRequested)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.prompt)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.skip)
        layout.addLayout(row)
        self.hide()

    def show_state(self, state: GameState | None) -> None:
        waiting = (
            state is not None and state.phase == BONUS and not state.is_terminal() and state.advanced.bonus is not None
        )
        self.setVisible(waiting)
        if waiting and state is not None and state.advanced.bonus is not None:
            self.prompt.setText(
                f"Arrival bonus (Player {state.advanced.bonus.player + 1}): click a deck to draw 1 card, or a cat "
                "to move it up to 5 squares (no discard; it ends exhausted)."
            )


def choosing_discard(state: GameState | None, player: int) -> bool:
    """Whether a disaster card waits for ``player`` to discard a card (DP-3)."""
    if state is None or state.phase != DISASTER or state.advanced.disaster is None or state.is_terminal():
        return False
    left = state.advanced.disaster.left
    effect = card_of(state).effects[state.advanced.disaster.step]
    return effect.effect == "discard" and player < len(left) and left[player] > 0


__all__ = ["BonusBar", "DisasterPanel", "ObjectivesPanel", "TokensPanel", "choosing_discard", "disaster_lines"]
