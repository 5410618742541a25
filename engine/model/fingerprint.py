"""The layout fingerprint a stored difficulty estimate is tied to (issue 25 item 5).

Everything in a scenario that can change a game: its mode, boards, cards, tokens,
objectives and rule options, converted as a save converts them (so defaults are filled
in and a file and its loaded copy agree), written as canonical JSON (sorted keys, no
spaces, UTF-8) and hashed with SHA-256.
The name, notes, author, campaign, paws and the stored estimate itself are left out:
renaming a scenario or setting its paws keeps its estimate.  Custom components are
named by their id here, so an edit to a component's definition in a catalog does not
change the fingerprint (the catalog is not part of the scenario file).
"""

from __future__ import annotations

import hashlib
import json

from engine.model.formats import scenario_to_dict
from engine.model.scenario import Scenario

#: the scenario fields that change play (schema ``scenario.schema.json``)
PLAY_FIELDS = ("mode", "boards", "cards", "tokens", "objectives", "rules")


def layout_fingerprint(scenario: Scenario) -> str:
    """``"sha256:<64 hex digits>"`` of the scenario's play-relevant fields."""
    doc = scenario_to_dict(scenario)
    relevant = {key: doc[key] for key in PLAY_FIELDS if key in doc}
    text = json.dumps(relevant, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


__all__ = ["PLAY_FIELDS", "layout_fingerprint"]
