"""The one way Raftwright writes a file: :func:`atomic_write`.

Every saver in the project (scenarios, campaigns, replays, recovery files, packs,
sheets, the studio's Save) goes through it, so a failed write anywhere leaves the old
file exactly as it was:

1. the bytes go to a temporary file in the target's own folder (same file system, so
   the final rename is atomic), flushed and ``fsync``-ed;
2. the temporary file takes the old file's permission bits (or the umask default for
   a new file), then ``os.replace`` renames it over the target;
3. the folder is ``fsync``-ed where the platform allows, so the rename survives a
   power cut;
4. on any failure the temporary file is removed and :class:`WriteError` is raised
   with a message naming the file, the reason and what to do.

It is plain Python (the engine never imports Qt); the studio saves through it too,
rather than through Qt's ``QSaveFile``, so there is one tested path with one set of
error messages for every file the project writes.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

__all__ = ["WriteError", "atomic_write", "atomic_write_text"]

# mkstemp's name: "." + name + "." + 8 random characters + ".tmp"
_TEMP_EXTRA = 1 + 1 + 8 + 4
_NAME_MAX = 255


class WriteError(OSError):
    """A write failed and the old file is unchanged; the message names the file, the
    reason and what to do."""

    def __init__(self, path: str | os.PathLike[str], reason: str, fix: str):
        self.path = os.fspath(path)
        self.reason = reason
        super().__init__(f"Could not save {self.path}: {reason}. The old file is unchanged; {fix}.")


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _explain(target: Path, exc: OSError) -> tuple[str, str]:
    """(reason, fix) a person can act on, for the OSError a write raised."""
    elsewhere = "save to another folder or fix its permissions"
    if not target.parent.is_dir():
        return f"the folder {target.parent} does not exist", "choose an existing folder"
    if target.is_dir():
        return "a folder of that name is in the way", "choose another file name"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full", "free some disk space or save elsewhere"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) or not os.access(target.parent, os.W_OK):
        return f"the folder {target.parent} is read-only", elsewhere
    if exc.errno == errno.ENAMETOOLONG or len(target.name.encode("utf-8")) + _TEMP_EXTRA > _NAME_MAX:
        return (
            f"the file name is too long to save safely (a temporary file beside it needs {_TEMP_EXTRA} more characters)",
            "choose a shorter name",
        )
    return exc.strerror or str(exc), elsewhere


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename itself is done
    finally:
        os.close(fd)


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once, or raise :class:`WriteError` and leave
    the old file (if any) untouched."""
    target = Path(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.is_file() else 0o666 & ~_current_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise WriteError(target, *_explain(target, exc)) from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        _discard(tmp)
        raise WriteError(target, *_explain(target, exc)) from exc
    except BaseException:
        _discard(tmp)
        raise
    _sync_folder(target.parent)
    log.debug("wrote %s (%d bytes)", target, len(data))


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """:func:`atomic_write` of ``text`` as UTF-8 with ``\\n`` line ends.  Text that is
    not encodable (a lone surrogate) raises :class:`WriteError` before anything is
    written."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        where = text[max(0, exc.start - 20) : exc.start]
        raise WriteError(
            path,
            f"the text holds a character that cannot be stored in UTF-8 (a lone surrogate) after {where!r}",
            "retype that text",
        ) from exc
    atomic_write(path, data)


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
