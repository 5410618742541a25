"""Migrating older pack manifests to the current format, one version step at a time.

:data:`MIGRATIONS` maps a format version to the function that lifts a manifest of
that version to the next.  Reading a pack runs every step from its version up to
:data:`~engine.packs.manifest.PACK_FORMAT_VERSION`; a version with no step (or newer
than the current one) is refused by the reader.

* 1 -> 2: version 1 spelled the licence ``license`` and listed ``files`` as an object
  keyed by path (``{"scenarios/a.scenario.json": {"kind": ..., "size": ..., "sha256": ...}}``);
  version 2 says ``licence`` (the project's spelling) and lists files as an array of
  objects with a ``path``, so the order is explicit and a path can be checked like
  any other value.
* 2 -> 3: version 3 added what a player needs to know before installing: ``needs`` on
  each scenario entry (the box, the Kickstarter pack's features, the pack's own
  components) and ``credits`` (the publisher's attribution for official layouts).  Both
  are optional, so a version 2 manifest is a valid version 3 one as it stands; the bump
  makes an older Raftwright say "update Raftwright" instead of refusing the new fields as
  a damaged manifest.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from engine.model.schema_ids import schema_url
from engine.packs.manifest import PACK_FORMAT_VERSION

Document = dict[str, Any]


def _v1_to_v2(doc: Document) -> Document:
    out = {k: v for k, v in doc.items() if k not in ("license", "files")}
    if "license" in doc:
        out["licence"] = doc["license"]
    files = doc.get("files", {})
    if isinstance(files, dict):
        out["files"] = [
            {"path": path, **entry} if isinstance(entry, dict) else {"path": path}
            for path, entry in sorted(files.items())
        ]
    else:
        out["files"] = files
    out["format_version"] = 2
    return out


def _v2_to_v3(doc: Document) -> Document:
    return {**doc, "format_version": 3}


MIGRATIONS: dict[int, Callable[[Document], Document]] = {1: _v1_to_v2, 2: _v2_to_v3}


def can_migrate(found: int) -> bool:
    return all(v in MIGRATIONS for v in range(found, PACK_FORMAT_VERSION))


def migrate(doc: Document) -> Document:
    """The manifest lifted to the current format (a new dict; ``doc`` is untouched).
    Call only when :func:`can_migrate` says so."""
    found = int(doc.get("format_version", 0))
    out = copy.deepcopy(doc)
    for step in range(found, PACK_FORMAT_VERSION):
        out = MIGRATIONS[step](out)
    if "$schema" in out:  # it named the old format's schema: the document now follows the current one
        out["$schema"] = schema_url("pack-manifest", PACK_FORMAT_VERSION)
    return out
