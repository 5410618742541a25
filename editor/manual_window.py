"""Help > Manual: the manual's Markdown pages (:mod:`editor.manual`) in a ``QTextBrowser``.

Links between pages open in the same window, ``page.md#heading`` scrolls to the heading
(Qt's Markdown reader makes no anchors, so headings are found by the slug MkDocs gives
them), and links to the web open in the browser.  Back, Forward and Home walk the
history.  The pages are the same files ``mkdocs build`` turns into the HTML manual.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence, QTextCursor, QTextDocument
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTextBrowser, QToolBar, QWidget

from .manual import home_page


def slug(heading: str) -> str:
    """The anchor MkDocs (Python-Markdown's ``toc``) gives a heading: lower case, words
    joined by hyphens, punctuation dropped."""
    text = re.sub(r"[^\w\s-]", "", heading).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


class ManualBrowser(QTextBrowser):
    """A text browser for the manual's Markdown pages that follows ``#heading`` links."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manualBrowser")
        self.setOpenLinks(False)  # every link goes through follow()
        self.document().setDocumentMargin(12)
        self.anchorClicked.connect(self.follow)

    def follow(self, url: QUrl) -> None:
        """Open ``url``: a manual page (relative to the page shown) here, anything else
        (http, mailto) with the desktop's handler."""
        target = self.source().resolved(url) if url.isRelative() else url
        if target.isLocalFile() and target.toLocalFile().endswith(".md"):
            self.setSource(target)
        elif url.isRelative() and not url.path():  # "#heading" on this page
            self.scroll_to_heading(url.fragment())
        else:
            QDesktopServices.openUrl(target)

    def doSetSource(  # noqa: N802 (Qt's name)
        self,
        name: QUrl | str,
        type: QTextDocument.ResourceType = QTextDocument.ResourceType.UnknownResource,  # noqa: A002
    ) -> None:
        """Every page is Markdown; a ``#heading`` fragment scrolls to its heading."""
        page = QUrl(name)
        page.setFragment(None)  # type: ignore[arg-type]  # None: no fragment at all, not an empty one
        super().doSetSource(page, QTextDocument.ResourceType.MarkdownResource)
        if QUrl(name).fragment():
            self.scroll_to_heading(QUrl(name).fragment())

    def scroll_to_heading(self, anchor: str) -> bool:
        """Put the heading whose slug is ``anchor`` at the top; False if there is none."""
        block = self.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and slug(block.text()) == anchor:
                cursor = QTextCursor(block)
                self.setTextCursor(cursor)
                bar = self.verticalScrollBar()
                bar.setValue(bar.maximum())  # then back up, so the heading lands on top
                self.ensureCursorVisible()
                return True
            block = block.next()
        return False

    def headings(self) -> list[str]:
        """The headings of the page shown, in order."""
        found = []
        block = self.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel():
                found.append(block.text())
            block = block.next()
        return found


class ManualWindow(QMainWindow):
    """The manual in a window of its own, opened on its first page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manualWindow")
        self.setWindowTitle("Raftwright manual")
        self.browser = ManualBrowser(self)
        self.setCentralWidget(self.browser)
        toolbar = QToolBar("Manual", self)
        toolbar.setObjectName("manualToolbar")
        self.addToolBar(toolbar)
        for text, keys, slot in (
            ("Back", QKeySequence.StandardKey.Back, self.browser.backward),
            ("Forward", QKeySequence.StandardKey.Forward, self.browser.forward),
            ("Home", QKeySequence("Alt+Home"), self.home),
        ):
            action = QAction(text, self)
            action.setShortcut(keys)
            action.triggered.connect(slot)
            toolbar.addAction(action)
        self.browser.backwardAvailable.connect(toolbar.actions()[0].setEnabled)
        self.browser.forwardAvailable.connect(toolbar.actions()[1].setEnabled)
        toolbar.actions()[0].setEnabled(False)
        toolbar.actions()[1].setEnabled(False)
        self.browser.sourceChanged.connect(self._update_title)
        self.resize(900, 760)
        self.home()

    def home(self) -> None:
        try:
            page = home_page()
        except FileNotFoundError as exc:
            QMessageBox.warning(self, "Manual", str(exc))
            return
        self.browser.setSource(QUrl.fromLocalFile(str(page)))

    def _update_title(self) -> None:
        headings = self.browser.headings()
        self.setWindowTitle(f"Raftwright manual: {headings[0]}" if headings else "Raftwright manual")
