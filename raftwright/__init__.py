"""The ``raftwright`` command: the only package that imports both the engine and the
studio (``engine`` never names ``editor``; import-linter checks it).

:data:`VERSION` is the one place Raftwright's version is written: ``pyproject.toml``
reads it (``[tool.setuptools.dynamic]``) into the distribution's metadata, where the
engine finds it (packs record it as the engine they need, estimates as the engine that
made them).  Importing this package loads nothing else, so ``raftwright --version``
starts without the engine."""

from __future__ import annotations

VERSION = "0.1.0"


def installed_version() -> str:
    """Raftwright's version (:data:`VERSION`)."""
    return VERSION


__all__ = ["VERSION", "installed_version"]
