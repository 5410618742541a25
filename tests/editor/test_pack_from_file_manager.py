"""A ``.raftpack`` opened from the file manager (``raftwright edit FILE.raftpack``, the
desktop entry's command) shows the import dialog alone: no studio window behind it
with an "Untitled scenario" and its errors (issue 29, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from editor import app
from editor.mainwindow import MainWindow
from editor.packs.import_dialog import ImportPackDialog
from engine.model.resources import campaigns_dir
from engine.packs.build import PackInfo, build_pack, collect
from engine.packs.install import installed_packs
from raftwright.cli import main


@pytest.fixture
def pack_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    info = PackInfo(id="tut", title="Tut", version="1.0.0", authors=("Me",), licence="CC0-1.0", description="",
                    languages=("en",))  # fmt: skip
    data, _ = build_pack(info, collect([campaigns_dir() / "tutorial"]))
    path = tmp_path / "tut.raftpack"
    path.write_bytes(data)
    return path


def test_a_pack_opens_only_the_import_dialog(qtbot, pack_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[list[QWidget]] = []
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}  # other tests' windows

    def run_dialog(dialog: ImportPackDialog) -> int:
        dialog.show()
        qtbot.waitExposed(dialog)
        shown.append([w for w in QApplication.topLevelWidgets() if w.isVisible() and id(w) not in before])
        dialog.install()  # the designer presses Install
        return 1

    monkeypatch.setattr(ImportPackDialog, "exec", run_dialog)
    assert main(["edit", str(pack_file)]) == 0
    (visible,) = shown
    assert any(isinstance(w, ImportPackDialog) for w in visible)
    assert not any(isinstance(w, MainWindow) for w in visible), visible
    assert [p.manifest.label for p in installed_packs()] == ["tut@1.0.0"]


def test_a_cancelled_import_exits_1(qtbot, pack_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ImportPackDialog, "exec", lambda dialog: 0)
    assert app.main(str(pack_file)) == 1
    assert installed_packs() == []
