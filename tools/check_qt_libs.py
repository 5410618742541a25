#!/usr/bin/env python3
"""Check that the system libraries Qt's xcb platform plugin needs are installed.

``make run`` calls this before starting the studio.  On a fresh Debian or Ubuntu
machine Qt would otherwise stop with "could not load the Qt platform plugin xcb" and
no hint of what is missing.  The check runs ``ldd`` on the xcb plugin of the
installed PySide6 (or on the plugin given with ``--plugin``, e.g. the one inside a
packaged build), collects the libraries reported "not found", and prints the
packages that provide them on Debian/Ubuntu and on Fedora.

Exit status: 0 nothing missing (or nothing to check: not Linux, no ``ldd``, or
``QT_QPA_PLATFORM`` names another platform), 1 libraries missing (the packages are
printed on stderr), 2 the plugin cannot be found.

``--table`` prints the soname -> package table as tab-separated lines, which the
packaged build's install script reads (it has no Python of its own).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

#: soname -> (Debian/Ubuntu package, Fedora package) for every library the xcb
#: plugin (libqxcb.so and libQt6XcbQpa.so) links against that a minimal system may lack
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")


def missing_sonames(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as "not found", each once, in the order seen."""
    seen: dict[str, None] = {}
    for line in ldd_output.splitlines():
        match = _NOT_FOUND.match(line)
        if match:
            seen.setdefault(match.group(1), None)
    return list(seen)


def packages_for(sonames: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Debian/Ubuntu packages, Fedora packages, and the sonames the table does not know."""
    debian: dict[str, None] = {}
    fedora: dict[str, None] = {}
    unknown: list[str] = []
    for soname in sonames:
        if soname in PACKAGES:
            deb, rpm = PACKAGES[soname]
            debian.setdefault(deb, None)
            fedora.setdefault(rpm, None)
        else:
            unknown.append(soname)
    return list(debian), list(fedora), unknown


def advice(sonames: list[str]) -> str:
    """What to tell the person: the missing libraries and the commands that install them."""
    debian, fedora, unknown = packages_for(sonames)
    lines = [
        f"The studio cannot start: Qt's xcb platform plugin needs {len(sonames)} system "
        f"librar{'y' if len(sonames) == 1 else 'ies'} that are not installed: {', '.join(sonames)}."
    ]
    if debian:
        lines.append(f"  Debian/Ubuntu: sudo apt-get install {' '.join(debian)}")
        lines.append(f"  Fedora:        sudo dnf install {' '.join(fedora)}")
    if unknown:
        lines.append(f"  (no package known for {', '.join(unknown)}: search your distribution for it)")
    lines.append("Then run the command again.")
    return "\n".join(lines)


def xcb_plugin() -> Path | None:
    """libqxcb.so of the PySide6 this Python would import (found without importing Qt)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def wants_xcb() -> bool:
    """Qt loads xcb unless QT_QPA_PLATFORM names another platform (offscreen, wayland...)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").strip()
    return not platform or platform.split(":")[0].split(";")[0] == "xcb"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--plugin", type=Path, help="the xcb plugin to check (default: the installed PySide6's)")
    parser.add_argument("--table", action="store_true", help="print the soname/package table (TSV) and exit")
    args = parser.parse_args(argv)
    if args.table:
        for soname, (deb, rpm) in PACKAGES.items():
            print(f"{soname}\t{deb}\t{rpm}")
        return 0
    if not sys.platform.startswith("linux") or not wants_xcb() or shutil.which("ldd") is None:
        return 0
    plugin = args.plugin or xcb_plugin()
    if plugin is None or not plugin.is_file():
        print(
            f"check_qt_libs: Qt's xcb plugin is missing ({plugin or 'PySide6 is not installed'}); "
            "reinstall PySide6 (make clean && make run)",
            file=sys.stderr,
        )
        return 2
    result = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=False)
    missing = missing_sonames(result.stdout)
    if missing:
        print(advice(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
