"""Replay files (``*.replay.json``, ``schema/replay.schema.json``): the seed, the
settings and every action of a game, written with the engine's atomic writer (a failed
write leaves the old file) and read back with a schema check whose errors name the file and the
element."""

from __future__ import annotations

import os

from engine import Outcome, Replay
from engine.model.files import WriteError, atomic_write_text
from engine.model.formats import FormatError, canonical_json, read_json
from engine.model.schemas import schema_errors
from engine.play.actions import ActionParseError

REPLAY_SUFFIX = ".replay.json"
REPLAY_FILTER = "Raftwright replays (*.replay.json);;JSON files (*.json)"


def replay_text(record: Replay, outcome: Outcome | None = None) -> str:
    data = record.to_dict(outcome)
    errors = schema_errors("replay", data)
    if errors:  # the engine wrote something its own schema refuses: a bug, say where
        raise ValueError(
            f"replay of '{record.scenario.id}' breaks the replay schema at {errors[0].path}: {errors[0].message}"
        )
    return canonical_json(data)


def write_replay(path: str | os.PathLike[str], record: Replay, outcome: Outcome | None = None) -> None:
    """Save a replay; raises OSError naming the file when it cannot be written."""
    try:
        atomic_write_text(path, replay_text(record, outcome))
    except WriteError as exc:
        raise WriteError(path, f"cannot write the replay ({exc.reason})", "pick another folder") from exc


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
