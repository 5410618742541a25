"""The wheel ships schema/ and campaigns/, and an installed (non-editable) copy finds
them and validates the bundled content from any directory (issue: foundation §1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path
from typing import Iterator

import pytest

from raftwright import VERSION

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
    """`raftwright --version` prints raftwright/__init__.py's version, which the wheel's metadata carries."""
    expected = VERSION
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


def test_the_wheel_metadata_names_the_project(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    fields = [line.split(": ", 1) for line in metadata.split("\n\n", 1)[0].splitlines() if ": " in line]
    assert ("Version", VERSION) in [(k, v) for k, v in fields]
    assert any(k == "Project-URL" and v.startswith("Homepage, https://") for k, v in fields)
    assert any(k == "Keywords" and "Race to the Raft" in v for k, v in fields)
    classifiers = [v for k, v in fields if k == "Classifier"]
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers and len(classifiers) >= 8


def test_building_the_wheel_gives_no_packaging_warning(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    output = result.stdout + result.stderr
    assert "would be ignored" not in output and "BuildBackendWarning" not in output, output[-3000:]


@pytest.fixture(scope="session")
def fresh_venv() -> Iterator[Path]:
    """A new virtual environment outside the checkout (one per test session), made by the
    interpreter the shared venv was made from, with nothing installed yet.  Not under
    pytest's numbered temporary folders: a parallel pytest run may prune those."""
    folder = Path(tempfile.mkdtemp(prefix="raftwright-fresh-venv-")) / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(folder)], check=True, capture_output=True)
    yield folder
    shutil.rmtree(folder.parent, ignore_errors=True)


@pytest.mark.wheel
def test_the_installed_wheel_works_by_name_from_another_folder(wheel: Path, fresh_venv: Path, tmp_path: Path) -> None:
    """Issue 29's done-when: the wheel and its dependencies installed into a fresh venv,
    then every command run from an unrelated folder, the bundled content named, not pathed."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}  # not this checkout
    pip = subprocess.run(
        [str(fresh_venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         str(wheel)],
        capture_output=True, text=True, env=env, cwd=fresh_venv,
    )  # fmt: skip
    assert pip.returncode == 0, (
        f"installing the wheel (and its dependencies from the index) failed:\n{pip.stderr[-3000:]}"
    )
    command = fresh_venv / "bin" / "raftwright"
    env.update(QT_QPA_PLATFORM="offscreen", RAFTWRIGHT_USER_DIR=str(tmp_path / "user"), HOME=str(tmp_path))

    def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        result = subprocess.run([str(command), *argv], cwd=tmp_path, capture_output=True, text=True, env=env,
                                input=stdin, timeout=300)  # fmt: skip
        assert result.returncode == 0, f"raftwright {' '.join(argv)}: exit {result.returncode}\n{result.stderr[-2000:]}"
        return result

    where = subprocess.run([str(fresh_venv / "bin" / "python"), "-c", "import engine; print(engine.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, env=env, check=True)  # fmt: skip
    assert where.stdout.startswith(str(fresh_venv)) and not where.stdout.startswith(str(ROOT))
    assert run("--version").stdout.strip() == f"raftwright {VERSION}"
    listed = run("list").stdout
    assert all(f"  {name} " in listed for name in ("tutorial", "campaign-1", "campaign-4"))
    assert "checked 5 files: 0 error(s)" in run("validate", "tutorial").stderr
    estimate = run("difficulty", "campaign-1/01", "--games", "4", "--json").stdout
    assert '"id": "campaign-1-1-waiting-for-friends"' in estimate and '"games": 4' in estimate
    run("render", "tutorial", "-o", "sheets")
    assert sorted(p.name for p in (tmp_path / "sheets").glob("*.png")) == [
        "01-first-steps.png", "02-ancient-trail.png", "03-crossed-paths.png", "04-down-the-river.png"
    ]  # fmt: skip
    run("pack", "build", "tutorial", "-o", "tutorial.raftpack", "--title", "Tutorial", "--licence", "CC-BY-4.0")
    assert "Tutorial (tutorial@1.0.0)" in run("pack", "inspect", "tutorial.raftpack").stdout
    run("pack", "install", "tutorial.raftpack")
    assert "tutorial/tutorial/04" in run("list").stdout  # the installed pack's campaign, by name
    game = run("play", "tutorial/01", "--seed", "1", "--text", stdin="draw 0 circle\n2\nlist\n").stdout
    assert "> draw 0 circle" in game and "> draw 0 cross" in game and "stopped after 2 action(s)" in game
