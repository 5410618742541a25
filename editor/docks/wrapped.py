"""Tree rows as tall as their wrapped text, for narrow docks (the library, the palette).

QTreeView sizes every row as one line, so a long label in a narrow dock is cut
("Large board, fire …").  With word wrap on and this delegate, the row grows instead.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget


class WrappedRows(QStyledItemDelegate):
    """``icon_room``: the pixels an entry's icon takes beside its text."""

    def __init__(self, tree: QTreeWidget, icon_room: int = 0) -> None:
        super().__init__(tree)
        self.tree = tree
        self.icon_room = icon_room

    def text_width(self, index: QModelIndex | QPersistentModelIndex) -> int:
        depth, parent = 1, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        icon = self.icon_room if index.data(Qt.ItemDataRole.DecorationRole) is not None else 0
        return self.tree.header().sectionSize(0) - self.tree.indentation() * depth - icon - 8

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.text_width(index)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if width <= 40 or not text:
            return hint
        bound = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), bound.height() + 4))


def wrap_rows(tree: QTreeWidget, icon_room: int = 0) -> None:
    """Labels wrap instead of being cut; rows re-wrap when the dock is resized."""
    tree.setWordWrap(True)
    tree.setTextElideMode(Qt.TextElideMode.ElideNone)
    tree.header().setStretchLastSection(True)
    tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    tree.setVerticalScrollMode(QTreeWidget.ScrollMode.ScrollPerPixel)
    tree.setItemDelegate(WrappedRows(tree, icon_room))
    tree.header().sectionResized.connect(lambda *_: tree.doItemsLayout())
