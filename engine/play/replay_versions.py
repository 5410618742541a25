"""Replays across rules versions: an old replay is played as it was meant, or refused.

A replay records the rules version it was played under (``rules_version``, replay
format 2; :data:`engine.play.version.RULES_VERSION`).  The same seed and actions mean
the same game only under the same rules, so a replay of another version is read here:

* **Saved before versions were recorded** (replay format 1, no ``rules_version``).  Until
  2026-11-23 (commit 83047bb) the engine refilled a solo hand from the face-down cards by
  itself, in draw order; now the player picks each card (``refill P I``, phase
  ``refill``), so an old solo replay stopped at its first refill ("needs the play
  phase").  Its actions still mean the same game with the refill the old engine made
  written out: ``refill P 0`` wherever the game waits for a refill and the replay goes on
  with another action (or ends).  Whatever else changed since cannot be known from the
  file, so an action the rules now refuse, or a recorded outcome the game no longer
  reaches, refuses the replay naming both versions.
* **Rules versions 1 .. RULES_VERSION - 1**: :data:`SAME_ACTIONS` says which versions'
  action lists mean the same game now (each bump's note says why); the outcome, when
  recorded, is still compared.  Any other version is refused, naming both.
* **A newer version** than this Raftwright plays is refused: it may hold actions these
  rules read otherwise.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from engine.play.actions import Action, Refill, parse_action
from engine.play.outcome import IllegalAction
from engine.play.phases import REFILL
from engine.play.state import GameState
from engine.play.version import RULES_VERSION

# What each rules version changed, and whether a replay saved under it means the same game now.
HISTORY: dict[int, str] = {
    1: "versions first recorded (2026-11-26)",
    2: "a move onto the raft through Kickstarter tokens is legal within the advanced limit (issue 27): "
    "moves only added, so version 1 replays mean the same game",
}
SAME_ACTIONS = frozenset({1})  # versions whose action lists mean the same game under RULES_VERSION
#: what to say of a replay whose recorded outcome its actions do not reach under the same rules
CHANGED_REPLAY = (
    "the file was changed after it was saved (or saved by a Raftwright whose rules differ without saying so), "
    "so it is not shown as a different game; record the game again"
)
OLD_REFILL = "the engine refilled a solo hand in draw order before the refill became a choice (2026-11-23)"


class ReplayVersionError(ValueError):
    """A replay of another rules version that cannot be played as the game it records."""


def version_text(version: int | None) -> str:
    if version is None:
        return "no rules version (saved before Raftwright recorded one)"
    return f"rules version {version}"


def _refuse(version: int | None, why: str) -> ReplayVersionError:
    return ReplayVersionError(
        f"the replay was saved under {version_text(version)} and this Raftwright plays rules version "
        f"{RULES_VERSION}: {why}; it is not replayed as a different game. Record the game again"
    )


def check_version(version: int | None) -> None:
    """Refuse a version no migration reads (newer than these rules, or unknown)."""
    if version is None or version == RULES_VERSION or version in SAME_ACTIONS:
        return
    if version > RULES_VERSION:
        raise _refuse(version, f"open it with a Raftwright that plays rules version {version} or later")
    raise _refuse(version, "its actions may mean another game under these rules")


def outcome_text(outcome: Mapping[str, Any] | None) -> str:
    """ "a win (all-cats-on-raft)", or "no end" for a game not finished."""
    return "no end" if outcome is None else f"a {outcome.get('result')} ({outcome.get('reason')})"


def outcome_mismatch(recorded: Mapping[str, Any] | None, state: GameState) -> str | None:
    """How the outcome a replay file records differs from the one its game reaches
    (None: the same, or nothing recorded), as "records a win (...) but replays to a
    loss (...)" without its subject.  Result and reason are compared; messages and scores are words."""
    if recorded is None:
        return None
    reached = state.outcome()
    now = None if reached is None else reached.to_dict()
    if outcome_key(now) == outcome_key(recorded):
        return None
    return f"records {outcome_text(recorded)} but replays to {outcome_text(now)}"


def outcome_key(outcome: Mapping[str, Any] | None) -> tuple[Any, Any] | None:
    """What two outcomes must share to be the same end of a game: result and reason."""
    return None if outcome is None else (outcome.get("result"), outcome.get("reason"))


def _old_refills(state: GameState) -> list[Action]:
    """The refills the engine made by itself before 83047bb: the first face-down card."""
    made: list[Action] = []
    while state.phase == REFILL and not state.is_terminal():
        player = next(p for p in range(state.players) if state.needs_refill(p))
        action = Refill(player, 0)
        state.apply(action)
        made.append(action)
    return made


def play_actions(
    state: GameState,
    actions: Iterable[Action | str],
    version: int | None = RULES_VERSION,
    recorded: dict[str, Any] | None = None,
) -> tuple[Action, ...]:
    """Apply a replay's ``actions`` to ``state`` (its new game) as these rules read a
    replay saved under ``version``; returns the actions as this version records them
    (an unversioned solo replay gains its refills).  At the current version an illegal
    action raises :class:`IllegalAction` as ever; at another one, or when the recorded
    outcome (``result`` and ``reason``) is not the one reached, :class:`ReplayVersionError`
    naming both versions."""
    check_version(version)
    fill = version is None
    out: list[Action] = []
    for n, item in enumerate(actions, 1):
        action = parse_action(item) if isinstance(item, str) else item
        if fill and not isinstance(action, Refill):
            out += _old_refills(state)
        try:
            state.apply(action)
        except IllegalAction as exc:
            if version == RULES_VERSION:  # which action of the file, in the words the studio uses
                raise IllegalAction(exc.code, f"action {n} ('{action}') does not fit the game: {exc.message}") from None
            raise _refuse(version, f"its action {n} ('{action}') cannot be played under these rules ({exc})") from None
        out.append(action)
    if fill:
        out += _old_refills(state)
    mismatch = outcome_mismatch(recorded, state) if version != RULES_VERSION else None
    if mismatch is not None:
        raise _refuse(version, f"it {mismatch}")
    return tuple(out)


__all__ = [
    "CHANGED_REPLAY", "HISTORY", "OLD_REFILL", "SAME_ACTIONS", "ReplayVersionError", "check_version", "outcome_key",
    "outcome_mismatch", "outcome_text", "play_actions", "version_text",
]  # fmt: skip
