"""The identifiers of Raftwright's JSON Schemas, which saved documents name in ``$schema``.

Each schema's ``$id`` is ``https://raftwright.org/schema/<name>-<format_version>.json``.
It is an identifier, a stable name for one version of one format (schemas ``$ref`` each
other by it and a document says by it what it is), not a download address: the schemas
ship inside Raftwright (``schema/``) and are never fetched.  Documents written before
``$schema`` was added still load: the field is optional.
"""

from __future__ import annotations

SCHEMA_BASE = "https://raftwright.org/schema/"

__all__ = ["SCHEMA_BASE", "schema_url"]


def schema_url(name: str, version: int) -> str:
    """``schema_url("scenario", 1)`` -> ``https://raftwright.org/schema/scenario-1.json``."""
    return f"{SCHEMA_BASE}{name}-{version}.json"
