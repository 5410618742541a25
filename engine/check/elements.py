"""Naming a layout's elements the way a designer sees them ("location card 5 at (3, 0)"),
from raw element dicts, so schema errors (:mod:`engine.check.schema_issues`) and rule
checks (:mod:`engine.check.rulecheck`, which re-exports these) name elements alike.

Light on purpose: the studio opens its first file before its first paint with the schema
check alone, and this module loads none of the rules (issue 28 item 7).
"""

from __future__ import annotations

from typing import Any

from engine.model.geometry import square_text

TOKEN_NAMES = {
    "objective": "objective token",
    "water": "water token",
    "fish": "fish token",
    "map": "treasure map token",
    "fire": "fire token",
}


def is_square(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def describe_element(collection: str, index: int, element: Any) -> str:
    """``board 2 (large, fire face) at (0, 9)``, ``location card 5 at (3, 0)``,
    ``fire card at (0, 3)``, ``objective token 2 at (12, 16)``, ``objective 1``...

    Works on raw (possibly schema-invalid) element dicts so schema errors and rule
    checks name elements alike.  Boards, tokens and objectives are numbered from 1."""
    e = element if isinstance(element, dict) else {}
    at = f" at {square_text(e['at'])}" if is_square(e.get("at")) else ""
    if collection == "boards":
        facts = [str(e[k]) for k in ("size",) if isinstance(e.get(k), str)]
        if facts == ["special"] and isinstance(e.get("shape"), str):
            facts = [f"special {e['shape']}"]
        if isinstance(e.get("face"), str):
            facts.append(f"{e['face']} face")
        return f"board {index + 1}" + (f" ({', '.join(facts)})" if facts else "") + at
    if collection == "cards":
        kind = e.get("kind") if e.get("kind") in ("location", "raft", "fire") else None
        ident = e.get("card") if isinstance(e.get("card"), str) else None
        if kind is None:
            return f"card {index + 1}" + at
        if kind == "fire" or ident is None:
            return f"{kind} card" + (at or f" {index + 1}")
        return f"{kind} card {ident}{at}"
    if collection == "tokens":
        token_kind = e.get("kind")
        name = (
            TOKEN_NAMES.get(token_kind, f"token {index + 1}") if isinstance(token_kind, str) else f"token {index + 1}"
        )
        value = f" {e['value']}" if e.get("kind") == "objective" and isinstance(e.get("value"), str) else ""
        return f"{name}{value}{at}"
    if collection == "objectives":
        return f"objective {index + 1}"
    return f"{collection} {index + 1}"


def count_text(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
