"""Replay files (``*.replay.json``, ``schema/replay.schema.json``): the seed, the
settings and every action of a game, written by :mod:`engine.play.replay_files` (atomic:
a failed write leaves the old file) and read back with a schema check whose errors name
the file and the element."""

from __future__ import annotations

import os

from engine import Replay
from engine.check.validate_files import open_replay
from engine.play.replay_files import REPLAY_SUFFIX, replay_text, write_replay

REPLAY_FILTER = "Raftwright replays (*.replay.json);;JSON files (*.json)"


def read_replay(path: str | os.PathLike[str]) -> Replay:
    """Read and check a replay file; raises :class:`FormatError` naming the file,
    the element and what to do (:func:`engine.check.validate_files.open_replay`)."""
    return open_replay(path)


__all__ = ["REPLAY_FILTER", "REPLAY_SUFFIX", "read_replay", "replay_text", "write_replay"]
