"""The playtest session: one game of a scenario snapshot, its undo history and the
replay being stepped through.  No widgets here: the window and the tests drive it
through :meth:`PlaytestSession.apply`, :meth:`undo`, :meth:`redo` and :meth:`start`.

Undo keeps the :class:`GameState` before every action (``state.clone()`` per step:
the island is shared between clones, so a step costs a few lists).  Undone actions
go onto a redo list; applying the same action again takes it from there, applying
a different one drops it.  Opening a replay starts its game and puts every action
on the redo list, so stepping through a replay is redo and undo.

The session holds a frozen :class:`Scenario` (the studio passes its document's
scenario, unsaved edits included); nothing here can reach the document.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from engine import GameState, IllegalAction, Replay, new_game
from engine.model.catalog import Catalog, default_catalog
from engine.model.layout import LayoutError
from engine.model.scenario import Scenario
from engine.play.actions import Action, PlaceFire, PlacePathway
from engine.play.island import UnsupportedScenario
from engine.play.replay_versions import CHANGED_REPLAY, outcome_mismatch
from engine.play.variants import VARIANTS, get_variant

SEED_LIMIT = 1_000_000  # random seeds stay short enough to read out and type back


def random_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


def default_variant(players: int) -> str:
    """The official game for the player count: the solo rules alone, standard else."""
    return "solo" if players == 1 else "standard"


def variants_for(players: int) -> list[str]:
    """Registered variants that allow ``players``, the default first."""
    first = default_variant(players)
    others = sorted(name for name, rules in VARIANTS.items() if players in rules.players and name != first)
    return [first, *others]


@dataclass(frozen=True)
class Settings:
    seed: int
    players: int = 1
    variant: str = "solo"


class PlaytestSession(QObject):
    """A game in progress.  ``changed`` fires after every start, action, undo and
    redo; ``state`` is None only when the scenario cannot be set up (``error``)."""

    changed = Signal()

    def __init__(self, scenario: Scenario, catalog: Catalog | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.catalog = catalog or default_catalog()
        self.settings = Settings(random_seed(), *self._first_players(scenario))
        self.state: GameState | None = None
        self.error = ""
        self._undo: list[GameState] = []
        self._redo: list[Action] = []  # next action last
        self.replay_source = ""  # file name of an opened replay, for the title

    @staticmethod
    def _first_players(scenario: Scenario) -> tuple[int, str]:
        players = min(scenario.rules.players, default=1)
        return players, default_variant(players)

    def allowed_players(self) -> list[int]:
        """Player counts the scenario allows (1-4)."""
        return [p for p in sorted(self.scenario.rules.players) if 1 <= p <= 4] or [1]

    # --- starting -------------------------------------------------------------------
    def start(self, seed: int | None = None, players: int | None = None, variant: str | None = None) -> None:
        """A new game; arguments left out keep the current settings.  A player count
        that the variant does not allow switches to that count's default variant."""
        s = self.settings
        players = s.players if players is None else players
        variant = variant or (s.variant if players == s.players else default_variant(players))
        if players not in get_variant(variant).players:
            variant = default_variant(players)
        self.settings = Settings(s.seed if seed is None else seed, players, variant)
        self.replay_source = ""
        self._begin()
        self.changed.emit()

    def restart(self) -> None:
        """The same game again from the start (same seed, players and rules)."""
        self.start()

    def new_seed(self) -> None:
        self.start(seed=random_seed())

    def _begin(self) -> None:
        s = self.settings
        self._undo.clear()
        self._redo.clear()
        name = self.scenario.name or self.scenario.id
        if not self.scenario.boards:
            self.state = None
            self.error = f"Scenario '{name}' cannot be played: it has no island boards; add at least one board."
            return
        try:
            self.state = new_game(
                self.scenario, seed=s.seed, players=s.players, variant=s.variant, catalog=self.catalog
            )
            self.error = ""
        except (LayoutError, UnsupportedScenario, ValueError, KeyError) as exc:
            self.state = None
            why = str(exc.args[0] if exc.args else exc)
            why = re.sub(r"^scenario '[^']*' cannot be played yet: ", "", why)  # said once, with its name
            self.error = f"Scenario '{name}' cannot be played: {why}"

    def load_replay(self, record: Replay, source: str = "") -> None:
        """Start the replay's game (its own scenario, seed, players and rules) with
        every action waiting on the redo list.  Raises ValueError, keeping the game
        that was running, when the replay cannot start, an action does not fit, or it
        was saved under other rules and cannot mean the same game now (a replay saved
        before rules versions were recorded gains the solo refills the engine then made
        by itself: :mod:`engine.play.replay_versions`)."""
        kept = (self.scenario, self.settings, self.state, self.error, list(self._undo), list(self._redo))
        try:  # another rules version: as these rules record it, or refused (ReplayVersionError, a ValueError)
            record = record.migrated(self.catalog)
        except KeyError as exc:  # an unknown variant
            raise ValueError(exc.args[0] if exc.args else str(exc)) from None
        self.scenario = record.scenario
        self.settings = Settings(record.seed, record.players, record.variant)
        self._begin()
        try:
            if self.state is None:
                raise ValueError(self.error)
            check = self.state.clone()
            for n, action in enumerate(record.actions, 1):
                try:
                    check.apply(action)
                except IllegalAction as exc:
                    raise ValueError(f"action {n} ('{action}') does not fit the game: {reason_text(exc)}") from None
            mismatch = outcome_mismatch(record.recorded, check)
            if mismatch is not None:
                raise ValueError(f"The replay {mismatch}: {CHANGED_REPLAY}.")
        except ValueError:
            self.scenario, self.settings, self.state, self.error, self._undo, self._redo = kept
            raise
        self._redo = list(reversed(record.actions))
        self.replay_source = source
        self.changed.emit()

    # --- playing --------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply one action; raises :class:`IllegalAction` (nothing changes) if the
        rules refuse it."""
        if self.state is None:
            raise IllegalAction("no-game", self.error or "no game is running; start one")
        before = self.state.clone()
        self.state.apply(action)
        self._undo.append(before)
        if self._redo and self._redo[-1] == action:
            self._redo.pop()
        else:
            self._redo.clear()
        self.changed.emit()

    def refusal(self, action: Action) -> str:
        """Why the rules refuse ``action`` now ("" when it is legal).  Placements are
        judged by the placement rules alone, so a card may be previewed before its
        turn; the message is the engine's."""
        state = self.state
        if state is None:
            return self.error
        if isinstance(action, (PlacePathway, PlaceFire)):
            error = state.placement_error(action)
            if error is not None:
                return reason_text(error)
        refused = state.action_error(action)  # what GameState.apply checks, without applying
        return "" if refused is None else reason_text(refused)

    def loss_warning(self, action: Action) -> str:
        """What a legal placement would lose the game by, in a player's words ("this
        cuts off the green cat"), or "" when the game goes on.  The engine tells: the
        action is played on a copy of the game, whose cut-off analysis ends it."""
        state = self.state
        if state is None or not isinstance(action, PlaceFire) or state.is_terminal():
            return ""
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            return ""
        outcome = trial.outcome()
        if outcome is None or outcome.won:
            return ""
        if outcome.cat:  # a cut-off loss names its cat
            return f"this cuts off the {outcome.cat} cat and the game is lost"
        return f"this loses the game ({outcome.message})"

    # --- history --------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo) and self.state is not None

    def undo(self) -> None:
        if not self._undo or self.state is None:
            return
        self._redo.append(self.state.history[-1])
        self.state = self._undo.pop()
        self.changed.emit()

    def redo(self) -> None:
        """The next action of the replay (or the last one undone)."""
        if self.can_redo():
            self.apply(self._redo[-1])

    def steps(self) -> tuple[int, int]:
        """(actions played, actions played + actions waiting to be redone)."""
        done = len(self.state.history) if self.state is not None else 0
        return done, done + len(self._redo)

    def replay(self) -> Replay:
        """The game so far as a replay (seed, settings and every action)."""
        if self.state is None:
            raise ValueError(self.error or "no game is running")
        return Replay.of(self.state)


def reason_text(exc: IllegalAction) -> str:
    """The engine's message without its code ("would cover fire; ...")."""
    return exc.message


__all__ = ["PlaytestSession", "Settings", "default_variant", "random_seed", "reason_text", "variants_for"]
