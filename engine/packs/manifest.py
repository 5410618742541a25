"""The pack manifest (``manifest.json``): a typed view of the schema-valid document,
the format and engine versions, and the canonical bytes a build writes."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from engine.model.formats import canonical_json
from engine.model.schema_ids import schema_url
from engine.packs import PACK_SUFFIX as PACK_SUFFIX  # re-exported: defined in the package for a cheap check

PACK_FORMAT = "raftwright.pack"
PACK_FORMAT_VERSION = 3
FILE_KINDS = ("scenario", "campaign", "components", "replay", "sheet", "preview")
JSON_KINDS = ("scenario", "campaign", "components", "replay")
_SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)")


def engine_version() -> str:
    """This Raftwright's version (the installed distribution's; 0.1.0 in a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version  # loads email: only when a pack is built

    try:
        return version("raftwright")
    except PackageNotFoundError:
        return "0.1.0"


def version_key(text: str) -> tuple[int, int, int]:
    """``"1.2.3-beta"`` -> ``(1, 2, 3)``; pre-release and build parts are ignored."""
    match = _SEMVER.match(text)
    if match is None:
        raise ValueError(f"'{text}' is not a semantic version (MAJOR.MINOR.PATCH)")
    return (int(match.group(1)), int(match.group(2)), int(match.group(3)))


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class FileEntry:
    path: str
    kind: str
    size: int
    sha256: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "size": self.size, "sha256": self.sha256}


@dataclass(frozen=True)
class ScenarioEntry:
    path: str
    id: str
    name: str
    mode: str
    players: tuple[int, ...]
    paws: int | None = None
    difficulty: float | None = None
    expected_length: float | None = None
    needs: dict[str, Any] | None = None  # engine.packs.needs.Needs.to_dict(); None in packs built before it

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "path": self.path,
            "id": self.id,
            "name": self.name,
            "mode": self.mode,
            "players": list(self.players),
        }
        for key in ("paws", "difficulty", "expected_length", "needs"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        return d


@dataclass(frozen=True)
class Manifest:
    id: str
    title: str
    version: str
    authors: tuple[str, ...]
    licence: str
    requires_engine: str
    description: str = ""
    languages: tuple[str, ...] = ()
    created: str | None = None
    credits: tuple[str, ...] = ()
    formats: dict[str, int] = field(default_factory=dict)
    files: tuple[FileEntry, ...] = ()
    scenarios: tuple[ScenarioEntry, ...] = ()

    @property
    def label(self) -> str:
        """``id@version``, how the CLI names an installed pack."""
        return f"{self.id}@{self.version}"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "$schema": schema_url("pack-manifest", PACK_FORMAT_VERSION),
            "format": PACK_FORMAT,
            "format_version": PACK_FORMAT_VERSION,
            "id": self.id,
            "title": self.title,
            "version": self.version,
            "authors": list(self.authors),
            "licence": self.licence,
        }
        if self.description:
            d["description"] = self.description
        if self.credits:
            d["credits"] = list(self.credits)
        if self.languages:
            d["languages"] = list(self.languages)
        if self.created:
            d["created"] = self.created
        d["requires"] = {"raftwright": self.requires_engine, "formats": dict(sorted(self.formats.items()))}
        d["files"] = [f.to_dict() for f in sorted(self.files, key=lambda f: f.path)]
        d["scenarios"] = [s.to_dict() for s in self.scenarios]
        return d

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict()).encode("utf-8")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Manifest":
        """From a schema-valid, current-format document."""
        requires = data["requires"]
        return cls(
            id=data["id"],
            title=data["title"],
            version=data["version"],
            authors=tuple(data["authors"]),
            licence=data["licence"],
            requires_engine=requires["raftwright"],
            description=data.get("description", ""),
            languages=tuple(data.get("languages", ())),
            created=data.get("created"),
            credits=tuple(data.get("credits", ())),
            formats=dict(requires.get("formats", {})),
            files=tuple(FileEntry(f["path"], f["kind"], int(f["size"]), f["sha256"]) for f in data["files"]),
            scenarios=tuple(
                ScenarioEntry(
                    s["path"],
                    s["id"],
                    s["name"],
                    s["mode"],
                    tuple(s["players"]),
                    s.get("paws"),
                    s.get("difficulty"),
                    s.get("expected_length"),
                    s.get("needs"),
                )
                for s in data.get("scenarios", [])
            ),
        )

    def file(self, path: str) -> FileEntry | None:
        return next((f for f in self.files if f.path == path), None)

    def of_kind(self, kind: str) -> tuple[FileEntry, ...]:
        return tuple(f for f in self.files if f.kind == kind)
