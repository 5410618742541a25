"""Entry point of the packaged application (PyInstaller freezes this script).

``raftwright`` behaves as the console script (``raftwright.cli:main``);
``raftwright-studio`` (the windowed executable on Windows and macOS) opens the studio,
on the file it is given if any, as a double-click in the file manager does.
"""

from __future__ import annotations

import sys
from pathlib import Path

from raftwright.cli import main

STUDIO_NAME = "raftwright-studio"
#: how multiprocessing starts a helper process of the frozen executable: a worker
#: (``--multiprocessing-fork``, the spawn start method) or the resource tracker / fork
#: server (the interpreter's flags, then ``-c`` and an import statement)
CHILD_MARKERS = ("--multiprocessing-fork", "-c")


def multiprocessing_child(argv: list[str]) -> bool:
    """Whether ``argv`` may start one of multiprocessing's helper processes: only then is
    multiprocessing imported before the command runs (it costs the studio's start some
    17 ms otherwise; packaging/hooks/rthooks/pyi_rth_raftwright_deferred.py)."""
    return any(marker in argv for marker in CHILD_MARKERS)


def arguments(executable: str, argv: list[str]) -> list[str]:
    """The command line for :func:`raftwright.cli.main`: the studio executable edits."""
    if Path(executable).stem.lower() == STUDIO_NAME:
        # macOS adds -psn_... when Finder starts an app; it is not a file
        return ["edit", *[arg for arg in argv if not arg.startswith("-psn_")][:1]]
    return argv


if __name__ == "__main__":
    if multiprocessing_child(sys.argv[1:]):
        import multiprocessing

        multiprocessing.freeze_support()  # worker processes re-enter here when frozen, and exit in it
    sys.exit(main(arguments(sys.executable, sys.argv[1:])))
