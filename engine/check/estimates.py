"""Is a scenario's stored difficulty estimate still about this scenario and this bot?

An estimate records the layout it was made on (:func:`engine.model.fingerprint.layout_fingerprint`)
and the rules-and-bot fingerprint that played it (:func:`engine.bots.version.fingerprint`).
When either no longer matches, or the estimate predates those records, ``validate``
warns ``estimate-stale``: its win rate and paws may be another scenario's or another
bot's.  ``pack build`` refuses such an estimate (unless told to re-estimate or drop it).
"""

from __future__ import annotations

from engine.bots.version import fingerprint
from engine.check.issues import WARNING, Issue, Where
from engine.model.fingerprint import layout_fingerprint
from engine.model.scenario import DifficultyEstimate, Scenario

FIX = "estimate again and store it (the Difficulty dock's Store, or raftwright difficulty FILE --store)"


def stale_reasons(scenario: Scenario, stored: DifficultyEstimate | None = None) -> list[str]:
    """Why the scenario's stored estimate (or ``stored``) is stale; empty when it is
    current or there is none."""
    e = stored if stored is not None else scenario.difficulty_estimate
    if e is None:
        return []
    if e.layout is None or e.fingerprint is None:
        return ["it predates the layout and bot records (made by Raftwright " + e.engine_version + ")"]
    reasons = []
    if e.layout != layout_fingerprint(scenario):
        reasons.append("the layout changed since it was made")
    current = fingerprint()
    if e.fingerprint != current:
        reasons.append(f"it was made by {e.fingerprint}, the engine is now {current}")
    return reasons


def estimate_issues(scenario: Scenario) -> list[Issue]:
    """An ``estimate-stale`` warning when the stored estimate no longer matches."""
    reasons = stale_reasons(scenario)
    if not reasons:
        return []
    e = scenario.difficulty_estimate
    assert e is not None
    made = f"{e.win_rate:.1%} won over {e.games} {e.bot} games"
    return [
        Issue("estimate-stale", WARNING, f"the stored difficulty estimate ({made}) is stale: {'; '.join(reasons)}; "
              f"{FIX}", Where("/difficulty_estimate"))
    ]  # fmt: skip


def is_stale(scenario: Scenario) -> bool:
    return bool(stale_reasons(scenario))


__all__ = ["estimate_issues", "is_stale", "stale_reasons"]
