"""Raftwright's release version: the one place it is written.

``pyproject.toml`` reads it (``[tool.setuptools.dynamic]``), ``raftwright --version``
prints it, packs record it as the engine they need and stored estimates as the engine
that made them.  Importing this module loads nothing else (the command line's start-up).
"""

from __future__ import annotations

VERSION = "0.1.0"

__all__ = ["VERSION"]
