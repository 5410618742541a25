"""The Difficulty dock: Game > Estimate difficulty plays the open scenario many times
with a bot off the GUI thread (a :class:`QRunnable` on the global :class:`QThreadPool`,
progress and cancel), then shows the win rate with its interval, the loss causes as a
bar chart, heat maps over the island (where fire tiles landed, which squares cats
crossed, where cats were cut off, drawn with :mod:`editor.painting`), and some lost
games: activating one (double-click or Enter) plays it again with the same bot and
opens it in the playtest at the moment it was lost (every action on the undo list, so
the game can be stepped back).  The summary names the rules-and-bot fingerprint that
played the games; a line under it says whether the scenario's stored estimate is current
or stale (made on another layout or by another bot: :mod:`engine.check.estimates`).
"Store in scenario (and set paws)" writes the estimate into the scenario's metadata and
the suggested paws, as one undoable edit; when the designer rated the scenario otherwise
it asks first (replace the paws, keep them, or cancel)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.bots.bots import bot_names
from engine.check.estimates import stale_reasons
from engine.model.catalog import Catalog
from engine.model.fingerprint import layout_fingerprint
from engine.model.scenario import Scenario
from engine.sim.difficulty import DEFAULT_BOT, MAX_ACTIONS, Estimate, estimate, stored
from engine.sim.traced import game_replay

from .. import commands
from ..document import ScenarioDocument
from ..painting import SQUARE, fill_squares, paint_scenario
from ..playtest.window import PlaytestWindow

HEAT_LAYERS = {"Fire landed": "fire", "Cats crossed": "crossed", "Cats cut off": "cut_off"}
SEED_ROLE = Qt.ItemDataRole.UserRole
REPLACE_PAWS, KEEP_PAWS = "replace", "keep"


class Cancelled(Exception):
    """Raised from the progress callback to stop a running estimate."""


class _Signals(QObject):
    progress = Signal(int)
    done = Signal(object)
    failed = Signal(str)


class EstimateJob(QRunnable):
    """One estimate on a pool thread; ``cancel()`` stops it at the next batch of games."""

    def __init__(self, scenario: Scenario, games: int, bot: str, seed: int = 0) -> None:
        super().__init__()
        # Python owns the job: with the pool's auto-delete, Qt could free it while the
        # dock still held the wrapper (a crash when a cancelled job was let go)
        self.setAutoDelete(False)
        self.scenario, self.games, self.bot, self.seed = scenario, games, bot, seed
        self.signals = _Signals()
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def _progress(self, done: int) -> None:
        if self.cancelled:
            raise Cancelled
        self.signals.progress.emit(done)

    def run(self) -> None:
        try:
            result = estimate(self.scenario, games=self.games, bot=self.bot, seed=self.seed, progress=self._progress)
        except Cancelled:
            self.signals.failed.emit("cancelled")
        except ValueError as exc:  # the engine refuses the scenario, naming the rule
            self.signals.failed.emit(f"not playable yet: {exc}")
        else:
            self.signals.done.emit(result)


class LossChart(QWidget):
    """Horizontal bars: wins and each loss cause."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, int]] = []
        self.setMinimumHeight(90)

    def set_estimate(self, e: Estimate | None) -> None:
        self.rows = [] if e is None else [("win", e.wins), *e.losses.items()]
        self.setMinimumHeight(18 * max(len(self.rows), 1) + 8)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        total = max((n for _, n in self.rows), default=0) or 1
        width = self.width() - 150
        for i, (label, n) in enumerate(self.rows):
            y = 4 + 18 * i
            p.setPen(self.palette().text().color())
            p.drawText(QRectF(0, y, 110, 16), Qt.AlignmentFlag.AlignVCenter, label)
            p.fillRect(
                QRectF(112, y + 2, max(width * n / total, 1), 12), QColor("#3c9d5d" if label == "win" else "#d9534f")
            )
            p.drawText(QRectF(116 + width * n / total, y, 40, 16), Qt.AlignmentFlag.AlignVCenter, str(n))
        p.end()


class HeatMap(QWidget):
    """The island drawn with :func:`paint_scenario`, tinted by how often each square
    was hit in the chosen layer."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.scenario: Scenario | None = None
        self.counts: dict[str, int] = {}
        self.setMinimumSize(240, 200)

    def show_heat(self, scenario: Scenario, counts: dict[str, int]) -> None:
        self.scenario, self.counts = scenario, counts
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.scenario is None:
            return
        rows, cols = self.scenario.extent()
        if not rows or not cols:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = min(self.width() / (cols * SQUARE), self.height() / (rows * SQUARE))
        p.scale(scale, scale)
        paint_scenario(p, self.scenario, self.catalog)
        top = max(self.counts.values(), default=0) or 1
        for key, n in self.counts.items():
            r, c = (int(v) for v in key.split(","))
            fill_squares(p, [(r, c)], QColor(220, 30, 30, int(40 + 200 * n / top)))
        p.end()


class DifficultyDock(QDockWidget):
    finished = Signal(object)  # the Estimate, or None when cancelled / refused

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Difficulty", parent)
        self.setObjectName("difficultyDock")
        self.doc = doc
        self.job: EstimateJob | None = None
        self.last_job: EstimateJob | None = None
        self.result: Estimate | None = None
        self.result_scenario: Scenario | None = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        controls = QHBoxLayout()
        self.games = QSpinBox()
        self.games.setRange(10, 100_000)
        self.games.setValue(100)
        self.bot = QComboBox()
        self.bot.addItems(bot_names())
        self.bot.setCurrentText(DEFAULT_BOT)
        self.run_button = QPushButton("Estimate")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        for w in (QLabel("Games"), self.games, QLabel("Bot"), self.bot, self.run_button, self.cancel_button):
            controls.addWidget(w)
        layout.addLayout(controls)
        self.progress = QProgressBar()
        layout.addWidget(self.progress)
        self.summary = QLabel("Game > Estimate difficulty plays the scenario with a bot.")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        self.stored_status = QLabel()
        self.stored_status.setWordWrap(True)
        self.stored_status.setAccessibleName("Stored estimate")
        layout.addWidget(self.stored_status)
        self.chart = LossChart()
        layout.addWidget(self.chart)
        self.layer = QComboBox()
        self.layer.addItems(list(HEAT_LAYERS))
        layout.addWidget(self.layer)
        self.heat = HeatMap(doc.catalog)
        layout.addWidget(self.heat, 1)
        layout.addWidget(QLabel("Lost games (double-click: open in the playtest where it was lost):"))
        self.lost = QListWidget()
        self.lost.setMaximumHeight(70)
        layout.addWidget(self.lost)
        self.store_button = QPushButton("Store in scenario (and set paws)")
        self.store_button.setEnabled(False)
        layout.addWidget(self.store_button)
        self.setWidget(body)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.layer.currentTextChanged.connect(self._show_heat)
        self.store_button.clicked.connect(self.store)
        self.lost.itemActivated.connect(self._open_lost)
        self.playtest: PlaytestWindow | None = None
        doc.changed.connect(self.show_stored)
        self.show_stored()

    # --- running ---------------------------------------------------------------------
    def start(self) -> None:
        if self.job is not None:
            return
        self.show()
        self.raise_()
        scenario = self.doc.scenario
        self.job = EstimateJob(scenario, self.games.value(), self.bot.currentText())
        self.result_scenario = scenario
        self.progress.setRange(0, self.games.value())
        self.progress.setValue(0)
        self.job.signals.progress.connect(self.progress.setValue)
        self.job.signals.done.connect(self._done)
        self.job.signals.failed.connect(self._failed)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Playing {self.games.value()} games of {scenario.id}...")
        QThreadPool.globalInstance().start(self.job)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _finish(self) -> None:
        self.last_job = self.job  # kept until the next run: its thread may still be returning
        self.job = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _failed(self, reason: str) -> None:
        self._finish()
        self.summary.setText("Estimate cancelled." if reason == "cancelled" else reason)
        self.finished.emit(None)

    def _done(self, e: Estimate) -> None:
        self._finish()
        self.result = e
        lo, hi = e.interval
        rounds = f"{e.expected_rounds:.1f}"
        arrivals = ", ".join(f"{a['colour']} {a['arrived']}" for a in e.arrivals)
        self.summary.setText(
            f"<b>{e.win_rate:.1%}</b> wins ({e.wins}/{e.games}), 95% interval {lo:.1%}-{hi:.1%}; "
            f"suggested <b>{e.suggested_paws} paws</b>.<br>Rounds per game {rounds}, actions median "
            f"{e.actions['median']:g}; most cut off: {e.most_cut_off or '-'}; arrivals: {arrivals}; "
            f"water spent {e.water_spent['total']:g}. Bot {e.bot}, {e.variant}, seeds {e.seed}-{e.seed + e.games - 1}; "
            f"rules and bot {e.fingerprint}, Raftwright {e.engine_version}."
        )  # fmt: skip
        self.chart.set_estimate(e)
        self._show_heat()
        self.lost.clear()
        for seed in e.lost_seeds:
            item = QListWidgetItem(f"seed {seed}")
            item.setData(SEED_ROLE, seed)
            self.lost.addItem(item)
        self.store_button.setEnabled(True)
        self.finished.emit(e)

    def _show_heat(self) -> None:
        if self.result is not None and self.result_scenario is not None:
            self.heat.show_heat(self.result_scenario, self.result.heat.get(HEAT_LAYERS[self.layer.currentText()], {}))

    # --- lost games ------------------------------------------------------------------
    def open_lost_game(self, seed: int) -> PlaytestWindow | None:
        """Play game ``seed`` of the estimate again and show it in a playtest window at
        the moment it was lost (its actions can be stepped back)."""
        e, scenario = self.result, self.result_scenario
        if e is None or scenario is None:
            return None
        record = game_replay(scenario, seed, variant=e.variant, players=e.players, bot=e.bot, max_actions=MAX_ACTIONS)
        if self.playtest is not None and self.playtest.isVisible():
            self.playtest.close()
        window = PlaytestWindow(scenario, self.doc.catalog, self.window(), seed=seed, players=e.players)
        window.session.load_replay(record, f"lost game, seed {seed}")
        while window.session.can_redo():
            window.session.redo()
        window.show()
        self.playtest = window
        return window

    def _open_lost(self, item: QListWidgetItem) -> None:
        self.open_lost_game(int(item.data(SEED_ROLE)))

    # --- storing -----------------------------------------------------------------------
    def show_stored(self) -> None:
        """Say whether the scenario's stored estimate is current or stale."""
        scenario = self.doc.scenario
        e = scenario.difficulty_estimate
        if e is None:
            self.stored_status.setText("No estimate stored in the scenario.")
            return
        made = f"{e.win_rate:.1%} over {e.games} {e.bot} games ({e.fingerprint or 'rules and bot not recorded'})"
        reasons = stale_reasons(scenario)
        if reasons:
            self.stored_status.setText(f"<b>Stored estimate is stale</b>: {made}; {'; '.join(reasons)}. "
                                       "Estimate again and store it.")  # fmt: skip
        else:
            self.stored_status.setText(f"Stored estimate is current: {made}.")

    def ask_paws(self, current: int, suggested: int) -> str | None:
        """Replace the designer's paws with the suggestion? ``REPLACE_PAWS``,
        ``KEEP_PAWS`` or None (cancel)."""
        box = QMessageBox(QMessageBox.Icon.Question, "Store difficulty estimate",
                          f"You rated this scenario {current} paws; the estimate suggests {suggested}. "
                          "Replace your paws with the suggestion?", parent=self)  # fmt: skip
        replace_button = box.addButton(f"Set {suggested} paws", QMessageBox.ButtonRole.AcceptRole)
        keep_button = box.addButton(f"Keep {current} paws", QMessageBox.ButtonRole.RejectRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(keep_button)
        box.exec()
        clicked = box.clickedButton()
        return REPLACE_PAWS if clicked is replace_button else KEEP_PAWS if clicked is keep_button else None

    def store(self) -> None:
        """The estimate and the suggested paws into the scenario: one undoable edit.  An
        estimate of another layout (the scenario was edited since) is not stored; the
        designer's own paws are replaced only when they say so."""
        if self.result is None:
            return
        e = self.result
        scenario = self.doc.scenario
        if e.layout != layout_fingerprint(scenario):
            self.summary.setText("The layout changed since this estimate was made: estimate again before storing.")
            return
        fields: dict[str, object] = {"difficulty_estimate": stored(e)}
        current = scenario.difficulty
        if current is None or current == e.suggested_paws:
            fields["difficulty"] = e.suggested_paws
        else:
            answer = self.ask_paws(current, e.suggested_paws)
            if answer is None:
                return
            if answer == REPLACE_PAWS:
                fields["difficulty"] = e.suggested_paws
        commands.set_scenario_fields(self.doc, "Store difficulty estimate", **fields)


__all__ = ["DifficultyDock", "EstimateJob"]
