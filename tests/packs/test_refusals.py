"""Opening a pack is opening untrusted input: every hostile pack crafted here is
refused with its stable code, naming the pack and the entry, and nothing is written
anywhere (the install target stays empty, nothing appears beside it)."""

from __future__ import annotations

import json
import stat
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pack_helpers import craft, split, zip_bytes

from engine.packs.errors import REFUSAL_CODES, PackError
from engine.packs.install import install_pack
from engine.packs.limits import DEFAULT_LIMITS, Limits
from engine.packs.manifest import PACK_FORMAT_VERSION, engine_version
from engine.packs.reader import open_pack


def refused(data: bytes, tmp_path: Path, limits: Limits = DEFAULT_LIMITS) -> PackError:
    """Open and install ``data`` into ``tmp_path/root``; return the refusal, after
    checking that nothing was written (only the pack file itself is there)."""
    target = tmp_path / "work"
    target.mkdir(parents=True)
    pack_file = target / "hostile.raftpack"
    pack_file.write_bytes(data)
    with pytest.raises(PackError) as caught:
        install_pack(open_pack(pack_file, limits), root=target / "root")
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*")) == ["hostile.raftpack"]
    assert not list(tmp_path.parent.glob("**/evil*"))
    for problem in caught.value.problems:
        assert problem.code in REFUSAL_CODES
        assert problem.pack == str(pack_file)
    return caught.value


def only(error: PackError, code: str, entry: str | None = None) -> str:
    assert error.codes == [code], error
    if entry is not None:
        assert error.problems[0].entry == entry
    return error.problems[0].message


@pytest.fixture
def parts(tutorial_pack) -> tuple[dict[str, Any], dict[str, bytes]]:
    return split(tutorial_pack[0])


@pytest.mark.parametrize(
    "name, code",
    [
        ("../evil.scenario.json", "entry-name"),
        ("scenarios/../../evil.scenario.json", "entry-name"),
        ("/tmp/evil.scenario.json", "entry-name"),
        ("C:/evil.scenario.json", "entry-name"),
        ("scenarios\\..\\evil.scenario.json", "entry-name"),
        ("scenarios//evil.scenario.json", "entry-name"),
        ("scenarios/", "entry-special"),
    ],
)
def test_unsafe_entry_names_are_refused(parts, tmp_path: Path, name: str, code: str) -> None:
    manifest, files = parts
    data = craft(manifest, {**files, name: b"{}"}, relist=False)
    only(refused(data, tmp_path), code, name)


def test_a_symlink_entry_is_refused(parts, tmp_path: Path) -> None:
    manifest, files = parts
    link = zipfile.ZipInfo("scenarios/link.scenario.json")
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    data = zip_bytes([("manifest.json", json.dumps(manifest).encode()), *files.items(), (link, b"/etc/passwd")])
    assert "symbolic link" in only(refused(data, tmp_path), "entry-special", link.filename)


def test_duplicate_names_are_refused(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = next(iter(files))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate it is asked to write
        data = zip_bytes([("manifest.json", json.dumps(manifest).encode()), *files.items(), (name, b"{}")])
    only(refused(data, tmp_path), "entry-duplicate", name)


def test_names_that_collide_ignoring_case_are_refused(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = next(iter(files))
    data = craft(manifest, {**files, name.upper(): files[name]})
    assert name in only(refused(data, tmp_path), "entry-case-collision", name.upper())


def test_too_many_entries(tutorial_pack, tmp_path: Path) -> None:
    assert "limit is 3" in only(refused(tutorial_pack[0], tmp_path, Limits(max_entries=3)), "entry-count")


def test_an_oversized_entry(tutorial_pack, tmp_path: Path) -> None:
    error = refused(tutorial_pack[0], tmp_path, Limits(max_entry_bytes=1500))
    assert set(error.codes) == {"entry-too-large"}


def test_a_total_over_the_limit(tutorial_pack, tmp_path: Path) -> None:
    only(refused(tutorial_pack[0], tmp_path, Limits(max_total_bytes=5000)), "total-too-large")


def test_a_high_ratio_bomb(parts, tmp_path: Path) -> None:
    manifest, files = parts
    data = craft(manifest, {**files, "sheets/bomb.png": b"\0" * (20 * 1024 * 1024)})
    assert len(data) < 200_000
    only(refused(data, tmp_path), "compression-ratio", "sheets/bomb.png")


def test_a_deep_json_document(parts, tmp_path: Path) -> None:
    manifest, files = parts
    deep = b"[" * 500 + b"]" * 500
    data = craft(manifest, {**files, "scenarios/deep.scenario.json": deep}, compress=zipfile.ZIP_STORED)
    assert "500 levels" in only(refused(data, tmp_path), "json-too-deep", "scenarios/deep.scenario.json")


def test_an_oversized_json_document(tutorial_pack, tmp_path: Path) -> None:
    error = refused(tutorial_pack[0], tmp_path, Limits(max_json_bytes=1500))
    assert error.codes == ["json-too-large"]  # the manifest is read first, and refused


def test_a_checksum_mismatch(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = "campaigns/tutorial/01-first-steps.scenario.json"
    changed = files[name].replace(b"First steps", b"First Steps")
    data = craft(manifest, {**files, name: changed}, relist=False)
    only(refused(data, tmp_path), "file-checksum-mismatch", name)


def test_a_size_mismatch(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = "campaigns/tutorial/01-first-steps.scenario.json"
    data = craft(manifest, {**files, name: files[name] + b"\n"}, relist=False)
    only(refused(data, tmp_path), "file-size-mismatch", name)


def test_a_manifest_that_omits_a_file(parts, tmp_path: Path) -> None:
    manifest, files = parts
    data = craft(manifest, {**files, "scenarios/extra.scenario.json": b"{}"}, relist=False)
    only(refused(data, tmp_path), "manifest-file-unlisted", "scenarios/extra.scenario.json")


def test_a_manifest_that_adds_a_file(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = "campaigns/tutorial/02-ancient-trail.scenario.json"
    data = craft(manifest, {k: v for k, v in files.items() if k != name}, relist=False)
    assert set(refused(data, tmp_path).codes) == {"manifest-file-missing"}


def test_a_newer_format_names_both_versions(parts, tmp_path: Path) -> None:
    manifest, files = parts
    message = only(
        refused(craft(dict(manifest, format_version=PACK_FORMAT_VERSION + 1), files), tmp_path),
        "format-newer",
        "manifest.json",
    )
    assert f"format version {PACK_FORMAT_VERSION + 1}" in message and f"up to version {PACK_FORMAT_VERSION}" in message


def test_a_newer_engine_requirement_names_both_versions(parts, tmp_path: Path) -> None:
    manifest, files = parts
    newer = dict(manifest, requires=dict(manifest["requires"], raftwright="99.0.0"))
    message = only(refused(craft(newer, files), tmp_path), "engine-newer", "manifest.json")
    assert "99.0.0" in message and engine_version() in message


def test_an_unknown_format_and_a_missing_manifest(parts, tmp_path: Path) -> None:
    manifest, files = parts
    only(refused(craft(dict(manifest, format="someone.else"), files), tmp_path / "a"), "manifest-format")
    only(refused(zip_bytes(list(files.items())), tmp_path / "b"), "manifest-missing")
    only(refused(b"not a zip at all", tmp_path / "c"), "pack-unreadable")


def test_a_document_of_the_wrong_kind_or_schema(parts, tmp_path: Path) -> None:
    manifest, files = parts
    name = "campaigns/tutorial/01-first-steps.scenario.json"
    doc = json.loads(files[name])
    del doc["boards"][0]["size"]
    error = refused(craft(manifest, {**files, name: json.dumps(doc).encode()}), tmp_path / "a")
    assert error.codes == ["file-invalid"] and error.problems[0].entry == name
    only(refused(craft(manifest, {**files, "sheets/fake.png": b"%PDF-1.4"}), tmp_path / "b"), "file-kind-mismatch")


def test_a_pack_redefining_a_bundled_component(parts, tmp_path: Path) -> None:
    manifest, files = parts
    fixture = {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "fixture-clash",
        "name": "Fixture clash",
        "location_cards": [
            {"number": 1, "grid": ["ggg", "ggg", "ggg"], "cats": [{"colour": "green", "square": [1, 1]}]}
        ],
    }
    name = "components/fixture-clash.components.json"
    message = only(
        refused(craft(manifest, {**files, name: json.dumps(fixture).encode()}), tmp_path),
        "component-redefines-bundled",
        name,
    )
    assert "location card 1" in message


def test_encrypted_flag_is_refused(parts, tmp_path: Path) -> None:
    manifest, files = parts
    data = bytearray(craft(manifest, files))
    offset = data.find(b"PK\x01\x02")  # the first central directory record: set its "encrypted" bit
    data[offset + 8] |= 0x1
    error = refused(bytes(data), tmp_path)
    assert "entry-encrypted" in error.codes
