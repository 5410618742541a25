"""Test helpers for the advanced game: FIXTURE disaster cards (the real cards' texts are
unknown, RULINGS C15, so every card here is a test fixture, never a real card) and
advanced positions built from island pictures (:mod:`engine_pictures`)."""

from __future__ import annotations

import random
from typing import Sequence

from engine_pictures import picture_layout

from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterCard, DisasterEffect
from engine.model.scenario import CardPlacement, Objective, RuleOptions, Scenario
from engine.play.island import Island
from engine.play.position import shuffled_decks
from engine.play.state import GameState
from engine.play.variants import get_variant

# The advanced tests' island: red at (1, 5) 5 squares from an any-colour raft square,
# blue at (2, 7) 3 squares from it, green at (3, 4) far from it and nearest the fire,
# which lies in the south-west corner for fire tiles to touch.
ADVANCED_ISLAND = """
rrrrrrrrrrwww
rrrrrRrrrrwow
bbbbbbbBbbwww
ggggGgggggggg
ffggggggggggg
ffggggggggggg
"""


def fixture_card(name: str, *effects: DisasterEffect) -> DisasterCard:
    return DisasterCard(f"fixture-disaster-{name}", tuple(effects), name=f"Fixture {name}")


def fixture_catalog(*cards: DisasterCard) -> Catalog:
    """The default catalog plus FIXTURE disaster cards."""
    extra = Catalog(ids=("fixture-disasters",), name="fixture disasters", disaster_cards={c.id: c for c in cards})
    return default_catalog().merged(extra)


def advanced_state(
    picture: str,
    cards: Sequence[DisasterCard] = (),
    *,
    variant: str = "standard",
    players: int = 1,
    objectives: tuple[Objective, ...] = (),
    water: int = 0,
    seed: int = 0,
    mode: str = "advanced",
) -> GameState:
    """A new advanced game (draw phase) on the pictured island; the disaster deck holds
    ``cards`` with the first one on top."""
    layout, _centres = picture_layout(picture)
    scenario = Scenario(id="picture-advanced", name="picture", mode=mode, rules=RuleOptions(water_tokens=water),
                        objectives=objectives, cards=tuple[CardPlacement, ...]())  # fmt: skip
    island = Island.from_layout(scenario, fixture_catalog(*cards), layout)
    rng = random.Random(seed)
    return GameState(island, get_variant(variant), players=players, seed=seed, rng=rng,
                     decks=shuffled_decks(island, rng), disaster_deck=[c.id for c in reversed(cards)])  # fmt: skip
