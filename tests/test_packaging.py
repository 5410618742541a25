"""The wheel ships schema/ and campaigns/, and an installed (non-editable) copy finds
them and validates the bundled content from any directory (issue: foundation §1)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{result.stderr[-3000:]}")
    return next(out.glob("raftwright-*.whl"))


def test_wheel_contains_every_schema_and_bundled_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"engine/_bundled/schema/{p.name}" for p in (ROOT / "schema").glob("*.json")}
    expected |= {
        "engine/_bundled/campaigns/" + p.relative_to(ROOT / "campaigns").as_posix()
        for p in (ROOT / "campaigns").rglob("*.json")
    }
    assert expected and expected <= names
    assert any(n.endswith("entry_points.txt") for n in names)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed (non-editable) into a folder of its own."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    return target


def run_installed(installed: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` against the installed copy (``sys.argv[1]`` is its folder).  -S: no
    site processing, so the checkout's editable install cannot shadow the installed
    copy; dependencies come from this environment's site-packages."""
    head = "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]\n"
    return subprocess.run(
        [sys.executable, "-S", "-c", head + code, str(installed), sysconfig.get_paths()["purelib"]],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def test_installed_copy_validates_the_bundled_content_from_anywhere(installed: Path, tmp_path: Path) -> None:
    code = (
        "import engine, engine.model.resources as r\n"
        "assert engine.__file__.startswith(sys.argv[1]), engine.__file__\n"
        "assert str(r.schema_dir()).startswith(sys.argv[1])\n"
        "from raftwright.cli import main\n"
        "sys.exit(main(['validate', '--bundled']))\n"
    )
    result = run_installed(installed, code, tmp_path)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]


def test_wheel_ships_every_python_package(wheel: Path) -> None:
    """Every package folder of the checkout is in the wheel (the studio's docks and
    playtest were once left out of the explicit package list)."""
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {
        p.parent.relative_to(ROOT).as_posix()
        for top in ("engine", "editor", "raftwright")
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert packages and {f"{pkg}/__init__.py" for pkg in packages} <= names


def test_installed_copy_prints_its_version(installed: Path, tmp_path: Path) -> None:
    """`raftwright --version` reads the installed distribution's metadata."""
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    code = (
        "import raftwright\n"
        "assert raftwright.__file__.startswith(sys.argv[1]), raftwright.__file__\n"
        "sys.argv[0] = 'raftwright'\n"
        "from raftwright.cli import main\n"
        "sys.exit(main(['--version']))\n"
    )
    result = run_installed(installed, code, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == f"raftwright {expected}"


def test_wheel_ships_the_manual(wheel: Path) -> None:
    """Help > Manual reads the manual's pages from editor/_manual in an installed copy:
    every file of docs/ (pages, lab notes, images) is in the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    docs = ROOT / "docs"
    expected = {"editor/_manual/" + p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file()}
    assert "editor/_manual/index.md" in expected and expected <= names


def test_installed_copy_finds_its_manual(installed: Path, tmp_path: Path) -> None:
    code = (
        "import editor.manual as m\n"
        "home = m.home_page()\n"
        "assert str(home).startswith(sys.argv[1]), home\n"
        "assert home.read_text(encoding='utf-8').startswith('# Raftwright manual')\n"
        "assert (home.parent / 'studio.md').is_file() and (home.parent / 'images' / 'studio.png').is_file()\n"
    )
    result = run_installed(installed, code, tmp_path)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
