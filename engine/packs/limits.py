"""The limits a pack must keep before anything is read into memory or written, and
the checks on entry names and JSON documents that come from untrusted zips."""

from __future__ import annotations

import json
import re
import stat
import unicodedata
import zipfile
from dataclasses import dataclass
from typing import Any

from engine.model.jsonio import document_problem, loads

MANIFEST_NAME = "manifest.json"
_DRIVE = re.compile(r"^[A-Za-z]:")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


@dataclass(frozen=True)
class Limits:
    """Defaults fit any sensible pack (hundreds of scenarios with sheets) and keep a
    hostile one from filling memory or disk."""

    max_pack_bytes: int = 256 * 1024 * 1024
    max_entries: int = 2000
    max_entry_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 512 * 1024 * 1024
    max_ratio: float = 200.0
    max_json_bytes: int = 4 * 1024 * 1024
    max_json_depth: int = 32
    #: the entries together may expand at most this many times the pack file's size
    #: (once they pass ``ratio_floor`` bytes): 500 entries of 1 MiB of zeros are a bomb too
    max_total_ratio: float = 100.0
    ratio_floor: int = 16 * 1024 * 1024
    #: a sheet or preview image may hold at most this many pixels (8000 x 4000)
    max_image_pixels: int = 32_000_000
    #: an installed pack's manifest.json may be at most this large
    max_manifest_bytes: int = 4 * 1024 * 1024


DEFAULT_LIMITS = Limits()


def name_problem(name: str) -> tuple[str, str] | None:
    """``(code, why)`` when an entry name is unsafe to use as a relative path."""
    if not name:
        return "entry-name", "the name is empty"
    if "\\" in name:
        return "entry-name", "the name holds a backslash; pack paths use '/'"
    if name.startswith("/"):
        return "entry-name", "the name is an absolute path"
    if _DRIVE.match(name):
        return "entry-name", "the name starts with a drive letter"
    if "\x00" in name or any(unicodedata.category(ch) == "Cc" for ch in name):
        return "entry-name", "the name holds control characters"
    if name.endswith("/"):
        return "entry-special", "the entry is a folder; packs hold files only"
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return "entry-name", "the name has an empty, '.' or '..' part (it could point outside the pack's folder)"
    return None


def special_problem(info: zipfile.ZipInfo) -> str | None:
    """Why an entry is not a plain file (a symbolic link, device, fifo...), if it is not."""
    mode = info.external_attr >> 16
    if info.filename.endswith("/"):  # ZipInfo.is_dir() fails on an empty name
        return "the entry is a folder; packs hold files only"
    if mode and stat.S_IFMT(mode) not in (0, stat.S_IFREG):
        kind = "a symbolic link" if stat.S_ISLNK(mode) else "a special file"
        return f"the entry is {kind}; packs hold plain files only"
    return None


def collision_key(name: str) -> str:
    """Names equal under this key are the same file on a case-insensitive file system."""
    return unicodedata.normalize("NFC", name).casefold()


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted without parsing (strings
    are skipped, so brackets inside them do not count)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(data: bytes, limits: Limits) -> tuple[Any, str | None, str | None]:
    """``(document, code, why)``: the parsed document, or the refusal code and reason."""
    if len(data) > limits.max_json_bytes:
        return None, "json-too-large", f"the file holds {len(data)} bytes of JSON; the limit is {limits.max_json_bytes}"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, "json-invalid", f"not UTF-8 ({exc.reason} at byte {exc.start})"
    depth = json_depth(text)
    if depth > limits.max_json_depth:
        return None, "json-too-deep", f"JSON nested {depth} levels deep; the limit is {limits.max_json_depth}"
    try:
        doc = loads(text)
    except json.JSONDecodeError as exc:
        return None, "json-invalid", f"not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})"
    except RecursionError:
        return None, "json-too-deep", f"JSON nested deeper than the limit of {limits.max_json_depth} levels"
    except ValueError as exc:  # NaN/Infinity, a key twice, an integer of thousands of digits
        return None, "json-invalid", f"not valid JSON ({str(exc).split(';')[0][:120]})"
    problem = document_problem(doc)
    if problem is not None:
        return None, "text-unsavable", problem[1]
    return doc, None, None


def png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height from its header (no decoding), or ``None`` when the
    header is not a PNG's."""
    if len(data) < 24 or not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
