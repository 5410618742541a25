"""Issue 25, "Done when", in the studio: the designer exports their own fixture campaign
(tests/packs/fixture_campaign.py: FIXTURE components only) with File > Export pack;
the player, whose user folder has none of those components, imports it (the dialog
says what each scenario needs), installs it, opens an installed scenario as
``raftwright edit FILE`` does (with the pack's components: no errors) and plays it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Iterator

import pytest
from fixture_campaign import record_game, write_campaign, write_designer_catalog
from pytestqt.qtbot import QtBot

from editor.app import create_window
from editor.mainwindow import MainWindow
from engine.check.validate import validate
from engine.model.catalog import reload_default_catalog
from engine.packs.install import installed_packs
from engine.packs.resolve import catalog_for


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "designer"))
    write_designer_catalog(tmp_path / "designer")
    reload_default_catalog()
    yield monkeypatch
    monkeypatch.undo()
    reload_default_catalog()


def _window(qtbot: QtBot, path: Path | None = None, **kwargs: object) -> MainWindow:
    window = create_window(path, autosave_seconds=3600, **kwargs)  # type: ignore[arg-type]
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)  # type: ignore[method-assign]
    window.ask_unsaved = lambda *_: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    return window


def test_export_import_open_and_play_a_designers_own_campaign(
    user: pytest.MonkeyPatch, qtbot: QtBot, tmp_path: Path
) -> None:
    campaign = write_campaign(tmp_path / "campaign")
    replay = tmp_path / "advanced.replay.json"  # a golden game played with the designer's components
    replay.write_text(json.dumps(record_game(campaign.parent / "03-advanced.scenario.json")), encoding="utf-8")
    designer = _window(qtbot)
    designer.export_pack()
    dialog = designer.pack_export_dialog
    assert dialog is not None
    dialog.sources.clear()
    dialog.sources.addItem(str(campaign))
    dialog.sources.addItem(str(replay))
    dialog.title.setText("Fixture campaign")
    dialog.ident.setText("fixture-campaign")
    dialog.author.setText("Fixture Designer")
    dialog.licence.setCurrentText("CC-BY-4.0")
    dialog.sheets.setChecked(True)
    dialog.build()
    qtbot.waitUntil(lambda: not dialog.is_building(), timeout=120_000)
    assert dialog.manifest is not None, dialog.status.text()
    out = tmp_path / "fixture-campaign.raftpack"
    dialog.ask_save_path = lambda: str(out)  # type: ignore[method-assign]
    dialog.save()
    assert out.is_file()
    designer.autosaver.close()

    user.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "player"))  # a stranger's machine
    reload_default_catalog()
    player = _window(qtbot)
    importer = player.import_pack_file(out)
    summary = importer.summary.toPlainText()
    assert "Needs the base game and the Kickstarter pack" in summary
    assert "Uses the Kickstarter pack's special island boards" in summary
    assert "Custom components (not in the box; faces on the print-and-play pages): location card 20" in summary
    assert [importer.problems.item(n).text() for n in range(importer.problems.count())] == ["No problems found."]
    importer.install_button.click()
    (pack,) = installed_packs()
    assert "print-and-play.pdf" in {f.path for f in pack.manifest.files}
    player.autosaver.close()

    path = next(p for p in pack.scenario_paths() if p.name.startswith("01-"))
    studio = _window(qtbot, path, catalog=catalog_for(path))  # `raftwright edit FILE`
    assert studio.doc.scenario.id == "fx-1-custom-card" and studio.template_pack is not None
    assert [i for i in validate(studio.doc.scenario, studio.doc.catalog) if i.is_error] == []
    state = studio.new_template_game(seed=5)
    assert {"purple", "green"} <= set(state.island.cat_colours)  # location card 20's cats
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.outcome() is not None
    studio.autosaver.close()

    from editor.playtest.app import open_window  # `raftwright play FILE`, a scenario and the pack's golden game

    playtest = open_window(path, 3, None, catalog_for(path))
    qtbot.addWidget(playtest)
    assert {"purple", "green"} <= set(playtest.session.state.island.cat_colours)
    (golden,) = [pack.path(f.path) for f in pack.manifest.of_kind("replay")]
    replayed = open_window(golden, catalog=catalog_for(golden))
    qtbot.addWidget(replayed)
    while replayed.session.can_redo():  # step through the golden game to its end
        replayed.session.redo()
    assert replayed.session.steps()[0] > 0 and replayed.session.state.is_terminal()
