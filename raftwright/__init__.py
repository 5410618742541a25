"""The ``raftwright`` command: the only package that imports both the engine and the
studio (``engine`` never names ``editor``; import-linter checks it)."""

from __future__ import annotations

from engine.release import VERSION


def installed_version() -> str:
    """Raftwright's version (:data:`engine.release.VERSION`, which ``pyproject.toml`` reads)."""
    return VERSION


__all__ = ["installed_version"]
