"""The Qt binding must not drop references to None.

PySide6 6.12.0 returns None from every void method without taking a reference; on
Python 3.11 (where None is not immortal) the studio then aborts with "Fatal Python
error: none_dealloc" after a few thousand calls, typically while painting.
pyproject.toml excludes that release; this test catches any other such release.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication


def test_void_calls_keep_none_alive(qapp: QApplication) -> None:
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(100):
        point.setX(1.0)
        painter.setPen(QColor("red"))
        painter.drawLine(QPointF(0, 0), QPointF(4, 4))
    lost = before - sys.getrefcount(None)
    painter.end()
    import PySide6

    assert lost < 50, (
        f"PySide6 {PySide6.__version__} loses a reference to None on void calls ({lost} in 300 calls); "
        "the studio would crash. Install another PySide6-Essentials release (pip install 'PySide6-Essentials!="
        f"{PySide6.__version__}') and exclude it in pyproject.toml"
    )
