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


@pytest.fixture(scope="session")
def gallery_packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The gallery's packs with their sheets (gallery_helpers.build_packs), built once."""
    from gallery_helpers import build_packs

    root = tmp_path_factory.mktemp("gallery-packs")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SOURCE_DATE_EPOCH", "1700000000")
        env.setenv("RAFTWRIGHT_USER_DIR", str(root / "user"))
        return build_packs(root)
