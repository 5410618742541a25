"""Plain, whole messages.

* :func:`plain_text` (:mod:`engine.model.wording`, shared with the command line) takes
  the rule references ("RULINGS PL-2", "RULINGS §2.3") out of a message for people; the
  full text, references included, goes in a tooltip (and ``raftwright validate --json``
  keeps it as the engine wrote it).
* :class:`WrappingStatusBar` shows its message whole: the text wraps and the bar grows
  as tall as it needs, instead of cutting a reason off before its fix.
* :class:`GrowingLabel` (the playtest's prompt and hint) keeps room for a few lines
  whether it says something or not, and grows when its text needs more.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

from engine.model.wording import plain_text, rule_references

__all__ = ["GrowingLabel", "WrappingStatusBar", "plain_text", "rule_references", "rule_tooltip"]


def rule_tooltip(text: str) -> str:
    """A tooltip for a plain message: the references it dropped, if any."""
    refs = rule_references(text)
    return f"{text}\n\nRules: {', '.join(refs)} (see RULINGS.md)" if refs else text


class WrappingStatusBar(QStatusBar):
    """A status bar whose message is never cut: it wraps, and the bar grows to fit.
    ``showMessage`` / ``currentMessage`` / ``clearMessage`` work as QStatusBar's do
    (``currentMessage`` gives the text as it was passed); the label shows it plain."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        self.message_label = QLabel()
        self.message_label.setObjectName("statusMessage")
        self.message_label.setWordWrap(True)
        self.message_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.message_label.setAccessibleName("Status message")
        self.addWidget(self.message_label, 1)
        self._message = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # type: ignore[override]
        self._message = text
        self.message_label.setText(plain_text(text))
        self.message_label.setToolTip(rule_tooltip(text) if text else "")
        self._fit()
        if timeout > 0:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self.messageChanged.emit(text)

    def currentMessage(self) -> str:  # type: ignore[override]
        return self._message

    def clearMessage(self) -> None:  # type: ignore[override]
        self.showMessage("")

    def _fit(self) -> None:
        """One line while the message fits beside the permanent widgets; as tall as
        the wrapped message needs when it does not.  Judged from the bar's own width
        (the label's may lag behind a resize), so a short message never moves a thing."""
        label = self.message_label
        line = label.fontMetrics().height()
        others = sum(
            w.sizeHint().width() + 12
            for w in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if w is not label and w.isVisible()
        )
        room = max(80, self.width() - others - 24)
        text = label.text()
        fits = not self.isVisible() or label.fontMetrics().horizontalAdvance(text) <= room  # hidden: width unknown
        needed = line if fits else label.heightForWidth(room)
        self.setMinimumHeight(max(needed, line) + 6)

    def showEvent(self, event: object) -> None:  # type: ignore[override]
        super().showEvent(event)  # type: ignore[arg-type]
        self._fit()

    def resizeEvent(self, event: object) -> None:  # type: ignore[override]
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._fit()


class GrowingLabel(QLabel):
    """A wrapped label that keeps ``lines`` lines' room (so what is around it stays put
    between short messages) and grows to show a longer text whole, never cutting it."""

    def __init__(self, lines: int = 2, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fit()

    def reserved(self) -> int:
        """The height kept even for no text: ``lines`` lines and the margins."""
        return self.fontMetrics().lineSpacing() * self.lines + 6

    def setText(self, text: str) -> None:  # type: ignore[override]
        super().setText(text)
        self._fit()

    def _fit(self) -> None:
        self.ensurePolished()  # a style sheet's font decides the lines
        needed = self.heightForWidth(self.width()) if self.text() and self.width() > 0 else 0
        height = max(self.reserved(), needed)
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # narrower: more lines
            self._fit()
