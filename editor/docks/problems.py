"""The problems dock (Tiled's Issues dock): the validation issues of the open
scenario, refreshed after every edit.  Clicking one selects its element and shows
its squares on the canvas."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QMainWindow,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from engine.check.elements import describe_element
from engine.check.issues import ERROR, Issue
from engine.model.geometry import square_text
from engine.model.scenario import Scenario
from engine.model.wording import squares_text

from .. import edits
from ..document import ScenarioDocument
from ..messages import plain_text, rule_tooltip
from ..placement import element_name

SEVERITY_COLOURS = {ERROR: QColor("#d93025"), "warning": QColor("#f29900")}


def _dot(colour: QColor) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(colour)
    p.setPen(colour.darker(140))
    p.drawEllipse(1, 1, 12, 12)
    p.end()
    return QIcon(pixmap)


def summary(issues: list[Issue]) -> str:
    """``2 errors, 1 warning`` / ``No problems``."""
    errors = sum(1 for i in issues if i.severity == ERROR)
    warnings = len(issues) - errors
    if not issues:
        return "No problems"
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)


def where_text(scenario: Scenario, issue: Issue) -> str:
    """Where an issue is, as people number things (the element's name, from 1 by kind
    and printed number), or its squares; the JSON pointer stays in the tooltip."""
    ref = issue.element_index()
    if ref is not None and edits.exists(scenario, ref):
        return element_name(scenario, ref)
    if ref is not None and ref[0] == "objectives":
        return describe_element("objectives", ref[1], {})
    return squares_text(issue.where.squares) or "the scenario"


class _Wrapping(QStyledItemDelegate):
    """Row heights that fit the wrapped message (QTreeView sizes rows as one line)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.tree.header().sectionSize(index.column()) - 28  # less the icon and margins
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if width <= 0 or not text or index.column() != 0:  # only the message wraps
            return hint
        bound = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), bound.height() + 4))


class ProblemsDock(QDockWidget):
    located = Signal(object)  # the Issue the designer clicked

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Problems", parent)
        self.setObjectName("problemsDock")
        self.setAccessibleName("Problems")
        self.setAccessibleDescription("The open scenario's errors and warnings; activate one to show it on the island")
        self.doc = doc
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)  # the issue's code is for --json and the tooltip, not a column
        self.tree.setHeaderLabels(["Problem", "Where"])
        self.tree.setAccessibleName("Problem list")
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)  # messages name the element and the fix: show them whole
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)  # one line each
        # The message column stretches, so nothing needs a sideways scroll bar (which
        # covered the last row); scrolling by pixels reaches the last wrapped row whole.
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setVerticalScrollMode(QTreeWidget.ScrollMode.ScrollPerPixel)
        self.tree.setItemDelegate(_Wrapping(self.tree))
        header.sectionResized.connect(lambda *_: self.tree.doItemsLayout())  # re-wrap the messages
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.setWidget(self.tree)
        self._icons = {severity: _dot(colour) for severity, colour in SEVERITY_COLOURS.items()}
        doc.issuesChanged.connect(self.refresh)
        doc.changed.connect(lambda: doc.set_highlight(()))  # a located problem's squares go stale
        self.refresh()

    def refresh(self) -> None:
        issues = self.doc.issues
        self.tree.clear()
        for issue in sorted(issues, key=lambda i: (i.severity != ERROR,)):
            item = QTreeWidgetItem([plain_text(issue.message), where_text(self.doc.scenario, issue)])
            item.setIcon(0, self._icons.get(issue.severity, self._icons["warning"]))
            item.setToolTip(0, f"{issue.severity} ({issue.code}): {rule_tooltip(issue.message)}")
            squares = ", ".join(square_text(sq) for sq in issue.where.squares)
            item.setToolTip(
                1, f"In the JSON file: {issue.where.path or '/'}" + (f"\nSquares: {squares}" if squares else "")
            )
            item.setData(0, Qt.ItemDataRole.UserRole, issue)
            self.tree.addTopLevelItem(item)
        empty = "Problems: none" if self.doc.checked else "Problems: checking…"
        self.setWindowTitle(f"Problems ({len(issues)})" if issues else empty)
        self._fit_to_content(bool(issues))

    def _fit_to_content(self, any_issue: bool) -> None:
        """An empty Problems dock shrinks to its title bar, giving the canvas the room;
        it grows back (to about five rows) as soon as there is something to show."""
        was_compact = self.maximumHeight() < 16777215
        self.tree.header().setVisible(any_issue)
        if not any_issue:
            self.setMaximumHeight(self.fontMetrics().height() + 14)
            return
        self.setMaximumHeight(16777215)
        main = self.parent()
        if was_compact and isinstance(main, QMainWindow) and not self.isFloating():
            main.resizeDocks([self], [self.fontMetrics().height() * 8 + 30], Qt.Orientation.Vertical)
            layout = main.layout()
            if layout is not None:
                layout.activate()  # the rows are there to click at once, not after the next event

    def item_for(self, issue: Issue) -> QTreeWidgetItem | None:
        for index in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(index)
            if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == issue:
                return item
        return None

    def _clicked(self, item: QTreeWidgetItem) -> None:
        issue = item.data(0, Qt.ItemDataRole.UserRole)
        if isinstance(issue, Issue):
            self.locate(issue)

    def locate(self, issue: Issue) -> None:
        """Select the issue's element (if it is one) and highlight its squares."""
        ref = issue.element_index()
        squares = issue.where.squares
        if ref is not None and edits.exists(self.doc.scenario, ref) and not squares:
            squares = edits.squares_of(edits.element(self.doc.scenario, ref))
        self.doc.set_selection({ref} if ref is not None else ())
        self.doc.set_highlight(squares)
        self.located.emit(issue)
