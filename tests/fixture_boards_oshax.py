"""FIXTURE components for the Kickstarter special boards, Oshax paths and rescue friends.

The real special board shapes, the cards carrying Oshax paths and the rescue-friend
location cards are unknown (RULINGS C17, OX-2, RF-2, §3), so tests use these made-up
components, named as fixtures.  None of them is the real card or board.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.model.catalog import Catalog, bundled_catalog, catalog_from_dict

# Shape 1: 7x9 with cut corners and "a single square of fire right in the middle" (S5).
SHAPE_1_PLAIN = [
    "..gbrog..",
    ".gbrogbr.",
    "gbrogbrog",
    "brogfrogb",
    "gbrogbrog",
    ".gbrogbr.",
    "..gbrog..",
]
SHAPE_1_FIRE = SHAPE_1_PLAIN
# Shape 2: an L, 6 rows by 9 columns without its north-east 3x3 corner; the fire face
# has a 3-square strip along its west edge.
SHAPE_2_PLAIN = [
    "gbrogb...",
    "brogbr...",
    "rogbro...",
    "ogbrogbro",
    "gbrogbrog",
    "brogbrogb",
]
SHAPE_2_FIRE = ["fff" + row[3:] for row in SHAPE_2_PLAIN]


def special_boards() -> list[dict[str, Any]]:
    return [
        {"id": "FX-S1a", "size": "special", "shape": "fixture-shape-1", "number": 1,
         "fire_face": SHAPE_1_FIRE, "plain_face": SHAPE_1_PLAIN},
        {"id": "FX-S2a", "size": "special", "shape": "fixture-shape-2", "number": 2, "fire_strip": "west",
         "fire_face": SHAPE_2_FIRE, "plain_face": SHAPE_2_PLAIN},
    ]  # fmt: skip


# Oshax: a location card with a white cat whose path leads east off the card, a raft
# with destinations reserved for white cats ('w'), and triangle-deck pathway cards
# carrying paths (a straight one, a corner, and one without a path).
WHITE_LOCATION = 90
WHITE_RAFT = "FXW"
PATH_CARDS = ("triangle:fx-straight", "triangle:fx-corner", "triangle:fx-plain")


def oshax_components() -> dict[str, Any]:
    location = {
        "number": WHITE_LOCATION,
        "grid": ["ggg", "bgg", "ggg"],
        "cats": [{"colour": "white", "square": [1, 1]}, {"colour": "blue", "square": [1, 0]}],
        "oshax": [{"square": [1, 1], "exits": "E"}, {"square": [1, 2], "exits": "EW"}],
    }
    raft = {"letter": WHITE_RAFT, "grid": ["*w*", "w#w", "*w*"]}
    cards = [
        {
            "id": "fx-straight",
            "grid": ["ggg", "ooo", "ggg"],
            "oshax": [{"square": [1, c], "exits": "EW"} for c in range(3)],
        },
        {
            "id": "fx-corner",
            "grid": ["ppp", "ppp", "ppp"],
            "oshax": [
                {"square": [1, 0], "exits": "EW"},
                {"square": [1, 1], "exits": "WS"},
                {"square": [2, 1], "exits": "NS"},
            ],
        },
        {"id": "fx-plain", "grid": ["rrr", "rrr", "rrr"]},
    ]
    return {"location_cards": [location], "raft_cards": [raft], "pathway_decks": [{"deck": "triangle", "cards": cards}],
            "box": {"location_cards": 2, "raft_cards": 1, "pathway_cards": 3}}  # fmt: skip


# Rescue friends: a red cat behind a strip of fire along the east sides of the card's
# west column, and a circle in its east column.
RESCUE_LOCATION = 91


def rescue_components() -> dict[str, Any]:
    return {"location_cards": [{
        "number": RESCUE_LOCATION, "grid": ["rrr", "rrr", "rrr"], "cats": [{"colour": "red", "square": [1, 0]}],
        "rescue": [{"colour": "red", "strip": [{"square": [r, 0], "side": "E"} for r in range(3)], "circle": [1, 2]}],
    }]}  # fmt: skip


def catalog_doc(**extra: Any) -> dict[str, Any]:
    """A catalog document holding the fixture components (plus ``extra`` lists)."""
    doc: dict[str, Any] = {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "fixture-ksa",
        "name": "Fixture special boards, Oshax and rescue friends (tests only)",
        "island_boards": special_boards(),
    }
    for key, value in extra.items():
        doc[key] = doc.get(key, []) + value if isinstance(value, list) else value
    return doc


def full_doc() -> dict[str, Any]:
    """Special boards, the Oshax components and the rescue card together."""
    oshax, rescue = oshax_components(), rescue_components()
    oshax["location_cards"] += rescue["location_cards"]
    return catalog_doc(**oshax)


def fixture_catalog(full: bool = False) -> Catalog:
    """The bundled catalogs plus the fixture components (``full``: all of them)."""
    return bundled_catalog().merged(catalog_from_dict(full_doc() if full else catalog_doc()))


def write_catalog(folder: Path, full: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fixture-ksa.components.json"
    path.write_text(json.dumps(full_doc() if full else catalog_doc()), encoding="utf-8")
    return path
