"""Storing difficulty estimates in scenario documents and files.

A stored estimate (:func:`engine.sim.difficulty.stored`) records what it was made on: the
layout's fingerprint, the rules-and-bot fingerprint, the package version, the games,
seed, win rate with its interval, the expected length and the suggested paws.  Storing
never touches the designer's own paws (``difficulty``) unless asked (``set_paws``).

:func:`store_in_files` writes several files as one step: every file is read and checked
first, then each is replaced atomically (a temporary file renamed over it), so an
unreadable file stops the run before anything is written, and a failed write leaves that
file as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from engine.model.files import WriteError, atomic_write_text
from engine.model.formats import canonical_json, document_kind, estimate_to_dict, read_json
from engine.model.jsonio import FormatError
from engine.sim.difficulty import Estimate, stored


@dataclass(frozen=True)
class Stored:
    """What storing did to one file."""

    path: Path
    paws_before: int | None
    paws_after: int | None
    suggested: int | None  # None: the estimate's bot, variant or players suggest no paws

    @property
    def paws_kept(self) -> bool:
        """The designer's own paws differ from the suggestion and were kept."""
        return (
            self.suggested is not None
            and self.paws_before is not None
            and self.paws_after == self.paws_before != self.suggested
        )


def with_estimate(doc: dict[str, Any], e: Estimate, *, set_paws: bool = False) -> dict[str, Any]:
    """A copy of the scenario document ``doc`` holding ``e`` as its stored estimate; its
    paws set to the suggestion only with ``set_paws``."""
    out = copy.deepcopy(doc)
    out["difficulty_estimate"] = estimate_to_dict(stored(e))
    if set_paws and e.suggested_paws is not None:  # an estimate off the calibration suggests no paws
        out["difficulty"] = e.suggested_paws
    return out


def store_in_files(results: Sequence[tuple[Path, Estimate]], *, set_paws: bool = False) -> list[Stored]:
    """Store each estimate in its scenario file.  Raises :class:`FormatError` (nothing
    written) when a file cannot be read as a scenario, :class:`WriteError` for the first
    file that cannot be replaced (files before it are stored, it and the rest are not)."""
    prepared: list[tuple[Path, dict[str, Any], Stored]] = []
    for path, e in results:
        doc = read_json(path)
        if document_kind(doc) != "scenario":
            raise FormatError(path, "not a scenario file; estimates are stored in scenario files")
        before = doc.get("difficulty")
        new = with_estimate(doc, e, set_paws=set_paws)
        prepared.append((path, new, Stored(path, before, new.get("difficulty"), e.suggested_paws)))
    done: list[Stored] = []
    for path, new, record in prepared:
        atomic_write_text(path, canonical_json(new))
        done.append(record)
    return done


__all__ = ["Stored", "WriteError", "store_in_files", "with_estimate"]
