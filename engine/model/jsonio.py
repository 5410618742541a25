"""Reading JSON documents within limits: the one reader for every file Raftwright opens.

A Raftwright file is small and shallow, so anything far outside that is refused with
:class:`FormatError` (the CLI's exit status 2, "unreadable") before it can cost
minutes or blow the stack:

* size: at most :data:`MAX_FILE_BYTES` (scenarios, campaigns, replays) or
  :data:`MAX_CATALOG_BYTES` (component catalogs), checked before reading;
* text: UTF-8 (a byte-order mark is accepted), no lone UTF-16 surrogates (``"\\ud83d"``
  without its pair: such text cannot be written back), no ``NaN``/``Infinity``;
* nesting: at most :data:`MAX_DEPTH` levels of arrays and objects;
* keys: an object names each key once (``{"id": "a", "id": "b"}`` is refused: readers
  disagree on which one counts, so a crafted file could show one thing and play another).

:func:`document_problem` applies the nesting and text rules to a document already in
memory (``engine.validate(dict)`` uses it so that it never raises for content).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, NoReturn

from engine.model.schemas import SchemaError

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_CATALOG_BYTES = 1024 * 1024
MAX_DEPTH = 32

_SURROGATE = re.compile("[\ud800-\udfff]")


class FormatError(ValueError):
    """A file cannot be read as the expected kind; the message names file, element, fix."""

    def __init__(self, path: str | os.PathLike[str] | None, message: str, errors: list[SchemaError] | None = None):
        self.path = os.fspath(path) if path is not None else None
        self.errors = errors or []
        self.reason = message
        super().__init__(f"{self.path}: {message}" if self.path else message)


def pointer(parts: list[str | int]) -> str:
    """A JSON pointer (``/cards/3/at``) for a path of keys and indices."""
    return "".join(f"/{str(p).replace('~', '~0').replace('/', '~1')}" for p in parts)


def _too_deep(where: str) -> str:
    return (
        f"nested more than {MAX_DEPTH} levels deep at {where or '/'}; no Raftwright file is that deep, "
        "so the file is damaged or not a Raftwright file"
    )


def _field_name(parts: list[str | int]) -> str:
    """A field's path in words: ``cards[3].notes``; the document itself is "the file"."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{str(part)[:40]}" if out else str(part)[:40]
    return f"'{out}'" if out else "the file"


def _lone_surrogate(parts: list[str | int], text: str) -> str:
    found = _SURROGATE.search(text)
    before = text[max(0, found.start() - 20) : found.start()] if found else ""
    place = f"after {before!r}" if before else "at its start"
    return (
        f"the text of {_field_name(parts)} holds, {place}, a lone UTF-16 surrogate (half of an emoji or other "
        "character), which cannot be saved; retype that text"
    )


def document_problem(doc: Any) -> tuple[str, str] | None:
    """The first structural problem of a parsed document as ``(pointer, message)``:
    nesting deeper than :data:`MAX_DEPTH`, or a string or key holding a lone
    surrogate.  ``None`` when there is none.  Never recurses."""
    stack: list[tuple[Any, list[str | int]]] = [(doc, [])]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return pointer(parts), _lone_surrogate(parts, value)
            continue
        if not isinstance(value, (dict, list)):
            continue
        if len(parts) >= MAX_DEPTH:
            where = pointer(parts)
            return where, _too_deep(where)
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    return pointer([*parts, key]), _lone_surrogate([*parts, key], key)
                stack.append((item, [*parts, key]))
        else:
            stack.extend((item, [*parts, i]) for i, item in reversed(list(enumerate(value))))
    return None


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number; write a plain number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key[:40]!r} appears twice in one object; keep one of them")
            seen.add(key)
    return found


def loads(text: str) -> Any:
    """``json.loads`` by the rules above: no NaN/Infinity, no key twice in an object.
    Raises ``json.JSONDecodeError`` for the syntax, ``ValueError`` with a plain message
    for the rest (``RecursionError`` for absurd nesting)."""
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's own guard, in Python's words
            raise ValueError("it holds a number thousands of digits long; no Raftwright file does") from None
        raise


def parse_json(data: bytes, path: str | os.PathLike[str] | None = None) -> Any:
    """Decode and parse one document, applying the text and nesting rules; raises
    :class:`FormatError` naming ``path``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(
            path, f"the file is not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x}); save it as UTF-8"
        ) from None
    try:
        doc = loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(
            path, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno}); fix the syntax"
        ) from None
    except RecursionError:
        raise FormatError(path, _too_deep("")) from None
    except ValueError as exc:  # NaN/Infinity, a key twice, an integer of more than 4300 digits
        raise FormatError(path, f"not valid JSON: {exc}") from None
    problem = document_problem(doc)
    if problem is not None:
        raise FormatError(path, problem[1])
    return doc


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Read and parse a JSON file of at most ``max_bytes``; raises :class:`FormatError`
    naming the file, what is wrong and what to do."""
    return parse_json(read_bytes(path, max_bytes), path)


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file of at most ``max_bytes``; raises :class:`FormatError` as
    :func:`read_json` does."""
    target = Path(path)
    try:
        with target.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise FormatError(path, "file not found; check the path") from None
    except IsADirectoryError:
        raise FormatError(path, "is a folder, not a file; give a file's path") from None
    except OSError as exc:
        raise FormatError(path, f"cannot read the file ({exc.strerror or exc}); check its permissions") from None
    if len(data) > max_bytes:
        raise FormatError(
            path,
            f"the file is larger than {max_bytes // 1024} KiB, the most a file of this kind may "
            "be (see 'Files, limits and recovery' in the manual); it is damaged or not a Raftwright file",
        )
    return data
