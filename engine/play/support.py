"""What the engine plays, and the refusal of everything it does not play yet.

A scenario may ask for rules the engine does not model yet (the advanced game, the
disaster deck, treasure-map objectives, Kickstarter tokens, hybrid fire tiles).
Playing it as a standard game would report wrong results: an advanced game with no
move limit, a "win" with no map collected.  (Arrival order, arriving together and
"close to" are played: :mod:`engine.play.objectives`.)  So :func:`new_game
<engine.play.game.new_game>` refuses such a scenario with :class:`UnsupportedScenario`
naming every rule it needs, and ``raftwright validate`` warns that it cannot be
playtested yet (``not-playable-yet``).  Each entry below goes away when its rule is
played.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.scenario import KICKSTARTER_TOKENS, Scenario
from engine.play.island import UnsupportedScenario


@dataclass(frozen=True)
class UnplayedRule:
    """A rule a scenario needs that the engine does not play yet."""

    rule: str  # the rule's name, as the sources name it
    source: str  # where the rule is written
    needed_by: str  # what in the scenario asks for it
    path: str = ""  # the JSON pointer of the element that asks for it

    def describe(self) -> str:
        return f"{self.rule} ({self.source}), needed by {self.needed_by}"


def unplayed_rules(scenario: Scenario) -> list[UnplayedRule]:
    """Every rule ``scenario`` needs that the engine does not play yet (empty when it
    plays the whole scenario)."""
    found: list[UnplayedRule] = []
    if scenario.mode == "advanced":
        found.append(UnplayedRule("the advanced game", "rulebook, 'Advanced rules'", "mode 'advanced'", "/mode"))
    elif scenario.mode == "expert":
        found.append(UnplayedRule("expert mode", "Kickstarter pack, 'Expert mode'", "mode 'expert'", "/mode"))
    if scenario.rules.disaster_deck:
        found.append(UnplayedRule("the disaster deck", "rulebook, 'Advanced rules'", "the rule option disaster_deck",
                                  "/rules/disaster_deck"))  # fmt: skip
    if scenario.rules.hybrid_fire_tiles:
        found.append(UnplayedRule("hybrid fire tiles", "Kickstarter pack, 'Hybrid fire tiles'",
                                  "the rule option hybrid_fire_tiles", "/rules/hybrid_fire_tiles"))  # fmt: skip
    for i, objective in enumerate(scenario.objectives):
        if objective.kind == "collect_maps":  # arrival order, together, close to: engine.play.objectives
            found.append(UnplayedRule("treasure maps", "Kickstarter pack, 'New tokens'",
                                      f"the objective '{objective.describe()}'", f"/objectives/{i}"))  # fmt: skip
    for i, token in enumerate(scenario.tokens):
        if token.kind in KICKSTARTER_TOKENS:  # objective tokens are reminders of the objectives
            found.append(UnplayedRule("Kickstarter tokens", "Kickstarter pack, 'New tokens'",
                                      f"a {token.kind} token", f"/tokens/{i}"))  # fmt: skip
    return found


def check_playable(scenario: Scenario) -> None:
    """Raise :class:`UnsupportedScenario` naming every rule ``scenario`` needs that the
    engine does not play yet."""
    missing = unplayed_rules(scenario)
    if missing:
        rules = "; ".join(m.describe() for m in missing)
        raise UnsupportedScenario(
            f"scenario '{scenario.id}' cannot be played yet: the engine does not play {rules}. "
            "Remove them to playtest the rest of the layout, or wait for a Raftwright release that plays them"
        )


__all__ = ["UnplayedRule", "UnsupportedScenario", "check_playable", "unplayed_rules"]
