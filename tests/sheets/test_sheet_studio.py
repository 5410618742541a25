"""The studio's sheet actions: File > Export image..., File > Print... (the preview is
grabbed to tests/screenshots/sheet-print-preview.png to look at) and the campaign
library's Export booklet..."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterator

import pytest
from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrintPreviewWidget
from pytestqt.qtbot import QtBot
from sheet_helpers import SHOTS, TUTORIAL_1, bundled

from editor.docks.library import INDEX_ROLE, PATH_ROLE
from editor.mainwindow import MainWindow
from engine.model.resources import campaigns_dir


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    made = MainWindow(autosave_seconds=3600)
    qtbot.addWidget(made)
    made.ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    made.doc.reset(bundled(TUTORIAL_1), None)
    errors: list[tuple[str, str]] = []
    made.sheets.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    made.show()
    qtbot.waitExposed(made)
    yield made
    assert not errors, errors
    made.autosaver.close()


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_export_image_writes_the_format_of_the_extension(window: MainWindow, tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"sheet.{suffix}"
    window.sheets.ask_image_path = lambda suggested: str(target)  # type: ignore[method-assign]
    window.action("file.export_image").trigger()
    assert target.read_bytes()[:5] in (b"\x89PNG\r", b"<?xml", b"%PDF-")
    assert target.read_bytes()[:5].lower().startswith({"png": b"\x89png", "svg": b"<?xml", "pdf": b"%pdf"}[suffix])


def test_export_image_with_an_unknown_extension_says_how_to_choose(window: MainWindow, tmp_path: Path) -> None:
    said: list[str] = []
    window.sheets.ask_image_path = lambda suggested: str(tmp_path / "sheet.gif")  # type: ignore[method-assign]
    window.sheets.show_error = lambda title, message: said.append(message)  # type: ignore[method-assign]
    window.action("file.export_image").trigger()
    assert said and ".png, .svg or .pdf" in said[0]
    assert not (tmp_path / "sheet.gif").exists()


def test_print_preview_shows_one_page(window: MainWindow, qtbot: QtBot) -> None:
    window.action("file.sheet_difficulty").setChecked(True)
    window.action("file.sheet_difficulty").trigger()  # unchecks: the campaign-book look again
    assert window.sheets.show_difficulty is False
    dialog = window.sheets.preview(window.doc.scenario, window.doc.catalog)
    dialog.resize(900, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    qtbot.waitUntil(lambda: preview.pageCount() == 1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(SHOTS / "sheet-print-preview.png"))
    dialog.close()


def test_export_booklet_from_the_library(window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "c1.pdf"
    window.sheets.ask_booklet_path = lambda suggested: str(target)  # type: ignore[method-assign]
    campaign_file = campaigns_dir() / "campaign-1" / "campaign.json"
    window.library.select(campaign_file)
    item = window.library.tree.currentItem()
    assert item is not None and Path(item.data(0, PATH_ROLE)) == campaign_file and item.data(0, INDEX_ROLE) == -1
    assert window.library.buttons["booklet"].isEnabled()
    window.library.buttons["booklet"].trigger()
    assert len(PdfReader(io.BytesIO(target.read_bytes())).pages) == 6
