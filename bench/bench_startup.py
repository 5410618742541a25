#!/usr/bin/env python3
"""Start-to-first-paint of the studio, offscreen: from source (``python -m raftwright.cli
edit``) and, when ``make package`` has built it, the packaged ``dist/raftwright/raftwright``,
against a bare PySide6 window with a graphics view (bench/bare_window.py) measured in the
same run, runs interleaved so that both see the same machine load (issue 28 item 7: the
studio's first paint should take at most 2x the bare window's).

Also the command line: ``raftwright --version``, ``validate`` on a scenario and ``render``
of one sheet to SVG, each against ``python -c pass`` measured in the same run (the
interpreter's own start-up), best and median of five, with the modules each imports.

``RAFTWRIGHT_SMOKE=1`` makes the studio print ``raftwright-smoke: first paint`` and quit
after the canvas's first paint (editor/smoke.py); the figure is the time from starting
the process to that line, best and median of five, with a throwaway user folder and
settings.  The first studio run of a fresh user folder checks the bundled catalogs
against their schema and caches the result (engine/model/schema_cache.py); it is
printed on its own as the cold start.

Beside the times, the number of modules each has loaded at its first paint
(``RAFTWRIGHT_SMOKE_MODULES``, editor/smoke.py): a figure the machine's load does not
move; and from every run (``RAFTWRIGHT_SMOKE_FIGURES``) the main thread's CPU time to
the first paint, best and median, with the ratio of the bests (what the start computes,
which other jobs on the machine move far less than the wall clock), the Qt enums made
by then and the garbage collections run.  The studio defers the rule checker, jsonschema, the rules, the packs reader and
http until after its first paint (tests/editor/test_startup_deferred.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from editor.smoke import ENV_FIGURES, ENV_MODULES, ENV_SMOKE, SMOKE_LINE

ROOT = Path(__file__).resolve().parent.parent

RUNS = 5


def modules_at_first_paint(command: list[str], home: Path) -> int:
    """How many modules ``command`` has loaded when it first paints."""
    listing = home / "modules.txt"
    first_paint(command, home, {ENV_MODULES: str(listing)})
    return len(listing.read_text(encoding="utf-8").split())


def painted_figures(command: list[str], home: Path, cpu: list[float]) -> tuple[float, dict[str, object]]:
    """:func:`first_paint`, appending the main thread's CPU seconds to ``cpu``; the seconds
    and the figures the process recorded at its first paint (editor.smoke.paint_figures)."""
    target = home / "figures.json"
    target.unlink(missing_ok=True)
    seconds = first_paint(command, home, {ENV_FIGURES: str(target)})
    if not target.exists():  # a build from before the figures were recorded
        return seconds, {}
    figures: dict[str, object] = json.loads(target.read_text(encoding="utf-8"))
    cpu.append(float(figures["thread_cpu"]))  # type: ignore[arg-type]
    return seconds, figures


def first_paint(command: list[str], home: Path, extra: dict[str, str] | None = None) -> float:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env = dict(
        base,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_USER_DIR=str(home / "user"),
        RAFTWRIGHT_SETTINGS=str(home / "settings.ini"),
        PYTHONPYCACHEPREFIX=str(home / "pycache"),  # bytecode kept, as an installed copy keeps it
        **{ENV_SMOKE: "1"},
        **(extra or {}),
    )
    start = time.monotonic()
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT
    ) as process:
        assert process.stdout is not None
        painted = next((time.monotonic() - start for line in process.stdout if line.strip() == SMOKE_LINE), None)
        process.wait()
    if painted is None or process.returncode != 0:
        raise SystemExit(f"bench_startup: {' '.join(command)} did not paint (exit {process.returncode})")
    return painted


BARE = [sys.executable, str(ROOT / "bench" / "bare_window.py")]
TARGET = 2.0


def compare(label: str, command: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="raftwright-bench-") as home:
        cold = first_paint(command, Path(home))  # a fresh user folder: the schema check runs and is cached
        bare: list[float] = []
        studio: list[float] = []
        bare_cpu: list[float] = []
        studio_cpu: list[float] = []
        for _ in range(RUNS):
            seconds, bare_figures = painted_figures(BARE, Path(home), bare_cpu)
            bare.append(seconds)
            seconds, studio_figures = painted_figures(command, Path(home), studio_cpu)
            studio.append(seconds)
        bare_modules, studio_modules = (
            modules_at_first_paint(BARE, Path(home)),
            modules_at_first_paint(command, Path(home)),
        )
    bare.sort()
    studio.sort()
    mid = RUNS // 2
    ratio = studio[mid] / bare[mid]
    print(f"bare PySide6 window + graphics view: first paint {bare[0]:.2f} s best, {bare[mid]:.2f} s median of {RUNS}")
    print(f"{label}: start to first paint {studio[0]:.2f} s best, {studio[mid]:.2f} s median of {RUNS}; "
          f"cold start (schema check, cache empty) {cold:.2f} s")  # fmt: skip
    print(f"{label}: {studio_modules} modules loaded at the first paint (the bare window: {bare_modules})")
    bare_cpu.sort()
    studio_cpu.sort()
    if not studio_cpu or not bare_cpu:
        print(f"{label}: no CPU figures recorded (a build from before RAFTWRIGHT_SMOKE_FIGURES)")
    else:
        print(f"{label}: main thread's CPU to the first paint {studio_cpu[0]:.3f} s best, {studio_cpu[mid]:.3f} s median "
              f"(the bare window: {bare_cpu[0]:.3f} s, {bare_cpu[mid]:.3f} s): {studio_cpu[0] / bare_cpu[0]:.2f}x best/best; "
              f"Qt enums {studio_figures['qt_enums']} with {studio_figures['qt_enum_members']} members "
              f"(the bare window: {bare_figures['qt_enums']}, {bare_figures['qt_enum_members']}); "
              f"garbage collections {studio_figures['gc_collections']} ({bare_figures['gc_collections']})")  # fmt: skip
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"{label}: {ratio:.2f}x the bare window (median/median; target at most {TARGET:.0f}x: {verdict})")


def timed(command: list[str], cwd: Path) -> float:
    start = time.monotonic()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))  # fmt: skip
    return time.monotonic() - start


def modules(args: list[str]) -> int:
    """Modules a command adds to those of a bare interpreter."""
    code = ("import sys; before = set(sys.modules); from raftwright.cli import main\n"
            "try: main(sys.argv[1:])\nexcept SystemExit: pass\nprint(len(set(sys.modules) - before))")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, check=True,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))  # fmt: skip
    return int(result.stdout.strip().splitlines()[-1])


def command_line() -> None:
    with tempfile.TemporaryDirectory(prefix="raftwright-bench-") as work:
        out = Path(work)
        cases = [
            ("python -c pass", [sys.executable, "-c", "pass"], None),
            ("raftwright --version", [sys.executable, "-m", "raftwright", "--version"], ["--version"]),
            ("raftwright validate tutorial/01", [sys.executable, "-m", "raftwright", "validate", "tutorial/01"],
             ["validate", "tutorial/01"]),
            ("raftwright render tutorial/01 -o x.svg",
             [sys.executable, "-m", "raftwright", "render", "tutorial/01", "-o", str(out / "x.svg")],
             ["render", "tutorial/01", "-o", str(out / "y.svg")]),
        ]  # fmt: skip
        base = 0.0
        for label, command, args in cases:
            runs = sorted(timed(command, ROOT) for _ in range(RUNS))
            best, median = runs[0], runs[len(runs) // 2]
            if args is None:
                base = best
                print(f"{label}: {best:.3f} s best, {median:.3f} s median of {RUNS} (the interpreter alone)")
                continue
            print(f"{label}: {best:.3f} s best, {median:.3f} s median of {RUNS}; {best - base:+.3f} s over "
                  f"python -c pass; {modules(args)} modules imported")  # fmt: skip


def main() -> int:
    command_line()
    compare("studio from source", [sys.executable, "-m", "raftwright.cli", "edit"])
    packaged = ROOT / "dist" / "raftwright" / ("raftwright.exe" if sys.platform == "win32" else "raftwright")
    if packaged.exists():
        compare("packaged studio (dist/raftwright)", [str(packaged), "edit"])
    else:
        print("packaged studio: not built (make package)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
