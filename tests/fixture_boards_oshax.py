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


def catalog_doc(**extra: Any) -> dict[str, Any]:
    """A catalog document holding the fixture components (plus ``extra`` lists)."""
    doc: dict[str, Any] = {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "fixture-ksa",
        "name": "Fixture special boards, Oshax and rescue friends (tests only)",
        "island_boards": special_boards(),
    }
    doc.update(extra)
    return doc


def fixture_catalog(**extra: Any) -> Catalog:
    """The bundled catalogs plus the fixture components."""
    return bundled_catalog().merged(catalog_from_dict(catalog_doc(**extra)))


def write_catalog(folder: Path, **extra: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fixture-ksa.components.json"
    path.write_text(json.dumps(catalog_doc(**extra)), encoding="utf-8")
    return path
