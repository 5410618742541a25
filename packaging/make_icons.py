#!/usr/bin/env python3
"""Render the icons from their SVG sources in ``packaging/icons/``.

* ``python packaging/make_icons.py`` (re)writes the checked-in PNG sizes desktops ask
  for: ``packaging/icons/hicolor/<N>x<N>/{apps,mimetypes}/<name>.png``.  Run it after
  editing an SVG and commit the PNGs; ``tests/test_packaging_files.py`` checks that
  every size is there.
* ``--ico FILE`` / ``--icns FILE`` write the application icon for Windows / macOS;
  ``packaging/build.py`` calls this at build time on those platforms (Qt's ico and
  icns image plugins write them, so no other image library is needed).

Rendering uses Qt's SVG renderer offscreen, the same Qt the studio ships with.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parent / "icons"
APP_ID = "org.raftwright.Raftwright"
#: the MIME types' icons, named as shared-mime-info derives them (``/`` becomes ``-``)
MIME_ICONS = ("application-vnd.raftwright.pack", "application-vnd.raftwright.scenario+json")
SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(svg: Path, size: int) -> QImage:
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG image; fix the file and run again")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def save(image: QImage, path: Path, fmt: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = QImageWriter(str(path), fmt)
    if not writer.write(image):
        raise SystemExit(f"{path}: cannot write the {fmt.decode()} icon ({writer.errorString()})")


def png_targets() -> list[tuple[Path, Path, int]]:
    """(SVG source, PNG target, size) for every checked-in PNG."""
    names = [("apps", APP_ID)] + [("mimetypes", name) for name in MIME_ICONS]
    return [
        (ICONS / f"{name}.svg", ICONS / "hicolor" / f"{size}x{size}" / context / f"{name}.png", size)
        for context, name in names
        for size in SIZES
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render Raftwright's icons from their SVG sources.")
    parser.add_argument("--ico", type=Path, help="write the Windows application icon here")
    parser.add_argument("--icns", type=Path, help="write the macOS application icon here")
    args = parser.parse_args(argv)
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # kept alive while rendering
    app_svg = ICONS / f"{APP_ID}.svg"
    if args.ico:
        save(render(app_svg, 256), args.ico, b"ico")
    if args.icns:
        save(render(app_svg, 512), args.icns, b"icns")
    if not (args.ico or args.icns):
        for svg, png, size in png_targets():
            save(render(svg, size), png, b"png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
