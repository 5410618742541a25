"""Where the manual's Markdown pages are: ``docs/`` at the top of a checkout, shipped in
the wheel as ``editor/_manual`` (see ``pyproject.toml``).  No Qt here, so the packaging
test can ask an installed copy without a display; the viewer is :mod:`editor.manual_window`.
"""

from __future__ import annotations

from pathlib import Path

_EDITOR_DIR = Path(__file__).resolve().parent

#: the page the manual opens on; it links to every other page
HOME = "index.md"


def manual_dir() -> Path:
    """The folder holding the manual's pages (``index.md`` and the rest).

    An installed copy has them in ``editor/_manual``; a checkout in ``docs/``.  Raises
    ``FileNotFoundError`` naming both places when neither holds the manual.
    """
    installed = _EDITOR_DIR / "_manual"
    checkout = _EDITOR_DIR.parent / "docs"
    for folder in (installed, checkout):
        if (folder / HOME).is_file():
            return folder
    raise FileNotFoundError(
        f"Raftwright's manual is missing (looked for {HOME} in {installed} and {checkout}); reinstall the package"
    )


def home_page() -> Path:
    """The manual's first page."""
    return manual_dir() / HOME
