"""The bundled catalogs' schema check, remembered by content hash (issue 28 item 7).

Checking the shipped ``*.components.json`` against their JSON Schema was most of the
studio's start-up.  Those bytes rarely change, so after a check passes the studio
writes a marker named after the SHA-256 of (the schema files, the catalog's bytes) in
the user's cache folder (:func:`engine.model.userdirs.user_cache_dir`); the next start
finds the marker and skips only the schema pass.  What the cache can and cannot do:

* a hit needs the *identical* bytes of the catalog and of every schema: an edited
  catalog or schema is a new key and is checked again;
* the marker holds its own key and anything else is a miss, so a damaged or
  hand-written marker at worst costs a re-check;
* only the bundled catalogs use it (they ship with the program, beside the code that
  reads them); a user's own catalogs are always checked, whatever the cache holds,
  and the checks beyond the schema (``catalog_document_problems``) always run;
* a cache that cannot be read or written is no cache: the check runs, nothing fails.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

from engine.model.resources import schema_dir
from engine.model.userdirs import user_cache_dir

VERSION = b"raftwright-schema-check-v1"
FOLDER = "schema-checked"


@cache
def _schemas_digest() -> bytes:
    digest = hashlib.sha256(VERSION)
    for path in sorted(Path(schema_dir()).glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def key(name: str, data: bytes) -> str:
    """The cache key of ``data`` checked against schema ``name``."""
    return hashlib.sha256(_schemas_digest() + name.encode() + b"\0" + data).hexdigest()


def _marker(k: str) -> Path:
    return user_cache_dir() / FOLDER / k


def checked(name: str, data: bytes) -> bool:
    """True when these exact bytes passed schema ``name`` before (a cache hit)."""
    k = key(name, data)
    try:
        return _marker(k).read_text(encoding="ascii") == k
    except (OSError, UnicodeDecodeError):
        return False


def remember(name: str, data: bytes) -> None:
    """Record that ``data`` passed schema ``name`` (atomically; silently skipped when the
    cache folder cannot be written)."""
    k = key(name, data)
    folder = user_cache_dir() / FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(k)
        os.replace(tmp, folder / k)
    except OSError:
        return
