"""Print-and-play pages (issue 25, item 2): every kind of custom component gets a face
at the stated scale with cut lines; the faces are FIXTURES (tests/fixture_boards_oshax.py:
the real special boards, Oshax cards and disaster texts are unknown, RULINGS C15, C17,
OX-2)."""

from __future__ import annotations

import io

from fixture_boards_oshax import WHITE_LOCATION, WHITE_RAFT, fixture_catalog
from pypdf import PdfReader

from editor.sheets import ensure_app
from editor.sheets.printplay import SQUARE_MM, component_faces, print_and_play_pdf
from engine.model.catalog import catalog_from_dict
from engine.packs.needs import Component

HYBRID = {
    "id": "fx-pp-h",
    "cells": [[0, 0], [0, 1]],
    "hybrid": True,
    "safe_spots": [{"square": [0, 1], "terrain": "red"}],
}
DISASTER = {"id": "fx-pp-d", "name": "Fixture squall", "effects": [{"effect": "fire", "count": 2}]}


def _catalog():  # type: ignore[no-untyped-def]
    extra = catalog_from_dict({"format": "raftwright.components", "format_version": 1, "id": "fx-pp", "name": "FIXTURE",
                               "fire_tiles": [HYBRID], "disaster_cards": [DISASTER]})  # fmt: skip
    return fixture_catalog(full=True).merged(extra)


COMPONENTS = [
    Component("location", str(WHITE_LOCATION)),
    Component("raft", WHITE_RAFT),
    Component("board", "FX-S1a"),
    Component("fire-tile", "fx-pp-h"),
    Component("pathway", "triangle:fx-straight"),
    Component("disaster", "fx-pp-d"),
    Component("location", "999"),  # in no catalog: left out, never invented
]


def test_every_kind_of_custom_component_gets_a_face() -> None:
    ensure_app()
    titles = [face.title for face in component_faces(COMPONENTS, _catalog())]
    assert titles[:2] == [f"Location card {WHITE_LOCATION}", f"Raft card {WHITE_RAFT}"]
    assert titles[2].startswith("Island board FX-S1a, fire face") and titles[3].startswith("Island board FX-S1a, plain")
    assert titles[4] == "Hybrid fire tile fx-pp-h (ringed: safe spots)"
    assert titles[5] == "Pathway card fx-straight (triangle deck, Oshax paths)"
    assert titles[6] == "Disaster card fx-pp-d" and len(titles) == 7


def test_the_pages_state_their_scale_and_cards_print_at_70_mm() -> None:
    ensure_app()
    catalog = _catalog()
    faces = component_faces(COMPONENTS, catalog)
    assert [(f.rows, f.cols) for f in faces if f.title.startswith(("Location", "Raft", "Disaster"))] == [(3, 3)] * 3
    assert round(SQUARE_MM * 3) == 70  # RULINGS C1, C2
    data = print_and_play_pdf(COMPONENTS, catalog, "fixture")
    pages = PdfReader(io.BytesIO(data)).pages
    assert 1 <= len(pages) <= 4
    # every word is an outline: no font, so the same components give the same bytes
    assert all(not page["/Resources"].get_object().get("/Font") for page in pages)
    assert print_and_play_pdf([Component("location", "999")], catalog, "nothing") == b""
