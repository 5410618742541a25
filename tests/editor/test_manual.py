"""Help > Manual opens the manual's Markdown pages (docs/, the copy shipped in the wheel
as editor/_manual) in a window of the studio: links between pages, #heading anchors,
Back and Forward, images, and web links handed to the desktop (issue 30, item 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QMenu, QToolBar
from pytestqt.qtbot import QtBot

from editor import manual, manual_window
from editor.mainwindow import MainWindow
from editor.manual_window import ManualWindow, slug

DOCS = Path(__file__).resolve().parents[2] / "docs"


def help_action(window: MainWindow, action_id: str):  # noqa: ANN201 (QAction)
    for top in window.menuBar().actions():
        menu: QMenu | None = top.menu()
        if menu is not None and top.text().replace("&", "") == "Help":
            return next(a for a in menu.actions() if a.objectName() == action_id)
    raise AssertionError("no Help menu")


def open_manual(window: MainWindow, qtbot: QtBot) -> ManualWindow:
    help_action(window, "help.manual").trigger()
    viewer = window.findChild(ManualWindow, "manualWindow")
    assert viewer is not None
    qtbot.waitExposed(viewer)
    return viewer


def page_of(viewer: ManualWindow) -> str:
    return Path(viewer.browser.source().toLocalFile()).relative_to(manual.manual_dir()).as_posix()


def test_help_manual_opens_the_first_page(make_window, qtbot: QtBot) -> None:
    window = make_window()
    viewer = open_manual(window, qtbot)
    assert viewer.isVisible()
    assert page_of(viewer) == "index.md"
    assert viewer.browser.headings()[0] == "Raftwright manual"
    assert viewer.windowTitle() == "Raftwright manual: Raftwright manual"
    assert "For scenario designers" in viewer.browser.toPlainText()
    # a second Help > Manual shows the same window, not another
    help_action(window, "help.manual").trigger()
    assert window.findChildren(ManualWindow) == [viewer]


def test_every_link_of_the_first_page_opens_its_page(make_window, qtbot: QtBot) -> None:
    viewer = open_manual(make_window(), qtbot)
    links = re.findall(r"\]\(([^)]+\.md)\)", (DOCS / "index.md").read_text(encoding="utf-8"))
    assert len(links) >= 15
    for link in links:
        viewer.home()
        viewer.browser.follow(QUrl(link))
        assert page_of(viewer) == link
        first = (DOCS / link).read_text(encoding="utf-8").splitlines()[0]
        assert viewer.browser.headings()[0] == first.removeprefix("# ")
        assert viewer.windowTitle() == f"Raftwright manual: {first.removeprefix('# ')}"


def test_a_heading_link_scrolls_to_the_heading_and_back_returns(make_window, qtbot: QtBot) -> None:
    viewer = open_manual(make_window(), qtbot)
    viewer.browser.follow(QUrl("studio.md#keyboard-shortcuts"))
    assert page_of(viewer) == "studio.md"
    assert viewer.browser.textCursor().block().text() == "Keyboard shortcuts"
    assert viewer.browser.verticalScrollBar().value() > 0
    assert "Ctrl+Shift+S" in viewer.browser.toPlainText()  # the shortcut table is there
    back, forward, _home = viewer.findChild(QToolBar, "manualToolbar").actions()
    assert back.isEnabled() and not forward.isEnabled()
    back.trigger()
    assert page_of(viewer) == "index.md"
    assert forward.isEnabled()
    forward.trigger()
    assert page_of(viewer) == "studio.md"
    # a link to a heading of the same page
    viewer.browser.follow(QUrl("#where-the-studio-keeps-your-files"))
    assert viewer.browser.textCursor().block().text() == "Where the studio keeps your files"
    assert viewer.browser.scroll_to_heading("no-such-heading") is False


def test_a_page_from_a_lab_note_links_back_into_the_manual(make_window, qtbot: QtBot) -> None:
    viewer = open_manual(make_window(), qtbot)
    viewer.browser.follow(QUrl("lab/bot-tuning.md"))
    assert page_of(viewer) == "lab/bot-tuning.md"
    viewer.browser.follow(QUrl("../difficulty.md#the-bots"))
    assert page_of(viewer) == "difficulty.md"
    assert viewer.browser.textCursor().block().text() == "The bots"


def test_images_load(make_window, qtbot: QtBot) -> None:
    viewer = open_manual(make_window(), qtbot)
    viewer.browser.follow(QUrl("sheets.md"))
    url = viewer.browser.source().resolved(QUrl("images/sheet-in-the-way.png"))
    image = QImage.fromData(viewer.browser.loadResource(QTextDocument.ResourceType.ImageResource.value, url))
    assert not image.isNull() and image.width() > 100


def test_web_links_go_to_the_desktop_browser(make_window, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(manual_window.QDesktopServices, "openUrl", lambda url: opened.append(url.toString()))
    viewer = open_manual(make_window(), qtbot)
    viewer.browser.follow(QUrl("contributing.md"))
    viewer.browser.follow(QUrl("https://www.mkdocs.org/"))
    assert opened == ["https://www.mkdocs.org/"]
    assert page_of(viewer) == "contributing.md"


def test_a_missing_manual_is_one_clear_message(make_window, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(manual_window.QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(manual, "_EDITOR_DIR", Path("/nonexistent/editor"))
    viewer = ManualWindow()
    qtbot.addWidget(viewer)
    assert len(shown) == 1
    assert "manual is missing" in shown[0] and "reinstall" in shown[0]


def test_slugs_are_the_anchors_mkdocs_makes() -> None:
    """Every heading of the manual gets the anchor Python-Markdown's toc (MkDocs) gives it."""
    from markdown.extensions.toc import slugify

    headings = [
        line.lstrip("#").strip()
        for page in DOCS.rglob("*.md")
        for line in "".join(page.read_text(encoding="utf-8").split("```")[0::2]).splitlines()
        if line.startswith("#")
    ]
    assert len(headings) > 40
    assert [h for h in headings if slug(h) != slugify(h, "-")] == []
    assert (
        slug("Kickstarter tokens, hybrid fire tiles, expert mode") == "kickstarter-tokens-hybrid-fire-tiles-expert-mode"
    )
