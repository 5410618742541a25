"""The studio's File > Browse packs... (issue 26, item 2) against a feed served on
127.0.0.1 by the test: install, update 1.0.0 -> 1.1.0, a hash mismatch refused, a feed
that is not JSON, a 100 MB feed, a download that stops halfway, cancel.  Each failure
says why in one line and changes nothing."""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Iterator

import pytest
from gallery_helpers import FIXTURE, TUTORIAL, Server
from pytestqt.qtbot import QtBot

from editor.files import settings
from editor.mainwindow import MainWindow
from editor.packs.browse import FEED_SETTING, BrowsePacksDialog
from engine.packs.install import installed_packs
from raftwright.cli import main

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture
def studio(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "player"))
    monkeypatch.setenv("RAFTWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    window = MainWindow(autosave_seconds=3600)
    window.ask_unsaved = lambda *_: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    yield window
    window.autosaver.close()


@pytest.fixture
def server(gallery_packs: dict[str, Path], tmp_path: Path) -> Iterator[Server]:
    site = tmp_path / "site"
    assert main(["site", str(gallery_packs[f"{TUTORIAL}@1.0.0"]), str(gallery_packs[f"{FIXTURE}@1.0.0"]),
                 "-o", str(site)]) == 0  # fmt: skip
    with Server(site) as running:
        running.site = site  # type: ignore[attr-defined]
        yield running


def browse(studio: MainWindow, qtbot: QtBot, feed: str) -> BrowsePacksDialog:
    settings().setValue(FEED_SETTING, feed)  # the setting the window starts from
    studio.action("file.browse_packs").trigger()
    dialog = studio.pack_browser
    assert dialog is not None and dialog.address.text() == feed
    qtbot.waitUntil(lambda: not dialog.busy(), timeout=30_000)
    return dialog


def rows(dialog: BrowsePacksDialog) -> dict[str, list[str]]:
    items = [dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount())]
    return {item.text(0): [item.text(c) for c in range(item.columnCount())] for item in items}


def choose(dialog: BrowsePacksDialog, title: str) -> None:
    item = next(dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount())
                if dialog.list.topLevelItem(i).text(0) == title)  # fmt: skip
    dialog.list.setCurrentItem(item)


def install(dialog: BrowsePacksDialog, qtbot: QtBot) -> None:
    assert dialog.install_button.isEnabled()
    dialog.install_button.click()
    assert dialog.busy() and dialog.progress.isVisible()  # the download runs on the worker thread
    qtbot.waitUntil(lambda: not dialog.busy(), timeout=30_000)


def labels() -> list[str]:
    return sorted(p.manifest.label for p in installed_packs())


def test_browse_install_and_update(
    studio: MainWindow, qtbot: QtBot, server: Server, gallery_packs: dict[str, Path], tmp_path: Path
) -> None:
    dialog = browse(studio, qtbot, server.url + "index.json")
    shown = rows(dialog)
    assert shown["Fixture campaign"][1:] == ["1.0.0", "1–2", "1, 2, 3, 4",
                                             "base game, Kickstarter pack, custom components", "Not installed"]  # fmt: skip
    choose(dialog, "Tutorial demo")
    assert "Fixture Author" in dialog.details.text() and dialog.install_button.text() == "&Install"
    assert sorted(dialog.thumbnails) == [f"{FIXTURE}@1.0.0", f"{TUTORIAL}@1.0.0"]  # previews, as on the site
    assert dialog.preview.pixmap().width() == 240
    install(dialog, qtbot)
    assert labels() == [f"{TUTORIAL}@1.0.0"]
    assert "Installed tutorial-demo@1.0.0" in dialog.message.text()
    assert rows(dialog)["Tutorial demo"][-1] == "Installed" and not dialog.install_button.isEnabled()
    library = studio.library  # the library lists it
    assert any("Tutorial demo" in text or TUTORIAL in text for text in library_texts(library))
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "browse-packs.png"))  # looked at by hand
    # the author publishes 1.1.0: the same feed address, rebuilt
    assert main(["site", *map(str, gallery_packs.values()), "-o", str(server.site)]) == 0  # type: ignore[attr-defined]
    dialog.load()
    qtbot.waitUntil(lambda: not dialog.busy(), timeout=30_000)
    assert rows(dialog)["Tutorial demo"][1:2] + rows(dialog)["Tutorial demo"][-1:] == [
        "1.1.0", "Update available (installed 1.0.0)"]  # fmt: skip
    choose(dialog, "Tutorial demo")
    assert dialog.install_button.text() == "&Update"
    install(dialog, qtbot)
    assert labels() == [f"{TUTORIAL}@1.1.0"]
    assert rows(dialog)["Tutorial demo"][-1] == "Installed"


def library_texts(library: object) -> list[str]:
    from PySide6.QtWidgets import QTreeWidget

    trees = library.findChildren(QTreeWidget)  # type: ignore[attr-defined]
    out: list[str] = []
    for tree in trees:
        stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        while stack:
            item = stack.pop()
            out.append(item.text(0))
            stack += [item.child(i) for i in range(item.childCount())]
    return out


def test_a_hash_mismatch_is_refused(studio: MainWindow, qtbot: QtBot, server: Server) -> None:
    index = server.site / "index.json"  # type: ignore[attr-defined]
    doc = json.loads(index.read_bytes())
    for entry in doc["packs"]:
        entry["sha256"] = hashlib.sha256(b"tampered").hexdigest()
    index.write_text(json.dumps(doc))
    dialog = browse(studio, qtbot, server.url + "index.json")
    choose(dialog, "Tutorial demo")
    install(dialog, qtbot)
    assert "download-hash" in dialog.message.toolTip() and "does not match the feed" in dialog.message.text()
    assert "\n" not in dialog.message.text() and labels() == []


def test_a_download_that_stops_halfway_changes_nothing(studio: MainWindow, qtbot: QtBot, server: Server) -> None:
    path = f"/packs/{TUTORIAL}/1.0.0/{TUTORIAL}-1.0.0.raftpack"
    data = (server.site / path.lstrip("/")).read_bytes()  # type: ignore[attr-defined]
    server.special(path, 200, data[:10_000], {"Content-Length": str(len(data))})
    dialog = browse(studio, qtbot, server.url + "index.json")
    choose(dialog, "Tutorial demo")
    install(dialog, qtbot)
    assert f"stopped after 10000 of {len(data)} bytes" in dialog.message.text() and labels() == []
    assert dialog.install_button.isEnabled()  # try again


@pytest.mark.parametrize(
    ("route", "body", "headers", "code"),
    [
        ("/notjson", b"<!DOCTYPE html><p>Not found</p>", {}, "feed-invalid"),
        ("/big", b"", {"Content-Length": str(100 * 1024 * 1024)}, "download-too-large"),
    ],
)
def test_feeds_that_are_refused_say_why(
    studio: MainWindow, qtbot: QtBot, server: Server, route: str, body: bytes, headers: dict[str, str], code: str
) -> None:
    server.special(route, 200, body, headers)
    dialog = browse(studio, qtbot, server.url + route.lstrip("/"))
    assert code in dialog.message.toolTip() and dialog.list.topLevelItemCount() == 0  # the words in the text


def test_a_streamed_100_mb_feed_is_cut_off(studio: MainWindow, qtbot: QtBot, server: Server) -> None:
    sent: list[int] = []

    def stream() -> Iterator[bytes]:
        for _ in range(100):  # 100 MB with no declared length
            sent.append(1)
            yield b" " * (1024 * 1024)

    server.special("/stream", 200, stream)
    dialog = browse(studio, qtbot, server.url + "stream")
    assert "download-too-large" in dialog.message.toolTip() and dialog.list.topLevelItemCount() == 0


def test_cancel_stops_a_download(studio: MainWindow, qtbot: QtBot, server: Server) -> None:
    release = threading.Event()
    path = f"/packs/{TUTORIAL}/1.0.0/{TUTORIAL}-1.0.0.raftpack"
    data = (server.site / path.lstrip("/")).read_bytes()  # type: ignore[attr-defined]

    def slow() -> Iterator[bytes]:
        yield data[:70_000]
        release.wait(20)
        yield data[70_000:]

    server.special(path, 200, slow, {"Content-Length": str(len(data))})
    dialog = browse(studio, qtbot, server.url + "index.json")
    choose(dialog, "Tutorial demo")
    dialog.install_button.click()
    qtbot.waitUntil(lambda: dialog.progress.value() > 0, timeout=10_000)  # the first bytes arrived
    assert dialog.progress.maximum() == len(data)
    dialog.cancel_button.click()
    release.set()
    qtbot.waitUntil(lambda: not dialog.busy(), timeout=30_000)
    assert dialog.message.text() == "Cancelled; nothing was installed." and labels() == []
