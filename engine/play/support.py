"""What the engine plays, and the refusal of everything it does not play yet.

A scenario may ask for components no catalog provides (disaster cards, hybrid fire
tiles), or, in a later release, for rules the engine does not model yet.  Playing it
as a standard game would report wrong results: an advanced game with no move limit.
(Expert mode is played: the advanced rules with the hybrid tiles in the bag.  Arrival order, arriving together, "close to" and treasure maps are
played: :mod:`engine.play.objectives`; Kickstarter tokens :mod:`engine.play.tokens`;
hybrid fire tiles :mod:`engine.play.hybrid`, but only with hybrid tiles in a catalog:
their shapes and colours are unknown (RULINGS C17); the advanced game and the
disaster deck too, :mod:`engine.play.disasters` and :mod:`engine.play.bonus`, but only
with disaster cards: their texts are unknown (RULINGS C15), so with no catalog that
defines any, a scenario that needs the deck is refused, saying to add one.)  So :func:`new_game
<engine.play.game.new_game>` refuses such a scenario with :class:`UnsupportedScenario`
naming every rule it needs, and ``raftwright validate`` warns that it cannot be
playtested yet (``not-playable-yet``).  Each entry below goes away when its rule is
played.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.catalog import Catalog
from engine.model.scenario import STUCK_DISCARD, STUCK_FORBID, STUCK_HAND_READINGS, STUCK_LOSS, Scenario
from engine.play.hybrid import wants_hybrid
from engine.play.island import UnsupportedScenario
from engine.play.objectives import OBJECTIVE_KINDS

PLAYED_STUCK_READINGS = (STUCK_LOSS, STUCK_DISCARD)  # LC-7 readings the engine plays


@dataclass(frozen=True)
class UnplayedRule:
    """A rule a scenario needs that the engine does not play yet."""

    rule: str  # the rule's name, as the sources name it
    source: str  # where the rule is written
    needed_by: str  # what in the scenario asks for it
    path: str = ""  # the JSON pointer of the element that asks for it
    fix: str = ""  # what makes it playable, when something can

    def describe(self) -> str:
        return f"{self.rule} ({self.source}), needed by {self.needed_by}"


NO_DISASTER_CARDS = (
    'add a catalog with disaster cards (a *.components.json with "disaster_cards" in the user '
    "catalogs folder or a pack; see the manual, 'Custom components', 'Disaster cards')"
)


NO_HYBRID_TILES = (
    'add hybrid fire tiles to a catalog (fire_tiles entries with "hybrid": true and "safe_spots" '
    "in a *.components.json in the user catalogs folder or a pack; see the manual, 'Custom components')"
)


def unplayed_rules(scenario: Scenario, catalog: Catalog | None = None) -> list[UnplayedRule]:
    """Every rule ``scenario`` needs that the engine does not play yet (empty when it
    plays the whole scenario).  With ``catalog`` (the components the game would use),
    an advanced game or the disaster-deck option with no disaster card in it is
    listed too: the engine plays the deck, but no card's text is known (C15)."""
    found: list[UnplayedRule] = []
    advanced = scenario.plays_advanced  # expert mode: the advanced rules plus hybrid tiles (KS-6)
    if catalog is not None and not catalog.disaster_cards and scenario.uses_disaster_deck:
        game = "expert mode" if scenario.plays_expert else "the advanced game"
        found.append(UnplayedRule(
            (game if advanced else "the disaster deck") + " without disaster cards",
            "rulebook, 'Advanced rules'; the cards' texts are unknown, RULINGS C15",
            f"mode '{scenario.mode}'" if advanced else "the rule option disaster_deck",
            "/mode" if advanced else "/rules/disaster_deck", NO_DISASTER_CARDS))  # fmt: skip
    if catalog is not None:
        found += _white_cats_without_paths(scenario, catalog)
    stuck = scenario.rules.stuck_hand
    if stuck not in PLAYED_STUCK_READINGS:
        why = ("whether an action leads there depends on fire tiles not drawn yet"
               if stuck == STUCK_FORBID else f"the readings are {', '.join(STUCK_HAND_READINGS)}")  # fmt: skip
        found.append(UnplayedRule(
            f"the stuck-hand reading {stuck!r}", f"RULINGS LC-7, an unknown; {why}", "the rule option stuck_hand",
            "/rules/stuck_hand", f"set stuck_hand to {' or '.join(repr(r) for r in PLAYED_STUCK_READINGS)}"))  # fmt: skip
    for i, objective in enumerate(scenario.objectives):
        if objective.kind not in OBJECTIVE_KINDS:  # a scenario built in Python: files are schema-checked
            found.append(UnplayedRule(
                f"objectives of the kind {objective.kind!r}",
                "the engine plays the objectives of the rulebook's 'Additional rules' and the Kickstarter pack: "
                + ", ".join(OBJECTIVE_KINDS), f"objective {i + 1}", f"/objectives/{i}",
                f"give objective {i + 1} one of the kinds {', '.join(OBJECTIVE_KINDS)}"))  # fmt: skip
    hybrid = [t for t in catalog.fire_tiles.values() if t.hybrid and t.safe_spots] if catalog is not None else [None]
    if wants_hybrid(scenario) and not hybrid:  # engine.play.hybrid plays them, with catalog data
        option = scenario.rules.hybrid_fire_tiles
        found.append(
            UnplayedRule(
                ("hybrid fire tiles" if option else "expert mode") + " without hybrid tiles",
                "Kickstarter pack, 'Hybrid fire tiles' and 'Expert scenarios'; their shapes and "
                "safe-spot colours are unknown, RULINGS C17",
                "the rule option hybrid_fire_tiles" if option else "mode 'expert'",
                "/rules/hybrid_fire_tiles" if option else "/mode",
                NO_HYBRID_TILES + (", or turn the hybrid fire tiles option off" if option else ""),
            )
        )
    return found


NO_OSHAX_PATHS = (
    'add Oshax path data ("oshax") to the pathway cards and to the white cat\'s location card in a '
    "catalog (the manual, 'Custom components', 'Oshax paths')"
)


def _white_cats_without_paths(scenario: Scenario, catalog: Catalog) -> list[UnplayedRule]:
    """White cats (the Oshax) walk only along Oshax paths (rulebook 'Additional rules'
    6), whose geometry is unknown (RULINGS OX-2): without path data in the catalogs a
    white cat could never move, so the scenario is refused, naming the missing data."""
    found: list[UnplayedRule] = []
    for i, card in scenario.cards_of("location"):
        printed = card.location_card(catalog)
        if printed is None:
            continue
        for cat in printed.cats:
            if cat.colour != "white":
                continue
            missing = []
            if not catalog.has_oshax_paths():
                missing.append("no pathway card in the catalogs carries an Oshax path")
            if not any(sq == cat.square for sq, _ in printed.oshax):
                missing.append(f"location card {printed.number} has no Oshax path on its white cat's square")
            if missing:
                found.append(UnplayedRule(
                    "Oshax paths without path data", "rulebook, 'Additional rules' 6; the paths are unknown, RULINGS OX-2",
                    f"the white cat of location card {printed.number} ({'; '.join(missing)})", f"/cards/{i}",
                    NO_OSHAX_PATHS))  # fmt: skip
    return found


def check_playable(scenario: Scenario, catalog: Catalog | None = None) -> None:
    """Raise :class:`UnsupportedScenario` naming every rule ``scenario`` needs that the
    engine does not play yet (with ``catalog``: or cannot play with those components).
    The last scenario and catalog found playable are kept by identity (both are frozen:
    an edited scenario is a new object), so an estimate's games ask once (issue 27 item 6)."""
    if _PLAYABLE[0] is scenario and _PLAYABLE[1] is catalog:
        return
    missing = unplayed_rules(scenario, catalog)
    if not missing:
        _PLAYABLE[:] = [scenario, catalog]
    else:
        rules = "; ".join(m.describe() for m in missing)
        fixes = "; ".join(dict.fromkeys(m.fix for m in missing if m.fix))
        default = "Remove them to playtest the rest of the layout, or wait for a Raftwright release that plays them"
        if fixes and all(m.fix for m in missing):
            fix = fixes[0].upper() + fixes[1:]
        else:
            fix = default + (f"; {fixes}" if fixes else "")
        why = f"the engine does not play {rules}. {fix}"
        raise UnsupportedScenario(f"scenario '{scenario.id}' cannot be played yet: {why}", why)


_PLAYABLE: list[Scenario | Catalog | None] = [None, None]  # the last scenario and catalog found playable

__all__ = [
    "NO_DISASTER_CARDS",
    "NO_HYBRID_TILES",
    "NO_OSHAX_PATHS",
    "UnplayedRule",
    "UnsupportedScenario",
    "check_playable",
    "unplayed_rules",
]
