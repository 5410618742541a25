"""Custom components from the user's catalogs folder show up in the studio's palette,
and a broken custom catalog is reported to the designer, naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from studio_helpers import WindowFactory

from editor.app import catalog_warning
from engine.model.catalog import reload_default_catalog


@pytest.fixture
def custom_catalogs(user_env: Path, custom_catalog_doc: dict) -> Iterator[Path]:
    folder = user_env / "catalogs"
    folder.mkdir(parents=True)
    (folder / "my-cards.components.json").write_text(json.dumps(custom_catalog_doc), encoding="utf-8")
    yield folder
    for path in folder.glob("*.json"):
        path.unlink()
    reload_default_catalog()  # later tests see the plain catalog again


def test_the_palette_offers_a_custom_location_card(custom_catalogs: Path, make_window: WindowFactory) -> None:
    reload_default_catalog()
    window = make_window()
    assert "Location card 13" in window.palette_dock.items
    assert window.doc.catalog.location_cards[13].cats[0].colour == "green"
    assert catalog_warning() is None


def test_a_broken_custom_catalog_is_named_in_the_warning(custom_catalogs: Path) -> None:
    (custom_catalogs / "broken.components.json").write_text("{", encoding="utf-8")
    reload_default_catalog()
    text = catalog_warning()
    assert text is not None and "broken.components.json" in text and "restart the studio" in text
