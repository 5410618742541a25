#!/usr/bin/env python3
"""Write the product catalogs under campaigns/catalogs/ from the facts in
../shared/reference/components.json (and RULINGS.md for box counts).

Run from the checkout: ``python tools/build_catalog.py [--check]``.  The output is
our own format (schema/components.schema.json); nothing from ../shared is copied.
``--check`` exits 1 when the committed catalog differs from a fresh conversion.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.model.formats import canonical_json  # noqa: E402
from engine.model.schema_ids import schema_url  # noqa: E402

SHARED = ROOT.parent / "shared" / "reference" / "components.json"
OUT = ROOT / "campaigns" / "catalogs"
DECK_NAMES = {"A": "circle", "B": "cross", "C": "square", "D": "triangle"}
COLOUR = {"b": "blue", "r": "red", "g": "green", "y": "orange", "p": "purple"}


def terrain(row: str) -> str:
    """Source letters to ours: yellow is orange ('o'); cats' squares keep their terrain."""
    return row.lower().replace("y", "o")


def raft_row(row: str) -> str:
    return "".join({"o": "#", "w": "*", "y": "o"}.get(ch, ch) for ch in row)


def base_game(src: dict) -> dict:
    boards = []
    for size, prefix in (("large", "L"), ("small", "S")):
        for b in src["island_boards"][size]["boards"]:
            boards.append(
                {
                    "id": f"{prefix}{b['board_number']}",
                    "size": size,
                    "number": b["board_number"],
                    "fire_face": [terrain(r) for r in b["fire_side"]],
                    "plain_face": [terrain(r) for r in b["no_fire_side"]],
                }
            )
    decks = [
        {
            "deck": DECK_NAMES[letter],
            "comp1110_letter": letter,
            "cards": [{"id": c["id"], "grid": [terrain(r) for r in c["grid"]]} for c in deck["cards"]],
        }
        for letter, deck in sorted(src["pathway_decks"].items())
    ]
    locations = [
        {
            "number": c["physical_number"],
            "comp1110_id": c["id"],
            "grid": [terrain(r) for r in c["grid"]],
            "cats": [{"colour": COLOUR[k["colour"]], "square": k["cell"]} for k in c["cats"]],
        }
        for c in src["cat_cards"]["cards"]
    ]
    rafts = [
        {"letter": c["physical_letter"], "comp1110_id": c["id"], "grid": [raft_row(r) for r in c["grid"]]}
        for c in src["raft_cards"]["cards"]
    ]
    tiles = [{"id": t["id"], "cells": t["cells"]} for t in src["fire_tiles"]["tiles"]]
    return {
        "$schema": schema_url("components", 1),
        "format": "raftwright.components",
        "format_version": 1,
        "id": "base-game",
        "name": "Race to the Raft (base game)",
        "provenance": (
            "Board, pathway, location, raft and fire-tile faces come from the ANU COMP1110 "
            "transcription (unofficial, medium confidence; RULINGS.md section 2). Box counts "
            "come from the rulebook's component list."
        ),
        "island_boards": boards,
        "pathway_decks": decks,
        "location_cards": locations,
        "raft_cards": rafts,
        "fire_tiles": tiles,
        "box": {
            "large_boards": 4,
            "small_boards": 4,
            "location_cards": 12,
            "raft_cards": 4,
            "fire_cards": 22,
            "fire_tiles": 31,
            "pathway_cards": 100,
            "cats_per_colour": 2,
            "objective_tokens": 12,
            "water_tokens": 3,
            "meow_tokens": 2,
            "talk_tokens": 2,
            "disaster_cards": 16,
        },
        "known_missing": [
            {
                "component": "location_card",
                "ids": ["2", "6", "8", "11", "12"],
                "why": "Not transcribed by any source; they hold the white cats and the rescue-friend strips (RULINGS C10).",
            },
            {
                "component": "disaster_card",
                "ids": [],
                "why": "The text of the 16 disaster cards is unknown (RULINGS C15).",
            },
            {
                "component": "oshax_paths",
                "ids": [],
                "why": "Which pathway cards carry Oshax paths, and their geometry, is unknown (RULINGS OX-2).",
            },
        ],
        "comp1110": {
            "location_card_ids": {str(c["id"]): c["physical_number"] for c in src["cat_cards"]["cards"]},
            "raft_card_ids": {str(c["id"]): c["physical_letter"] for c in src["raft_cards"]["cards"]},
            "deck_letters": DECK_NAMES,
        },
    }


def kickstarter() -> dict:
    return {
        "$schema": schema_url("components", 1),
        "format": "raftwright.components",
        "format_version": 1,
        "id": "kickstarter-pack",
        "name": "Race to the Raft: Kickstarter Pack",
        "provenance": "Component list from the Kickstarter Pack text; no faces are known yet.",
        "box": {"special_boards": 4, "hybrid_fire_tiles": 10, "kickstarter_tokens": 6},
        "known_missing": [
            {
                "component": "special_board",
                "ids": [],
                "why": "The two special board shapes are unknown; shape 1 has one fire square at its centre (RULINGS KS-5).",
            },
            {
                "component": "hybrid_fire_tile",
                "ids": [],
                "why": "The 10 hybrid tile shapes and safe-spot colours are unknown (RULINGS C17).",
            },
            {
                "component": "raft_card",
                "ids": ["E", "F", "G", "H"],
                "why": "Named by the Expert diagrams but in no component list (RULINGS C18).",
            },
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    if not SHARED.exists():
        print(f"cannot find {SHARED}; the shared reference folder must sit beside the checkout", file=sys.stderr)
        return 2
    src = json.loads(SHARED.read_text(encoding="utf-8"))
    outputs = {
        OUT / "base-game.components.json": canonical_json(base_game(src)),
        OUT / "kickstarter-pack.components.json": canonical_json(kickstarter()),
    }
    stale = []
    for path, text in outputs.items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"stale: {path.relative_to(ROOT)}; run python tools/build_catalog.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
