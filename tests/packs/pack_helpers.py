"""Pack test helpers: the bundled Tutorial campaign, a recorded game of its first
scenario, and writing arbitrary (hostile) zips."""

from __future__ import annotations

import hashlib
import io
import json
import random
import zipfile
from pathlib import Path
from typing import Any

from engine.check.validate_files import open_scenario
from engine.model.resources import campaigns_dir
from engine.packs.build import PackInfo
from engine.play.game import Replay, new_game

#: a custom catalog for tests: location cards 13 (a green cat) and 14 (a blue cat)
FIXTURE_CATALOG = {
    "format": "raftwright.components",
    "format_version": 1,
    "id": "fixture-cards",
    "name": "Fixture cards",
    "location_cards": [
        {"number": 13, "grid": ["ggg", "ggg", "ggg"], "cats": [{"colour": "green", "square": [1, 1]}]},
        {"number": 14, "grid": ["bbb", "bbb", "bbb"], "cats": [{"colour": "blue", "square": [1, 1]}]},
    ],
    "box": {"location_cards": 2},
}

INFO = PackInfo(
    id="tutorial-pack", title="Tutorial pack", version="1.2.0", authors=("Fixture Author",), licence="CC-BY-4.0"
)


def tutorial_campaign() -> Path:
    return campaigns_dir() / "tutorial" / "campaign.json"


def recorded_game(seed: int = 3) -> dict[str, Any]:
    """A finished solo game of Tutorial 1 (random legal moves), as a replay document."""
    state = new_game(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return Replay.of(state).to_dict(state.outcome())


def zip_bytes(entries: list[tuple[str | zipfile.ZipInfo, bytes]], compress: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compress) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


def pack_entries(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [(i.filename, archive.read(i)) for i in archive.infolist()]


def manifest_of(data: bytes) -> dict[str, Any]:
    return dict(json.loads(dict(pack_entries(data))["manifest.json"]))


def kind_of(path: str) -> str:
    for suffix, kind in (
        (".scenario.json", "scenario"),
        ("campaign.json", "campaign"),
        (".components.json", "components"),
        (".replay.json", "replay"),
        (".png", "sheet"),
        (".pdf", "sheet"),
    ):
        if path.endswith(suffix):
            return kind
    return "scenario"


def listing(files: dict[str, bytes]) -> list[dict[str, Any]]:
    """A manifest's "files" that match ``files`` exactly."""
    return [
        {"path": p, "kind": kind_of(p), "size": len(d), "sha256": hashlib.sha256(d).hexdigest()}
        for p, d in sorted(files.items())
    ]


def craft(
    manifest: dict[str, Any], files: dict[str, bytes], *, relist: bool = True, compress: int = zipfile.ZIP_DEFLATED
) -> bytes:
    """A pack of ``files`` whose manifest is ``manifest`` (its "files" recomputed to match
    unless ``relist`` is false)."""
    doc = dict(manifest, files=listing(files)) if relist else manifest
    return zip_bytes([("manifest.json", json.dumps(doc).encode()), *files.items()], compress)


def split(data: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A pack's manifest document and its other files."""
    files = dict(pack_entries(data))
    return json.loads(files.pop("manifest.json")), files
