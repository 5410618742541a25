"""PySide reads the source of every module imported after it (its ``__feature__``
support, PYSIDE-2029: ``shibokensupport.feature._mod_uses_pyside`` looks for the text
"PySide6" in ``inspect.getsource(module)``) to decide whether the module may switch
PySide features.  From a source checkout that is some 100 files read and split into
lines before the studio's first paint, about 25 ms of it (issue 28 item 7).

The answer is known without reading for three kinds of module: the engine never
imports Qt (the import-linter contract ``engine`` below the studio), the studio's own
modules all do, and Python's standard library does not.  :func:`install` answers for
those and leaves every other module to PySide's own check.  None of them uses
``__feature__``, so the answer only picks the default PySide already gives them.  If a
PySide version lays this out otherwise, nothing is changed.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Callable


def install() -> bool:
    """Answer PySide's question for our modules and the standard library; True when
    PySide's check was found (PySide must have been imported)."""
    feature = sys.modules.get("shibokensupport.feature")
    check: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or check is None or getattr(check, "known_answers", False):
        return check is not None

    def uses_pyside(module: ModuleType) -> bool:
        answer = known(module)
        return check(module) if answer is None else answer

    uses_pyside.known_answers = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True


def known(module: ModuleType) -> bool | None:
    """Whether ``module`` uses PySide when that is known without its source, else None."""
    top = getattr(module, "__name__", "").partition(".")[0]
    if top == "engine":
        return False
    if top == "editor":
        return True
    if top in sys.stdlib_module_names:  # by name: sysconfig's paths would cost its import at start
        return False
    return None
