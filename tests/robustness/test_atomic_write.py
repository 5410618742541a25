"""engine.model.files.atomic_write: the one writer every saver uses."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from engine.model.files import WriteError, atomic_write, atomic_write_text


def test_it_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    atomic_write(target, b"first version, longer\n")
    atomic_write(target, b"second\n")
    assert target.read_bytes() == b"second\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


@pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")
def test_it_keeps_the_old_files_permissions(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_missing_folder_names_the_file_and_the_fix(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match=r"b\.json: the folder .* does not exist.*old file is unchanged"):
        atomic_write(tmp_path / "nope" / "b.json", b"x")


def test_a_folder_in_the_way_keeps_it(tmp_path: Path) -> None:
    (tmp_path / "c.json").mkdir()
    with pytest.raises(WriteError, match="a folder of that name is in the way"):
        atomic_write(tmp_path / "c.json", b"x")
    assert (tmp_path / "c.json").is_dir() and len(list(tmp_path.iterdir())) == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "d.json"
    target.write_bytes(b"old")
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(WriteError, match="read-only"):
            atomic_write(target, b"new")
    finally:
        tmp_path.chmod(0o755)
    assert target.read_bytes() == b"old"


def test_text_with_a_lone_surrogate_is_refused_before_writing(tmp_path: Path) -> None:
    target = tmp_path / "e.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(WriteError, match="lone surrogate"):
        atomic_write_text(target, '{"name": "Cat \ud83d"}')
    assert target.read_text(encoding="utf-8") == "old"
    assert len(list(tmp_path.iterdir())) == 1


def test_a_name_too_long_for_the_temporary_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="too long"):
        atomic_write(tmp_path / ("n" * 250), b"x")
