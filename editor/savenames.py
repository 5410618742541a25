"""File names the studio writes: the right suffix, and nothing a campaign could not list.

A name typed without an extension (``river-run``) gets the kind's suffix
(``river-run.scenario.json``), so the Open dialog's filter shows the file again.  A
scenario or campaign file must have a name a campaign can refer to (the campaign
schema's ``file`` pattern: letters, digits, ``.``, ``-`` and ``_``); other names are
refused with the reason and a name that works.
"""

from __future__ import annotations

import re
from pathlib import Path

SUFFIXES = {"scenario": ".scenario.json", "campaign": ".campaign.json", "replay": ".replay.json"}
FILTERS = {
    "scenario": "Raftwright scenarios (*.json);;All files (*)",
    "campaign": "Raftwright campaigns (*.json);;All files (*)",
    "replay": "Raftwright replays (*.replay.json);;JSON files (*.json)",
}
_LISTABLE = re.compile(r"[A-Za-z0-9._-]{1,200}")


class NameRefused(ValueError):
    """A name the studio will not save under; the text says why and what to type."""


def with_suffix(path: str | Path, kind: str) -> Path:
    """``path`` with the kind's suffix added unless it already ends in ``.json``."""
    path = Path(path)
    if path.name.lower().endswith(".json"):
        return path
    return path.with_name(path.name.rstrip(".") + SUFFIXES[kind])


def listable_name(name: str) -> str:
    """A name a campaign can list, made from ``name`` (spaces and accents become ``-``)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.") or "untitled"
    return re.sub(r"\.{2,}", ".", stem)


def checked_save_path(path: str | Path, kind: str) -> Path:
    """The path to write for a name chosen in a save dialog; raises :class:`NameRefused`."""
    target = with_suffix(path, kind)
    if kind in ("scenario", "campaign") and (not _LISTABLE.fullmatch(target.name) or ".." in target.name):
        base = target.name
        for ending in (SUFFIXES[kind], ".json"):
            if base.lower().endswith(ending):
                base = base[: -len(ending)]
                break
        suggestion = listable_name(base) + SUFFIXES[kind]
        raise NameRefused(
            f'"{target.name}" cannot be listed in a campaign: file names may use only the letters A-Z, '
            f'digits, ".", "-" and "_". Save it as "{suggestion}" instead.'
        )
    return target
