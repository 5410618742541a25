"""Schema errors as located issues: each JSON Schema violation becomes an
:class:`~engine.check.issues.Issue` with code ``schema`` whose path is the element it
concerns (``/cards/3`` for a bad ``/cards/3/at/0``), whose squares are that element's
squares where they can be computed, and whose message names the element, says what is
wrong and how to fix it.

``oneOf`` failures (objectives) are explained through the branch the element meant:
the one whose ``kind`` matched; when no branch matches, the message lists the kinds.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Iterator

from engine.check.elements import describe_element, is_square
from engine.check.issues import ERROR, Issue, Where
from engine.model.catalog import BOARD_SHAPES
from engine.model.geometry import Square, rect_squares
from engine.model.schemas import EQUAL_ROWS, validator

if TYPE_CHECKING:
    from jsonschema import ValidationError

# per document kind: the arrays whose items are elements a designer recognises
ELEMENT_LISTS: dict[str, tuple[str, ...]] = {
    "scenario": ("boards", "cards", "tokens", "objectives"),
    "campaign": ("scenarios",),
    "components": ("island_boards", "pathway_decks", "location_cards", "raft_cards", "fire_tiles", "known_missing"),
}
NOT_ALLOWED_FIX: dict[tuple[str, str], str] = {
    ("boards", "fire_edge"): "only a fire face has a fire_edge: remove it or set the face to fire",
    ("cards", "card"): "fire cards have no number or letter: remove 'card'",
    ("tokens", "value"): "only objective tokens have a value: remove it",
}
PATTERN_HINTS: dict[str, str] = {
    "id": "use lowercase letters, digits, '.', '_' or '-', starting with a letter or digit",
    "file": "use a relative path ending in .json, without '..'",
    "card": 'use the card\'s number or letter, e.g. "5" or "B"',
    "board": 'use a board id from the catalog, e.g. "L1"',
    "layout": "it is written by raftwright difficulty --store; delete the difficulty_estimate and estimate again",
    "fingerprint": "it is written by raftwright difficulty --store; delete the difficulty_estimate and estimate again",
}
GRID_SIZE = 18  # common.schema.json: squares run 0-17
JSON_TYPES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "true/false",
    int: "an integer",
    float: "a number",
    type(None): "null",
}


def _leaves(err: ValidationError) -> Iterator[ValidationError]:
    """The errors to report for ``err``: itself, or for a oneOf/anyOf the errors of the
    branch the document meant (the one without a ``const`` mismatch, fewest errors)."""
    if not err.context:
        yield err
        return
    branches: dict[Any, list[ValidationError]] = defaultdict(list)
    for sub in err.context:
        branches[sub.relative_schema_path[0] if sub.relative_schema_path else 0].append(sub)
    meant = [b for b in branches.values() if not any(e.validator == "const" and len(e.relative_path) <= 1 for e in b)]
    if not meant:
        yield err  # no branch's discriminator matched: report the element itself
        return
    for sub in min(meant, key=len):
        yield from _leaves(sub)


def _field(parts: list[Any]) -> str:
    text = ""
    for p in parts:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else str(p))
    return text


def _value(value: Any, limit: int = 60) -> str:
    """A value as JSON, cut short when long (a crafted file may hold a megabyte id)."""
    text = json.dumps(value)
    return text if len(text) <= limit else f"{text[: limit - 10]}… ({len(text)} characters)"


def _explain(err: ValidationError, collection: str, field: str) -> str:
    v, vv, inst = err.validator, err.validator_value, err.instance
    subject = f"'{field}'" if field else "it"
    last = field.rsplit(".", 1)[-1].split("[")[0]
    if v == "required":
        missing = next((p for p in vv if isinstance(inst, dict) and p not in inst), vv[0] if vv else "?")
        return f"'{missing}' is missing; add it" if not field else f"'{field}' lacks '{missing}'; add it"
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extras = sorted(k for k in inst if k not in allowed) if isinstance(inst, dict) else []
        named = ", ".join(repr(x if len(x) <= 40 else x[:30] + "…") for x in extras[:5]) + (
            f" and {len(extras) - 5} more" if len(extras) > 5 else ""
        )
        return f"unexpected field {named}; remove it (allowed: {', '.join(allowed)})"
    if v == "enum":
        return f"{subject} is {_value(inst)}; use one of {', '.join(json.dumps(x) for x in vv)}"
    if v == "const":
        return f"{subject} is {_value(inst)}; it must be {json.dumps(vv)}"
    if v in ("minimum", "maximum"):
        bound = "at least" if v == "minimum" else "at most"
        hint = " (the grid's rows and columns run 0-17)" if last == "at" else ""
        return f"{subject} is {_value(inst)}; it must be {bound} {vv}{hint}"
    if v == "type":
        wanted = vv if isinstance(vv, str) else " or ".join(vv)
        return f"{subject} is {JSON_TYPES.get(type(inst), 'a value')}; it must be of type {wanted}"
    if v == "pattern":  # never the regular expression itself: a person cannot act on it
        described = err.schema.get("description") if isinstance(err.schema, dict) else None
        fallback = f"see: {described}" if described else "compare it with a bundled file of this kind"
        return f"{subject} {_value(inst)} is not in the expected form; {PATTERN_HINTS.get(last, fallback)}"
    if v in ("minItems", "maxItems", "items", "prefixItems"):
        n = len(inst) if isinstance(inst, list) else 0
        if last == "at":
            return f"{subject} has {n} item(s); a square is [row, col]"
        need = f"at least {vv}" if v == "minItems" else f"at most {vv}" if v == "maxItems" else "fewer"
        return f"{subject} has {n} item(s); it needs {need}"
    if v in ("minLength", "maxLength"):
        return f"{subject} is too {'short' if v == 'minLength' else 'long'}; it needs {'at least' if v == 'minLength' else 'at most'} {vv} characters"
    if v == EQUAL_ROWS:
        widths = ", ".join(str(len(row)) for row in inst) if isinstance(inst, list) else "?"
        return (
            f"the rows of {subject} differ in length ({widths}); give every row the same number of "
            "letters ('.' for squares that are not part of the board)"
        )
    if v == "uniqueItems":
        return f"{subject} lists an item twice; list each once"
    if v == "not" and isinstance(vv, dict) and vv.get("required"):
        name = vv["required"][0]
        return NOT_ALLOWED_FIX.get((collection, name), f"'{name}' is not allowed here; remove it")
    if v in ("oneOf", "anyOf"):
        kinds = [b.get("properties", {}).get("kind", {}).get("const") for b in vv if isinstance(b, dict)]
        kinds = [k for k in kinds if k]
        if kinds and isinstance(inst, dict):
            return f"kind {_value(inst.get('kind'))} is not known; use one of {', '.join(kinds)}"
    # never jsonschema's own text (it shows schema fragments): what is wrong and where to look
    return f"{subject} is not in the form this file needs; compare it with a bundled file of this kind"


def _element_squares(collection: str, element: Any) -> tuple[Square, ...]:
    """The element's squares that lie on the 18x18 grid, when its fields allow."""
    return tuple(sq for sq in _raw_squares(collection, element) if 0 <= min(sq) and max(sq) < GRID_SIZE)


def _raw_squares(collection: str, element: Any) -> tuple[Square, ...]:
    if not isinstance(element, dict) or not is_square(element.get("at")):
        return ()
    r, c = element["at"]
    if collection == "cards":
        return rect_squares(r, c, 3, 3)
    if collection == "tokens":
        return ((r, c),)
    size = element.get("size")
    if collection == "boards" and isinstance(size, str) and size in BOARD_SHAPES:
        rows, cols = BOARD_SHAPES[size]
        if size == "small" and element.get("orientation") == "vertical":
            rows, cols = cols, rows
        return rect_squares(r, c, rows, cols)
    return ()


def _element(kind: str, doc: Any, parts: list[Any]) -> tuple[str, str, str, list[Any], tuple[Square, ...]]:
    """(element path, collection, designer name, rest of the path, squares)."""
    if len(parts) >= 2 and parts[0] in ELEMENT_LISTS.get(kind, ()) and isinstance(parts[1], int):
        collection, index = parts[0], parts[1]
        element = doc[collection][index]
        depth = 2
        if collection == "pathway_decks" and len(parts) >= 4 and parts[2] == "cards" and isinstance(parts[3], int):
            depth, element = 4, element["cards"][parts[3]]
        path = "".join(f"/{p}" for p in parts[:depth])
        return (
            path,
            collection,
            _name(kind, collection, index, element),
            parts[depth:],
            _element_squares(collection, element),
        )
    return "", "", f"the {kind}", parts, ()


def _name(kind: str, collection: str, index: int, element: Any) -> str:
    e = element if isinstance(element, dict) else {}
    if kind == "scenario":
        return describe_element(collection, index, element)
    if collection == "scenarios":
        return f"scenario entry {index + 1}" + (f" ({e['file']})" if isinstance(e.get("file"), str) else "")
    label = collection.replace("_", " ").rstrip("s")
    ident = next(
        (e[k] for k in ("id", "number", "letter", "deck", "component") if isinstance(e.get(k), (str, int))), None
    )
    return f"{label} {ident}" if ident is not None else f"{label} {index + 1}"


def newer_format(kind: str, doc: Any) -> Issue | None:
    """A ``format-newer`` issue when ``doc`` is a document of ``kind`` in a later format
    than this Raftwright's schema reads (written by a newer Raftwright), else None."""
    props = validator(kind).schema.get("properties", {})
    versions = props.get("format_version", {})
    known = versions.get("const", max(versions.get("enum", [None]), key=lambda v: v or 0))
    if (
        not isinstance(doc, dict)
        or not isinstance(known, int)
        or doc.get("format") != props.get("format", {}).get("const")
    ):
        return None
    found = doc.get("format_version")
    if not isinstance(found, int) or isinstance(found, bool) or found <= known:
        return None
    message = (
        f"this {kind} file is in format {found}, written by a newer Raftwright; this Raftwright reads format "
        f"{known} and older: update Raftwright to open it (nothing in the file was changed)"
    )
    return Issue("format-newer", ERROR, message, Where("/format_version"))


def schema_issues(kind: str, doc: Any) -> list[Issue]:
    """Every schema violation of ``doc`` (a ``scenario``, ``campaign`` or
    ``components`` document) as an issue located at its element."""
    newer = newer_format(kind, doc)
    if newer is not None:  # its fields may mean what this version cannot know: one issue, not dozens
        return [newer]
    out: list[Issue] = []
    seen: set[tuple[str, str]] = set()
    for top in validator(kind).iter_errors(doc):
        for err in _leaves(top):
            parts = list(err.absolute_path)
            path, collection, name, rest, squares = _element(kind, doc, parts)
            message = f"{name}: {_explain(err, collection, _field(rest))}"
            if (path, message) not in seen:
                seen.add((path, message))
                out.append(Issue("schema", ERROR, message, Where(path, squares)))
    return out
