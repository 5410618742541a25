"""The studio's log file in the user's state folder, fed by Python logging (engine and
studio) and by Qt's warnings; the command line's --log-level (issue 29, item 6)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PySide6.QtCore import qWarning

from editor.logfile import LOG_NAME, install_file_log
from engine.model.userdirs import user_state_dir
from raftwright.cli import main


@pytest.fixture
def file_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    path = install_file_log()
    yield path
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def test_the_log_goes_to_the_state_folder_and_holds_engine_and_qt_records(file_log: Path | None) -> None:
    assert file_log == user_state_dir() / LOG_NAME
    assert str(file_log).startswith(str(Path(user_state_dir())))
    logging.getLogger("engine.packs.install").info("installed pack demo@1.0.0")
    qWarning("a Qt warning for the log")
    assert install_file_log() == file_log  # a second call adds no second handler
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = file_log.read_text(encoding="utf-8")
    assert "INFO editor.logfile: studio started" in text
    assert "INFO engine.packs.install: installed pack demo@1.0.0" in text
    assert "WARNING qt: a Qt warning for the log" in text
    assert text.count("studio started") == 1


def test_an_unwritable_state_folder_leaves_the_log_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "user"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(blocker))
    assert install_file_log() is None
    assert "the studio's log is left out" in capsys.readouterr().err


def test_the_state_folder_follows_the_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RAFTWRIGHT_USER_DIR")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert user_state_dir() == tmp_path / "state" / "Raftwright" / "Raftwright studio"


def test_log_level_info_shows_the_engine_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.raftpack"
    assert (
        main(
            [
                "--log-level",
                "info",
                "pack",
                "build",
                "tutorial",
                "-o",
                str(out),
                "--no-sheets",
                "--licence",
                "CC-BY-4.0",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "raftwright: INFO engine.packs.build: built pack t@1.0.0" in err
    assert main(["pack", "build", "tutorial", "-o", str(out), "--no-sheets", "--licence", "CC-BY-4.0"]) == 0
    assert "INFO" not in capsys.readouterr().err  # the default is warning
