"""Where a person's own Raftwright files live, shared by the CLI and the studio.

``$RAFTWRIGHT_USER_DIR`` if set, else the platform's per-user application data folder
for organisation "Raftwright", application "Raftwright studio" (the folder Qt's
``QStandardPaths.AppDataLocation`` names, computed here without Qt so the engine
stays Qt-free):

* Linux and other Unix: ``$XDG_DATA_HOME`` or ``~/.local/share``, then
  ``Raftwright/Raftwright studio``;
* macOS: ``~/Library/Application Support/Raftwright/Raftwright studio``;
* Windows: ``%APPDATA%\\Raftwright\\Raftwright studio``.

It holds ``campaigns/`` (the designer's campaigns), ``catalogs/`` (custom components,
``*.components.json``), ``recovery/`` (the studio's autosaves) and ``packs/`` (installed
scenario packs).

The studio's log goes to the per-user *state* folder (:func:`user_state_dir`): files a
person does not edit and may delete, kept apart from their work.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_USER_DIR = "RAFTWRIGHT_USER_DIR"
ORGANISATION = "Raftwright"
APPLICATION = "Raftwright studio"


def user_data_dir() -> Path:
    override = os.environ.get(ENV_USER_DIR)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / ORGANISATION / APPLICATION


def user_catalogs_dir() -> Path:
    """Custom component catalogs merged into every catalog the engine loads."""
    return user_data_dir() / "catalogs"


def user_packs_dir() -> Path:
    """Installed scenario packs, one folder per pack and version (``<id>/<version>/``)."""
    return user_data_dir() / "packs"


ENV_CACHE_DIR = "RAFTWRIGHT_CACHE_DIR"
ENV_STATE_DIR = "RAFTWRIGHT_STATE_DIR"


def _xdg(variable: str, fallback: str, env: str, inside: str) -> Path:
    """A per-user folder: ``$env`` if set; with ``$RAFTWRIGHT_USER_DIR`` set (tests, the
    bench), its sub-folder ``inside``; else the platform's folder for caches or state."""
    override = os.environ.get(env)
    if override:
        return Path(override)
    if os.environ.get(ENV_USER_DIR):
        return user_data_dir() / inside
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / ORGANISATION / APPLICATION / inside
    if sys.platform == "darwin":
        sub = "Caches" if variable == "XDG_CACHE_HOME" else "Logs"
        return Path.home() / "Library" / sub / ORGANISATION / APPLICATION
    return Path(os.environ.get(variable) or Path.home() / fallback) / ORGANISATION / APPLICATION


def user_cache_dir() -> Path:
    """Files the studio can always rebuild (the schema-check cache): ``$XDG_CACHE_HOME`` or
    ``~/.cache``, then ``Raftwright/Raftwright studio`` (``$RAFTWRIGHT_CACHE_DIR`` overrides)."""
    return _xdg("XDG_CACHE_HOME", ".cache", ENV_CACHE_DIR, "cache")


def user_state_dir() -> Path:
    """The studio's log (``raftwright.log``): ``$XDG_STATE_HOME`` or ``~/.local/state``, then
    ``Raftwright/Raftwright studio`` (``$RAFTWRIGHT_STATE_DIR`` overrides)."""
    return _xdg("XDG_STATE_HOME", ".local/state", ENV_STATE_DIR, "state")
