"""The Difficulty dock: Game > Estimate difficulty plays the open scenario many times
with a bot off the GUI thread (:mod:`editor.docks.difficulty_jobs`: progress and
cancel), with the CLI's settings (games, bot, players, variant, processes, a Dask
cluster), then shows the win rate with its interval, the loss causes as a bar chart,
a heat map drawn over the island on the canvas (where fire tiles landed, which squares
cats crossed, where cats were cut off: :mod:`editor.docks.difficulty_heat`, its legend
and scale in the dock), and the lost games with their cause, round and the cat cut
off: activating one (double-click or Enter) plays it again with the same bot and opens
it in the playtest at the moment it was lost (every action on the undo list).

"Winnable?" runs the full-information search (:mod:`engine.sim.oracle`: it sees the
deck, reserve and bag order, so it never feeds the estimate) over a few deals and says
"a win exists in X of N deals" beside the fair bot's win rate, or "no win found in N
deals within budget B"; "Show a winning line" opens the shortest line found in the
playtest.

The summary names the rules-and-bot fingerprint that played the games; a line under it
says whether the scenario's stored estimate is current or stale (made on another layout
or by another bot: :mod:`engine.check.estimates`).  "Store in scenario (and set paws)"
writes the estimate into the scenario's metadata and the suggested paws, as one undoable
edit; when the designer rated the scenario otherwise it asks first (replace the paws,
keep them, or cancel)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
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
from engine.model.fingerprint import layout_fingerprint
from engine.model.scenario import Scenario
from engine.play.game import Replay
from engine.play.variants import VARIANTS
from engine.sim.difficulty import DEFAULT_BOT, MAX_ACTIONS, PAWS_NOT_CALIBRATED, Estimate, stored
from engine.sim.oracle import DEFAULT_BUDGET, Winnable
from engine.sim.traced import game_replay

from .. import commands
from ..document import ScenarioDocument
from ..playtest.window import PlaytestWindow
from .difficulty_heat import HEAT_LAYERS, HeatItem, HeatLegend
from .difficulty_jobs import EstimateJob, EstimateSettings, SearchJob

SEED_ROLE = Qt.ItemDataRole.UserRole
DEFAULT_DEALS = 5
REPLACE_PAWS, KEEP_PAWS = "replace", "keep"


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


def lost_game_text(game: dict[str, object]) -> str:
    """One lost game as the list shows it: seed, round, cause and the cat cut off."""
    text = f"seed {game['seed']}: round {game['round']}, {game['reason']}"
    if game.get("cat"):
        square = game.get("square")
        where = f" on {square[0]},{square[1]}" if isinstance(square, list) else ""
        text += f" ({game['cat']} cat cut off{where})"
    return text


class DifficultyDock(QDockWidget):
    finished = Signal(object)  # the Estimate, or None when cancelled / refused
    searched = Signal(object)  # the Winnable, or None when cancelled / refused

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Difficulty", parent)
        self.setObjectName("difficultyDock")
        self.doc = doc
        self.job: EstimateJob | None = None
        self.search_job: SearchJob | None = None
        self.old_jobs: list[EstimateJob | SearchJob] = []  # kept until the next run: a thread may still be returning
        self.result: Estimate | None = None
        self.result_scenario: Scenario | None = None
        self.answer: Winnable | None = None
        self.answer_scenario: Scenario | None = None
        self.heat_item = HeatItem()  # the studio puts it in the canvas scene
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addLayout(self._settings_form())
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Estimate")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
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
        layout.addLayout(self._search_row())
        self.chart = LossChart()
        layout.addWidget(self.chart)
        heat_row = QHBoxLayout()
        heat_row.addWidget(QLabel("Heat map on the island:"))
        self.layer = QComboBox()
        self.layer.addItems([*HEAT_LAYERS, "Off"])
        heat_row.addWidget(self.layer, 1)
        layout.addLayout(heat_row)
        self.legend = HeatLegend()
        layout.addWidget(self.legend)
        layout.addWidget(QLabel("Lost games (double-click: open in the playtest where it was lost):"))
        self.lost = QListWidget()
        layout.addWidget(self.lost, 1)
        self.store_button = QPushButton("Store in scenario (and set paws)")
        self.store_button.setEnabled(False)
        layout.addWidget(self.store_button)
        self.setWidget(body)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.layer.currentTextChanged.connect(self._show_heat)
        self.store_button.clicked.connect(self.store)
        self.lost.itemActivated.connect(self._open_lost)
        self.search_button.clicked.connect(self.start_search)
        self.line_button.clicked.connect(self.show_winning_line)
        self.playtest: PlaytestWindow | None = None
        doc.changed.connect(self.show_stored)
        self.show_stored()

    def _settings_form(self) -> QFormLayout:
        form = QFormLayout()
        self.games = QSpinBox()
        self.games.setRange(10, 100_000)
        self.games.setValue(100)
        self.bot = QComboBox()
        self.bot.addItems(bot_names())
        self.bot.setCurrentText(DEFAULT_BOT)
        self.players = QSpinBox()
        self.players.setRange(1, 4)
        self.variant = QComboBox()
        self.variant.addItems(sorted(VARIANTS))
        self.variant.setCurrentText("solo")
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setToolTip("worker processes on this machine, or per cluster (as raftwright difficulty --jobs)")
        self.cluster = QLineEdit()
        self.cluster.setPlaceholderText("this machine; 'local' or tcp://HOST:8786 for Dask")
        row = QHBoxLayout()
        for label, w in (("Games", self.games), ("Bot", self.bot), ("Players", self.players)):
            row.addWidget(QLabel(label))
            row.addWidget(w)
        form.addRow(row)
        row2 = QHBoxLayout()
        for label, w2 in (("Variant", self.variant), ("Processes", self.jobs)):
            row2.addWidget(QLabel(label))
            row2.addWidget(w2)
        form.addRow(row2)
        form.addRow("Cluster", self.cluster)
        return form

    def _search_row(self) -> QVBoxLayout:
        row = QHBoxLayout()
        self.deals = QSpinBox()
        self.deals.setRange(1, 1000)
        self.deals.setValue(DEFAULT_DEALS)
        self.budget = QSpinBox()
        self.budget.setRange(10, 10_000_000)
        self.budget.setSingleStep(1000)
        self.budget.setValue(DEFAULT_BUDGET)
        self.budget.setToolTip("positions the full-information search may try per deal")
        self.search_button = QPushButton("Winnable?")
        self.search_button.setToolTip("search each deal for a winning line, seeing the deck, reserve and bag order "
                                      "(never used for the estimate)")  # fmt: skip
        self.line_button = QPushButton("Show a winning line")
        self.line_button.setEnabled(False)
        for w in (QLabel("Deals"), self.deals, QLabel("Budget"), self.budget, self.search_button, self.line_button):
            row.addWidget(w)
        self.verdict = QLabel("")
        self.verdict.setWordWrap(True)
        outer = QVBoxLayout()
        outer.addLayout(row)
        outer.addWidget(self.verdict)
        return outer

    def settings(self) -> EstimateSettings:
        return EstimateSettings(games=self.games.value(), bot=self.bot.currentText(), players=self.players.value(),
                                variant=self.variant.currentText(), jobs=self.jobs.value(),
                                cluster=self.cluster.text().strip())  # fmt: skip

    # --- running ---------------------------------------------------------------------
    def start(self) -> None:
        if self.job is not None:
            return
        self.show()
        self.raise_()
        scenario = self.doc.scenario
        settings = self.settings()
        self.job = EstimateJob(scenario, settings, self.doc.catalog)
        self.result_scenario = scenario
        self.progress.setRange(0, settings.games)
        self.progress.setValue(0)
        self.job.signals.progress.connect(self.progress.setValue)
        self.job.signals.done.connect(self._done)
        self.job.signals.failed.connect(self._failed)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        where = f" on the cluster {settings.cluster}" if settings.cluster else ""
        self.summary.setText(f"Playing {settings.games} games of {scenario.id}{where}...")
        QThreadPool.globalInstance().start(self.job)

    def cancel(self) -> None:
        for job in (self.job, self.search_job):
            if job is not None:
                job.cancel()

    def _finish(self) -> None:
        if self.job is not None:
            self.old_jobs = [*self.old_jobs[-4:], self.job]
        self.job = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(self.search_job is not None)

    def _failed(self, reason: str) -> None:
        self._finish()
        self.summary.setText("Estimate cancelled." if reason == "cancelled" else reason)
        self.finished.emit(None)

    def _done(self, e: Estimate) -> None:
        self._finish()
        self.result = e
        lo, hi = e.interval
        arrivals = ", ".join(f"{a['colour']} {a['arrived']}" for a in e.arrivals)
        paws = (f"suggested <b>{e.suggested_paws} paws</b>" if e.suggested_paws is not None
                else f"no paws suggested ({PAWS_NOT_CALIBRATED})")  # fmt: skip
        self.summary.setText(
            f"<b>{e.win_rate:.1%}</b> wins ({e.wins}/{e.games}), 95% interval {lo:.1%}-{hi:.1%}; "
            f"{paws}.<br>Rounds per game {e.expected_rounds:.1f}, actions median "
            f"{e.actions['median']:g}; most cut off: {e.most_cut_off or '-'}; arrivals: {arrivals}; "
            f"water spent {e.water_spent['total']:g}. Bot {e.bot}, {e.variant}, {e.players} player(s), "
            f"seeds {e.seed}-{e.seed + e.games - 1}; rules and bot {e.fingerprint}, Raftwright {e.engine_version}."
        )  # fmt: skip
        self.chart.set_estimate(e)
        self._show_heat()
        self.lost.clear()
        for game in e.lost_games:
            item = QListWidgetItem(lost_game_text(game))
            item.setData(SEED_ROLE, game["seed"])
            self.lost.addItem(item)
        self.store_button.setEnabled(True)
        self.store_button.setText(
            "Store in scenario (and set paws)" if e.suggested_paws is not None else "Store in scenario (no paws)"
        )
        self.finished.emit(e)

    def _show_heat(self) -> None:
        e = self.result
        layer = self.layer.currentText()
        if e is None or layer not in HEAT_LAYERS:
            self.heat_item.clear()
            self.legend.show_layer("", 0, 0)
            return
        counts = e.heat.get(HEAT_LAYERS[layer][0], {})
        self.heat_item.show_heat(counts, e.games)
        self.legend.show_layer(layer, e.games, max(counts.values(), default=0))

    # --- winnable or not -------------------------------------------------------------
    def start_search(self) -> None:
        if self.search_job is not None:
            return
        scenario = self.doc.scenario
        self.search_job = SearchJob(scenario, self.settings(), self.deals.value(), self.budget.value(),
                                    self.doc.catalog)  # fmt: skip
        self.answer_scenario = scenario
        self.search_job.signals.done.connect(self._searched)
        self.search_job.signals.failed.connect(self._search_failed)
        self.search_button.setEnabled(False)
        self.line_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.verdict.setText(f"Searching {self.deals.value()} deals with full information...")
        QThreadPool.globalInstance().start(self.search_job)

    def _search_over(self) -> None:
        if self.search_job is not None:
            self.old_jobs = [*self.old_jobs[-4:], self.search_job]
        self.search_job = None
        self.search_button.setEnabled(True)
        self.cancel_button.setEnabled(self.job is not None)

    def _search_failed(self, reason: str) -> None:
        self._search_over()
        self.verdict.setText("Search cancelled." if reason == "cancelled" else reason)
        self.searched.emit(None)

    def _searched(self, w: Winnable) -> None:
        self._search_over()
        self.answer = w
        fair = f"the {self.result.bot} bot wins {self.result.win_rate:.1%}; " if self.result is not None else ""
        best = w.shortest
        line = f" The shortest winning line: seed {best.seed}, {len(best.actions)} actions." if best else ""
        self.verdict.setText(f"Full information: <b>{w.sentence()}</b> ({fair}the search sees the deck, reserve "
                             f"and bag order; never used for the estimate).{line}")  # fmt: skip
        self.line_button.setEnabled(best is not None)
        self.searched.emit(w)

    def show_winning_line(self) -> PlaytestWindow | None:
        """The shortest winning line found, in the playtest at its end (every action
        can be stepped back)."""
        w, scenario = self.answer, self.answer_scenario
        if w is None or scenario is None or w.shortest is None:
            return None
        s = self.settings()
        record = w.replay_of(scenario, s.variant, s.players)
        assert record is not None
        return self._open(record, f"winning line, seed {record.seed}")

    # --- lost games ------------------------------------------------------------------
    def open_lost_game(self, seed: int) -> PlaytestWindow | None:
        """Play game ``seed`` of the estimate again and show it in a playtest window at
        the moment it was lost (its actions can be stepped back)."""
        e, scenario = self.result, self.result_scenario
        if e is None or scenario is None:
            return None
        record = game_replay(scenario, seed, variant=e.variant, players=e.players, bot=e.bot, max_actions=MAX_ACTIONS)
        return self._open(record, f"lost game, seed {seed}")

    def _open(self, record: Replay, source: str) -> PlaytestWindow:
        if self.playtest is not None and self.playtest.isVisible():
            self.playtest.close()
        window = PlaytestWindow(record.scenario, self.doc.catalog, self.window(), seed=record.seed,
                                players=record.players)  # fmt: skip
        window.session.load_replay(record, source)
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
        if e.suggested_paws is None:  # another bot, variant or player count: the estimate alone, paws untouched
            pass
        elif current is None or current == e.suggested_paws:
            fields["difficulty"] = e.suggested_paws
        else:
            answer = self.ask_paws(current, e.suggested_paws)
            if answer is None:
                return
            if answer == REPLACE_PAWS:
                fields["difficulty"] = e.suggested_paws
        commands.set_scenario_fields(self.doc, "Store difficulty estimate", **fields)


__all__ = ["DifficultyDock", "EstimateJob", "lost_game_text"]
