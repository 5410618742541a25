"""Code health the tools keep, run with the suite so ``make test`` fails when it slips:

* ruff over the whole checkout, and ruff format's layout;
* mypy as configured in pyproject.toml (the editor in the default mode, the engine and
  the CLI with every per-module flag of ``--strict``), and ``mypy --strict`` itself over
  the engine and the CLI;
* import-linter's contracts (the layers of docs/architecture.md), and proof that they
  bite: a copy of the checkout with one forbidden import breaks the named contract;
* no engine module imports inside a function (a real circle means a concept belongs in
  a module of its own);
* ``pytest`` started directly (not ``python -m pytest``) collects the suite.

The tools run as subprocesses of the interpreter running the tests (the venv's).  mypy
keeps its incremental cache in the system temp folder, never in the checkout.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
BIN = Path(sys.executable).parent


def _run(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env)


def _output(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"


def _mypy_cache(name: str) -> str:
    """A cache folder per checkout and per way of running, outside the checkout."""
    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    return str(Path(tempfile.gettempdir()) / f"raftwright-mypy-{key}" / name)


# --- ruff and mypy ------------------------------------------------------------------------


def test_ruff_passes_on_the_whole_checkout() -> None:
    result = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert result.returncode == 0, _output(result)


def test_the_checkout_is_formatted_by_ruff() -> None:
    """The code is laid out by ``ruff format`` (pyproject's line length); hand-aligned
    tables keep their ``# fmt: skip`` markers, which ruff format honours."""
    result = _run([sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."])
    assert result.returncode == 0, _output(result)


def test_mypy_passes_as_configured() -> None:
    """The files pyproject.toml names: engine and CLI strict, editor default mode."""
    result = _run([sys.executable, "-m", "mypy", "--cache-dir", _mypy_cache("configured")])
    assert result.returncode == 0, _output(result)


def test_engine_and_cli_pass_mypy_strict() -> None:
    """``--strict`` itself, global-only flags included; the editor (which the CLI
    imports) is followed silently, as it is checked in the default mode above."""
    result = _run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--cache-dir",
            _mypy_cache("strict"),
            "-p",
            "engine",
            "-p",
            "raftwright",
        ]
    )
    assert result.returncode == 0, _output(result)


def test_the_mypy_config_says_engine_strict_and_editor_default(tmp_path: Path) -> None:
    """mypy reads ``strict`` only globally (inside an override it turns strict on for
    every module), so the override must list each per-module flag --strict sets."""
    from mypy.main import process_options
    from mypy.options import PER_MODULE_OPTIONS

    empty = tmp_path / "mypy.ini"
    empty.write_text("[mypy]\n", encoding="utf-8")
    _, strict = process_options(["--strict", "--config-file", str(empty), "x.py"])
    _, plain = process_options(["--config-file", str(empty), "x.py"])
    wanted = {
        flag: getattr(strict, flag)
        for flag in sorted(PER_MODULE_OPTIONS)
        if getattr(strict, flag) != getattr(plain, flag)
    }
    config = PYPROJECT["tool"]["mypy"]
    overrides = config.get("overrides", [])
    strict_overrides = [o for o in overrides if set(o["module"]) >= {"engine.*", "raftwright.*"}]
    assert len(strict_overrides) == 1, overrides
    flags = {k: v for k, v in strict_overrides[0].items() if k != "module"}
    assert flags == wanted, "the engine override must equal --strict's per-module flags"
    assert "strict" not in config and all("strict" not in o for o in overrides)
    global_flags = set(config) - {"python_version", "files", "ignore_missing_imports", "overrides"}
    assert global_flags == set(), f"the editor is checked in mypy's default mode; move {global_flags} to the override"
    assert sorted(config["files"]) == ["editor", "engine", "raftwright"]


# --- import-linter ------------------------------------------------------------------------


def test_import_contracts_are_kept() -> None:
    result = _run([str(BIN / "lint-imports"), "--no-cache"])
    assert result.returncode == 0, _output(result)
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    for contract in contracts:
        assert f"{contract['name']} KEPT" in result.stdout
    assert f"Contracts: {len(contracts)} kept, 0 broken." in result.stdout


def _copy_checkout(dest: Path) -> None:
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("engine", "editor", "raftwright"):
        shutil.copytree(ROOT / package, dest / package, ignore=skip)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _contract(kind: str, source: str) -> str:
    """The name of the ``kind`` contract (``forbidden`` or ``layers``) about ``source``."""
    for c in PYPROJECT["tool"]["importlinter"]["contracts"]:
        if c["type"] == kind and source in (
            c.get("source_modules", []) if kind == "forbidden" else c.get("layers", [])
        ):
            return str(c["name"])
    raise AssertionError(f"pyproject.toml has no {kind} contract about {source}")


@pytest.mark.parametrize(
    ("module", "line", "kind", "source"),
    [
        ("engine/play/state.py", "import PySide6.QtCore", "forbidden", "engine"),
        ("engine/model/geometry.py", "import editor.edits", "forbidden", "engine"),
        ("engine/check/validate.py", "import raftwright.common", "forbidden", "engine"),
        ("engine/model/geometry.py", "import engine.play.state", "forbidden", "engine.model"),
        ("engine/play/island.py", "from engine.check import issues", "layers", "engine.check"),
        ("editor/edits.py", "import raftwright.cli", "layers", "raftwright"),
        ("engine/play/island.py", "import engine.bots.heuristic", "forbidden", "engine.play"),
        ("engine/play/reach.py", "import engine.sim.montecarlo", "forbidden", "engine.play"),
        ("engine/bots/routes.py", "import engine.sim.difficulty", "forbidden", "engine.bots"),
        ("engine/sim/difficulty.py", "import engine.sim.oracle", "forbidden", "engine.sim.difficulty"),
    ],
    ids=[
        "qt-in-engine",
        "editor-in-engine",
        "cli-in-engine",
        "play-in-model",
        "check-in-play",
        "cli-in-editor",
        "bot-in-rules",
        "sim-in-rules",
        "sim-in-bots",
        "oracle-in-estimate",
    ],
)
def test_a_forbidden_import_breaks_its_contract(tmp_path: Path, module: str, line: str, kind: str, source: str) -> None:
    """The same contracts over a copy of the checkout with one import added at the end
    of one module: lint-imports fails and names the contract and the line."""
    contract = _contract(kind, source)
    _copy_checkout(tmp_path)
    target = tmp_path / module
    text = target.read_text(encoding="utf-8").rstrip("\n")
    target.write_text(f"{text}\n{line}  # noqa: E402\n", encoding="utf-8")
    lineno = len(text.splitlines()) + 1
    result = _run([str(BIN / "lint-imports"), "--no-cache"], cwd=tmp_path)
    assert result.returncode != 0, _output(result)
    assert f"{contract} BROKEN" in result.stdout, _output(result)
    # the copy was analysed, not the installed checkout: the added line is reported
    assert f"(l.{lineno})" in result.stdout, _output(result)


SEAM = "Above the rules: only the play contract and engine.play.analysis"
ACYCLIC = "No import circles in the engine, type-only imports included"


@pytest.mark.parametrize(
    ("module", "lines", "contract", "report"),
    [
        ("engine/bots/routes.py", "from engine.play.reach import walkable", SEAM,
         "engine.bots is not allowed to import engine.play.reach"),
        ("engine/sim/montecarlo.py", "from engine.play.moves import check", SEAM,
         "engine.sim is not allowed to import engine.play.moves"),
        ("editor/playtest/session.py", "from engine.play import moves", SEAM,
         "editor.playtest is not allowed to import engine.play.moves"),
        ("engine/play/hybrid.py", "if TYPE_CHECKING:\n    from engine.play.position import Position", ACYCLIC,
         "No cycles are allowed in engine.play"),
        ("engine/play/variants/base.py", "from engine.play.state import GameState", ACYCLIC,
         "No cycles are allowed in engine.play"),
    ],
    ids=["bot-reads-reach", "sim-reads-moves", "playtest-reads-moves", "type-only-circle", "variants-circle"],
)  # fmt: skip
def test_the_seam_and_the_no_circle_contracts_bite(
    tmp_path: Path, module: str, lines: str, contract: str, report: str
) -> None:
    """A copy of the checkout with one import past the seam, or one import (type-only
    included) closing a circle: lint-imports fails, naming the contract and the import."""
    assert contract in {c["name"] for c in PYPROJECT["tool"]["importlinter"]["contracts"]}
    _copy_checkout(tmp_path)
    target = tmp_path / module
    text = target.read_text(encoding="utf-8").rstrip("\n")
    target.write_text(f"{text}\nfrom typing import TYPE_CHECKING  # noqa\n{lines}  # noqa\n", encoding="utf-8")
    result = _run([str(BIN / "lint-imports"), "--no-cache"], cwd=tmp_path)
    assert result.returncode != 0, _output(result)
    assert f"{contract} BROKEN" in result.stdout, _output(result)
    assert report in result.stdout, _output(result)


# --- no function-level imports in the engine -------------------------------------------------


def _engine_name(node: ast.AST) -> bool:
    """True when an import statement or call names an engine module (or cannot be read:
    a computed name)."""
    if isinstance(node, ast.Import):
        return any(alias.name == "engine" or alias.name.startswith("engine.") for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        module = node.module or ""
        return node.level > 0 or module == "engine" or module.startswith("engine.")
    assert isinstance(node, ast.Call)
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value == "engine" or first.value.startswith(("engine.", "."))
    return True


#: the one function allowed to import engine modules: the package's PEP 562 facade
#: (``from engine import new_game`` loads the rules on first use, so that reading a
#: scenario does not load them; issue 28 item 7)
LAZY_FACADE = "engine/__init__.py:__getattr__"


def _function_imports(source: str, label: str) -> list[str]:
    """``label:line in name()`` for each import of an engine module (statement,
    ``__import__`` or ``import_module``) inside a function or lambda; module-level ones,
    including those under ``if TYPE_CHECKING:``, are fine, and so is a third-party
    module imported late (``jsonschema``, loaded on the first schema check)."""
    found: list[str] = []
    for func in ast.walk(ast.parse(source, filename=label)):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        name = getattr(func, "name", "<lambda>")
        if f"{label}:{name}" == LAZY_FACADE:
            continue
        for node in ast.walk(func):
            dodges = isinstance(node, (ast.Import, ast.ImportFrom)) or (
                isinstance(node, ast.Call)
                and (
                    (isinstance(node.func, ast.Name) and node.func.id in ("__import__", "import_module"))
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                )
            )
            if dodges and _engine_name(node):
                found.append(f"{label}:{node.lineno} in {name}()")
    return found


def test_no_engine_module_imports_inside_a_function() -> None:
    offenders = [
        hit
        for path in sorted((ROOT / "engine").rglob("*.py"))
        for hit in _function_imports(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    ]
    assert offenders == [], (
        "hoist these imports to the top of the module (a real circle means a concept needs its own module)"
    )


def test_the_function_import_check_sees_what_it_looks_for() -> None:
    sample = (
        "from typing import TYPE_CHECKING\n"
        "import json\n"
        "if TYPE_CHECKING:\n"
        "    from engine.play.state import GameState\n"
        "def late():\n"
        "    import engine.play.state\n"
        "class Lazy:\n"
        "    def later(self):\n"
        "        return importlib.import_module('engine.play')\n"
        "hook = lambda: __import__('engine.check')\n"
        "def third_party():\n"
        "    import jsonschema\n"
        "    from referencing import Registry\n"
        "def relative():\n"
        "    from . import state\n"
        "def computed(name):\n"
        "    return importlib.import_module(name)\n"
        "def __getattr__(name):\n"
        "    return importlib.import_module(name)\n"
    )
    assert sorted(_function_imports(sample, "sample.py"), key=lambda hit: int(hit.split(":")[1].split()[0])) == [
        "sample.py:6 in late()",
        "sample.py:9 in later()",
        "sample.py:10 in <lambda>()",
        "sample.py:15 in relative()",
        "sample.py:17 in computed()",
        "sample.py:19 in __getattr__()",  # allowed in engine/__init__.py only
    ]
    in_facade = _function_imports(sample, "engine/__init__.py")
    assert "engine/__init__.py:17 in computed()" in in_facade
    assert not any("__getattr__" in hit for hit in in_facade)


# --- pytest started directly ------------------------------------------------------------


def test_pytest_started_directly_collects_the_suite() -> None:
    """``pytest`` (the script) puts the test folder's parent, not the checkout, first on
    sys.path unless configured; tests/engine and tests/editor must not shadow the
    packages.  Collection errors make pytest exit 2."""
    script = BIN / "pytest"
    if not script.exists():
        pytest.skip(f"no pytest script beside {sys.executable}")
    result = _run([str(script), "--collect-only", "-q", "-p", "no:cacheprovider"])
    assert result.returncode == 0, _output(result)
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.startswith("ERROR")], _output(result)
    assert any("tests collected" in line for line in lines[-3:]), _output(result)
    assert any(line.startswith("tests/engine/") for line in lines)
    assert any(line.startswith("tests/editor/") for line in lines)


# --- bench scripts use the installed package ----------------------------------------------


def _bench_path_edits(source: str, label: str, test_modules: set[str]) -> list[str]:
    """``label:line`` for each ``sys.path`` edit and each import of a test module."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename=label)):
        if isinstance(node, ast.Attribute) and node.attr == "path" and getattr(node.value, "id", "") == "sys":
            found.append(f"{label}:{node.lineno} edits sys.path")
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            if name.split(".")[0] in test_modules or name.split(".")[0] == "tests":
                found.append(f"{label}:{node.lineno} imports {name} from tests/")
    return sorted(found, key=lambda hit: int(hit.split(":")[1].split()[0]))


def test_bench_scripts_import_the_installed_package_only() -> None:
    """No bench script edits ``sys.path`` or imports a module from ``tests/``: each runs on
    the installed package (``make bench``), its fixtures are data in bench/fixtures/."""
    test_modules = {p.stem for p in (ROOT / "tests").rglob("*.py")}
    offenders = [
        hit
        for path in sorted((ROOT / "bench").glob("*.py"))
        for hit in _bench_path_edits(path.read_text(encoding="utf-8"), path.name, test_modules)
    ]
    assert offenders == []


def test_the_bench_check_sees_what_it_looks_for() -> None:
    sample = "import sys\nsys.path.insert(0, '.')\nfrom test_playouts import check\nimport tests.conftest\n"
    assert _bench_path_edits(sample, "b.py", {"test_playouts"}) == [
        "b.py:2 edits sys.path",
        "b.py:3 imports test_playouts from tests/",
        "b.py:4 imports tests.conftest from tests/",
    ]
