#!/usr/bin/env python3
"""Build the Raftwright desktop application and smoke-test the built binary.

``make package`` runs this with the project's venv (after installing the ``package``
extra, which pins PyInstaller).  Steps, each printed with its figures:

1. icons: the ``.ico`` (Windows) or ``.icns`` (macOS) made from the SVG source;
2. ``pyinstaller packaging/raftwright.spec`` -> ``dist/raftwright/`` (one folder), timed;
3. smoke tests of the built binary, never the source: ``--version``; the studio started
   offscreen on a bundled scenario, quitting after its first paint (timed,
   ``RAFTWRIGHT_SMOKE=1``); ``validate --bundled``; and ``render`` / ``pack`` when the
   binary has those subcommands;
4. the bundle's size against :data:`BUDGET_MIB` and, on Linux, its glibc floor (the newest
   ``GLIBC_x.y`` symbol version any bundled file needs) against :data:`GLIBC_TARGET`;
5. Linux: ``dist/raftwright-<version>-linux-<arch>.tar.gz`` with ``install.sh`` and
   ``uninstall.sh``, which are run into a temporary home folder as a last test.

Exit status 0 when everything passed, 1 when a smoke test or the budget failed.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
sys.path.insert(0, str(ROOT))
DIST = ROOT / "dist"
WORK = ROOT / "build" / "packaging"
APP_NAME = "raftwright"
APP_ID = "org.raftwright.Raftwright"
#: the one-folder bundle must stay below this (Qt Core/Gui/Widgets with ICU are ~90 MiB)
BUDGET_MIB = 120
#: the newest glibc the Linux bundle may need (README "Supported systems"): 2.35 is what
#: this machine's Python needs (hypot@GLIBC_2.35 in libpython); Ubuntu 22.04 has it
GLIBC_TARGET = (2, 35)
SMOKE_LINE = "raftwright-smoke: first paint"  # editor/smoke.py
TIMEOUT = 180


def say(message: str) -> None:
    print(f"package: {message}", flush=True)


def version() -> str:
    from raftwright import VERSION  # the one place the version is written

    return VERSION


def platform_icons() -> None:
    """The application icon in the format the platform's executables need."""
    flag = {"win32": "--ico", "darwin": "--icns"}.get(sys.platform)
    if flag:
        suffix = flag.lstrip("-")
        run([sys.executable, str(PACKAGING / "make_icons.py"), flag, str(WORK / f"{APP_ID}.{suffix}")])


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, text=True, capture_output=True, timeout=TIMEOUT, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise SystemExit(
            f"package: `{' '.join(command)}` failed (exit {result.returncode}):\n"
            f"{result.stdout[-2000:]}{result.stderr[-4000:]}"
        )
    return result  # type: ignore[no-any-return]


def pyinstaller() -> float:
    start = time.monotonic()
    run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK / "pyinstaller"),
            str(PACKAGING / "raftwright.spec"),
        ],
        env=dict(os.environ, RAFTWRIGHT_ICON_DIR=str(WORK)),
    )
    return time.monotonic() - start


def smoke_env(home: Path) -> dict[str, str]:
    """Offscreen, with its own user folder and settings: the smoke test touches no real home."""
    return dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        RAFTWRIGHT_USER_DIR=str(home / "user"),
        RAFTWRIGHT_SETTINGS=str(home / "settings.ini"),
        HOME=str(home),
        XDG_DATA_HOME=str(home / "share"),
    )


#: the AppStream screenshots (packaging/<APP_ID>.metainfo.xml names them under
#: SCREENSHOT_URL): file name -> the packaged binary's arguments
SCREENSHOTS = {
    "studio.png": ["edit", "campaign-1/03"],
    "playtest.png": ["play", "tutorial/02", "--seed", "4"],
}
SCREENSHOT_URL = "https://raftwright.org/screenshots/"


def first_paint(binary: Path, scenario: Path | list[str], env: dict[str, str]) -> float:
    """Seconds from starting the studio to its first paint (it then quits by itself)."""
    start = time.monotonic()
    args = ["edit", str(scenario)] if isinstance(scenario, Path) else scenario
    with subprocess.Popen(
        [str(binary), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env, RAFTWRIGHT_SMOKE="1"),
    ) as process:
        assert process.stdout is not None
        painted = None
        for line in process.stdout:
            if line.strip() == SMOKE_LINE:
                painted = time.monotonic() - start
        status = process.wait(timeout=TIMEOUT)
        errors = process.stderr.read() if process.stderr else ""
    if status != 0 or painted is None:
        raise SystemExit(f"package: the studio did not start and paint (exit {status}):\n{errors[-4000:]}")
    return painted


def smoke(binary: Path, home: Path) -> dict[str, str]:
    env = smoke_env(home)
    figures: dict[str, str] = {}
    shown = run([str(binary), "--version"], env=env).stdout.split()
    if shown[-1:] != [version()]:
        raise SystemExit(f"package: {binary} --version says {' '.join(shown)}, pyproject.toml says {version()}")
    scenarios = sorted((binary.parent / "_internal" / "engine" / "_bundled" / "campaigns").rglob("*.scenario.json"))
    if not scenarios:
        raise SystemExit("package: no bundled scenario inside the build; check the spec's datas")
    runs = [first_paint(binary, scenarios[0], env) for _ in range(3)]
    figures["start to first paint (offscreen, best of 3)"] = (
        f"{min(runs):.2f} s (runs: {', '.join(f'{r:.2f}' for r in runs)})"
    )
    figures["validate --bundled"] = run([str(binary), "validate", "--bundled"], env=env).stderr.strip().splitlines()[-1]
    figures["difficulty with worker processes"] = smoke_workers(binary, env)
    commands = run([str(binary), "--help"], env=env).stdout
    out = WORK / "smoke"  # kept, so the rendered sheet can be looked at
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    if " render " in commands or "{render" in commands or ",render" in commands:
        run([str(binary), "render", str(scenarios[0]), "-o", str(out / "sheet.png")], env=env)
        figures["render"] = f"sheet.png {(out / 'sheet.png').stat().st_size} bytes"
    else:
        figures["render"] = "skipped: this build has no `render` subcommand yet"
    if " pack " in commands or "{pack" in commands or ",pack" in commands:
        figures["pack"] = smoke_pack(binary, env, out)
    else:
        figures["pack"] = "skipped: this build has no `pack` subcommand yet"
    return figures


def screenshots(binary: Path, home: Path) -> str:
    """The AppStream screenshots, taken from the packaged binary offscreen at 1280x800
    (editor/smoke.py) into dist/screenshots/, to be published under SCREENSHOT_URL."""
    folder = DIST / "screenshots"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    env = smoke_env(home)
    for name, args in SCREENSHOTS.items():
        first_paint(binary, args, dict(env, RAFTWRIGHT_SMOKE_SCREENSHOT=str(folder / name)))
        if not (folder / name).is_file():
            raise SystemExit(f"package: no screenshot {name} from `{binary.name} {' '.join(args)}`")
    return ", ".join(
        f"{(folder / n).relative_to(ROOT)} ({(folder / n).stat().st_size // 1024} KiB)" for n in SCREENSHOTS
    )


def smoke_workers(binary: Path, env: dict[str, str]) -> str:
    """The difficulty estimate with a pool of two worker processes: the frozen executable
    runs multiprocessing (its runtime hook is deferred to the first import,
    packaging/hooks/rthooks/pyi_rth_raftwright_deferred.py)."""
    start = time.monotonic()
    table = run([str(binary), "difficulty", "tutorial/01", "--games", "40", "--jobs", "2"], env=env).stdout
    row = next((line for line in table.splitlines() if "tutorial-1" in line), None)
    if row is None or "%" not in row:
        raise SystemExit(f"package: `difficulty tutorial/01 --jobs 2` printed no win rate:\n{table[-2000:]}")
    return f"tutorial/01, 40 games on 2 processes in {time.monotonic() - start:.1f} s: {' '.join(row.split()[:2])}"


def smoke_pack(binary: Path, env: dict[str, str], out: Path) -> str:
    """Build a pack from a bundled campaign with the binary, then inspect it."""
    campaign = binary.parent / "_internal" / "engine" / "_bundled" / "campaigns" / "tutorial"
    pack = out / "tutorial.raftpack"
    run([str(binary), "pack", "build", str(campaign), "-o", str(pack), "--all-rights-reserved"], env=env)
    run([str(binary), "pack", "inspect", str(pack)], env=env)
    return f"built and inspected {pack.name} ({pack.stat().st_size} bytes)"


_GLIBC = re.compile(r"\bGLIBC_(\d+)\.(\d+)(?:\.(\d+))?\b")
_GLIBCXX = re.compile(r"\bGLIBCXX_3\.4\.(\d+)\b")


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


def symbol_versions(path: Path) -> str:
    """The dynamic symbol table of an ELF file as text (binutils' objdump or readelf)."""
    tool = shutil.which("objdump") or shutil.which("readelf")
    if tool is None:
        raise SystemExit("package: the glibc floor needs objdump or readelf (Debian: apt-get install binutils)")
    flag = "-T" if tool.endswith("objdump") else "--dyn-syms"
    return subprocess.run([tool, flag, str(path)], capture_output=True, text=True).stdout


def glibc_floor(bundle: Path) -> tuple[tuple[int, int], Path | None, int]:
    """The newest glibc symbol version any ELF file in the bundle needs, the file that
    needs it, and the newest GLIBCXX_3.4.N needed from the system's libstdc++ (not bundled)."""
    floor: tuple[int, int] = (2, 2)
    worst: Path | None = None
    cxx = 0
    for path in sorted(p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p)):
        text = symbol_versions(path)
        for major, minor, _ in _GLIBC.findall(text):
            version = (int(major), int(minor))
            if version > floor:
                floor, worst = version, path
        cxx = max([cxx, *(int(n) for n in _GLIBCXX.findall(text))])
    return floor, worst, cxx


def check_glibc(bundle: Path) -> tuple[str, bool]:
    floor, worst, cxx = glibc_floor(bundle)
    where = f" ({worst.relative_to(bundle)})" if worst is not None else ""
    line = f"glibc {floor[0]}.{floor[1]}{where}; libstdc++ from the system with GLIBCXX_3.4.{cxx} (GCC {_gcc(cxx)})"
    return line, floor <= GLIBC_TARGET


def _gcc(glibcxx: int) -> str:
    """The GCC release whose libstdc++ first provides GLIBCXX_3.4.<glibcxx>."""
    return {25: "8", 26: "9", 27: "10", 28: "10", 29: "11", 30: "12", 31: "13", 32: "14"}.get(glibcxx, "?")


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def stage(bundle: Path, into: Path = DIST) -> Path:
    """<into>/raftwright-<version>-linux-<arch>/: the app (hard links), the desktop files, the scripts."""
    name = f"{APP_NAME}-{version()}-linux-{platform.machine()}"
    staged = into / name
    shutil.rmtree(staged, ignore_errors=True)
    shutil.copytree(bundle, staged / "app", copy_function=os.link, symlinks=True)
    share = staged / "share"
    for source, target in [
        (PACKAGING / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop"),
        (PACKAGING / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml"),
        (PACKAGING / f"{APP_ID}.mime.xml", share / "mime" / "packages" / f"{APP_ID}.xml"),
    ]:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    shutil.copytree(PACKAGING / "icons" / "hicolor", share / "icons" / "hicolor")
    scalable = share / "icons" / "hicolor" / "scalable"
    for svg in (PACKAGING / "icons").glob("*.svg"):
        context = "apps" if svg.stem == APP_ID else "mimetypes"
        (scalable / context).mkdir(parents=True, exist_ok=True)
        shutil.copy2(svg, scalable / context / svg.name)
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy2(PACKAGING / script, staged / script)
    table = run([sys.executable, str(ROOT / "tools" / "check_qt_libs.py"), "--table"]).stdout
    (staged / "qt-libs.tsv").write_text(table, encoding="utf-8")
    return staged


def archive(staged: Path) -> Path:
    target = staged.with_name(staged.name + ".tar.gz")
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:
        tar.add(staged, arcname=staged.name)
    return target


def install_test(staged: Path, home: Path) -> str:
    """install.sh into a temporary home, run the installed binary, then uninstall.sh."""
    env = dict(smoke_env(home), RAFTWRIGHT_PREFIX=str(home / ".local"))
    run(["sh", str(staged / "install.sh")], env=env)
    data = home / "share"
    expected = [
        home / ".local" / "bin" / APP_NAME,
        data / "applications" / f"{APP_ID}.desktop",
        data / "metainfo" / f"{APP_ID}.metainfo.xml",
        data / "mime" / "packages" / f"{APP_ID}.xml",
        data / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png",
        data / "icons" / "hicolor" / "scalable" / "mimetypes" / "application-vnd.raftwright.pack.svg",
    ]
    missing = [str(p) for p in expected if not p.exists()]
    if missing:
        raise SystemExit(f"package: install.sh did not install {', '.join(missing)}")
    run([str(home / ".local" / "bin" / APP_NAME), "validate", "--bundled"], env=env)
    run(["sh", str(home / ".local" / "lib" / APP_NAME / "uninstall.sh")], env=env)
    left = [str(p) for p in expected if p.exists() or p.is_symlink()]
    if left or (home / ".local" / "lib" / APP_NAME).exists():
        raise SystemExit(f"package: uninstall.sh left {', '.join(left) or 'the application folder'}")
    return f"installed {len(expected)} checked paths into a temporary home, ran it, uninstalled cleanly"


def main() -> int:
    WORK.mkdir(parents=True, exist_ok=True)
    say(f"Raftwright {version()} for {sys.platform} ({platform.machine()}), PyInstaller spec packaging/raftwright.spec")
    platform_icons()
    seconds = pyinstaller()
    bundle = DIST / APP_NAME
    if sys.platform == "win32":  # registers .raftpack (and offers scenarios) for the user: README
        shutil.copy2(PACKAGING / "windows" / "file-types.ps1", bundle / "file-types.ps1")
    binary = bundle / (APP_NAME + (".exe" if sys.platform == "win32" else ""))
    figures = {"build time (pyinstaller)": f"{seconds:.1f} s"}
    with tempfile.TemporaryDirectory(prefix="raftwright-smoke-") as home:
        figures.update(smoke(binary, Path(home)))
        figures["screenshots (look at them before publishing)"] = screenshots(binary, Path(home))
    size = folder_size(bundle) / 2**20
    figures["bundle size"] = f"{size:.1f} MiB (budget {BUDGET_MIB} MiB)"
    failed = size > BUDGET_MIB
    glibc_ok = True
    if sys.platform.startswith("linux"):
        figures["needs from the system"], glibc_ok = check_glibc(bundle)
    if sys.platform.startswith("linux"):
        staged = stage(bundle)
        target = archive(staged)
        figures["archive"] = f"{target.relative_to(ROOT)} {target.stat().st_size / 2**20:.1f} MiB"
        with tempfile.TemporaryDirectory(prefix="raftwright-install-") as home:
            figures["install.sh / uninstall.sh"] = install_test(staged, Path(home))
    for name, value in figures.items():
        say(f"{name}: {value}")
    if failed:
        say(
            f"FAILED: the bundle is {size:.1f} MiB, over the {BUDGET_MIB} MiB budget; look for unused Qt modules "
            "or plugins (packaging/raftwright.spec: EXCLUDES, DROP_BINARIES)"
        )
        return 1
    if not glibc_ok:
        say(
            f"FAILED: the bundle needs a newer glibc than {GLIBC_TARGET[0]}.{GLIBC_TARGET[1]} (README 'Supported "
            "systems'); leave the library named above to the system (packaging/raftwright.spec: SYSTEM_PROVIDED) "
            "or build on an older system"
        )
        return 1
    say(f"OK: {bundle.relative_to(ROOT)} built and smoke-tested")
    return 0


if __name__ == "__main__":
    sys.exit(main())
