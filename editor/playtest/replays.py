"""Replay files (``*.replay.json``, ``schema/replay.schema.json``): the seed, the
settings and every action of a game, written by :mod:`engine.play.replay_files` (atomic:
a failed write leaves the old file) and read back with a schema check whose errors name
the file and the element."""

from __future__ import annotations

import os

from engine import Replay
from engine.model.formats import FormatError, read_json
from engine.model.schemas import schema_errors
from engine.play.actions import ActionParseError
from engine.play.replay_files import REPLAY_SUFFIX, replay_text, write_replay

REPLAY_FILTER = "Raftwright replays (*.replay.json);;JSON files (*.json)"


def read_replay(path: str | os.PathLike[str]) -> Replay:
    """Read and check a replay file; raises :class:`FormatError` naming the file,
    the element and what to do."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != "raftwright.replay":
        found = data.get("format") if isinstance(data, dict) else None
        raise FormatError(path, f'not a Raftwright replay (its "format" is {found!r}; expected "raftwright.replay")')
    errors = schema_errors("replay", data)
    if errors:
        first = errors[0]
        raise FormatError(path, f"{first.path or '/'}: {first.message}; fix or re-save the replay", errors)
    try:
        return Replay.from_dict(data)
    except (ActionParseError, ValueError, KeyError) as exc:
        raise FormatError(path, f"cannot read the replay: {exc}") from exc


__all__ = ["REPLAY_FILTER", "REPLAY_SUFFIX", "read_replay", "replay_text", "write_replay"]
