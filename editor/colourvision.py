"""Seeing the island as a colour-blind designer's players will.

* :func:`simulate` turns a colour into how it looks with a colour-vision deficiency,
  using the full-severity matrices of Machado, Oliveira and Fernandes (2009, "A
  physiologically-based model for simulation of color vision deficiency"), applied
  in linear RGB.
* :func:`set_simulation` recolours the shared painting palette in place (the QColor
  objects the canvas, the playtest and the sheets paint with), so everything painted
  afterwards is seen through the deficiency; ``None`` restores the true colours.
* :func:`delta_e00` is the CIEDE2000 colour difference, to check that colours stay
  apart.  Each cat colour also carries its terrain feature (:mod:`editor.terrain_marks`),
  so two colours that merge still differ by their mark.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QColor

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
LABELS = {
    "deuteranopia": "Deuteranopia (green-blind)",
    "protanopia": "Protanopia (red-blind)",
    "tritanopia": "Tritanopia (blue-blind)",
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: QColor, kind: str | None) -> QColor:
    """``colour`` as seen with ``kind`` ("deuteranopia", "protanopia", "tritanopia");
    ``None`` gives the colour back.  Alpha is kept."""
    if kind is None:
        return QColor(colour)
    m = MACHADO_2009[kind]
    rgb = [_linear(colour.redF()), _linear(colour.greenF()), _linear(colour.blueF())]
    out = [_gamma(sum(m[i][j] * rgb[j] for j in range(3))) for i in range(3)]
    return QColor.fromRgbF(out[0], out[1], out[2], colour.alphaF())


def _lab(colour: QColor) -> tuple[float, float, float]:
    r, g, b = (_linear(colour.redF()), _linear(colour.greenF()), _linear(colour.blueF()))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e00(a: QColor, b: QColor) -> float:
    """CIEDE2000 difference of two sRGB colours (about 2.3 is just noticeable)."""
    return delta_e00_lab(_lab(a), _lab(b))


def delta_e00_lab(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005) of two CIELAB colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cbar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cbar7 / (cbar7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dhp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    cbarp7 = cbarp**7
    rt = -2 * math.sqrt(cbarp7 / (cbarp7 + 25**7)) * math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2))))
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2 + rt * (dcp / sc) * (dhp / sh))


_TRUE: dict[int, tuple[QColor, QColor]] = {}  # id -> (the shared colour, its true value)
_current: str | None = None


def _palette() -> list[QColor]:
    from . import painting
    from .playtest import tokens_view

    colours = [*painting.COLOURS.values(), *painting.TOKEN_COLOURS.values(), *tokens_view.TOKEN_COLOURS.values()]
    colours += [v for v in vars(painting).values() if isinstance(v, QColor)]
    return colours


def set_simulation(kind: str | None) -> None:
    """See every shared painting colour through ``kind`` (None: true colours)."""
    global _current
    for colour in _palette():
        _TRUE.setdefault(id(colour), (colour, QColor(colour)))
    for shared, true in _TRUE.values():
        shared.setRgba(simulate(true, kind).rgba())
    _current = kind


def current_simulation() -> str | None:
    return _current
