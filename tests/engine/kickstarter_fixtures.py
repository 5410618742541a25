"""Test helpers for the Kickstarter rules: a game on a pictured island with Kickstarter
tokens, and a catalog with FIXTURE hybrid fire tiles.  The real hybrid tiles' shapes
and safe-spot colours are unknown (RULINGS C17): these are fixtures, never the product's
data."""

from __future__ import annotations

import random

from engine_pictures import picture_layout

from engine.model.catalog import Catalog, FireTile, default_catalog
from engine.model.geometry import Square
from engine.model.scenario import CardPlacement, Objective, RuleOptions, Scenario, TokenPlacement
from engine.play.island import Island
from engine.play.position import shuffled_decks
from engine.play.state import GameState
from engine.play.variants import get_variant

# A three-square bar: fire, a blue safe spot, fire.
FIXTURE_BAR = FireTile("fixture-hybrid-1", ((0, 0), (0, 1), (0, 2)), True, (((0, 1), "blue"),))
# A three-square bar with its safe spot (red) at one end.
FIXTURE_END = FireTile("fixture-hybrid-2", ((0, 0), (0, 1), (0, 2)), True, (((0, 0), "red"),))
FIXTURE_HYBRID = Catalog(ids=("fixture-hybrid",), name="Fixture hybrid tiles",
                         fire_tiles={t.id: t for t in (FIXTURE_BAR, FIXTURE_END)})  # fmt: skip


def hybrid_catalog() -> Catalog:
    """The default catalog plus the fixture hybrid tiles."""
    return default_catalog().merged(FIXTURE_HYBRID)


def token_state(
    picture: str,
    tokens: dict[Square, str],
    *,
    objectives: tuple[Objective, ...] = (),
    water: int = 0,
    hybrid: bool = False,
    variant: str = "solo",
    seed: int = 0,
    open_rafts: bool = False,
) -> GameState:
    """A new game (draw phase) on the pictured island (letters of
    :mod:`engine_pictures`) with Kickstarter ``tokens`` (square -> kind)."""
    layout, centres = picture_layout(picture)
    cards = tuple(CardPlacement("raft", (r - 1, c - 1), "A") for r, c in centres) if open_rafts else ()
    scenario = Scenario(
        id="kickstarter-picture", name="Kickstarter picture", cards=cards,
        tokens=tuple(TokenPlacement(kind, sq) for sq, kind in tokens.items()), objectives=objectives,
        rules=RuleOptions(water_tokens=water, hybrid_fire_tiles=hybrid),
    )  # fmt: skip
    catalog = hybrid_catalog() if hybrid else default_catalog()
    island = Island.from_layout(scenario, catalog, layout, hybrid=hybrid)
    rng = random.Random(seed)
    return GameState(island, get_variant(variant), seed=seed, rng=rng, decks=shuffled_decks(island, rng))
