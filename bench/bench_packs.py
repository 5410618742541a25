#!/usr/bin/env python3
"""`make bench`: building, opening (every safety check) and installing a pack of all
the bundled campaigns (39 scenarios, no sheets), and refusing a 20 MiB zip bomb.
Prints figures only; no thresholds are enforced."""

from __future__ import annotations

import io
import os
import statistics
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


def main() -> int:
    info = PackInfo(id="bundled", title="All bundled campaigns", authors=("bench",))
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
