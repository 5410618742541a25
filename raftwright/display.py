"""Is there a display for the studio?  Asked before Qt is loaded (issue 28 item 7).

Without one, Qt's xcb plugin aborts the process (exit 134) with a misleading hint
("xcb-cursor0 is needed") even when that library is installed.  So ``raftwright edit``
and ``raftwright play`` first look at the environment, the way Qt will:

* ``QT_QPA_PLATFORM`` naming another platform (``offscreen``, ``minimal``, ``vnc``,
  ``eglfs``, ``windows``, ``cocoa``...) needs no X or Wayland display: nothing to check;
* on Windows and macOS the native platform needs nothing either;
* ``wayland`` needs ``WAYLAND_DISPLAY``; ``xcb`` (the default on Linux when no
  Wayland session is found) needs ``DISPLAY``, and a local ``DISPLAY=:N`` needs an X
  server listening on its socket (abstract or ``/tmp/.X11-unix/XN``).

:func:`display_problem` returns one line naming the problem and the fix, or None.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Mapping

FIX = "run it from a desktop session, or set QT_QPA_PLATFORM=offscreen for a run without a screen"
_LOCAL = re.compile(r"^(?:unix)?:(\d+)(?:\.\d+)?$")


def display_problem(env: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    qpa = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].split(";", 1)[0].strip().lower()
    if platform in ("win32", "darwin") and qpa in ("", "windows", "cocoa"):
        return None
    if qpa and qpa not in ("xcb", "wayland", "wayland-egl"):
        return None  # offscreen, minimal, vnc, eglfs, linuxfb...: no desktop display needed
    wayland, x11 = env.get("WAYLAND_DISPLAY", ""), env.get("DISPLAY", "")
    if qpa.startswith("wayland"):
        if wayland:
            return None
        return f"no display: QT_QPA_PLATFORM is {qpa} but WAYLAND_DISPLAY is not set; {FIX}"
    if not qpa and wayland:
        return None  # Qt picks Wayland in a Wayland session
    if not x11:
        return f"no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so the studio has no screen; {FIX}"
    if not x_server_answers(x11):
        return f"no display: no X server answers on DISPLAY={x11}; start it or fix DISPLAY, or {FIX.split(', or ')[1]}"
    return None


def x_server_answers(display: str) -> bool:
    """For a local display (``:N``), whether something listens on its socket; a
    remote one (``host:N``) is left to Qt."""
    import socket  # only for a local X display: not loaded for Wayland or offscreen runs

    found = _LOCAL.match(display)
    if found is None or not hasattr(socket, "AF_UNIX"):
        return True
    path = f"/tmp/.X11-unix/X{found.group(1)}"
    for address in (("\0" + path) if sys.platform.startswith("linux") else None, path):
        if address is None:
            continue
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1.0)
            try:
                probe.connect(address)
            except OSError:
                continue
            return True
    return False
