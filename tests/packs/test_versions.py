"""Versions and the install's safety (issue 25, items 6 and 8): one version per pack id,
upgrades replace, downgrades and changed contents are refused without --force naming
both, a killed install never loses the installed copy, a full disk or a read-only
folder changes nothing, and a damaged installed pack is reported, never fatal."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pack_helpers import INFO, tutorial_campaign

import engine.packs.install as install_module
from engine.packs.build import build_pack, collect
from engine.packs.errors import PackError
from engine.packs.install import install_pack, installed_packs, scan_installed
from engine.packs.reader import Pack, open_pack
from raftwright.cli import main

ROOT = Path(__file__).resolve().parents[2]


def pack(version: str = "1.0.0", description: str = "") -> Pack:
    info = replace(INFO, version=version, description=description)
    return open_pack(build_pack(info, collect([tutorial_campaign()]))[0], name=f"tutorial-{version}.raftpack")


def labels(root: Path) -> list[str]:
    return [p.manifest.label for p in installed_packs(root)]


def leftovers(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith("."))


def test_an_upgrade_replaces_the_older_version(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)
    install_pack(pack("1.1.0"), root=root)
    assert labels(root) == ["tutorial-pack@1.1.0"]
    assert sorted(p.name for p in (root / "tutorial-pack").iterdir()) == ["1.1.0"] and leftovers(root) == []


def test_a_downgrade_is_refused_naming_both_then_forced(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.1.0"), root=root)
    with pytest.raises(PackError) as caught:
        install_pack(pack("0.9.0"), root=root)
    assert caught.value.codes == ["version-downgrade"]
    assert "tutorial-pack@1.1.0" in str(caught.value) and "tutorial-pack@0.9.0" in str(caught.value)
    assert labels(root) == ["tutorial-pack@1.1.0"]
    install_pack(pack("0.9.0"), root=root, force=True)
    assert labels(root) == ["tutorial-pack@0.9.0"]


def test_the_same_version_with_other_contents_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)
    with pytest.raises(PackError) as caught:
        install_pack(pack("1.0.0", description="changed"), root=root)
    assert caught.value.codes == ["version-contents-differ"]
    assert str(caught.value).count("tutorial-pack@1.0.0") == 2
    with pytest.raises(PackError) as same:
        install_pack(pack("1.0.0"), root=root)
    assert same.value.codes == ["already-installed"]
    install_pack(pack("1.0.0", description="changed"), root=root, force=True)
    assert installed_packs(root)[0].manifest.description == "changed"


def test_pack_list_one_row_per_id_json_and_empty(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    assert main(["pack", "list"]) == 0
    assert capsys.readouterr().out.startswith("no packs installed")
    assert main(["pack", "list", "--json"]) == 0
    assert capsys.readouterr().out.strip() == "[]"
    for version in ("1.0.0", "1.1.0"):
        path = tmp_path / f"t-{version}.raftpack"
        path.write_bytes(build_pack(replace(INFO, version=version), collect([tutorial_campaign()]))[0])
        assert main(["pack", "install", str(path)]) == 0
    assert "replacing tutorial-pack@1.0.0" in capsys.readouterr().err
    assert main(["pack", "list"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 1 and rows[0].split()[:2] == ["tutorial-pack", "1.1.0"]
    assert main(["pack", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["version"], r["status"], r["licence"]) for r in listed] == [
        ("tutorial-pack", "1.1.0", "installed", "CC-BY-4.0")
    ]


def test_a_full_disk_during_install_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)

    def full(staging: Path, p: Pack) -> None:
        (staging / "half").write_bytes(b"x")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(install_module, "_write_files", full)
    with pytest.raises(PackError) as caught:
        install_pack(pack("1.1.0"), root=root)
    assert caught.value.codes == ["install-failed"] and "disk is full" in str(caught.value)
    assert labels(root) == ["tutorial-pack@1.0.0"] and leftovers(root) == []


def test_a_read_only_folder_at_the_rename_puts_the_old_copy_back(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)
    real = os.replace

    def refuse_target(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(dst).name == "1.1.0":
            raise OSError(errno.EROFS, "Read-only file system")
        real(src, dst)

    monkeypatch.setattr(install_module.os, "replace", refuse_target)
    with pytest.raises(PackError) as caught:
        install_pack(pack("1.1.0"), root=root)
    assert caught.value.codes == ["install-failed"] and "read-only" in str(caught.value)
    monkeypatch.undo()
    assert labels(root) == ["tutorial-pack@1.0.0"] and leftovers(root) == []


def test_a_new_pack_that_fails_leaves_no_empty_folder(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "packs"
    root.mkdir()
    monkeypatch.setattr(install_module.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(errno.EACCES, "no")))
    with pytest.raises(PackError):
        install_pack(pack("1.0.0"), root=root)
    assert list(root.iterdir()) == []


def test_a_read_only_folder_during_remove(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    root = tmp_path / "user" / "packs"
    install_pack(pack("1.0.0"), root=root)
    monkeypatch.setattr(install_module.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(errno.EROFS, "ro")))
    assert main(["pack", "remove", "tutorial-pack"]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and " error: cannot remove " in out and "read-only" in out
    monkeypatch.undo()
    assert labels(root) == ["tutorial-pack@1.0.0"]


KILL = """
import os, sys
from pathlib import Path
from engine.packs.reader import open_pack
from engine.packs.install import install_pack
when = sys.argv[3]
install_pack(open_pack(Path(sys.argv[1])), force=True, root=Path(sys.argv[2]),
             after=lambda step: os._exit(9) if step == when else None)
"""


@pytest.mark.parametrize("new_version", ["1.0.0", "1.1.0"])
@pytest.mark.parametrize("when", ["staging", "staged", "moved-aside", "renamed"])
def test_a_killed_install_never_loses_the_installed_copy(tmp_path: Path, when: str, new_version: str) -> None:
    """Killed (os._exit) after each step of the rename dance, over the same version with
    other contents (--force) or as an upgrade: the next start shows the old pack or the
    new one, whole, and no staging or moved-aside folder."""
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)
    new = tmp_path / "new.raftpack"
    info = replace(INFO, version=new_version, description="new")
    new.write_bytes(build_pack(info, collect([tutorial_campaign()]))[0])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", KILL, str(new), str(root), when], env=env, capture_output=True)
    assert run.returncode == 9, run.stderr.decode()
    good, damaged = scan_installed(root)  # recovers
    assert damaged == [] and leftovers(root) == []
    assert len(good) == 1
    survivor = good[0]
    expect_new = when == "renamed"
    assert survivor.manifest.description == ("new" if expect_new else "")
    assert all(survivor.path(f.path).stat().st_size == f.size for f in survivor.manifest.files)


def test_leftover_staging_of_a_dead_process_is_cleaned(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    stale = root / ".staging-tutorial-pack-p999999999-abc"
    (stale / "campaigns").mkdir(parents=True)
    install_pack(pack("1.0.0"), root=root)
    assert leftovers(root) == []


def test_a_damaged_installed_manifest_is_reported_not_fatal(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    root = tmp_path / "user" / "packs"
    install_pack(pack("1.0.0"), root=root)
    broken = root / "broken" / "1.0.0"
    broken.mkdir(parents=True)
    (broken / "manifest.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["pack", "list"]) == 1
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("broken"))
    assert row.split()[:3] == ["broken", "1.0.0", "DAMAGED:"] and "nested 100000 levels" in row
    assert "tutorial-pack" in out
    scenario = tutorial_campaign().parent / "01-first-steps.scenario.json"
    assert main(["validate", str(scenario)]) == 0
    assert main(["show", str(scenario)]) == 0
    installed = installed_packs(root)[0].scenario_paths()[0]
    assert main(["validate", str(installed)]) == 0
    capsys.readouterr()
    assert main(["pack", "remove", "broken"]) == 0
    assert main(["pack", "list"]) == 0


REMOVE_KILL = """
import os, sys, shutil
from pathlib import Path
import engine.packs.install as install
install.shutil.rmtree = lambda *a, **k: os._exit(9)  # killed while deleting the moved-aside copy
install.remove_pack("tutorial-pack", Path(sys.argv[1]))
"""


def test_a_killed_remove_finishes_at_the_next_start(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    install_pack(pack("1.0.0"), root=root)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", REMOVE_KILL, str(root)], env=env, capture_output=True)
    assert run.returncode == 9, run.stderr.decode()
    assert scan_installed(root) == ([], []) and leftovers(root) == []
