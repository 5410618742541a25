"""The playtest's small panels: game settings (players, rules, seed), the counters
everything a player at the table can see, and the win / loss banner."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)  # fmt: skip

from engine import GameState, Outcome
from engine.play.outcome import (
    ALL_CATS_ON_RAFT,
    CAT_CUT_OFF,
    DECKS_SHORT,
    FIRE_BAG_EMPTY,
    FIRE_TILE_NO_PLACE,
    OBJECTIVE_FAILED,
    WIN_POINTS,
)  # fmt: skip

from ..messages import plain_text, rule_tooltip
from .session import PlaytestSession, variants_for


class SetupBar(QWidget):
    """Player count, rules variant and seed.  Changing the players or the rules starts
    a new game with the same seed; typing a seed and pressing Enter (or "Play seed")
    starts that game; the seed of the running game is always shown."""

    startRequested = Signal(int, int, str)  # seed, players, variant
    newSeedRequested = Signal()

    def __init__(self, session: PlaytestSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.players = QSpinBox()
        self.players.setObjectName("players")
        self.players.setRange(1, 4)
        self.players.setToolTip("Players (the scenario allows " + ", ".join(map(str, session.allowed_players())) + ")")
        self.variant = QComboBox()
        self.variant.setObjectName("variant")
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setValidator(QIntValidator(0, 2**31 - 1, self))
        self.seed.setMaximumWidth(110)
        self.seed.setToolTip("The game's seed: type one and press Enter to replay that game")
        self.play_seed = QPushButton("Play seed")
        self.play_seed.setObjectName("play-seed")
        self.new_seed = QPushButton("New seed")
        self.new_seed.setObjectName("new-seed")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        for text, widget in (("Players", self.players), ("Rules", self.variant), ("Seed", self.seed)):
            layout.addWidget(QLabel(text))
            layout.addWidget(widget)
        layout.addWidget(self.play_seed)
        layout.addWidget(self.new_seed)
        layout.addStretch(1)
        self._syncing = False
        self.players.valueChanged.connect(lambda _: self._changed(players_changed=True))
        self.variant.currentTextChanged.connect(lambda _: self._changed())
        self.seed.returnPressed.connect(self._changed)
        self.play_seed.clicked.connect(self._changed)
        self.new_seed.clicked.connect(self.newSeedRequested)

    def show_settings(self) -> None:
        s = self.session.settings
        self._syncing = True
        allowed = self.session.allowed_players()
        self.players.setRange(min(allowed), max(allowed))
        self.players.setValue(s.players)
        self.variant.clear()
        self.variant.addItems(variants_for(s.players))
        self.variant.setCurrentText(s.variant)
        self.seed.setText(str(s.seed))
        self._syncing = False

    def _changed(self, players_changed: bool = False) -> None:
        if self._syncing:
            return
        players = self.players.value()
        variant = "" if players_changed else self.variant.currentText()
        text = self.seed.text().strip()
        seed = int(text) if text.isdigit() else self.session.settings.seed
        self.startRequested.emit(seed, players, variant)


COUNTERS = (
    ("round", "Round"),
    ("phase", "Phase"),
    ("water", "Water tokens"),
    ("exhausted", "Exhausted cats"),
    ("arrived", "Cats on the raft"),
    ("bag", "Fire tiles in bag"),
    ("disaster", "Disaster pile"),
    ("decks", "Cards in decks"),
    ("tile", "Fire tile to place"),
    ("steps", "Actions"),
)
PHASES = {"draw": "draw cards", "play": "play cards", "fire": "place the fire tile", "refill": "refill the hand",
          "bonus": "arrival bonus", "disaster": "disaster card", "over": "game over"}  # fmt: skip


def counter_values(state: GameState, steps: tuple[int, int], replaying: bool = False) -> dict[str, str]:
    """The text of every counter (also what the tests compare with the engine)."""
    threshold = state.rules.disaster_threshold
    cats = state.cats()
    done, total = steps
    return {
        "round": str(state.round),
        "phase": PHASES.get(state.phase, state.phase),
        "water": f"{state.water} left ({state.water_used} used)",
        "exhausted": f"{sum(c['exhausted'] for c in cats)} of {len(cats)}",
        "arrived": f"{sum(c['arrived'] for c in cats)} of {len(cats)}",
        "bag": str(len(state.bag)),
        "disaster": f"{len(state.disaster_pile)} / {threshold}" if threshold else "none (discards leave the game)",
        "decks": str(state.cards_in_decks()),
        "tile": state.pending.tile if state.pending is not None else "-",
        "steps": f"{done}" if done == total else f"{done} of {total}{' (replay)' if replaying else ''}",
    }


class Counters(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game", parent)
        self.labels: dict[str, QLabel] = {}
        grid = QGridLayout(self)  # two counters a row: the side column stays short enough for 800 pixels
        grid.setVerticalSpacing(2)
        grid.setHorizontalSpacing(6)
        for n, (key, text) in enumerate(COUNTERS):
            label = QLabel("-")
            label.setObjectName(f"counter-{key}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setWordWrap(True)
            self.labels[key] = label
            name = QLabel(text)
            name.setStyleSheet("QLabel { color: #555; }")
            grid.addWidget(name, n // 2, 2 * (n % 2), Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, n // 2, 2 * (n % 2) + 1, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    def show_state(self, state: GameState | None, steps: tuple[int, int], replaying: bool = False) -> None:
        values = counter_values(state, steps, replaying) if state is not None else {}
        for key, label in self.labels.items():
            label.setText(values.get(key, "-"))

    def value(self, key: str) -> str:
        return self.labels[key].text()


def banner_text(outcome: Outcome) -> str:
    """The headline, reason and score of a finished game (rulebook "Scoring", SC-1)."""
    if outcome.won:
        spent = WIN_POINTS - outcome.score
        water = f" ({spent} water token{'s' if spent != 1 else ''} spent)" if spent else ""
        score = f" Score: {outcome.score}{water}."
        head = "Won! Every cat is on the raft." if outcome.reason == ALL_CATS_ON_RAFT else f"Won: {outcome.message}"
        return head + score
    head = {
        CAT_CUT_OFF: f"Lost: the {outcome.cat} cat is cut off",
        FIRE_TILE_NO_PLACE: f"Lost: fire tile {outcome.tile} had no place on the island",
        FIRE_BAG_EMPTY: "Lost: the fire bag is empty",
        DECKS_SHORT: "Lost: the decks ran out",
        OBJECTIVE_FAILED: "Lost: an objective failed",
    }.get(outcome.reason, "Lost: no legal play is left")
    tail = " Its region is outlined on the island." if outcome.region else ""
    return f"{head}. {outcome.message[:1].upper()}{outcome.message[1:]}.{tail} Score: {outcome.score}."


BANNER_HEIGHT = 64  # pixels: two lines of the 16 px headline and its padding
LONG_BANNER = 140  # characters: about two lines of the 16 px headline beside the side column


class Banner(QLabel):
    """The outcome (or why the scenario cannot be played) above the island."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtest-banner")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # Its room is kept while hidden and its height never follows the text: a win or
        # loss appearing (or undone) must not move or rescale the island under the mouse.
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setFixedHeight(BANNER_HEIGHT)
        self._grow = False
        self.hide()

    def show_message(self, text: str, good: bool, grow: bool = False) -> None:
        """``grow``: no game is on the island (it cannot be played), so the banner takes
        the height its whole text needs; an outcome keeps the fixed height (the island
        must not move under the mouse) and a long one a smaller font."""
        self._grow = grow
        colour, ink = ("#2f8f46", "white") if good else ("#b3261e", "white")
        size = 16 if len(text) <= LONG_BANNER else 13  # a long reason (a bound objective's squares) keeps to 2-3 lines
        self.setStyleSheet(
            f"QLabel {{ background: {colour}; color: {ink}; font-size: {size}px; font-weight: bold; padding: 8px; }}"
        )
        self.setText(plain_text(text))
        self.setToolTip(rule_tooltip(text))
        self.show()
        self._fit()

    def _fit(self) -> None:
        """Two lines' room always (the island stays put for a short outcome); more when
        the text needs it, so no line of a long reason, its fix included, is cut."""
        self.ensurePolished()
        needed = self.heightForWidth(max(self.width(), 200)) if self.text() and self._grow else 0
        self.setFixedHeight(max(BANNER_HEIGHT, needed))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.isVisible() and self._grow and self.height() != max(BANNER_HEIGHT, self.heightForWidth(self.width())):
            self._fit()

    def show_state(self, session: PlaytestSession) -> None:
        state = session.state
        if state is None:
            said = session.error.rstrip()
            said += "" if said.endswith((".", "!", "?")) else "."
            self.show_message(said + " Fix it in the studio and press F5 again.", good=False, grow=True)
        elif state.outcome() is not None:
            outcome = state.outcome()
            assert outcome is not None
            self.show_message(banner_text(outcome), outcome.won)
        else:
            self.hide()
