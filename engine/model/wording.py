"""Messages for people: what is wrong and the fix, in plain words.

The engine's messages cite the rulings they rest on ("... must touch fire (RULINGS
PL-2): move it").  Those references are for the record: ``raftwright validate --json``
and the studio's tooltips keep them; everything a person reads as prose (the CLI's
plain output, the studio's lists, banners and status bar) shows :func:`plain_text`.
Pure Python, so the command line and the studio strip them the same way.
"""

from __future__ import annotations

import re
from typing import Sequence

from engine.model.geometry import square_text

_CODE = r"(?:§\s*\d+(?:\.\d+)*(?:\s+item\s+\d+)?|[A-Z]{1,3}-?\d+)"
RULE_REFERENCE = re.compile(rf"(?:[;,:]\s*)?\bRULINGS\s+{_CODE}(?:\s*(?:,|and|\.\.)\s*{_CODE})*")


def rule_references(text: str) -> list[str]:
    """The rule references in ``text`` ("RULINGS PL-2", ...)."""
    return [m.group(0).lstrip(";,: ") for m in RULE_REFERENCE.finditer(text)]


def plain_text(text: str) -> str:
    """``text`` without its rule references, tidied: "fire (RULINGS PL-2): fix" ->
    "fire: fix".  Text that cites no rule comes back unchanged."""
    if "RULINGS" not in text:
        return text
    out = RULE_REFERENCE.sub("", text)
    out = re.sub(r"\(\s*\)", "", out)
    out = re.sub(r"\(\s*[;,]\s*", "(", out)
    out = re.sub(r"[ \t]+([).,;:])", r"\1", out)
    out = re.sub(r"[ \t]{2,}", " ", out)
    return out.strip()


def squares_text(squares: Sequence[Sequence[int]]) -> str:
    """A few squares listed, many summed up: ``(3, 4)``, ``(3, 4), (3, 5)``,
    ``49 squares in rows 10-14, cols 5-13``."""
    if len(squares) <= 2:
        return ", ".join(square_text(sq) for sq in squares)

    def span(name: str, values: list[int]) -> str:
        return f"{name} {values[0]}" if values[0] == values[-1] else f"{name}s {values[0]}-{values[-1]}"

    rows, cols = sorted({sq[0] for sq in squares}), sorted({sq[1] for sq in squares})
    return f"{len(squares)} squares in {span('row', rows)}, {span('col', cols)}"
