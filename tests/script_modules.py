"""Loading a script that is not part of a package (``tools/``, ``bench/``,
``packaging/``) as a module, so that tests can call its functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str | None = None) -> ModuleType:
    """The script at ``path`` run as a module named ``name`` (its file's stem by default)."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
