"""File I/O kept apart from the model: dict <-> model converters, canonical JSON,
atomic writes.  load = read -> schema-validate -> convert;
save = convert -> canonical JSON -> atomic write.

Canonical JSON: keys in the converter's fixed order, defaults omitted, two-space
indent, squares written inline as ``[row, col]``, UTF-8, one trailing newline.  Loading
a canonical file and saving it again gives identical bytes.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
from typing import Any, Mapping

from engine.model.files import atomic_write_text
from engine.model.jsonio import FormatError, read_json
from engine.model.scenario import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_FORMAT_VERSION,
    SCENARIO_FORMAT,
    SCENARIO_FORMAT_VERSION,
    BoardPin,
    BoardSlot,
    Campaign,
    CampaignEntry,
    CardPlacement,
    DifficultyEstimate,
    Mode,
    Objective,
    RuleOptions,
    Scenario,
    TokenPlacement,
)
from engine.model.schema_ids import schema_url

__all__ = ["FormatError", "read_json"]  # re-exported: every reader imports them from here


# --- scenario -------------------------------------------------------------------
def _square(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def scenario_from_dict(data: Mapping[str, Any]) -> Scenario:
    """Convert a schema-valid scenario document into a :class:`Scenario`."""
    boards = []
    for b in data.get("boards", []):
        pin = b.get("pin")
        boards.append(
            BoardSlot(
                size=b["size"],
                face=b["face"],
                at=_square(b["at"]),
                fire_edge=b.get("fire_edge"),
                orientation=b.get("orientation", "horizontal"),
                pin=BoardPin(pin["board"], int(pin.get("rotation", 0))) if pin else None,
                shape=b.get("shape"),
                outline=tuple(b.get("outline", ())),
                turns=int(b.get("rotation", 0)),
            )
        )
    cards = tuple(
        CardPlacement(
            kind=c["kind"],
            at=_square(c["at"]),
            ident=c.get("card"),
            rotation=int(c.get("rotation", 0)),
            stand_in=bool(c.get("stand_in", False)),
        )
        for c in data.get("cards", [])
    )
    tokens = tuple(TokenPlacement(t["kind"], _square(t["at"]), t.get("value")) for t in data.get("tokens", []))
    objectives = tuple(
        Objective(
            kind=o["kind"],
            colour=o.get("colour"),
            position=o.get("position"),
            colours=tuple(o.get("colours", ())),
            count=o.get("count"),
            distance=o.get("distance"),
            text=o.get("text"),
            destination=_square(o["destination"]) if "destination" in o else None,
        )
        for o in data.get("objectives", [])
    )
    r = data.get("rules", {})
    default = RuleOptions()
    rules = RuleOptions(
        players=tuple(r.get("players", default.players)),
        water_tokens=int(r.get("water_tokens", default.water_tokens)),
        communication_tokens=bool(r.get("communication_tokens", default.communication_tokens)),
        hybrid_fire_tiles=bool(r.get("hybrid_fire_tiles", default.hybrid_fire_tiles)),
        disaster_deck=bool(r.get("disaster_deck", default.disaster_deck)),
        stuck_hand=str(r.get("stuck_hand", default.stuck_hand)),
    )
    return Scenario(
        id=data["id"],
        name=data["name"],
        campaign=data.get("campaign"),
        difficulty=data.get("difficulty"),
        mode=Mode(data.get("mode", "standard")),
        author=data.get("author", ""),
        notes=data.get("notes", ""),
        boards=tuple(boards),
        cards=cards,
        tokens=tokens,
        objectives=objectives,
        rules=rules,
        difficulty_estimate=estimate_from_dict(data.get("difficulty_estimate")),
    )


def estimate_from_dict(e: Mapping[str, Any] | None) -> DifficultyEstimate | None:
    if e is None:
        return None
    lo, hi = e["interval"]
    return DifficultyEstimate(
        bot=e["bot"], games=int(e["games"]), seed=int(e["seed"]), win_rate=float(e["win_rate"]),
        interval=(float(lo), float(hi)), engine_version=e["engine_version"], variant=e.get("variant", "solo"),
        players=int(e.get("players", 1)), suggested_paws=e.get("suggested_paws"), layout=e.get("layout"),
        fingerprint=e.get("fingerprint"),
        expected_length=float(e["expected_length"]) if e.get("expected_length") is not None else None,
    )  # fmt: skip


def estimate_to_dict(e: DifficultyEstimate) -> dict[str, Any]:
    d: dict[str, Any] = {"bot": e.bot, "games": e.games, "seed": e.seed, "variant": e.variant, "players": e.players,
                         "win_rate": e.win_rate, "interval": list(e.interval), "engine_version": e.engine_version}  # fmt: skip
    if e.suggested_paws is not None:
        d["suggested_paws"] = e.suggested_paws
    if e.expected_length is not None:
        d["expected_length"] = e.expected_length
    if e.layout is not None:
        d["layout"] = e.layout
    if e.fingerprint is not None:
        d["fingerprint"] = e.fingerprint
    return d


def board_to_dict(b: BoardSlot) -> dict[str, Any]:
    d: dict[str, Any] = {"size": b.size, "face": b.face, "at": list(b.at)}
    if b.face == "fire" and b.fire_edge:
        d["fire_edge"] = b.fire_edge
    if b.size == "small":
        d["orientation"] = b.orientation
    if b.special:
        d["shape"] = b.shape
        d["outline"] = list(b.outline)
        if b.turns % 4:
            d["rotation"] = b.turns % 4
    if b.pin is not None:
        d["pin"] = {"board": b.pin.board}
        if b.pin.rotation:
            d["pin"]["rotation"] = b.pin.rotation
    return d


def card_to_dict(c: CardPlacement) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": c.kind}
    if c.kind != "fire" and c.ident is not None:
        d["card"] = c.ident
    d["at"] = list(c.at)
    if c.rotation:
        d["rotation"] = c.rotation
    if c.stand_in:
        d["stand_in"] = True
    return d


def token_to_dict(t: TokenPlacement) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": t.kind}
    if t.value is not None:
        d["value"] = t.value
    d["at"] = list(t.at)
    return d


def objective_to_dict(o: Objective) -> dict[str, Any]:
    fields = {
        "arrival_order": ("colour", "position"),
        "arrive_together": ("colours",),
        "collect_maps": ("count",),
        "close_to": ("colours", "distance"),
        "text": ("text",),
    }[o.kind]
    d: dict[str, Any] = {"kind": o.kind}
    for name in fields:
        value = getattr(o, name)
        d[name] = list(value) if isinstance(value, tuple) else value
    if o.kind == "arrival_order" and o.destination is not None:  # OB-2: written only when bound
        d["destination"] = list(o.destination)
    return d


def scenario_to_dict(s: Scenario) -> dict[str, Any]:
    d: dict[str, Any] = {
        "$schema": schema_url("scenario", SCENARIO_FORMAT_VERSION),
        "format": SCENARIO_FORMAT,
        "format_version": SCENARIO_FORMAT_VERSION,
        "id": s.id,
        "name": s.name,
        "campaign": s.campaign,
        "difficulty": s.difficulty,
        "mode": s.mode,
        "author": s.author,
        "notes": s.notes,
        "boards": [board_to_dict(b) for b in s.boards],
        "cards": [card_to_dict(c) for c in s.cards],
        "tokens": [token_to_dict(t) for t in s.tokens],
        "objectives": [objective_to_dict(o) for o in s.objectives],
        "rules": {
            "players": list(s.rules.players),
            "water_tokens": s.rules.water_tokens,
            "communication_tokens": s.rules.communication_tokens,
            "hybrid_fire_tiles": s.rules.hybrid_fire_tiles,
            "disaster_deck": s.rules.disaster_deck,
        },
    }
    if s.rules.stuck_hand != RuleOptions().stuck_hand:  # written only when a scenario picks another LC-7 reading
        d["rules"]["stuck_hand"] = s.rules.stuck_hand
    if s.difficulty_estimate is not None:
        d["difficulty_estimate"] = estimate_to_dict(s.difficulty_estimate)
    return d


# --- campaign -------------------------------------------------------------------
def campaign_from_dict(data: Mapping[str, Any]) -> Campaign:
    scoring = data.get("scoring", {})
    return Campaign(
        id=data["id"],
        name=data["name"],
        scenarios=tuple(CampaignEntry(e["file"], tuple(e.get("unlocks", ()))) for e in data.get("scenarios", [])),
        points_per_win=int(scoring.get("points_per_win", 5)),
        water_token_penalty=int(scoring.get("water_token_penalty", 1)),
        unlocks=tuple(data.get("unlocks", ())),
        description=data.get("description", ""),
        author=data.get("author", ""),
    )


def campaign_to_dict(c: Campaign) -> dict[str, Any]:
    entries = []
    for e in c.scenarios:
        entry: dict[str, Any] = {"file": e.scenario}
        if e.unlocks:
            entry["unlocks"] = list(e.unlocks)
        entries.append(entry)
    return {
        "$schema": schema_url("campaign", CAMPAIGN_FORMAT_VERSION),
        "format": CAMPAIGN_FORMAT,
        "format_version": CAMPAIGN_FORMAT_VERSION,
        "id": c.id,
        "name": c.name,
        "description": c.description,
        "author": c.author,
        "scoring": {"points_per_win": c.points_per_win, "water_token_penalty": c.water_token_penalty},
        "unlocks": list(c.unlocks),
        "scenarios": entries,
    }


# --- canonical JSON (writes go through engine.model.files.atomic_write) ---------------------------------------------
_INLINE_PAIR = re.compile(r"\[\s*(-?\d+),\s*(-?\d+)\s*\]")


def canonical_json(data: Any) -> str:
    """Two-space indented JSON with ``[row, col]`` pairs kept on one line."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _INLINE_PAIR.sub(r"[\1, \2]", text) + "\n"


def document_kind(data: Any) -> str | None:
    """``scenario``, ``campaign`` or ``components`` from a document's format field."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, str):
        return None
    return {
        SCENARIO_FORMAT: "scenario",
        CAMPAIGN_FORMAT: "campaign",
        "raftwright.components": "components",
    }.get(fmt)


def describe_format(data: Any) -> str:
    """What a document's ``"format"`` is, for a message saying it is the wrong kind."""
    if not isinstance(data, dict):
        return f"the file holds {'an array' if isinstance(data, list) else 'a single value'}, not a JSON object"
    if "format" not in data:
        return 'it has no "format" field'
    return f'its "format" is {reprlib.repr(data["format"])}'


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, canonical_json(scenario_to_dict(scenario)))


def save_campaign(campaign: Campaign, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, canonical_json(campaign_to_dict(campaign)))
