"""The manifest's top-level fields in words a person can act on.

One set of rules for every place a manifest's fields meet a person: the build (CLI and
the studio's export form, field by field before Build) and the reader (a hostile or
hand-edited manifest).  Every message names the field, says what it must look like and
gives an example; none shows a regular expression or raw schema text.

:func:`shown` is how any text that came from a pack is displayed: control and
direction-changing characters are escaped, so a title cannot clear a terminal or fake
a line of output.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Sequence

from engine.model.jsonio import document_problem
from engine.model.schemas import SchemaError, schema

#: the licence a pack carries when its author keeps every right (an SPDX ``LicenseRef``)
ALL_RIGHTS_RESERVED = "LicenseRef-All-Rights-Reserved"
ID_MAX = 80
TITLE_MAX = 200
AUTHOR_MAX = 200
AUTHORS_MAX = 50
TEXT_MAX = 4000
LANGUAGES_MAX = 50

_ID = re.compile(r"[a-z0-9][a-z0-9._-]*")
_SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?")
_LICENCE_ID = re.compile(r"[A-Za-z0-9.+-]+")
_LICENCE = re.compile(r"[A-Za-z0-9.+-]+( (AND|OR|WITH) [A-Za-z0-9.+-]+)*")
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")

VERSION_HINT = "version must look like 1.0.0 (MAJOR.MINOR.PATCH, whole numbers without leading zeros)"
ID_HINT = (
    "id must be lowercase letters, digits and hyphens (dots and underscores too), "
    f"starting with a letter or digit, at most {ID_MAX} characters, e.g. my-pack"
)
LICENCE_HINT = (
    "licence must be an SPDX licence id such as CC-BY-4.0, CC-BY-SA-4.0, CC0-1.0 or MIT "
    '(https://spdx.org/licenses/), or "All rights reserved" (--all-rights-reserved in the CLI)'
)
LANGUAGE_HINT = "a language must be a code such as en, fr or pt-BR"


def shown(text: str, multiline: bool = False) -> str:
    """``text`` safe to print: control, format (bidi) and unpaired surrogate characters
    as ``\\x1b``, ``\\u202e``...; newlines kept when ``multiline``."""
    out = []
    for ch in text:
        if multiline and ch == "\n":
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def licence_label(licence: str) -> str:
    """How a licence reads to a person (``all rights reserved`` for the reserved one)."""
    return "all rights reserved" if licence == ALL_RIGHTS_RESERVED else licence


def suggested_version(text: str) -> str | None:
    """``1.0`` -> ``1.0.0``, ``v2`` -> ``2.0.0``: the version a person probably meant."""
    numbers = re.fullmatch(r"v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?", text.strip())
    if numbers is None:
        return None
    return ".".join(str(int(n or 0)) for n in numbers.groups())


def suggested_id(text: str) -> str:
    """An id made from any text (``Bad_ID!`` -> ``bad-id``)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:ID_MAX].strip("-") or "my-pack"


def _unsavable(value: str) -> bool:
    return document_problem(value) is not None


def _one_line(name: str, value: Any, maximum: int, required: bool = True) -> str | None:
    if not isinstance(value, str):
        return f"{name} must be text"
    if required and not value.strip():
        return f"{name} is empty; give the pack a {name}"
    if len(value) > maximum:
        return f"{name} is {len(value)} characters long; it may be at most {maximum}"
    if _unsavable(value):
        return f"{name} holds a broken character (a lone surrogate, half of an emoji); retype it"
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in value):
        return f"{name} holds a control character or line break; keep it to one line of text"
    return None


def id_problem(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"the pack needs an id; {ID_HINT}"
    if len(value) > ID_MAX or _ID.fullmatch(value) is None:
        return f"id '{shown(value)}' cannot be used: {ID_HINT} (try {suggested_id(value)})"
    return None


def version_problem(value: Any, name: str = "version") -> str | None:
    if not isinstance(value, str) or len(value) > 64 or _SEMVER.fullmatch(value) is None:
        text = value if isinstance(value, str) else str(value)
        guess = suggested_version(text) if isinstance(value, str) else None
        hint = f"; did you mean {guess}?" if guess else ""
        return f"{name} '{shown(text[:64])}' cannot be used: {VERSION_HINT.replace('version', name, 1)}{hint}"
    return None


def licence_problem(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"no licence chosen: {LICENCE_HINT}"
    if len(value) > 200 or _LICENCE.fullmatch(value) is None:
        guess = re.sub(r"\s+", "-", value.strip())
        hint = f"; did you mean {guess}?" if _LICENCE_ID.fullmatch(guess) and len(guess) <= 200 else ""
        return f"licence '{shown(value[:200])}' cannot be used: {LICENCE_HINT}{hint}"
    return None


def authors_problem(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or not value:
        return "the pack names no author; give one (--author NAME, or the campaign's author)"
    if len(value) > AUTHORS_MAX:
        return f"the pack names {len(value)} authors; at most {AUTHORS_MAX}"
    for author in value:
        problem = _one_line("an author's name", author, AUTHOR_MAX)
        if problem:
            return problem
    return None


def description_problem(value: Any) -> str | None:
    if not isinstance(value, str):
        return "description must be text"
    if len(value) > TEXT_MAX:
        return f"description is {len(value)} characters long; it may be at most {TEXT_MAX}"
    if _unsavable(value):
        return "description holds a broken character (a lone surrogate, half of an emoji); retype it"
    return None


def languages_problem(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)):
        return "languages must be a list of codes such as en"
    if len(value) > LANGUAGES_MAX:
        return f"the pack lists {len(value)} languages; at most {LANGUAGES_MAX}"
    for code in value:
        if not isinstance(code, str) or _LANGUAGE.fullmatch(code) is None:
            return f"language '{shown(str(code)[:20])}' cannot be used: {LANGUAGE_HINT}"
    return None


#: field -> its check, in the order a form shows them
FIELD_CHECKS = {
    "id": id_problem,
    "title": lambda v: _one_line("title", v, TITLE_MAX),
    "version": version_problem,
    "authors": authors_problem,
    "licence": licence_problem,
    "description": description_problem,
    "languages": languages_problem,
}


def field_problems(fields: dict[str, Any]) -> dict[str, str]:
    """``{field: message}`` for every top-level field of ``fields`` that a pack cannot carry."""
    out: dict[str, str] = {}
    for name, check in FIELD_CHECKS.items():
        if name in fields:
            problem = check(fields[name])
            if problem:
                out[name] = problem
    return out


def manifest_messages(doc: dict[str, Any], errors: Sequence[SchemaError]) -> list[tuple[str, str]]:
    """Plain ``(where, message)`` for a manifest that breaks its schema (``errors``): the
    field rules above where they apply, else a sentence naming the element (never the
    schema's own text, nor the JSON pointer: that is ``where``, for programs).  The
    messages say what is wrong; the caller adds what to do about it (download the pack
    again, build it again, install it again)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    plain = field_problems(doc)
    known = schema("pack")
    requires = doc.get("requires")
    for err in errors:
        parts = [p for p in err.path.split("/") if p]
        top = parts[0] if parts else ""
        if top in seen:
            continue
        seen.add(top)
        if top in plain:
            out.append((f"/{top}", plain[top]))
        elif top == "requires" and parts[1:2] == ["raftwright"] and isinstance(requires, dict):
            problem = version_problem(requires.get("raftwright"), "the Raftwright version it needs")
            out.append((err.path, problem or "the Raftwright version it needs is damaged"))
        elif top in ("files", "scenarios"):
            what = "file list" if top == "files" else "scenario list"
            out.append((f"/{top}", f"the manifest's {what} is damaged{_list_place(parts[1:])}"))
        elif top:
            out.append((f"/{top}", f"the manifest's '{shown(top[:40])}' is damaged"))
        else:
            missing = [k for k in known.get("required", []) if k not in doc]
            unknown = sorted(k for k in doc if k not in known.get("properties", {}))
            if missing:
                out.append(("/", f"the manifest lacks {', '.join(missing)}"))
            if unknown:
                names = ", ".join(f"'{shown(k[:40])}'" for k in unknown[:5])
                out.append(("/", f"the manifest holds fields this Raftwright does not know ({names})"))
    return out


def _list_place(parts: Sequence[str]) -> str:
    """Where in a manifest list, in words: `` (entry 3, its 'path')``."""
    if not parts or not parts[0].isdigit():
        return ""
    field = f", its '{shown(parts[1][:40])}'" if len(parts) > 1 else ""
    return f" (entry {int(parts[0]) + 1}{field})"


def plain_schema_message(err: SchemaError) -> str:
    """A schema error of a document without a located explainer (a replay), in words."""
    words = {
        "required": "a required field is missing",
        "additionalProperties": "it holds a field this kind of file does not have",
        "type": "a value is of the wrong type",
        "enum": "a value is not one of those allowed",
        "const": "a value differs from the one required",
        "pattern": "a value is not in the expected form",
        "minimum": "a number is too small",
        "maximum": "a number is too large",
        "minLength": "a text is too short",
        "maxLength": "a text is too long",
        "minItems": "a list is too short",
        "maxItems": "a list is too long",
    }
    return f"{words.get(err.validator, 'a value is not allowed here')}; record or build it again"
