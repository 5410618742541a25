"""Validation issues (Tiled's Issues, python-chess ``status()``): data, never exceptions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.model.geometry import Square

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Where:
    """Where an issue is: the element's JSON pointer in the file and grid squares."""

    path: str = ""
    squares: tuple[Square, ...] = ()

    def describe(self) -> str:
        """The pointer and the squares: ``/cards/0; squares (0,3), (0,4)`` (for programs)."""
        return "; ".join(p for p in (self.path or "/", self.squares_text()) if p)

    def squares_text(self) -> str:
        """The squares alone, for people (the message names the element): empty if none."""
        if not self.squares:
            return ""
        shown = ", ".join(f"({r},{c})" for r, c in self.squares[:6])
        more = f" +{len(self.squares) - 6} more" if len(self.squares) > 6 else ""
        return f"squares {shown}{more}"

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "squares": [list(s) for s in self.squares]}


@dataclass(frozen=True)
class Issue:
    """One problem found in a file: its code, severity, message and where it is."""

    code: str
    severity: str
    message: str
    where: Where = field(default_factory=Where)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def element_index(self) -> tuple[str, int] | None:
        """``("cards", 3)`` for an issue about ``/cards/3/...``; None otherwise."""
        parts = [p for p in self.where.path.split("/") if p]
        if len(parts) >= 2 and parts[1].isdigit():
            return parts[0], int(parts[1])
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "message": self.message, "where": self.where.to_dict()}


def _path_key(path: str) -> tuple[tuple[int, int, str], ...]:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in path.split("/") if p)


def sort_issues(issues: list[Issue]) -> list[Issue]:
    """Errors first, then by path (indices in numeric order), then code."""
    return sorted(issues, key=lambda i: (not i.is_error, _path_key(i.where.path), i.code, i.message))
