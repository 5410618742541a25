"""Disaster cards of the advanced game as data (rulebook "Advanced rules", RULINGS DP-3).

The real cards' texts are unknown (RULINGS C15), so a catalog describes each card as a
list of effects from a small vocabulary a designer writes without code (schema
``components.schema.json``, ``disaster_cards``; docs/custom-components.md, "Disaster cards"); the engine
resolves them in :mod:`engine.play.disasters`.  :mod:`engine.model.catalog` reads them
and checks that each effect carries only its own fields.
"""

from __future__ import annotations

from dataclasses import dataclass

DISASTER_EFFECTS: tuple[str, ...] = ("fire", "discard", "move", "exhaust", "lose_water")
DISASTER_FIELDS: dict[str, tuple[str, ...]] = {  # the fields each effect takes besides "effect"
    "fire": ("count",),
    "discard": ("who", "count"),
    "move": ("cat", "squares", "towards"),
    "exhaust": ("cat",),
    "lose_water": ("count",),
}
DISASTER_CATS: dict[str, tuple[str, ...]] = {  # the "cat" words each effect accepts, besides a colour
    "move": ("any", "nearest_fire"),
    "exhaust": ("all", "nearest_fire"),
}


@dataclass(frozen=True)
class DisasterEffect:
    """One line of a disaster card (the vocabulary is in docs/custom-components.md, "Disaster cards"):
    ``fire`` (place ``count`` fire tiles), ``discard`` (``who`` = ``active`` / ``each``
    player discards ``count`` cards to the disaster pile), ``move`` (the active player
    moves one ``cat`` - a colour, ``any`` or ``nearest_fire`` - at most ``squares``,
    optionally ``towards`` ``fire`` / ``raft`` / ``away_from_fire``), ``exhaust``
    (``cat``: a colour, ``all`` or ``nearest_fire``), ``lose_water`` (``count``
    water tokens go back to the box)."""

    effect: str
    count: int = 1
    who: str = "active"
    cat: str = "any"
    squares: int = 5
    towards: str | None = None

    def __post_init__(self) -> None:
        """Effects built in code get the schema's checks (catalog files are checked by
        the schema and :func:`engine.model.catalog.catalog_document_problems`)."""
        if self.effect not in DISASTER_EFFECTS:
            raise ValueError(f"disaster effect {self.effect!r}: use one of {', '.join(DISASTER_EFFECTS)}")
        if self.who not in ("active", "each") or self.towards not in (None, "fire", "raft", "away_from_fire"):
            raise ValueError(
                f"disaster effect {self.effect!r}: who is active or each; towards is fire, raft, away_from_fire or None"
            )
        if not (1 <= self.count <= 5 and 1 <= self.squares <= 5):
            raise ValueError(f"disaster effect {self.effect!r}: count and squares are 1-5")

    def describe(self) -> str:
        n = self.count
        if self.effect == "fire":
            return f"place {n} fire tile{'s' if n > 1 else ''}"
        if self.effect == "discard":
            whom = "the active player discards" if self.who == "active" else "each player discards"
            return f"{whom} {n} card{'s' if n > 1 else ''}"
        cat = {"any": "any cat", "all": "every cat", "nearest_fire": "the cat nearest the fire"}.get(
            self.cat, f"a {self.cat} cat"
        )
        if self.effect == "move":
            way = {
                "fire": " towards the fire",
                "raft": " towards the raft",
                "away_from_fire": " away from the fire",
                None: "",
            }[self.towards]
            return f"move {cat} up to {self.squares} squares{way}"
        if self.effect == "exhaust":
            return f"exhaust {cat}"
        return f"lose {n} water token{'s' if n > 1 else ''}"


@dataclass(frozen=True)
class DisasterCard:
    """A disaster card of the advanced game: its effects, resolved top to bottom (DP-3).
    The real cards' texts are unknown (RULINGS C15): catalogs describe them."""

    id: str
    effects: tuple[DisasterEffect, ...]
    name: str = ""
    text: str = ""


def disaster_card_to_dict(card: DisasterCard) -> dict[str, object]:
    """A disaster card as a catalog file writes it (``components.schema.json``,
    ``disaster_cards``): each effect with only its own fields."""
    effects: list[dict[str, object]] = []
    for e in card.effects:
        line: dict[str, object] = {"effect": e.effect}
        for name in DISASTER_FIELDS[e.effect]:
            value = getattr(e, name)
            if value is not None:
                line[name] = value
        effects.append(line)
    out: dict[str, object] = {"id": card.id, "effects": effects}
    if card.name:
        out["name"] = card.name
    if card.text:
        out["text"] = card.text
    return out


__all__ = [
    "DISASTER_CATS",
    "DISASTER_EFFECTS",
    "DISASTER_FIELDS",
    "DisasterCard",
    "DisasterEffect",
    "disaster_card_to_dict",
]
