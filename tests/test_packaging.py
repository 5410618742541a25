"""The wheel ships schema/ and campaigns/, and an installed (non-editable) copy finds
them and validates the bundled content from any directory (issue: foundation §1)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
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


def test_installed_copy_validates_the_bundled_content_from_anywhere(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    # -S: no site processing, so the checkout's editable install cannot shadow the
    # installed copy; dependencies come from this environment's site-packages.
    code = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]\n"
        "import engine, engine.model.resources as r\n"
        "assert engine.__file__.startswith(sys.argv[1]), engine.__file__\n"
        "assert str(r.schema_dir()).startswith(sys.argv[1])\n"
        "from raftwright.cli import main\n"
        "sys.exit(main(['validate', '--bundled']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", code, str(target), sysconfig.get_paths()["purelib"]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
