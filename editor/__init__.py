"""The studio (PySide6).  Importing it first lets PySide skip reading the source of
the modules it already knows about (:mod:`editor.pyside_scan`)."""

import PySide6  # noqa: F401 (PySide's import hook must be in place to be told)

from editor import pyside_scan

pyside_scan.install()
