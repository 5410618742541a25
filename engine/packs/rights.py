"""Authorship and rights in a pack: what the manifest's title, author and description
default to (the campaign's own), and the publisher's attribution that stays with the
official layouts whenever they are packed.

The bundled campaigns are The City of Games' official scenarios, included so the game
can be played with Raftwright; they are not the packer's to license.  A pack holding one
(the same island: boards, cards, tokens and objectives, wherever the file lives) is
built with a warning per scenario, and its manifest credits the publisher.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from engine.model.formats import FormatError, canonical_json, read_json
from engine.model.library import bundled_campaign_paths

PUBLISHER = "The City of Games"
OFFICIAL_CREDIT = (
    f"Scenario layouts from Race to the Raft by {PUBLISHER} (official scenarios, included for play with the game; "
    "not covered by this pack's licence): {names}"
)
LAYOUT_KEYS = ("boards", "cards", "tokens", "objectives")


def layout_key(doc: dict[str, Any]) -> str:
    """What makes two scenarios the same island, as a hash."""
    island = {key: doc.get(key, []) for key in LAYOUT_KEYS}
    return hashlib.sha256(canonical_json(island).encode("utf-8")).hexdigest()


@cache
def official_layouts() -> dict[str, str]:
    """Layout hash -> the official scenario's name, for every bundled scenario."""
    out: dict[str, str] = {}
    try:
        campaigns = bundled_campaign_paths()
    except FormatError:
        return out
    for campaign in campaigns:
        try:
            entries = read_json(campaign).get("scenarios", [])
            for entry in entries:
                doc = read_json(campaign.parent / entry["file"])
                out.setdefault(layout_key(doc), str(doc.get("name", entry["file"])))
        except (FormatError, AttributeError, KeyError, TypeError):
            continue
    return out


def official_name(doc: dict[str, Any]) -> str | None:
    """The official scenario ``doc`` reproduces, if any."""
    return official_layouts().get(layout_key(doc))


def official_credit(names: list[str]) -> str:
    return OFFICIAL_CREDIT.format(names=", ".join(names))


def campaign_defaults(
    campaigns: list[tuple[str, dict[str, Any]]], scenarios: list[tuple[str, Path, dict[str, Any]]]
) -> dict[str, str]:
    """Title, author and description from the packed campaign (the first one when
    several), else from a single packed scenario; only the fields they have."""
    out: dict[str, str] = {}
    source: dict[str, Any] | None = campaigns[0][1] if campaigns else (scenarios[0][2] if len(scenarios) == 1 else None)
    if source is None:
        return out
    for field, key in (("title", "name"), ("author", "author"), ("description", "description")):
        value = source.get(key)
        if isinstance(value, str) and value.strip():
            out[field] = value.strip()
    return out
