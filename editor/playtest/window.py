"""The playtest window: a game of a scenario snapshot, played with the mouse.

:class:`PlaytestPanel` lays the pieces out and turns their gestures into engine
actions applied through the :class:`PlaytestSession`; :class:`PlaytestWindow` adds
the declared actions (undo step, step forward, restart, new seed, save / open
replay, back to editing) as menus, toolbar and shortcuts.  The studio opens it with
F5 on its document's scenario; the scenario is a frozen value, so nothing played
here can change the document.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)  # fmt: skip

from editor.files import dialog_folder, remember_folder
from editor.messages import GrowingLabel, WrappingStatusBar, plain_text, rule_tooltip
from editor.playtest.wording import card_name, for_people
from editor.savenames import with_suffix
from engine import IllegalAction
from engine.model.catalog import Catalog
from engine.model.formats import FormatError
from engine.model.geometry import square_text
from engine.model.scenario import Scenario
from engine.play.actions import (
    Action,
    BonusDraw,
    BonusMove,
    BonusPass,
    DisasterDiscard,
    DisasterMove,
    DrawCard,
    EndRound,
    MoveCat,
    Refill,
    UseWater,
)  # fmt: skip
from engine.play.analysis import card_of
from engine.play.phases import BONUS, DISASTER
from engine.play.state import FIRE, PLAY, REFILL, GameState

from ..actions import ActionSpec, build_actions, build_menus, build_toolbar
from .board_view import BoardView
from .cards import DeckPicker, HandsPanel, drawing_player
from .panels import Banner, Counters, SetupBar
from .replays import REPLAY_FILTER, REPLAY_SUFFIX, read_replay, write_replay
from .session import PlaytestSession, reason_text
from .status import BonusBar, DisasterPanel, ObjectivesPanel, TokensPanel, choosing_discard
from .tokens_view import TokenPanel as KickstarterPanel
from .tokens_view import prompt as tokens_prompt

SIDE_WIDTH = 420  # pixels: four deck backs, or three cards and the face-down count


class PlaytestPanel(QWidget):
    """Settings on top, the island in the middle, counters, decks and hands beside it."""

    def __init__(self, scenario: Scenario, catalog: Catalog | None = None, parent: QWidget | None = None,
                 *, seed: int | None = None, players: int | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.session = session = PlaytestSession(scenario, catalog, self)
        self.setup = SetupBar(session)
        self.banner = Banner()
        self.board = BoardView(session)
        self.prompt = GrowingLabel(lines=2)
        self.prompt.setObjectName("playtest-prompt")
        self.hint = GrowingLabel(lines=2)
        self.hint.setObjectName("playtest-hint")
        self.hint.setStyleSheet("QLabel { color: #b3261e; font-weight: bold; }")
        self.counters = Counters()
        self.objectives = ObjectivesPanel()
        self.tokens = TokensPanel()
        self.kickstarter = KickstarterPanel()
        self.disaster = DisasterPanel()
        self.bonus = BonusBar()
        self.decks = DeckPicker(session.catalog)
        self.hands = HandsPanel()
        self.end_round = QPushButton("End round")
        self.end_round.setObjectName("end-round")
        self.use_water = QPushButton("Use water…")
        self.use_water.setObjectName("use-water")
        self.use_water.setToolTip("Spend a water token: then click a fire tile to return it to the bag")
        self._layout()
        self._name_for_assistive_tech()
        self._connect()
        session.start(seed=seed, players=players)

    def _name_for_assistive_tech(self) -> None:
        """Accessible names and descriptions for screen readers (issue 28 item 6)."""
        for widget, name, description in (
            (self.board, "Playtest island", "The island in play: click a cat, then a square to move it; "
             "drag a card or fire tile to place it"),
            (self.prompt, "What to do next", ""),
            (self.hint, "Why that move is refused", ""),
            (self.counters, "Counters", "Fire tiles left in the bag, cards left in the decks, the round"),
            (self.objectives, "Objectives", "The scenario's objectives and how they stand"),
            (self.decks, "Pathway decks", "Draw a pathway card from one of these decks"),
            (self.hands, "Hands", "Each player's cards"),
            (self.disaster, "Disaster cards", ""),
            (self.end_round, "End round", "Finish this round: fire tiles are drawn"),
            (self.use_water, "Use water", "Spend a water token to return a fire tile to the bag"),
        ):  # fmt: skip
            widget.setAccessibleName(name)
            if description:
                widget.setAccessibleDescription(description)

    def _layout(self) -> None:
        """The island's geometry does not follow what is said around it: the banner,
        the prompt and the hint keep their height whether shown or empty, so the square
        under the mouse stays put between steps; only a prompt or hint longer than its
        two lines grows (:class:`GrowingLabel`), to be read whole.  The side column has a fixed width:
        counters, decks and hands scroll (vertically only, and nothing in them is wider
        than the column), while the discard choice and the round's buttons sit below
        the scrolling part, always in sight."""
        centre = QVBoxLayout()
        centre.addWidget(self.banner)
        centre.addWidget(self.board, 1)
        centre.addWidget(self.prompt)
        centre.addWidget(self.hint)
        side = QWidget()
        side.setObjectName("playtest-side")
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.counters)
        column.addWidget(self.objectives)
        column.addWidget(self.tokens)
        column.addWidget(self.kickstarter)
        column.addWidget(self.disaster)
        column.addWidget(self.decks)
        column.addWidget(self.hands)
        column.addStretch(1)
        scroll = self.side_scroll = QScrollArea()
        scroll.setObjectName("playtest-side-scroll")
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QHBoxLayout()
        buttons.addWidget(self.use_water)
        buttons.addWidget(self.end_round)
        actions = QVBoxLayout()
        actions.addWidget(scroll, 1)
        actions.addWidget(self.hands.bar)
        actions.addWidget(self.bonus)
        actions.addLayout(buttons)
        right = QWidget()
        right.setObjectName("playtest-actions")
        right.setLayout(actions)
        right.setFixedWidth(SIDE_WIDTH)
        body = QHBoxLayout()
        body.addLayout(centre, 1)
        body.addWidget(right)
        outer = QVBoxLayout(self)
        outer.addWidget(self.setup)
        outer.addLayout(body, 1)

    def _connect(self) -> None:
        s = self.session
        s.changed.connect(self.refresh)
        self.setup.startRequested.connect(lambda seed, players, variant: s.start(seed, players, variant or None))
        self.setup.newSeedRequested.connect(s.new_seed)
        self.decks.drawRequested.connect(self._draw)
        self.hands.cardChosen.connect(self._arm)
        self.hands.discardsChosen.connect(self._move)
        self.hands.refillChosen.connect(lambda player, index: self.play(Refill(player, index)))
        self.hands.cancel.clicked.connect(self.cancel_gesture)
        self.board.placeRequested.connect(self.play)
        self.board.moveRequested.connect(self._ask_discards)
        self.board.waterRequested.connect(lambda tile: self.play(UseWater(tile)))
        self.board.hintChanged.connect(self._show_hint)
        self.board.hintChanged.connect(lambda _: self._show_prompt())
        self.board.gestureChanged.connect(self._show_gesture)
        self.end_round.clicked.connect(lambda: self.play(EndRound()))
        self.bonus.passRequested.connect(lambda: self.play(BonusPass()))
        self.tokens.markRequested.connect(self._mark_token)
        self.kickstarter.actionChosen.connect(self.play)
        self.use_water.clicked.connect(self.board.arm_water)

    # --- gestures -> actions ------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Apply an action; a refusal is shown under the island (nothing changes)."""
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self._show_hint(f"Refused: {reason_text(exc)}")
            return False
        return True

    def _show_hint(self, text: str) -> None:
        """A hint in plain words; the rule it comes from is in its tooltip."""
        self.hint.setText(for_people(plain_text(text)))
        self.hint.setToolTip(rule_tooltip(text) if text else "")

    def _draw(self, deck: str) -> None:
        state = self.session.state
        if state is not None and state.phase == BONUS and state.advanced.bonus is not None:  # the arrival bonus: 1 card
            self.play(BonusDraw(state.advanced.bonus.player, deck))
            return
        player = drawing_player(state)
        if player is not None:
            self.play(DrawCard(player, deck))

    def _mark_token(self, player: int, index: int, used: bool) -> None:
        """A reminder only: no action, nothing in the history (rulebook "Additional rules" 1)."""
        state = self.session.state
        if state is not None:
            state.mark_token(player, index, used)
            self.tokens.show_state(state)

    def _arm(self, player: int, key: str) -> None:
        if choosing_discard(self.session.state, player):  # a disaster card's discard (DP-3)
            self.play(DisasterDiscard(player, key))
            return
        if self.board.card == (player, key):
            self.board.cancel()
        else:
            self.board.arm_card(player, key)

    def _ask_discards(self, cat: int, to: tuple[int, int]) -> None:
        state = self.session.state
        assert state is not None
        if state.phase == BONUS and state.advanced.bonus is not None:  # the free move: no discard
            self.kickstarter.offer_ways(state, cat, to)  # Kickstarter tokens: the way with the fewest
            self.play(BonusMove(state.advanced.bonus.player, state.cat_square(cat), to, self.kickstarter.chosen_way()))
            return
        if state.phase == DISASTER and state.advanced.disaster is not None:  # the card's forced move
            at = state.cat_square(cat)  # Kickstarter tokens: the way with the fewest
            ways = [a for a in state.legal_actions() if isinstance(a, DisasterMove) and a.cat == at and a.to == to]
            self.play(
                min(ways, key=lambda a: len(a.collect))
                if ways
                else DisasterMove(state.advanced.disaster.player, at, to)
            )
            return
        need = state.rules.move_cost(state.exhausted[cat])
        colour = state.island.cat_colours[cat]
        tired = " (exhausted: 2 cards)" if state.exhausted[cat] else ""
        self.kickstarter.offer_ways(state, cat, to)  # Kickstarter tokens: the way the cat takes
        self.hands.begin_discard(need, f"Move the {colour} cat to {square_text(to)}{tired}")
        self._show_prompt()

    def _move(self, player: int, discards: tuple[str, ...]) -> None:
        state, cat, to = self.session.state, self.board.cat, self.board.destination
        if state is None or cat is None or to is None:
            return
        self.play(MoveCat(player, state.cat_square(cat), to, discards, self.kickstarter.chosen_way()))

    def cancel_gesture(self) -> None:
        self.hands.end_discard()
        self.kickstarter.end_way()
        self.board.cancel()

    # --- showing ------------------------------------------------------------------------
    def refresh(self) -> None:
        session, state = self.session, self.session.state
        self.hands.end_discard()
        self.setup.show_settings()
        self.banner.show_state(session)
        self.counters.show_state(state, session.steps(), bool(session.replay_source))
        self.objectives.show_state(state)
        self.tokens.show_state(state)
        self.kickstarter.show_state(state)
        self.disaster.show_state(state)
        self.bonus.show_state(state)
        self.decks.show_state(state)
        self.hands.show_state(state, self.board.card)
        playing = state is not None and state.phase == PLAY and not state.is_terminal()
        self.end_round.setEnabled(playing and not any(state.hands) and not any(state.reserve))  # type: ignore[union-attr]
        self.use_water.setEnabled(playing and state.water > 0 and bool(state.tiles_placed))  # type: ignore[union-attr]
        self.hint.clear()
        self._show_prompt()
        self._keep_choices_in_sight()

    def _keep_choices_in_sight(self) -> None:
        """What must be clicked now is scrolled into sight in the side column: the
        decks while a draw or the arrival bonus waits (the bonus bar takes room below),
        a face-down card while one is to be taken into the hand."""
        state = self.session.state
        if state is None or state.is_terminal():
            return
        targets: list[QWidget] = [b for b in self.hands.face_down if b.isEnabled()]
        if self.bonus.isVisible() or any(b.isEnabled() for b in self.decks.buttons.values()):
            targets = [self.decks]
        if targets:
            side = self.side_scroll.widget()
            column = side.layout() if side is not None else None
            if column is not None:
                column.activate()  # the hands were just rebuilt: place them first
            self.side_scroll.ensureWidgetVisible(targets[0], 0, 6)

    def _show_gesture(self) -> None:
        if self.hands.need and self.board.destination is None:  # the move was dropped
            self.hands.end_discard()
        for button in self.hands.cards:
            button.armed = self.board.card == (button.player, button.key)
            button.update()
        self._show_prompt()

    def _show_prompt(self) -> None:
        self.prompt.setText(prompt_text(self))


def prompt_text(panel: PlaytestPanel) -> str:
    """What the designer can do now, in a sentence."""
    state, board = panel.session.state, panel.board
    if state is None or state.is_terminal():
        return "The game is over: undo a step, restart, or try a new seed." if state is not None else ""
    if state.phase == "draw":
        return "Draw: pick a deck for each card (the backs show each deck's colour mix)."
    if state.phase == BONUS:
        if board.cat is not None:
            return f"Bonus move: click a highlighted square for the {state.island.cat_colours[board.cat]} cat (at most 5 squares)."
        return (
            "A cat arrived: take the free action (click a deck to draw 1 card, or a cat to move it) or press No bonus."
        )
    if state.phase == DISASTER and state.advanced.disaster is not None:
        line = disaster_line(state)
        if board.cat is not None:
            return f"Disaster: {line}. Click a highlighted square for the {state.island.cat_colours[board.cat]} cat."
        return f"Disaster: {line}. " + (
            "Click a card in the hand that discards." if "discard" in line else "Click the cat to move."
        )
    if state.phase == REFILL:
        return "Refill your hand: click a face-down card (you see only its back, its deck) to take it into your hand."
    if tokens_prompt(state) is not None:
        return tokens_prompt(state) or ""
    if state.phase == FIRE and state.pending is not None:
        cause = {"disaster": "the disaster pile reached its limit",
                 "fire-token": "a fire token"}.get(state.pending.cause, "a pathway was added")  # fmt: skip
        return (f"Place fire tile {state.pending.tile} ({cause}): R or the wheel turns it, F flips it; "
                "click where its centre may go (dotted squares).")  # fmt: skip
    if panel.hands.need:
        return panel.hands.choose.text() + ", then press Move cat."
    if board.card is not None:
        return (f"Add the {card_name(board.card[1])}: R or the wheel turns it; click where its centre may go "
                "(dotted squares). Esc or right-click puts it back.")  # fmt: skip
    if board.cat is not None:
        colour = state.island.cat_colours[board.cat]
        cost = state.rules.move_cost(state.exhausted[board.cat])
        limit = state.rules.move_limit(state)
        most = f", at most {limit} squares" if limit is not None else ""
        return f"Move the {colour} cat: click a highlighted square (costs {cost} card{'s' if cost > 1 else ''}{most})."
    if board.water:
        return "Use water: click a fire tile to return it to the bag."
    if not any(state.hands) and not any(state.reserve):
        return "Every card is played: end the round."
    return "Play a card: click a card in a hand to add a pathway, or click a cat to move it."


def disaster_line(state: GameState) -> str:
    """The disaster card's line waiting for a choice."""
    assert state.advanced.disaster is not None
    return card_of(state).effects[state.advanced.disaster.step].describe()


PLAYTEST_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("playtest.open_replay", "&Open replay…", "open_replay", ("Ctrl+O",), "&Game", toolbar=True),
    ActionSpec("playtest.save_replay", "&Save replay…", "save_replay", ("Ctrl+S",), "&Game", toolbar=True),
    ActionSpec(
        "playtest.undo",
        "&Undo step",
        "undo_step",
        ("Ctrl+Z",),
        "&Game",
        toolbar=True,
        tip="Take back the last action (step back through a replay)",
    ),  # fmt: skip
    ActionSpec(
        "playtest.redo",
        "Step &forward",
        "step_forward",
        ("Ctrl+Shift+Z", "Ctrl+Y"),
        "&Game",
        toolbar=True,
        tip="Redo the next action of the replay or of what was undone",
    ),  # fmt: skip
    ActionSpec("playtest.restart", "&Restart (same seed)", "restart", ("Ctrl+R",), "&Game", toolbar=True),
    ActionSpec("playtest.new_seed", "&New seed", "new_seed", ("Ctrl+N",), "&Game", toolbar=True),
    ActionSpec(
        "playtest.back",
        "&Back to editing",
        "close",
        ("Shift+F5", "Ctrl+W"),
        "&Game",
        toolbar=True,
        tip="Close the playtest; the scenario is unchanged",
    ),  # fmt: skip
)


class PlaytestWindow(QMainWindow):
    """A playtest of ``scenario``; ``backToEditing`` fires when it closes."""

    backToEditing = Signal()

    def __init__(self, scenario: Scenario, catalog: Catalog | None = None, parent: QWidget | None = None,
                 *, seed: int | None = None, players: int | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.panel = PlaytestPanel(scenario, catalog, self, seed=seed, players=players)
        self.session = self.panel.session
        self.setCentralWidget(self.panel)
        self.setStatusBar(WrappingStatusBar(self))
        self.actions_by_id = build_actions(self, self.panel.board, PLAYTEST_ACTIONS)
        build_menus(self.menuBar(), self.actions_by_id, PLAYTEST_ACTIONS)
        toolbar = self.addToolBar("Playtest")
        toolbar.setObjectName("playtest-toolbar")
        build_toolbar(toolbar, self.actions_by_id, PLAYTEST_ACTIONS)
        self.session.changed.connect(self._update_actions)
        self._update_actions()
        self.resize(1280, 800)

    def _update_actions(self) -> None:
        s = self.session
        a = self.actions_by_id
        a["playtest.undo"].setEnabled(s.can_undo())
        a["playtest.redo"].setEnabled(s.can_redo())
        a["playtest.save_replay"].setEnabled(s.state is not None)
        a["playtest.restart"].setEnabled(s.state is not None)
        seed = s.settings.seed
        source = f" — replay {s.replay_source}" if s.replay_source else ""
        self.setWindowTitle(f"Playtest: {s.scenario.name or s.scenario.id} (seed {seed}){source}")
        done, total = s.steps()
        self.statusBar().showMessage(
            f"{s.settings.players} player(s), {s.settings.variant} rules, seed {seed}, action {done} of {total}"
        )

    # --- declared actions ---------------------------------------------------------------
    def undo_step(self) -> None:
        self.panel.cancel_gesture()
        self.session.undo()

    def step_forward(self) -> None:
        self.panel.cancel_gesture()
        self.session.redo()

    def restart(self) -> None:
        self.session.restart()

    def new_seed(self) -> None:
        self.session.new_seed()

    def save_replay(self, path: str | None = None) -> bool:
        if self.session.state is None:
            return False
        if path is None:
            name = f"{self.session.scenario.id}-seed{self.session.settings.seed}{REPLAY_SUFFIX}"
            path, _ = QFileDialog.getSaveFileName(
                self, "Save replay", str(dialog_folder("replay") / name), REPLAY_FILTER
            )
            if not path:
                return False
            path = str(with_suffix(path, "replay"))  # "game" -> "game.replay.json": the Open filter shows it
            remember_folder("replay", path)
        try:
            write_replay(path, self.session.replay(), self.session.state.outcome())
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Save replay", str(exc))
            return False
        self.statusBar().showMessage(f"Replay saved to {path}", 5000)
        return True

    def open_replay(self, path: str | None = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open replay", str(dialog_folder("replay")), REPLAY_FILTER)
            if not path:
                return False
            remember_folder("replay", path)
        try:
            self.session.load_replay(read_replay(path), Path(path).name)
        except (FormatError, ValueError) as exc:
            QMessageBox.warning(self, "Open replay", str(exc))
            return False
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        self.backToEditing.emit()
        super().closeEvent(event)
