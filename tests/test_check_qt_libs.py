"""tools/check_qt_libs.py: `make run` names the packages that provide the libraries Qt's
xcb plugin is missing, instead of Qt's "could not load the Qt platform plugin" (issue 14)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent


check = load_script(ROOT / "tools" / "check_qt_libs.py")

# what ldd prints on a fresh Debian 12 with PySide6 installed from PyPI (trimmed)
LDD_FIXTURE = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-frobnicate.so.9 => not found
"""


def test_missing_sonames_are_listed_once_in_order() -> None:
    assert check.missing_sonames(LDD_FIXTURE) == ["libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-frobnicate.so.9"]


def test_advice_names_debian_and_fedora_packages_and_unknown_libraries() -> None:
    text = check.advice(check.missing_sonames(LDD_FIXTURE))
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4" in text
    assert "sudo dnf install xcb-util-cursor xcb-util-wm" in text
    assert "libxcb-frobnicate.so.9" in text.splitlines()[-2]


def test_packages_are_not_repeated() -> None:
    debian, fedora, unknown = check.packages_for(["libxcb-shm.so.0", "libxcb-sync.so.1"])
    assert debian == ["libxcb-shm0", "libxcb-sync1"] and fedora == ["libxcb"] and unknown == []


@pytest.mark.parametrize(
    ("platform", "wanted"), [("", True), ("xcb", True), ("xcb:foo", True), ("offscreen", False), ("wayland", False)]
)
def test_only_xcb_is_checked(monkeypatch: pytest.MonkeyPatch, platform: str, wanted: bool) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", platform)
    assert check.wants_xcb() is wanted


def test_table_covers_every_soname(capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["--table"]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(check.PACKAGES) and all(len(row) == 3 for row in rows)


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("ldd") is None,
    reason="the xcb plugin and ldd exist on Linux only",
)
def test_the_installed_plugin_is_found_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = check.xcb_plugin()
    assert plugin is not None and plugin.name == "libqxcb.so"
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert check.main(["--plugin", str(plugin)]) in (0, 1)  # 1 on a machine missing libraries
    assert check.main(["--plugin", str(plugin.with_name("no-such-plugin.so"))]) == 2
