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

from typing import Any, Iterable

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
            if version == RULES_VERSION:
                raise
            raise _refuse(version, f"its action {n} ('{action}') cannot be played under these rules ({exc})") from None
        out.append(action)
    if fill:
        out += _old_refills(state)
    if version != RULES_VERSION and recorded is not None:
        outcome = state.outcome()
        now = (outcome.result, outcome.reason) if outcome is not None else None
        then = (recorded.get("result"), recorded.get("reason"))
        if now != then:
            reached = f"a {now[0]} ({now[1]})" if now is not None else "no end"
            raise _refuse(version, f"it recorded a {then[0]} ({then[1]}) but replays to {reached}")
    return tuple(out)


__all__ = [
    "HISTORY", "OLD_REFILL", "SAME_ACTIONS", "ReplayVersionError", "check_version", "play_actions", "version_text",
]  # fmt: skip
