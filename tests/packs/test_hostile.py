"""Hostile packs, the rest of the way (issue 25, item 8): each is refused through the CLI
with one ``PACK: error: ...`` line per problem in plain words (the refusal's code is for
programs: ``PackError.codes``) and exit 1 (2 when unreadable), never a traceback, and
nothing is left installed."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pack_helpers import craft, split, zip_bytes

from engine.packs.errors import REFUSAL_CODES, PackError
from engine.packs.install import install_pack
from engine.packs.limits import Limits
from engine.packs.reader import open_pack
from raftwright.cli import main


@pytest.fixture(autouse=True)
def own_user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))


@pytest.fixture
def parts(tutorial_pack) -> tuple[dict[str, Any], dict[str, bytes]]:
    return split(tutorial_pack[0])


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def refusal_codes(path: Path, root: Path) -> list[str]:
    """The codes the pack is refused with, by reading it, or else by installing it."""
    try:
        pack = open_pack(path)
    except PackError as exc:
        return exc.codes
    try:
        install_pack(pack, root=root)
    except PackError as exc:
        return exc.codes
    return []


def refused_by_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, code: str, status: int = 1
) -> list[str]:
    """``pack inspect`` and ``pack install`` both refuse ``data`` with ``code``; the lines printed."""
    path = tmp_path / "hostile.raftpack"
    path.write_bytes(data)
    for action in ("inspect", "install"):
        rc, out, err = cli(capsys, "pack", action, str(path))
        lines = out.splitlines()
        assert rc == status, out + err
        assert lines and all(line.startswith(f"{path}: error: ") for line in lines), out
        assert not any(f" {c} " in f" {line} " for line in lines for c in REFUSAL_CODES), out  # plain words
        assert "Traceback" not in out + err
    codes = refusal_codes(path, tmp_path / "api")
    assert code in codes and set(codes) <= set(REFUSAL_CODES) and len(codes) == len(lines), (codes, lines)
    packs = Path(os.environ["RAFTWRIGHT_USER_DIR"]) / "packs"
    assert not packs.exists() or list(packs.iterdir()) == []  # no empty packs/<id>/, no staging left
    return lines


def test_a_json_integer_over_4300_digits(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    path = next(p for p in files if p.endswith(".scenario.json"))
    doc = json.loads(files[path])
    doc["notes"] = 0
    huge = json.dumps(doc).replace('"notes": 0', '"notes": ' + "9" * 5000).encode()
    lines = refused_by_cli(capsys, tmp_path, craft(manifest, {**files, path: huge}), "json-invalid")
    assert "a number thousands of digits long" in lines[0] and path in lines[0] and "sys." not in lines[0]


def test_a_huge_integer_in_the_manifest(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    data = zip_bytes(
        [("manifest.json", json.dumps(manifest).replace('"format_version": 3', '"format_version": ' + "1" * 5000).encode()),
         *files.items()]
    )  # fmt: skip
    refused_by_cli(capsys, tmp_path, data, "json-invalid")


def test_a_lone_surrogate_in_the_title_is_refused_and_leaves_no_folder(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    text = json.dumps(dict(manifest, files=[])).replace('"title": "Tutorial pack"', '"title": "Cat \\ud83d"')
    data = craft(json.loads(text), files)
    lines = refused_by_cli(capsys, tmp_path, data, "text-unsavable")
    assert "lone UTF-16 surrogate" in lines[0] and "the text of 'title'" in lines[0]


def test_a_lone_surrogate_in_a_scenario_is_refused_at_install(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    path = next(p for p in files if p.endswith(".scenario.json"))
    bad = files[path].replace(b'"name":"', b'"name":"\\udc00', 1).replace(b'"name": "', b'"name": "\\udc00', 1)
    assert bad != files[path]
    refused_by_cli(capsys, tmp_path, craft(manifest, {**files, path: bad}), "text-unsavable")


def test_a_file_and_a_folder_of_the_same_name(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 40
    data = craft(manifest, {**files, "sheets/a.png": png, "sheets/a.png/b.png": png})
    lines = refused_by_cli(capsys, tmp_path, data, "entry-path-collision")
    assert any("sheets/a.png/b.png" in line for line in lines)


def test_dev_zero_is_refused_by_its_size_before_it_fills_memory(tmp_path, capsys) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    rc, out, err = cli(capsys, "pack", "inspect", "/dev/zero")
    assert rc == 2 and out.startswith("/dev/zero: error: "), out + err
    assert "pack may be at most" in out


def test_a_pipe_is_read_with_the_same_cap(tmp_path, capsys) -> None:
    fifo = tmp_path / "pipe.raftpack"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as fh:
            try:
                while True:
                    fh.write(b"\0" * 65536)
            except BrokenPipeError:
                return

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    with pytest.raises(PackError) as caught:
        open_pack(fifo, Limits(max_pack_bytes=1024 * 1024))
    writer.join(timeout=30)
    assert caught.value.codes == ["pack-too-large"]


def test_five_hundred_compressible_entries_are_refused_before_reading(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    many = {f"sheets/s{n:03}.pdf": b"%PDF-" + b"\0" * (1024 * 1024 - 5) for n in range(500)}
    data = craft(manifest, {**files, **many})
    assert len(data) < 1_000_000
    lines = refused_by_cli(capsys, tmp_path, data, "compression-ratio")
    assert len(lines) == 1 and "zip bomb" in lines[0]


def lie_about_size(data: bytes, name: str, declared: int) -> bytes:
    """``data`` with the central-directory and local sizes of entry ``name`` set to ``declared``."""
    out = bytearray(data)
    raw = name.encode()
    for sig, size_at, name_len_at, header in ((b"PK\x01\x02", 24, 28, 46), (b"PK\x03\x04", 22, 26, 30)):
        start = 0
        while (at := out.find(sig, start)) >= 0:
            (n,) = struct.unpack_from("<H", out, at + name_len_at)
            if bytes(out[at + header : at + header + n]) == raw:
                struct.pack_into("<I", out, at + size_at, declared)
            start = at + 4
    return bytes(out)


def test_an_entry_lying_about_its_size_is_refused_after_one_chunk(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    big = b"%PDF-" + b"\0" * (8 * 1024 * 1024)
    listed = dict(files, **{"sheets/lie.pdf": big})
    data = craft(manifest, listed)
    lying = lie_about_size(data, "sheets/lie.pdf", 1000)
    lines = refused_by_cli(capsys, tmp_path, lying, "entry-size-lie")
    assert any("sheets/lie.pdf" in line for line in lines)


def png_header(width: int, height: int) -> bytes:
    """A tiny PNG that claims ``width`` x ``height`` pixels (its IDAT is a few bytes)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def test_a_preview_of_too_many_pixels(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    data = craft(manifest, {**files, "preview.png": png_header(8000, 8000)})
    lines = refused_by_cli(capsys, tmp_path, data, "image-too-large")
    assert "8000 x 8000" in lines[0]


def test_control_characters_from_a_pack_are_escaped(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    evil = dict(manifest, title="Nice\x1b[2J\rverified fake: 0 error(s)", description="line\n\x1b]0;owned\x07")
    path = tmp_path / "ctl.raftpack"
    path.write_bytes(craft(evil, files))
    rc, out, err = cli(capsys, "pack", "inspect", str(path))
    assert rc == 0
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out
    assert "Nice\\x1b[2J\\x0dverified fake" in out


def test_an_entry_name_with_a_bidi_override_is_shown_escaped(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    name = "sheets/gnp.\u202etxt.png"
    data = craft(manifest, {**files, name: png_header(10, 10)}, relist=False)
    lines = refused_by_cli(capsys, tmp_path, data, "manifest-file-unlisted")
    assert "\u202e" not in "".join(lines) and "gnp.\\u202etxt.png" in lines[0]


def test_no_refusal_shows_a_regex_or_schema_text(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    for field, value in (("version", "1.0"), ("id", "Bad_ID!"), ("licence", "CC BY 4.0"), ("languages", ["English"])):
        data = craft(dict(manifest, **{field: value}), files)
        lines = refused_by_cli(capsys, tmp_path, data, "manifest-invalid")
        text = "\n".join(lines)
        assert "^" not in text and "does not match" not in text and "\\d" not in text, text
        assert field.rstrip("s") in text


def test_unknown_manifest_fields_are_named_in_words(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    lines = refused_by_cli(capsys, tmp_path, craft(dict(manifest, evil=1), files), "manifest-invalid")
    assert "'evil'" in lines[0] and "Additional properties" not in lines[0]


def test_a_killed_cli_never_shows_a_traceback_for_a_missing_file(tmp_path, capsys) -> None:
    rc, out, _ = cli(capsys, "pack", "inspect", str(tmp_path / "nope.raftpack"))
    assert rc == 2 and "error: file not found; check the path" in out
    rc, out, _ = cli(capsys, "pack", "inspect", str(tmp_path))
    assert rc == 2 and "folder" in out


def test_the_cli_in_a_subprocess_prints_one_line(parts, tmp_path) -> None:
    """End to end, as a user runs it: the installed command, stdout and exit status."""
    manifest, files = parts
    path = tmp_path / "surrogate.raftpack"
    path.write_bytes(craft(json.loads(json.dumps(manifest).replace("Tutorial pack", "\\ud800")), files))
    env = dict(os.environ, RAFTWRIGHT_USER_DIR=str(tmp_path / "user"))
    run = subprocess.run(
        [sys.executable, "-m", "raftwright", "pack", "install", str(path)], capture_output=True, text=True, env=env
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stdout.count("\n") == 1 and " error: " in run.stdout and "surrogate" in run.stdout
    assert not (tmp_path / "user" / "packs" / "tutorial-pack").exists()


def test_a_pack_scenario_breaking_a_pattern_is_named_without_the_pattern(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    path = next(p for p in files if p.endswith(".scenario.json"))
    doc = json.loads(files[path])
    doc["cards"][0] = {**doc["cards"][0], "kind": "location", "card": "not a card!"}
    lines = refused_by_cli(capsys, tmp_path, craft(manifest, {**files, path: json.dumps(doc).encode()}), "file-invalid")
    text = "\n".join(lines)
    assert "^" not in text and "$" not in text and "does not match" not in text, text


def test_inspect_json_prints_pack_text_as_ascii(parts, tmp_path, capsys) -> None:
    manifest, files = parts
    path = tmp_path / "c1.raftpack"
    path.write_bytes(craft(dict(manifest, title="T\x9b2J\u202e\x7f"), files))
    rc, out, _ = cli(capsys, "pack", "inspect", str(path), "--json")
    assert rc == 0 and out.isascii() and json.loads(out)["title"] == "T\x9b2J\u202e\x7f"


RAW_SCHEMA_WORDS = ("does not match", "is not valid under", "is a required property", "is not of type",
                    "Additional properties", "is too long", "is not one of", "was expected", "is less than")  # fmt: skip
ODD_VALUES = [None, 1, -1, 10**50, 1.5, True, "", "1.0", "\x1b", [], [1], ["a"], {}, {"a": 1}, "A" * 300,
              {"raftwright": 5}, {"raftwright": "99.0.0"}]  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.integers(0, 30), st.integers(0, len(ODD_VALUES))), min_size=1, max_size=3))
def test_any_manifest_damage_is_refused_in_words(parts, changes: list[tuple[int, int]]) -> None:
    """Top-level fields set to odd values or removed: refused with codes and sentences,
    never an exception other than PackError, never the schema's own text."""
    manifest, files = parts
    doc = dict(manifest)
    keys = [*manifest, "extra"]
    for key_index, value_index in changes:
        key = keys[key_index % len(keys)]
        if value_index == len(ODD_VALUES):
            doc.pop(key, None)
        else:
            doc[key] = ODD_VALUES[value_index]
    try:
        open_pack(craft(doc, files))
    except PackError as exc:
        for line in (p.line() for p in exc.problems):
            assert not any(words in line for words in RAW_SCHEMA_WORDS), line
            assert "\x1b" not in line
