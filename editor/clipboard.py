"""Elements as text: the clipboard, and palette drags onto the canvas.

The text is a fragment of a scenario file (``{"boards": [...], "cards": [...],
"tokens": [...]}``) written with the same converters as a saved file, so a copy can
be pasted into another scenario or another studio, and is checked against the
scenario schema before it is pasted.
"""

from __future__ import annotations

import json
from typing import Iterable

from PySide6.QtCore import QMimeData

from engine.model.formats import board_to_dict, card_to_dict, scenario_from_dict, token_to_dict
from engine.model.jsonio import loads
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.schemas import schema_errors

from .edits import LAYERS, Element

MIME_TYPE = "application/x-raftwright-elements"


def elements_to_dict(elements: Iterable[Element]) -> dict[str, list[dict[str, object]]]:
    out: dict[str, list[dict[str, object]]] = {layer: [] for layer in LAYERS}
    for el in elements:
        if isinstance(el, BoardSlot):
            out["boards"].append(board_to_dict(el))
        elif isinstance(el, CardPlacement):
            out["cards"].append(card_to_dict(el))
        else:
            out["tokens"].append(token_to_dict(el))
    return out


def elements_to_json(elements: Iterable[Element]) -> str:
    return json.dumps(elements_to_dict(elements), separators=(",", ":"))


def elements_from_json(text: str) -> list[Element]:
    """The elements in a copied fragment; empty if the text is not one."""
    try:
        data = loads(text)
    except (ValueError, TypeError, RecursionError):  # not JSON, a key twice, absurd numbers or nesting
        return []
    if not isinstance(data, dict) or not any(isinstance(data.get(k), list) for k in LAYERS):
        return []
    doc = {
        "format": "raftwright.scenario",
        "format_version": 1,
        "id": "clipboard",
        "name": "clipboard",
        "boards": [],
        "cards": [],
    }
    doc.update({k: data[k] for k in LAYERS if isinstance(data.get(k), list)})
    if schema_errors("scenario", doc):
        return []
    scenario: Scenario = scenario_from_dict(doc)
    return [*scenario.boards, *scenario.cards, *scenario.tokens]


def to_mime(elements: Iterable[Element]) -> QMimeData:
    elements = list(elements)
    mime = QMimeData()
    text = elements_to_json(elements)
    mime.setData(MIME_TYPE, text.encode("utf-8"))
    mime.setText(text)
    return mime


def from_mime(mime: QMimeData | None) -> list[Element]:
    if mime is None:
        return []
    if mime.hasFormat(MIME_TYPE):
        return elements_from_json(bytes(mime.data(MIME_TYPE).data()).decode("utf-8"))
    if mime.hasText():
        return elements_from_json(mime.text())
    return []
