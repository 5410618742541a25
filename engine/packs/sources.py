"""The documents a pack is built from (:func:`engine.packs.build.collect` gathers them;
:mod:`engine.packs.estimates` settles their stored estimates before the build writes them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Sources:
    """The documents to pack, each with its path inside the pack."""

    campaigns: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    scenarios: list[tuple[str, Path, dict[str, Any]]] = field(default_factory=list)  # pack path, source, document
    replays: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


__all__ = ["Sources"]
