"""Custom components in packs.

A build pulls in the custom components its scenarios use that the bundled catalogs do
not have, from the catalog the designer works with (bundled plus their own
``catalogs/`` folder), and writes them as one catalog,
``components/<pack-id>.components.json``: the boards its slots pin (and every board of
a special slot's shape, which set-up draws from), its location and raft cards, the
disaster cards when a scenario plays the disaster deck, the hybrid fire tiles when one
puts them in the bag, and the custom pathway cards (Oshax path cards among them) and
plain fire tiles, which every game shuffles into its decks and bag.

A pack's components are never merged into the shared catalog: they are scoped to the
pack.  :func:`pack_catalog` gives the bundled catalogs plus that pack's components,
with the catalog id namespaced as ``<pack-id>/<catalog-id>``, and is the catalog the
pack's scenarios are validated and played with.  So two packs may both define a
location card 13 without clashing; a pack redefining a *bundled* component is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping

from engine.model.card_paths import paths_to_list, rescue_to_list
from engine.model.catalog import (
    Catalog,
    CatalogError,
    FireTile,
    IslandBoard,
    PathwayCard,
    bundled_catalog,
    catalog_document_problems,
    catalog_from_dict,
)  # fmt: skip
from engine.model.disaster_cards import disaster_card_to_dict
from engine.model.scenario import Scenario
from engine.model.schema_ids import schema_url
from engine.play.hybrid import wants_hybrid

COMPONENTS_FORMAT = "raftwright.components"


def used_custom_components(
    scenarios: Iterable[Scenario], catalog: Catalog, pack_id: str, bundled: Catalog | None = None
) -> dict[str, Any] | None:
    """The catalog document of the custom components ``scenarios`` use (None when they
    use only bundled ones).  Raises :class:`CatalogError` naming a scenario that uses a
    component neither catalog has."""
    base = bundled or bundled_catalog()
    boards: dict[str, dict[str, Any]] = {}
    locations: dict[int, dict[str, Any]] = {}
    rafts: dict[str, dict[str, Any]] = {}
    for scenario in scenarios:
        for slot in scenario.boards:
            if slot.pin is not None and base.board(slot.pin.board) is None:
                board = catalog.board(slot.pin.board)
                if board is None:
                    raise CatalogError(f"scenario '{scenario.id}' pins board {slot.pin.board}, which no catalog has")
                boards[board.id] = board_to_catalog_dict(board)
            if slot.special:  # set-up draws any board of the shape: the pack carries them all
                boards.update(
                    (b.id, board_to_catalog_dict(b))
                    for b in catalog.boards_of_size(slot.size, slot.shape)
                    if base.board(b.id) is None
                )
        for card in scenario.cards:
            if card.ident is None or card.stand_in:
                continue
            if card.kind == "location" and card.ident.isdigit() and int(card.ident) not in base.location_cards:
                loc = catalog.location_cards.get(int(card.ident))
                if loc is None:
                    raise CatalogError(
                        f"scenario '{scenario.id}' uses location card {card.ident}, which no catalog has"
                    )
                locations[loc.number] = {
                    "number": loc.number,
                    "grid": list(loc.grid),
                    "cats": [{"colour": c.colour, "square": list(c.square)} for c in loc.cats],
                }
                if loc.oshax:
                    locations[loc.number]["oshax"] = paths_to_list(loc.oshax)
                if loc.rescue:
                    locations[loc.number]["rescue"] = rescue_to_list(loc.rescue)
            elif card.kind == "raft" and card.ident not in base.raft_cards:
                raft = catalog.raft_cards.get(card.ident)
                if raft is None:
                    raise CatalogError(f"scenario '{scenario.id}' uses raft card {card.ident}, which no catalog has")
                rafts[raft.letter] = {"letter": raft.letter, "grid": list(raft.grid)}
                if raft.oshax:
                    rafts[raft.letter]["oshax"] = paths_to_list(raft.oshax)
    scenarios = list(scenarios)
    # a game with the disaster deck plays every disaster card of its catalog: the pack
    # carries the designer's own, or a stranger could not play it (or would play others)
    disasters = (
        {d.id: disaster_card_to_dict(d) for d in catalog.disaster_cards.values() if d.id not in base.disaster_cards}
        if any(s.uses_disaster_deck for s in scenarios)
        else {}
    )
    # every game shuffles all the catalog's pathway cards and bags all its plain fire
    # tiles (hybrid ones when a scenario asks for them): the pack carries the custom
    # ones, or a game (and a golden replay) would play differently on a player's machine
    hybrid = any(wants_hybrid(s) for s in scenarios)
    tiles = {
        t.id: fire_tile_to_dict(t)
        for t in catalog.fire_tiles.values()
        if t.id not in base.fire_tiles and (hybrid or not t.hybrid)
    }
    decks: dict[str, list[dict[str, Any]]] = {}
    for deck, cards in catalog.decks.items():
        own = [pathway_card_to_dict(c) for c in cards if base.pathway_card(c.deck, c.id) is None]
        if own:
            decks[deck] = own
    if not (boards or locations or rafts or disasters or tiles or decks):
        return None
    doc: dict[str, Any] = {
        "$schema": schema_url("components", 1),
        "format": COMPONENTS_FORMAT,
        "format_version": 1,
        "id": pack_id,
        "name": f"Custom components of pack {pack_id}",
    }
    box: dict[str, int] = {}
    for key, items in (
        ("island_boards", boards),
        ("location_cards", locations),
        ("raft_cards", rafts),
        ("disaster_cards", disasters),
    ):
        if items:
            doc[key] = [items[k] for k in sorted(items)]  # type: ignore[index]
            box[key] = len(items)
    if tiles:
        doc["fire_tiles"] = [tiles[k] for k in sorted(tiles)]
    if decks:
        doc["pathway_decks"] = [{"deck": d, "cards": cards} for d, cards in decks.items()]
    doc["box"] = box
    return doc


def fire_tile_to_dict(tile: FireTile) -> dict[str, Any]:
    """A fire tile as a catalog file writes it (hybrid ones with their safe spots)."""
    out: dict[str, Any] = {"id": tile.id, "cells": [list(c) for c in tile.cells]}
    if tile.hybrid:
        out["hybrid"] = True
    if tile.safe_spots:
        out["safe_spots"] = [{"square": list(sq), "terrain": terrain} for sq, terrain in tile.safe_spots]
    return out


def pathway_card_to_dict(card: PathwayCard) -> dict[str, Any]:
    """A pathway card as a catalog file writes it (with its Oshax paths, if any)."""
    out: dict[str, Any] = {"id": card.id, "grid": list(card.grid)}
    if card.oshax:
        out["oshax"] = paths_to_list(card.oshax)
    return out


def pack_catalog(pack_id: str, documents: Mapping[str, Any], bundled: Catalog | None = None) -> Catalog:
    """The bundled catalogs plus the pack's components catalogs (``documents`` maps a
    path to a schema-valid components document).  Raises :class:`CatalogError` when
    the pack redefines a bundled component (or its own catalogs clash)."""
    catalog = bundled or bundled_catalog()
    for path in sorted(documents):
        own = catalog_from_dict(documents[path])
        own = replace(own, ids=tuple(f"{pack_id}/{i}" for i in own.ids))
        try:
            catalog = catalog.merged(own)
        except CatalogError as exc:
            raise CatalogError(f"{path}: {exc}") from None
    return catalog


def component_problems(documents: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """(code, path, message, JSON pointer) for every check a user's catalog must pass that a pack's
    components catalogs fail (:func:`engine.model.catalog.catalog_document_problems`:
    duplicate ids, cats on fire or sharing a square, board faces, disaster effects,
    hybrid tiles, special-board outlines), each with the catalog check's own code.
    ``documents`` maps a path to a schema-valid components document."""
    return [
        (problem.code, path, problem.message, problem.path or "/")
        for path in sorted(documents)
        for problem in catalog_document_problems(documents[path])
    ]


def board_to_catalog_dict(board: IslandBoard) -> dict[str, Any]:
    """An island board as a catalog file writes it."""
    out: dict[str, Any] = {"id": board.id, "size": board.size, "number": board.number}
    if board.shape is not None:
        out["shape"] = board.shape
    if board.fire_strip is not None:
        out["fire_strip"] = board.fire_strip
    out.update(fire_face=list(board.fire_face), plain_face=list(board.plain_face))
    return out
