"""What a scenario needs on the table: the boxes, the Kickstarter features and the
custom components (those no bundled catalog has), so a player knows before playing
and the pack, ``pack inspect``, the import dialog and the sheets can say so.

The manifest writes it on each scenario entry as ``needs``::

    {"box": ["base", "kickstarter"],
     "features": ["kickstarter-tokens", "special-boards"],
     "components": [{"kind": "location", "id": "20"}, {"kind": "board", "id": "FX-S1a"}]}

``box`` is ``base`` and, when a Kickstarter feature is used, ``kickstarter``;
``features`` are the Kickstarter pack's tokens, special boards, hybrid fire tiles,
the Oshax (white cats), rescue friends, and the disaster deck (the base game's
advanced mode); ``components`` are the custom ones, whose faces the pack's
print-and-play pages print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from engine.model.catalog import Catalog, bundled_catalog
from engine.model.scenario import KICKSTARTER_TOKENS, Scenario
from engine.play.hybrid import wants_hybrid

#: feature id -> what a player reads
FEATURES: dict[str, str] = {
    "kickstarter-tokens": "the Kickstarter pack's tokens (water, fish, treasure map, fire)",
    "special-boards": "the Kickstarter pack's special island boards",
    "hybrid-tiles": "the Kickstarter pack's hybrid fire tiles",
    "oshax": "the Oshax (white cats, Kickstarter pack)",
    "rescue-friends": "rescue friends (Kickstarter pack)",
    "disaster-cards": "the disaster cards (advanced game)",
}
KICKSTARTER_FEATURES = ("kickstarter-tokens", "special-boards", "hybrid-tiles", "oshax", "rescue-friends")
#: component kind -> what a player reads
COMPONENT_KINDS: dict[str, str] = {
    "location": "location card",
    "raft": "raft card",
    "board": "island board",
    "fire-tile": "fire tile",
    "pathway": "pathway card",
    "disaster": "disaster card",
}


@dataclass(frozen=True)
class Component:
    kind: str  # a key of COMPONENT_KINDS
    id: str

    def describe(self) -> str:
        return f"{COMPONENT_KINDS.get(self.kind, self.kind)} {self.id}"


@dataclass(frozen=True)
class Needs:
    box: tuple[str, ...] = ("base",)
    features: tuple[str, ...] = ()
    components: tuple[Component, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "box": list(self.box),
            "features": list(self.features),
            "components": [{"kind": c.kind, "id": c.id} for c in self.components],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Needs":
        return cls(
            tuple(data.get("box", ("base",))),
            tuple(data.get("features", ())),
            tuple(Component(str(c["kind"]), str(c["id"])) for c in data.get("components", ())),
        )

    def custom(self, kind: str) -> set[str]:
        """The ids of the custom components of ``kind``."""
        return {c.id for c in self.components if c.kind == kind}

    def lines(self) -> list[str]:
        """What a player reads: the boxes, the features, the custom components."""
        boxes = " and ".join("the base game" if b == "base" else "the Kickstarter pack" for b in self.box)
        out = [f"needs {boxes}"]
        out += [f"uses {FEATURES.get(f, f)}" for f in self.features]
        if self.components:
            listed = ", ".join(c.describe() for c in self.components)
            out.append(f"custom components (not in the box; faces on the print-and-play pages): {listed}")
        return out


def scenario_needs(scenario: Scenario, catalog: Catalog, bundled: Catalog | None = None) -> Needs:
    """What ``scenario`` needs, its components looked up in ``catalog`` (the one it is
    played with); a component ``bundled`` lacks is custom."""
    base = bundled or bundled_catalog()
    features: list[str] = []
    if any(t.kind in KICKSTARTER_TOKENS for t in scenario.tokens):
        features.append("kickstarter-tokens")
    if any(slot.special for slot in scenario.boards):
        features.append("special-boards")
    if wants_hybrid(scenario):
        features.append("hybrid-tiles")
    printed = [c.location_card(catalog) for _, c in scenario.cards_of("location")]
    if any(cat.colour == "white" for card in printed if card is not None for cat in card.cats):
        features.append("oshax")
    if any(card.rescue for card in printed if card is not None):
        features.append("rescue-friends")
    if scenario.uses_disaster_deck:
        features.append("disaster-cards")
    box = ("base", "kickstarter") if set(features) & set(KICKSTARTER_FEATURES) else ("base",)
    return Needs(box, tuple(features), tuple(_custom(scenario, catalog, base, features)))


def _custom(scenario: Scenario, catalog: Catalog, base: Catalog, features: Iterable[str]) -> list[Component]:
    out: list[Component] = []

    def add(kind: str, ident: str) -> None:
        if Component(kind, ident) not in out:
            out.append(Component(kind, ident))

    for slot in scenario.boards:
        if slot.pin is not None and base.board(slot.pin.board) is None:
            add("board", slot.pin.board)
        elif slot.special:  # set-up draws any board of the shape
            for board in catalog.boards_of_size(slot.size, slot.shape):
                if base.board(board.id) is None:
                    add("board", board.id)
    for card in scenario.cards:
        if card.ident is None or card.stand_in:
            continue
        if card.kind == "location" and card.ident.isdigit() and int(card.ident) not in base.location_cards:
            add("location", card.ident)
        elif card.kind == "raft" and card.ident not in base.raft_cards:
            add("raft", card.ident)
    hybrid = "hybrid-tiles" in features
    for tile in catalog.fire_tiles.values():
        if tile.id not in base.fire_tiles and (hybrid or not tile.hybrid):
            add("fire-tile", tile.id)
    for cards in catalog.decks.values():
        for path_card in cards:
            if base.pathway_card(path_card.deck, path_card.id) is None:
                add("pathway", path_card.key)
    if "disaster-cards" in features:
        for disaster in catalog.disaster_cards.values():
            if disaster.id not in base.disaster_cards:
                add("disaster", disaster.id)
    return out
