"""docs/architecture.md: the engine never imports Qt or the editor."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "editor")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_engine_module_imports_qt_or_editor() -> None:
    offenders = [
        f"{path.relative_to(ENGINE.parent)} imports {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_the_whole_engine_loads_no_qt() -> None:
    code = (
        "import pkgutil, importlib, sys, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if '_bundled' not in m.name: importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'editor')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parent)
    assert result.returncode == 0, result.stdout + result.stderr
