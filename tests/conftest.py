"""Test setup shared by every test folder.

* Qt tests run offscreen: QT_QPA_PLATFORM is set here, before anything imports Qt.
* ``RAFTWRIGHT_USER_DIR`` points at an empty temporary folder for the whole session.
* ``shared_dir`` is ``../shared`` beside the checkout (CI always has it); tests that
  need it skip with a message saying so when it is missing.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never read or write the real user folder (custom catalogs, campaigns, recovery
# files): the whole session gets an empty one; tests that need content set their own.
os.environ["RAFTWRIGHT_USER_DIR"] = _SESSION_USER_DIR = tempfile.mkdtemp(prefix="raftwright-tests-user-")
atexit.register(shutil.rmtree, _SESSION_USER_DIR, ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "reference" / "components.json").exists():
        pytest.skip(f"../shared is not beside the checkout (looked for {SHARED}); CI provides it")
    return SHARED


@pytest.fixture(scope="session")
def conformance_dir(shared_dir: Path) -> Path:
    path = shared_dir / "conformance"
    if not path.is_dir():
        pytest.skip(f"{path} is missing; CI provides ../shared/conformance")
    return path


@pytest.fixture(scope="session")
def catalog():
    from engine.model.catalog import default_catalog

    return default_catalog()


@pytest.fixture
def custom_catalog_doc() -> dict:
    """A user catalog adding one location card (13, a green cat) to the box."""
    return {
        "format": "raftwright.components",
        "format_version": 1,
        "id": "my-cards",
        "name": "My cards",
        "location_cards": [
            {"number": 13, "grid": ["ggg", "ggg", "ggg"], "cats": [{"colour": "green", "square": [1, 1]}]}
        ],
        "box": {"location_cards": 1},
    }


@pytest.fixture(autouse=True)
def _cycles_freed_on_the_main_thread() -> Iterator[None]:
    """Once a studio window exists, automatic collection is off (``editor.gui_gc``:
    worker threads must never free Qt objects) and the studio collects on a timer that
    runs only while an event loop does; collect between tests, on the main thread."""
    yield
    if not gc.isenabled():
        gc.collect()
