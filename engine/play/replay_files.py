"""Writing replay files (``*.replay.json``, ``schema/replay.schema.json``): the seed, the
settings and every action of a game, checked against the replay schema and written with
the engine's atomic writer (a failed write leaves the old file).  The playtest saves
its games with it and ``raftwright difficulty --winnable`` its winning lines."""

from __future__ import annotations

import os

from engine.model.files import WriteError, atomic_write_text
from engine.model.formats import canonical_json
from engine.model.schemas import schema_errors
from engine.play.game import Replay
from engine.play.outcome import Outcome

REPLAY_SUFFIX = ".replay.json"


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


__all__ = ["REPLAY_SUFFIX", "replay_text", "write_replay"]
