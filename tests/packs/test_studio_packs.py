"""The studio side of packs, end to end: File > Export pack... builds a pack of a
bundled campaign off the GUI thread (remembering the author), opening the
``.raftpack`` goes through Import pack (manifest, contents, previews, problems shown
first), the installed pack appears in the campaign library, one of its scenarios
opens as a template and is played to the end, and Remove pack uninstalls it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Iterator

import pytest
from pack_helpers import FIXTURE_CATALOG, tutorial_campaign
from pytestqt.qtbot import QtBot

from editor.app import create_window
from editor.mainwindow import MainWindow
from editor.packs.export_dialog import ExportPackDialog
from engine.check.validate_files import open_scenario
from engine.model.catalog import bundled_catalog, catalog_from_dict
from engine.model.formats import scenario_to_dict
from engine.packs.build import PackInfo, build_pack, collect
from engine.packs.install import install_pack, installed_packs
from engine.packs.reader import open_pack


@pytest.fixture
def studio(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    window = MainWindow(autosave_seconds=3600)
    errors: list[tuple[str, str]] = []
    window.show_error = lambda title, message: errors.append((title, message))  # type: ignore[method-assign]
    window.ask_unsaved = lambda *_: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    assert errors == []
    window.autosaver.close()


def export(window: MainWindow, qtbot: QtBot, out: Path, sheets: bool) -> ExportPackDialog:
    window.export_pack()
    dialog = window.pack_export_dialog
    assert dialog is not None
    dialog.sources.clear()
    dialog.sources.addItem(str(tutorial_campaign()))
    dialog.title.setText("Tutorial again")
    dialog.ident.setText("tutorial-again")
    dialog.author.setText("Fixture Designer")
    dialog.licence.setCurrentText("CC-BY-4.0")
    dialog.sheets.setChecked(sheets)
    dialog.build()
    assert dialog.is_building()
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=60_000)
    assert dialog.manifest is not None, dialog.status.text()
    assert '"id": "tutorial-again"' in dialog.preview.toPlainText()
    dialog.ask_save_path = lambda: str(out)  # type: ignore[method-assign]
    dialog.save()
    assert dialog.saved_to == out and out.is_file()
    return dialog


def test_export_import_open_as_template_play_and_remove(studio: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    out = tmp_path / "tutorial-again.raftpack"
    export(studio, qtbot, out, sheets=True)
    assert open_pack(out).manifest.authors == ("Fixture Designer",)
    studio.export_pack()  # the author is remembered
    assert studio.pack_export_dialog is not None and studio.pack_export_dialog.author.text() == "Fixture Designer"
    studio.pack_export_dialog.reject()

    studio.pack_import_dialog = None
    assert studio.open_path(out)  # as `raftwright edit FILE.raftpack` does
    qtbot.waitUntil(lambda: studio.pack_import_dialog is not None)
    dialog = studio.pack_import_dialog
    assert dialog is not None and dialog.pack is not None
    assert "Tutorial again — version 1.0.0" in dialog.summary.toPlainText()
    assert dialog.contents.count() == len(dialog.pack.manifest.files)
    assert dialog.install_button.isEnabled()
    if dialog.pack.manifest.of_kind("preview"):
        qtbot.waitUntil(lambda: dialog.previews_pending() == 0)  # decoded on the thread pool
        assert dialog.preview_count() >= 1
    assert installed_packs() == []  # nothing installed before the designer says so
    dialog.install_button.click()
    assert [p.manifest.label for p in installed_packs()] == ["tutorial-again@1.0.0"]

    again = studio.import_pack_file(out)  # the same version again: asks, then replaces
    asked: list[str] = []
    again.ask_replace = lambda label: asked.append(label) or True  # type: ignore[method-assign]
    again.install_button.click()
    assert len(asked) == 1 and "tutorial-again@1.0.0 is installed already" in asked[0]
    assert again.result_pack is not None

    library = studio.library
    packs = library.pack_items()
    assert [item.text(0) for item in packs] == ["Tutorial again 1.0.0"]
    first = packs[0].child(0)
    assert first is not None and first.text(0) == "First steps"
    library.tree.setCurrentItem(first)
    library.tree.itemActivated.emit(first, 0)
    assert studio.doc.scenario.id == "tutorial-1-first-steps"
    assert studio.doc.path is None  # a template: Save asks where
    assert studio.template_pack is not None and studio.template_pack.manifest.id == "tutorial-again"

    state = studio.new_template_game(seed=11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.outcome() is not None and state.outcome().result in ("win", "loss")

    library.tree.setCurrentItem(packs[0])
    assert library.buttons["remove_pack"].isEnabled()
    library.confirm_remove_pack = lambda label: True  # type: ignore[method-assign]
    library.buttons["remove_pack"].trigger()
    assert installed_packs() == [] and library.pack_items() == []


def test_a_refused_pack_shows_its_problems_and_cannot_be_installed(studio: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.raftpack"
    bad.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip: no manifest
    dialog = studio.import_pack_file(bad)
    assert not dialog.install_button.isEnabled()
    assert dialog.problems.item(0).text().startswith("manifest.json: the pack has no manifest.json")
    assert dialog.problems.item(0).toolTip().startswith("error (manifest-missing)")  # the code, for the record
    assert installed_packs() == []


def test_edit_on_a_pack_file_goes_through_import(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tutorial_pack
) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    out = tmp_path / "tutorial.raftpack"
    out.write_bytes(tutorial_pack[0])
    window = create_window(out)  # what `raftwright edit FILE.raftpack` runs
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.pack_import_dialog is not None)
    dialog = window.pack_import_dialog
    assert dialog is not None and dialog.path == out and dialog.install_button.isEnabled()
    assert installed_packs() == []
    dialog.reject()
    window.autosaver.close()


def test_a_pack_with_its_own_components_opens_in_a_window_with_them(
    studio: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    catalog = bundled_catalog().merged(catalog_from_dict(FIXTURE_CATALOG))
    doc = scenario_to_dict(open_scenario(tutorial_campaign().parent / "01-first-steps.scenario.json"))
    next(c for c in doc["cards"] if c["kind"] == "location")["card"] = "13"
    path = tmp_path / "custom.scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    data, _ = build_pack(
        PackInfo(id="custom-cards", title="Custom cards", authors=("Fixture",), licence="CC0-1.0"),
        collect([path]),
        catalog=catalog,
    )
    install_pack(open_pack(data))
    studio.library.refresh()
    item = studio.library.pack_items()[0].child(0)
    assert item is not None
    studio.library.tree.itemActivated.emit(item, 0)
    assert len(studio.pack_windows) == 1
    other = studio.pack_windows[0]
    assert isinstance(other, MainWindow)
    qtbot.addWidget(other)
    assert 13 in other.doc.catalog.location_cards and 13 not in studio.doc.catalog.location_cards
    assert other.doc.scenario.id == doc["id"] and other.doc.path is None
    qtbot.waitUntil(lambda: not other.doc.validation_pending, timeout=10_000)
    assert [i.code for i in other.doc.issues if i.is_error] == []
    state = other.new_template_game(seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.outcome() is not None
    other.autosaver.close()


def test_export_form_checks_each_field_before_build(studio: MainWindow, qtbot: QtBot) -> None:
    """Field-level messages in the same words as the CLI; Build waits; the campaign fills
    title, author and description; no licence is chosen for the author."""
    from editor.packs.export_dialog import ExportPackDialog as Dialog

    dialog = Dialog([tutorial_campaign()], studio.doc.catalog, studio)
    qtbot.addWidget(dialog)
    assert dialog.title.text() == "Tutorial"
    assert dialog.author.text().startswith("The City of Games")
    assert dialog.description.toPlainText().startswith("The four tutorial scenarios")
    assert dialog.licence.currentText() == ""
    assert not dialog.build_button.isEnabled()
    assert dialog.field_errors["licence"].text().startswith("no licence chosen")
    dialog.licence.setCurrentText("CC BY 4.0")
    assert "did you mean CC-BY-4.0?" in dialog.field_errors["licence"].text()
    dialog.licence.setCurrentText("All rights reserved")
    assert dialog.field_errors["licence"].isHidden() and dialog.info().licence == "LicenseRef-All-Rights-Reserved"
    dialog.version.setText("1.0")
    assert (
        dialog.field_errors["version"].text().startswith("version '1.0' cannot be used: version must look like 1.0.0")
    )
    assert not dialog.build_button.isEnabled()
    dialog.version.setText("1.0.0")
    dialog.ident.setText("Bad_ID!")
    assert "lowercase letters, digits and hyphens" in dialog.field_errors["id"].text()
    assert "^" not in dialog.field_errors["id"].text()
    dialog.ident.setText("tutorial-mine")
    assert dialog.build_button.isEnabled()
    dialog.sheets.setChecked(False)
    dialog.build()
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=60_000)
    assert dialog.manifest is not None and dialog.manifest.credits
    assert "official scenario 'First steps' by The City of Games" in dialog.status.text()


def test_the_library_lists_a_damaged_pack_and_the_studio_starts(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    broken = tmp_path / "user" / "packs" / "broken" / "1.0.0"
    broken.mkdir(parents=True)
    (broken / "manifest.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    window = MainWindow(autosave_seconds=3600)
    qtbot.addWidget(window)
    items = window.library.pack_items()
    assert [item.text(0) for item in items] == ["broken 1.0.0 (damaged)"]
    assert "nested" in items[0].toolTip(0)
    window.library.tree.setCurrentItem(items[0])
    window.library.confirm_remove_pack = lambda label: True  # type: ignore[method-assign]
    window.library.buttons["remove_pack"].trigger()
    assert window.library.pack_items() == [] and not broken.exists()
    window.autosaver.close()


def test_a_preview_over_the_pixel_cap_is_never_decoded(qtbot: QtBot) -> None:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage

    from editor.packs.import_dialog import PreviewTask, _Decoded

    image = QImage(400, 300, QImage.Format.Format_RGB32)
    image.fill(0xFF3366)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    data = bytes(QByteArray(buffer.data()).data())
    got: list[tuple[str, QImage]] = []
    sink = _Decoded()
    sink.done.connect(lambda name, img: got.append((name, img)))
    PreviewTask("small.png", data, sink, max_pixels=400 * 300).run()
    PreviewTask("big.png", data, sink, max_pixels=400 * 300 - 1).run()
    assert [(name, img.isNull()) for name, img in got] == [("small.png", False), ("big.png", True)]
    assert got[0][1].width() == 220


def test_importing_a_newer_version_replaces_the_older_in_the_library(
    studio: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from dataclasses import replace

    from pack_helpers import INFO

    paths = []
    for version in ("1.0.0", "1.1.0", "0.9.0"):
        path = tmp_path / f"tutorial-{version}.raftpack"
        path.write_bytes(build_pack(replace(INFO, version=version), collect([tutorial_campaign()]))[0])
        paths.append(path)
    studio.import_pack_file(paths[0]).install_button.click()
    newer = studio.import_pack_file(paths[1])
    newer.ask_replace = lambda question: pytest.fail(f"an upgrade needs no question: {question}")  # type: ignore[method-assign]
    newer.install_button.click()
    assert [item.text(0) for item in studio.library.pack_items()] == ["Tutorial pack 1.1.0"]
    older = studio.import_pack_file(paths[2])
    asked: list[str] = []
    older.ask_replace = lambda question: asked.append(question) or False  # type: ignore[method-assign]
    older.install_button.click()
    assert len(asked) == 1 and "tutorial-pack@1.1.0" in asked[0] and "tutorial-pack@0.9.0" in asked[0]
    assert [p.manifest.label for p in installed_packs()] == ["tutorial-pack@1.1.0"]


def test_a_sheet_that_cannot_be_drawn_is_a_message(studio: MainWindow, qtbot: QtBot, monkeypatch) -> None:
    import editor.packs.export_dialog as export_module

    def broken(*args: object) -> list[object]:
        raise RuntimeError("no painter")

    monkeypatch.setattr(export_module, "sheet_files", broken)
    dialog = export_module.ExportPackDialog([tutorial_campaign()], studio.doc.catalog, studio)
    qtbot.addWidget(dialog)
    dialog.licence.setCurrentText("CC0-1.0")
    dialog.build()
    assert "the sheets could not be drawn (no painter)" in dialog.status.text()
    assert dialog.build_button.isEnabled() and dialog.manifest is None
