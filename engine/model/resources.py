"""Locate the bundled data (JSON Schemas and campaigns) in a checkout or an installed copy.

The data lives at the top of the checkout (``schema/``, ``campaigns/``) and is shipped
inside the wheel as ``engine/_bundled/schema`` and ``engine/_bundled/campaigns``
(see ``pyproject.toml``).  Every caller goes through :func:`schema_dir` and
:func:`campaigns_dir`, so both layouts are found the same way.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_ENGINE_DIR = Path(__file__).resolve().parent.parent  # engine/, above engine/model/


@cache
def _data_dir(name: str) -> Path:
    installed = _ENGINE_DIR / "_bundled" / name
    if installed.is_dir():
        return installed
    checkout = _ENGINE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"Raftwright's bundled '{name}' folder is missing (looked in {installed} and {checkout}); reinstall the package"
    )


def schema_dir() -> Path:
    """The folder holding the versioned JSON Schemas."""
    return _data_dir("schema")


def campaigns_dir() -> Path:
    """The folder holding the bundled catalogs and official campaigns."""
    return _data_dir("campaigns")
