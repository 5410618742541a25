#!/usr/bin/env python3
"""`make fuzz`: the robustness checks of this folder at scale (issue 16).  Run as a
script (``python tests/robustness/fuzz_at_scale.py``): its folder is on ``sys.path``
then, and the package is the installed one.

* loader cases: mutated scenario, campaign, catalog and replay files (structural and
  byte-level mutations of bundled files and fixtures), each through one entry point
  (open_scenario, open_campaign, open_scenario, validate_path, load_catalog_file,
  load_catalogs, read_replay, ``raftwright validate`` / ``show`` in-process).  A crash
  is any exception other than FormatError / CatalogError, or a CLI exit other than
  0/1/2 or with a traceback.
* edit sequences: random edit / undo / redo / save+reopen sequences on a studio
  document, checked against a model of its undo history (tests/robustness/edit_model.py).

Defaults: 100,000 loader cases and 10,000 edit sequences over every CPU (minutes).
Prints figures; exits 1 if anything crashed.  ``--files N --sequences N`` for less.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

CHUNK = 500


def _setup() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["RAFTWRIGHT_USER_DIR"] = tempfile.mkdtemp(prefix="raftwright-fuzz-user-")


def loader_chunk(seed: int, count: int) -> tuple[Counter[str], list[str]]:
    _setup()
    import fuzzing

    rnd = random.Random(seed)
    folder = fuzzing.case_folder()
    figures: Counter[str] = Counter()
    crashes: list[str] = []
    for n in range(count):
        kind = fuzzing.KINDS[n % len(fuzzing.KINDS)]
        entries = fuzzing.FOR_KIND[kind]
        entry = entries[rnd.randrange(len(entries))]
        try:
            data = fuzzing.mutate(rnd, kind)
        except (ValueError, RecursionError):  # the mutator's own limit (json.dumps): not a case, draw again
            figures["mutator gave up"] += 1
            continue
        outcome, crash = fuzzing.run_case(folder, kind, entry, data)
        figures[outcome] += 1
        figures[f"kind {kind}"] += 1
        figures[f"entry {entry}"] += 1
        if crash:
            crashes.append(crash)
    return figures, crashes[:20]


def sequence_chunk(seed: int, count: int) -> tuple[Counter[str], list[str]]:
    _setup()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 - documents need one
    import fuzzing
    from edit_model import run_sequence

    from engine.model.catalog import default_catalog
    from engine.model.formats import scenario_from_dict

    starts = [scenario_from_dict(json.loads(data.decode("utf-8"))) for data in fuzzing.SEEDS["scenario"]]
    catalog = default_catalog()
    rnd = random.Random(seed)
    folder = fuzzing.case_folder()
    figures: Counter[str] = Counter()
    crashes: list[str] = []
    for _ in range(count):
        steps = rnd.randint(5, 15)
        try:
            model = run_sequence(rnd, rnd.choice(starts), folder, catalog, steps)
        except Exception as exc:  # noqa: BLE001 - a broken invariant or a crash
            crashes.append(f"{exc.__class__.__name__}: {str(exc)[:300]}")
            figures["crash"] += 1
            continue
        figures["held"] += 1
        figures["steps"] += steps
        figures["saves"] += model.saves
        figures["refused saves"] += model.refusals
    return figures, crashes[:20]


def run(kind: str, total: int, workers: int, seed: int) -> tuple[Counter[str], list[str], float]:
    job = loader_chunk if kind == "files" else sequence_chunk
    chunk = CHUNK if kind == "files" else CHUNK // 10
    sizes = [min(chunk, total - start) for start in range(0, total, chunk)]
    start = time.perf_counter()
    figures: Counter[str] = Counter()
    crashes: list[str] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for got, found in pool.map(job, [seed * 1_000_003 + i for i in range(len(sizes))], sizes):
            figures.update(got)
            crashes += found
    return figures, crashes, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=100_000, help="loader cases (default 100000)")
    parser.add_argument("--sequences", type=int, default=10_000, help="edit sequences (default 10000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    failed = False
    if args.files:
        figures, crashes, seconds = run("files", args.files, args.workers, args.seed)
        cases = figures["accepted"] + figures["refused"] + figures["crash"]
        print(
            f"loader cases: {cases} in {seconds:.0f} s ({cases / seconds:.0f}/s, {args.workers} workers): "
            f"{figures['accepted']} accepted, {figures['refused']} refused with the documented error, "
            f"{figures['crash']} crashes"
        )
        if figures["mutator gave up"]:
            print(f"  (the mutator gave up on {figures['mutator gave up']} draws: not counted as cases)")
        for key in sorted(k for k in figures if k.startswith(("kind ", "entry "))):
            print(f"  {key}: {figures[key]}")
        for crash in crashes[:10]:
            print(f"  CRASH {crash}")
        failed |= bool(figures["crash"])
    if args.sequences:
        figures, crashes, seconds = run("sequences", args.sequences, args.workers, args.seed)
        print(
            f"edit sequences: {figures['held'] + figures['crash']} in {seconds:.0f} s ({figures['steps']} steps, "
            f"{figures['saves']} saves reopened identical, {figures['refused saves']} saves refused with a reason): "
            f"{figures['crash']} broken"
        )
        for crash in crashes[:10]:
            print(f"  BROKEN {crash}")
        failed |= bool(figures["crash"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
