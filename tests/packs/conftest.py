"""Pack fixtures: the Tutorial campaign built once per session, and a builder that adds
a golden playthrough."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from pack_helpers import INFO, tutorial_campaign

from engine.packs.build import Sources, build_pack, collect
from engine.packs.manifest import Manifest


@pytest.fixture(scope="session")
def tutorial_pack() -> tuple[bytes, Manifest]:
    return build_pack(INFO, collect([tutorial_campaign()]))


@pytest.fixture
def build_with_replay(tmp_path: Path) -> Callable[[dict[str, Any]], bytes]:
    def build(replay: dict[str, Any]) -> bytes:
        path = tmp_path / "golden.replay.json"
        path.write_text(json.dumps(replay), encoding="utf-8")
        sources: Sources = collect([tutorial_campaign(), path])
        return build_pack(INFO, sources)[0]

    return build
