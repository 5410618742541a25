#!/usr/bin/env python3
"""`make bench`: building, opening (every safety check) and installing a pack of all
the bundled campaigns (39 scenarios, no sheets), refusing a 20 MiB zip bomb, and
opening a pack of 500 entries of 1 MiB each (about 0.6 MB on disk; issue 25) in a
fresh process, with its CPU time and peak memory.  Prints figures only; no thresholds
are enforced.  ``--many-entries`` runs only that last case (the child process)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("RAFTWRIGHT_USER_DIR", tempfile.mkdtemp(prefix="raftwright-bench-packs-"))

from engine.model.library import bundled_campaign_paths  # noqa: E402
from engine.packs.build import PackInfo, build_pack, collect  # noqa: E402
from engine.packs.errors import PackError  # noqa: E402
from engine.packs.install import install_pack  # noqa: E402
from engine.packs.reader import open_pack  # noqa: E402

RUNS = 5


def timed(label: str, action: Callable[[], object]) -> None:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    print(f"{label}: median {statistics.median(times) * 1000:.1f} ms, best {min(times) * 1000:.1f} ms ({RUNS} runs)")


def many_entries_pack() -> bytes:
    """500 entries of 1 MiB each, all listed in a valid manifest: only the limits stop it."""
    buffer = io.BytesIO()
    body = b"%PDF-" + b"\0" * (1024 * 1024 - 5)
    digest = hashlib.sha256(body).hexdigest()
    names = [f"sheets/s{n:03}.pdf" for n in range(500)]
    manifest = {"format": "raftwright.pack", "format_version": 2, "id": "many", "title": "Many", "version": "1.0.0",
                "authors": ["bench"], "licence": "CC0-1.0", "requires": {"raftwright": "0.1.0"},
                "files": [{"path": n, "kind": "sheet", "size": len(body), "sha256": digest} for n in names]}  # fmt: skip
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        for name in names:
            archive.writestr(name, body)
    return buffer.getvalue()


def many_entries(path: str) -> int:
    """Open the pack at ``path`` once in this (fresh) process; print one JSON line of figures."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    try:
        open_pack(Path(path))
        outcome = "opened"
    except PackError as exc:
        outcome = "refused " + ",".join(sorted(set(exc.codes)))
    after = resource.getrusage(resource.RUSAGE_SELF)
    figures = {"seconds": time.perf_counter() - start, "outcome": outcome,
               "cpu": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
               "peak_mib": after.ru_maxrss / 1024}  # fmt: skip
    print(json.dumps(figures))
    return 0


def many_entries_in_a_child() -> None:
    with tempfile.TemporaryDirectory(prefix="raftwright-bench-many-") as folder:
        path = Path(folder) / "many.raftpack"
        path.write_bytes(many_entries_pack())
        size = path.stat().st_size
        run = subprocess.run([sys.executable, __file__, "--many-entries", str(path)], capture_output=True, text=True,
                             check=True)  # fmt: skip
    f = json.loads(run.stdout.strip().splitlines()[-1])
    print(
        f"open a {size} byte pack of 500 x 1 MiB entries: {f['outcome']} in {f['seconds'] * 1000:.0f} ms, "
        f"{f['cpu']:.2f} s CPU, peak memory {f['peak_mib']:.0f} MiB (the whole process, imports included)"
    )


def main() -> int:
    if "--many-entries" in sys.argv:
        return many_entries(sys.argv[-1])
    info = PackInfo(id="bundled", title="All bundled campaigns", authors=("bench",), licence="CC0-1.0")
    sources = collect(bundled_campaign_paths())
    data, manifest = build_pack(info, sources)
    print(f"pack of {len(manifest.scenarios)} scenarios: {len(manifest.files)} files, {len(data)} bytes")
    timed(
        "build (validate every scenario, canonical JSON, zip)",
        lambda: build_pack(info, collect(bundled_campaign_paths())),
    )
    timed("open and check (names, limits, hashes, schemas)", lambda: open_pack(data))
    root = Path(tempfile.mkdtemp(prefix="raftwright-bench-install-"))
    timed(
        "open + install (staged, renamed; --force after the first)",
        lambda: install_pack(open_pack(data), force=True, root=root),
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", b"{}")
        archive.writestr("sheets/bomb.png", b"\0" * (20 * 1024 * 1024))
    bomb = buffer.getvalue()

    def refuse() -> None:
        try:
            open_pack(bomb)
        except PackError:
            return
        raise AssertionError("the bomb was not refused")

    timed(f"refuse a {len(bomb)} byte zip bomb (20 MiB inflated)", refuse)
    many_entries_in_a_child()
    return 0


if __name__ == "__main__":
    sys.exit(main())
