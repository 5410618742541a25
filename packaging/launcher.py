"""Entry point of the packaged application (PyInstaller freezes this script).

``raftwright`` behaves as the console script (``raftwright.cli:main``);
``raftwright-studio`` (the windowed executable on Windows and macOS) opens the studio,
on the file it is given if any, as a double-click in the file manager does.
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

from raftwright.cli import main

STUDIO_NAME = "raftwright-studio"


def arguments(executable: str, argv: list[str]) -> list[str]:
    """The command line for :func:`raftwright.cli.main`: the studio executable edits."""
    if Path(executable).stem.lower() == STUDIO_NAME:
        # macOS adds -psn_... when Finder starts an app; it is not a file
        return ["edit", *[arg for arg in argv if not arg.startswith("-psn_")][:1]]
    return argv


if __name__ == "__main__":
    multiprocessing.freeze_support()  # Monte-Carlo worker processes re-enter here when frozen
    sys.exit(main(arguments(sys.executable, sys.argv[1:])))
