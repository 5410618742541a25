"""The gallery feed (``index.json``): every pack version a gallery offers, with its
download address, size, SHA-256, requirements and per-scenario figures.

A feed is untrusted input like a pack: :func:`read_feed` caps its size and depth,
checks it against ``schema/feed.schema.json`` and turns every refusal into one
:class:`~engine.packs.errors.Problem` with a plain message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.model.formats import canonical_json
from engine.model.schema_ids import schema_url
from engine.model.schemas import schema_errors
from engine.packs.errors import PackError, Problem
from engine.packs.limits import Limits, parse_json
from engine.packs.manifest import version_key
from engine.packs.needs import Needs
from engine.packs.reader import Pack

FEED_FORMAT = "raftwright.feed"
FEED_FORMAT_VERSION = 1
#: a feed larger than this is refused before it is parsed (thousands of packs fit)
MAX_FEED_BYTES = 8 * 1024 * 1024
FEED_LIMITS = Limits(max_json_bytes=MAX_FEED_BYTES, max_json_depth=12)
BOXES = {"base": "base game", "kickstarter": "Kickstarter pack"}


def _estimate(pack: Pack, path: str) -> dict[str, Any] | None:
    """The stored estimate of a packed scenario (read defensively: older packs have none)."""
    doc = pack.documents.get(path)
    e = doc.get("difficulty_estimate") if isinstance(doc, dict) else None
    if not isinstance(e, dict):
        return None
    out: dict[str, Any] = {}
    for key in ("win_rate", "games", "bot", "players"):
        if isinstance(e.get(key), (int, float, str)) and not isinstance(e.get(key), bool):
            out[key] = e[key]
    interval = e.get("interval")
    if isinstance(interval, list) and len(interval) == 2 and all(isinstance(v, (int, float)) for v in interval):
        out["interval"] = [float(interval[0]), float(interval[1])]
    return out or None


def requirement_labels(needs: dict[str, Any] | None) -> list[str]:
    """Short requirement names for filters: ``base game``, ``Kickstarter pack``, ``custom components``."""
    if needs is None:
        return ["base game"]
    n = Needs.from_dict(needs)
    out = [BOXES.get(b, b) for b in n.box]
    if n.components:
        out.append("custom components")
    return out


def _requirement_order(label: str) -> tuple[int, str]:
    known = [*BOXES.values(), "custom components"]
    return (known.index(label) if label in known else len(known), label)


def feed_entry(pack: Pack, url: str, size: int, digest: str, page: str, preview: str | None) -> dict[str, Any]:
    """One pack version as the feed lists it."""
    m = pack.manifest
    scenarios = []
    for s in m.scenarios:
        row: dict[str, Any] = {"id": s.id, "name": s.name, "mode": s.mode, "players": list(s.players)}
        for key in ("paws", "difficulty", "expected_length"):
            if getattr(s, key) is not None:
                row[key] = getattr(s, key)
        estimate = _estimate(pack, s.path)
        if estimate is not None:
            row["estimate"] = estimate
        row["requirements"] = requirement_labels(s.needs)
        row["needs"] = Needs.from_dict(s.needs).lines() if s.needs is not None else []
        scenarios.append(row)
    paws = [s.paws for s in m.scenarios if s.paws is not None]
    entry: dict[str, Any] = {
        "id": m.id,
        "version": m.version,
        "title": m.title,
        "authors": list(m.authors),
        "licence": m.licence,
        "description": m.description,
        "url": url,
        "page": page,
        "size": size,
        "sha256": digest,
        "requires_engine": m.requires_engine,
        "requirements": sorted({r for s in scenarios for r in s["requirements"]}, key=_requirement_order),
        "modes": sorted({s.mode for s in m.scenarios}),
        "players": sorted({p for s in m.scenarios for p in s.players}),
        "paws": [min(paws), max(paws)] if paws else None,
        "scenarios": scenarios,
    }
    if preview is not None:
        entry["preview"] = preview
    return entry


def feed_document(title: str, entries: list[dict[str, Any]], base_url: str = "") -> dict[str, Any]:
    ordered = sorted(entries, key=lambda e: (e["id"], version_key(e["version"])))
    return {"$schema": schema_url("feed", FEED_FORMAT_VERSION), "format": FEED_FORMAT,
            "format_version": FEED_FORMAT_VERSION, "title": title, "base_url": base_url, "packs": ordered}  # fmt: skip


def feed_bytes(document: dict[str, Any]) -> bytes:
    return canonical_json(document).encode("utf-8")


@dataclass(frozen=True)
class FeedPack:
    """One pack version offered by a feed (the fields the apps use)."""

    id: str
    version: str
    title: str
    url: str
    size: int
    sha256: str
    entry: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.id}@{self.version}"


@dataclass(frozen=True)
class Feed:
    source: str
    title: str
    packs: tuple[FeedPack, ...]

    def latest(self) -> dict[str, FeedPack]:
        """The newest version of every pack id."""
        out: dict[str, FeedPack] = {}
        for p in self.packs:
            if p.id not in out or version_key(p.version) > version_key(out[p.id].version):
                out[p.id] = p
        return out

    def find(self, spec: str) -> FeedPack | None:
        """``ID`` (the newest version), ``ID@VERSION`` or a pack's download address."""
        for p in self.packs:
            if spec in (p.label, p.url):
                return p
        return self.latest().get(spec)


def read_feed(data: bytes, source: str) -> Feed:
    """Parse and check a feed; refuse it with one problem saying why."""

    def refuse(code: str, message: str, entry: str = "index.json") -> PackError:
        return PackError([Problem(code, source, entry, message)])

    if len(data) > MAX_FEED_BYTES:
        raise refuse(
            "feed-too-large",
            f"the feed is {len(data)} bytes; the limit is {MAX_FEED_BYTES}: check the address, or ask the "
            "gallery's maintainer to split it",
        )
    doc, code, why = parse_json(data, FEED_LIMITS)
    if code is not None:
        raise refuse(
            code.replace("json", "feed"),
            f"the feed is {why}; check the address, or ask the gallery's maintainer to fix the feed",
        )
    if not isinstance(doc, dict) or doc.get("format") != FEED_FORMAT:
        raise refuse(
            "feed-invalid", f'this is not a Raftwright gallery feed (no "format": "{FEED_FORMAT}"); check the address'
        )
    if doc.get("format_version") != FEED_FORMAT_VERSION:
        raise refuse("feed-version", f"feed format version {doc.get('format_version')!r}; this Raftwright reads "
                     f"version {FEED_FORMAT_VERSION}: update Raftwright")  # fmt: skip
    errors = schema_errors("feed", doc)
    if errors:
        first = errors[0]
        raise refuse("feed-invalid", f"the feed does not follow its schema at {first.path or '/'}: "
                     f"{_plain(first.validator)}; ask the gallery's maintainer to rebuild it", first.path or "index.json")  # fmt: skip
    packs = tuple(
        FeedPack(p["id"], p["version"], p["title"], p["url"], p["size"], p["sha256"], p) for p in doc["packs"]
    )
    return Feed(source, doc["title"], packs)


def _plain(keyword: str) -> str:
    return {
        "required": "a required field is missing",
        "type": "a field has the wrong type",
        "pattern": "a field is not in the expected form (ids are lower-case words with '-', "
        "versions look like 1.0.0, hashes are 64 hex digits)",
        "maxLength": "a text is too long",
        "maxItems": "a list is too long",
        "additionalProperties": "a field is not one the feed format knows",
        "minimum": "a number is too small",
        "maximum": "a number is too large",
        "enum": "a value is not one of those allowed",
    }.get(keyword, f"a value breaks the rule '{keyword}'")
