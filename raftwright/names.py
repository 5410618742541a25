"""Bundled and installed content by name, so a user never needs a site-packages path.

Names (``raftwright list`` prints them all):

* a bundled campaign by its id: ``tutorial``, ``practice``, ``campaign-1`` … ``campaign-4``;
* a bundled scenario by campaign and position, ``campaign-1/03`` (``campaign-1/3`` too), or
  by the scenario's id (``campaign-1-3-the-old-teruvian``);
* an installed pack by its id (every file in it), its campaigns as ``PACK/CAMPAIGN`` and
  their scenarios as ``PACK/CAMPAIGN/NN``, and its scenarios by id.

A path that exists always wins over a name, so a file called ``tutorial`` in the working
folder is still read as that file.  Only the newest installed version of a pack is named.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from engine.model.formats import FormatError

__all__ = ["Named", "all_names", "resolve", "resolve_all"]

_CAMPAIGN_FILE = "campaign.json"
_LOOKS_LIKE_A_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*(/[a-z0-9._-]+){0,2}", re.IGNORECASE)


@dataclass(frozen=True)
class Named:
    """One name and what it stands for."""

    name: str
    kind: str  # "campaign" | "scenario" | "pack"
    path: Path
    title: str
    source: str  # "bundled" or the installed pack's id@version
    scenario_id: str = ""


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _text(doc: dict[str, Any], key: str, default: str) -> str:
    value = doc.get(key)
    return value if isinstance(value, str) and value else default


def _campaign(prefix: str, path: Path, source: str) -> Iterator[Named]:
    """A campaign and its scenarios in campaign order (``PREFIX/01`` …)."""
    doc = _read(path)
    yield Named(prefix, "campaign", path, _text(doc, "name", prefix), source)
    entries = doc.get("scenarios")
    for n, entry in enumerate(entries if isinstance(entries, list) else [], 1):
        file = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(file, str) or "/" in file or "\\" in file or file.startswith("."):
            continue
        scenario = path.parent / file
        sdoc = _read(scenario)
        title = _text(sdoc, "name", file)
        yield Named(f"{prefix}/{n:02d}", "scenario", scenario, title, source, _text(sdoc, "id", ""))


def bundled_names() -> list[Named]:
    """The bundled campaigns and their scenarios, in book order."""
    from engine.model.library import BUNDLED_CAMPAIGN_IDS
    from engine.model.resources import campaigns_dir

    out: list[Named] = []
    for cid in BUNDLED_CAMPAIGN_IDS:
        path = campaigns_dir() / cid / _CAMPAIGN_FILE
        if path.is_file():
            out.extend(_campaign(cid, path, "bundled"))
    return out


def installed_names() -> list[Named]:
    """Installed packs (the newest version of each), their campaigns and scenarios."""
    from engine.packs.install import installed_packs

    newest = {pack.manifest.id: pack for pack in installed_packs()}  # version order: the last wins
    out: list[Named] = []
    for ident, pack in sorted(newest.items()):
        label = pack.manifest.label
        out.append(Named(ident, "pack", pack.folder, pack.manifest.title, label))
        campaigned: set[Path] = set()
        for path in pack.campaign_paths():
            cid = _text(_read(path), "id", path.parent.name)
            for named in _campaign(f"{ident}/{cid}", path, label):
                out.append(named)
                campaigned.add(named.path.resolve())
        for path in pack.scenario_paths():  # scenarios outside any campaign: by id only
            if path.resolve() not in campaigned:
                sdoc = _read(path)
                sid = _text(sdoc, "id", path.name)
                out.append(Named(f"{ident}/{sid}", "scenario", path, _text(sdoc, "name", sid), label, sid))
    return out


def all_names() -> list[Named]:
    return bundled_names() + installed_names()


def _match(given: str, names: Iterable[Named]) -> Named | None:
    key = given.strip().strip("/").lower()
    parts = key.split("/")
    if parts[-1].isdigit():  # campaign-1/3 == campaign-1/03
        key = "/".join(parts[:-1] + [f"{int(parts[-1]):02d}"])
    by_id: Named | None = None
    for named in names:
        if named.name.lower() == key:
            return named
        if by_id is None and named.scenario_id and named.scenario_id.lower() == given.strip().lower():
            by_id = named
    return by_id


def resolve(given: str | Path) -> Path:
    """The file or folder ``given`` names: an existing path as it is, else a bundled or
    installed name.  Raises :class:`FormatError` for a name nothing answers to; a
    path-like argument that does not exist is returned unchanged (the reader says
    "file not found")."""
    text = str(given)
    path = Path(text)
    if path.exists() or not _LOOKS_LIKE_A_NAME.fullmatch(text) or text.endswith(".json"):
        return path
    named = _match(text, all_names())
    if named is None:
        raise FormatError(
            text,
            "no such file or folder, and no bundled or installed campaign, scenario or pack has this name; "
            "'raftwright list' shows the names",
        )
    return named.path


def resolve_all(given: Iterable[str | Path]) -> list[Path]:
    return [resolve(g) for g in given]
