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
4. the bundle's size against :data:`BUDGET_MIB`;
5. Linux: ``dist/raftwright-<version>-linux-<arch>.tar.gz`` with ``install.sh`` and
   ``uninstall.sh``, which are run into a temporary home folder as a last test.

Exit status 0 when everything passed, 1 when a smoke test or the budget failed.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "packaging"
APP_NAME = "raftwright"
APP_ID = "org.raftwright.Raftwright"
#: the one-folder bundle must stay below this (Qt Core/Gui/Widgets with ICU are ~100 MiB)
BUDGET_MIB = 150
SMOKE_LINE = "raftwright-smoke: first paint"  # editor/smoke.py
TIMEOUT = 180


def say(message: str) -> None:
    print(f"package: {message}", flush=True)


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


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


def first_paint(binary: Path, scenario: Path, env: dict[str, str]) -> float:
    """Seconds from starting the studio to its first paint (it then quits by itself)."""
    start = time.monotonic()
    with subprocess.Popen(
        [str(binary), "edit", str(scenario)],
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


def smoke_pack(binary: Path, env: dict[str, str], out: Path) -> str:
    """Build a pack from a bundled campaign with the binary, then inspect it."""
    campaign = binary.parent / "_internal" / "engine" / "_bundled" / "campaigns" / "tutorial"
    pack = out / "tutorial.raftpack"
    run([str(binary), "pack", "build", str(campaign), "-o", str(pack), "--all-rights-reserved"], env=env)
    run([str(binary), "pack", "inspect", str(pack)], env=env)
    return f"built and inspected {pack.name} ({pack.stat().st_size} bytes)"


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
    binary = bundle / (APP_NAME + (".exe" if sys.platform == "win32" else ""))
    figures = {"build time (pyinstaller)": f"{seconds:.1f} s"}
    with tempfile.TemporaryDirectory(prefix="raftwright-smoke-") as home:
        figures.update(smoke(binary, Path(home)))
    size = folder_size(bundle) / 2**20
    figures["bundle size"] = f"{size:.1f} MiB (budget {BUDGET_MIB} MiB)"
    failed = size > BUDGET_MIB
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
    say(f"OK: {bundle.relative_to(ROOT)} built and smoke-tested")
    return 0


if __name__ == "__main__":
    sys.exit(main())
