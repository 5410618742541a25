#!/usr/bin/env python3
"""Rewrite the golden games (tests/golden/games/) from the samples in
tests/golden/golden_games.py: every sample is played again by its bot under the current
rules and bots, and its file is rewritten with the current RULES_VERSION and
BOTS_VERSION; files of samples no longer listed are removed.

Run from a checkout with the package installed (``make test`` bootstraps one):
``python tools/update_goldens.py`` (``--check`` writes nothing and exits 1 when a file
would change).  Review the diff (``git diff tests/golden/games``) before committing: a
changed action is a changed choice, which needs RULES_VERSION (engine/play/version.py) or
BOTS_VERSION (engine/bots/version.py) bumped.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from engine.model.files import atomic_write_text

HELPER = Path(__file__).resolve().parent.parent / "tests" / "golden" / "golden_games.py"


def load_helper() -> ModuleType:
    """The sample list and the recorder, loaded from their file (the tests' own code)."""
    spec = importlib.util.spec_from_file_location("golden_games", HELPER)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{HELPER}: cannot load the golden-game samples; run from a Raftwright checkout")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a golden game would change")
    args = parser.parse_args(argv)
    golden = load_helper()
    golden.GAMES_DIR.mkdir(parents=True, exist_ok=True)
    wanted = {golden.path_of(s) for s in golden.SAMPLES}
    changed: list[str] = []
    for sample in golden.SAMPLES:
        path = golden.path_of(sample)
        text = golden.dumps(golden.record_of(sample))
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append(f"{'changed' if old else 'new'}: {path.name}")
            if not args.check:
                atomic_write_text(path, text)
    for stray in sorted(set(golden.GAMES_DIR.glob("*.json")) - wanted):
        changed.append(f"removed: {stray.name}")
        if not args.check:
            stray.unlink()
    for line in changed:
        print(line)
    print(f"{len(golden.SAMPLES)} golden games, {len(changed)} file(s) {'to change' if args.check else 'changed'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
