"""A designer's own campaign for the end-to-end pack tests (issue 25, "Done when").

Every custom component here is a FIXTURE made up for the tests: location card 20, the
special board FX-S2a (shape ``fixture-shape-2``, tests/fixture_boards_oshax.py), a hybrid
fire tile, an Oshax path card and two disaster cards.  The real special boards, hybrid
tiles, Oshax cards and disaster texts are unknown (RULINGS C15, C17, OX-2): none of
these is a real component.  The layouts start from the bundled Tutorial 1.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fixture_boards_oshax import SHAPE_2_PLAIN, special_boards

from engine.check.validate_files import open_scenario
from engine.model.formats import scenario_to_dict
from engine.model.resources import campaigns_dir
from engine.model.special_boards import outline_of
from engine.play.game import Replay, new_game

CUSTOM_LOCATION = "20"
SPECIAL_BOARD = "FX-S2a"
HYBRID_TILE = "FXH1"
PATH_CARD = "triangle:fx-path"
DISASTERS = ("fx-disaster-1", "fx-disaster-2")


def fixture_components() -> dict[str, Any]:
    """The designer's catalog (``catalogs/fixture-designer.components.json``)."""
    return {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "fixture-designer",
        "name": "FIXTURE components of a designer (tests only)",
        "island_boards": [b for b in special_boards() if b["id"] == SPECIAL_BOARD],
        "location_cards": [
            {
                "number": 20,
                "grid": ["ggp", "gpp", "ppp"],
                "cats": [{"colour": "purple", "square": [1, 1]}, {"colour": "green", "square": [0, 0]}],
            }
        ],
        "fire_tiles": [
            {
                "id": HYBRID_TILE,
                "cells": [[0, 0], [0, 1], [1, 1]],
                "hybrid": True,
                "safe_spots": [{"square": [0, 1], "terrain": "blue"}],
            }
        ],
        "pathway_decks": [
            {
                "deck": "triangle",
                "cards": [
                    {
                        "id": "fx-path",
                        "grid": ["ggg", "ooo", "ggg"],
                        "oshax": [{"square": [1, c], "exits": "EW"} for c in range(3)],
                    },  # fmt: skip
                ],
            }
        ],
        "disaster_cards": [
            {
                "id": DISASTERS[0],
                "name": "Fixture storm",
                "text": "A FIXTURE, not a real card: place 1 fire tile.",
                "effects": [{"effect": "fire", "count": 1}],
            },  # fmt: skip
            {"id": DISASTERS[1], "name": "Fixture gust", "effects": [{"effect": "exhaust", "cat": "nearest_fire"}]},
        ],
        "box": {"location_cards": 1, "fire_tiles": 1, "pathway_cards": 1, "disaster_cards": 2},
    }


def _tutorial_1() -> dict[str, Any]:
    return scenario_to_dict(open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"))


def scenarios() -> dict[str, dict[str, Any]]:
    """File name -> scenario document: a custom card with Kickstarter tokens, a
    special board, and an advanced game with the fixture disaster cards."""
    card = _tutorial_1()
    card.update(id="fx-1-custom-card", name="Fixture card twenty", campaign="fixture-campaign", difficulty=1)
    next(c for c in card["cards"] if c.get("card") == "5")["card"] = CUSTOM_LOCATION
    card["tokens"] = [{"kind": "water", "at": [5, 10]}, {"kind": "fish", "at": [7, 13]}, {"kind": "map", "at": [4, 14]}]
    special = _tutorial_1()
    special.update(id="fx-2-special-board", name="Fixture special board", campaign="fixture-campaign", difficulty=2)
    slot = next(b for b in special["boards"] if b["at"] == [9, 9])
    slot.clear()
    slot.update(
        size="special", face="plain", at=[9, 9], shape="fixture-shape-2", outline=list(outline_of(SHAPE_2_PLAIN))
    )
    advanced = _tutorial_1()
    advanced.update(id="fx-3-advanced", name="Fixture advanced", campaign="fixture-campaign", mode="advanced")
    advanced["rules"]["hybrid_fire_tiles"] = True
    return {
        "01-custom-card.scenario.json": card,
        "02-special-board.scenario.json": special,
        "03-advanced.scenario.json": advanced,
    }


def write_campaign(folder: Path, name: str = "Fixture campaign") -> Path:
    """The campaign folder (campaign.json and its scenarios); returns campaign.json."""
    folder.mkdir(parents=True, exist_ok=True)
    files = scenarios()
    for file, doc in files.items():
        (folder / file).write_text(json.dumps(doc, indent=1), encoding="utf-8")
    campaign = {
        "format": "raftwright.campaign",
        "format_version": 1,
        "id": "fixture-campaign",
        "name": name,
        "description": "A FIXTURE campaign made by the tests.",
        "author": "Fixture Designer",
        "scoring": {"points_per_win": 5, "water_token_penalty": 1},
        "unlocks": [],
        "scenarios": [{"file": f} for f in files],
    }
    path = folder / "campaign.json"
    path.write_text(json.dumps(campaign, indent=1), encoding="utf-8")
    return path


def record_game(scenario_path: Path, seed: int = 4) -> dict[str, Any]:
    """A finished game of a scenario (random legal moves, the default catalog), as a replay."""
    state = new_game(open_scenario(scenario_path), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return Replay.of(state).to_dict(state.outcome())


def write_designer_catalog(user_dir: Path) -> Path:
    folder = user_dir / "catalogs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fixture-designer.components.json"
    path.write_text(json.dumps(fixture_components()), encoding="utf-8")
    return path
