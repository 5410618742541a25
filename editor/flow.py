"""A row of action buttons that wraps onto more rows when the dock is narrow (a
toolbar would hide what does not fit behind "»").  :class:`FlowLayout` is Qt's
flow-layout example, typed; :class:`ActionFlow` offers ``addAction(text, slot)``
like a QToolBar, so code that filled a toolbar fills it unchanged."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QToolButton, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapping onto a new row when the next one does not fit."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(2, 2, 2, 2)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _arrange(self, rect: QRect, move: bool) -> int:
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, row_height, gap = area.x(), area.y(), 0, self.spacing()
        for item in self._items:
            widget = item.widget()
            if widget is not None and widget.isHidden():
                continue
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and row_height > 0:
                x, y, row_height = area.x(), y + row_height + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + m.bottom()


class ActionFlow(QWidget):
    """Auto-raised tool buttons for actions, wrapping like text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = FlowLayout(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def addAction(self, text: str, slot: Callable[[], object] | None = None) -> QAction:  # type: ignore[override]
        action = QAction(text, self)
        if slot is not None:
            action.triggered.connect(lambda _checked=False: slot())
        button = QToolButton(self)
        button.setDefaultAction(action)
        button.setAutoRaise(True)
        self.flow.addWidget(button)
        return action

    def button_for(self, action: QAction) -> QToolButton:
        return next(b for b in self.findChildren(QToolButton) if b.defaultAction() is action)
