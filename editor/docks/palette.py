"""The palette: everything a designer can put on the island, grouped.

Click an entry to pick it (the place tool then places it on each click), or drag it
onto the canvas.  Entries come from the catalog, so custom components appear too.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QMimeData, QRect, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.model.catalog import Catalog
from engine.model.scenario import KICKSTARTER_TOKENS, OBJECTIVE_TOKEN_VALUES, BoardSlot, CardPlacement, TokenPlacement
from engine.model.special_boards import SPECIAL, outline_of

from .. import clipboard
from ..edits import Element
from ..painting import blank_element_pixmap, element_pixmap
from .wrapped import wrap_rows

ORIGIN = (0, 0)
ICON_SQUARE_PX = 4.0  # icon pixels per square for boards; cards and tokens get more
ICON_DEVICE_RATIO = 2.0  # icons drawn at twice their size: sharp on a 2x screen


def palette_entries(catalog: Catalog) -> list[tuple[str, list[tuple[str, Element]]]]:
    """(group, [(label, element at (0, 0))]) for everything that can be placed.  Each
    special board shape in the catalog (Kickstarter pack, custom) gets an entry per
    face, one per distinct outline when its boards' faces differ."""
    boards: list[tuple[str, Element]] = [
        ("Large board, fire face", BoardSlot("large", "fire", ORIGIN, "west")),
        ("Large board, plain face", BoardSlot("large", "plain", ORIGIN)),
        ("Small board, fire face", BoardSlot("small", "fire", ORIGIN, "west")),
        ("Small board, plain face", BoardSlot("small", "plain", ORIGIN)),
        ("Small board (vertical), fire face", BoardSlot("small", "fire", ORIGIN, "north", "vertical")),
        ("Small board (vertical), plain face", BoardSlot("small", "plain", ORIGIN, None, "vertical")),
    ]
    for shape, shape_boards in catalog.special_shapes().items():
        for face in ("fire", "plain"):
            outlines = list(dict.fromkeys(outline_of(b.face(face)) for b in shape_boards))
            for n, outline in enumerate(outlines):
                variant = f" ({n + 1})" if len(outlines) > 1 else ""
                slot = BoardSlot(SPECIAL, face, ORIGIN, shape=shape, outline=outline)
                boards.append((f"Special board {shape}, {face} face{variant}", slot))
    locations: list[tuple[str, Element]] = [
        (f"Location card {n}", CardPlacement("location", ORIGIN, str(n))) for n in sorted(catalog.location_cards)
    ]
    rafts: list[tuple[str, Element]] = [
        (f"Raft card {letter}", CardPlacement("raft", ORIGIN, letter)) for letter in sorted(catalog.raft_cards)
    ]
    fire: list[tuple[str, Element]] = [("Fire card", CardPlacement("fire", ORIGIN))]
    objectives: list[tuple[str, Element]] = [
        (f"Objective token {v}", TokenPlacement("objective", ORIGIN, v)) for v in OBJECTIVE_TOKEN_VALUES
    ]
    kickstarter: list[tuple[str, Element]] = [
        (f"{kind.capitalize()} token", TokenPlacement(kind, ORIGIN)) for kind in KICKSTARTER_TOKENS
    ]
    return [
        ("Boards", boards),
        ("Location cards", locations),
        ("Raft cards", rafts),
        ("Fire cards", fire),
        ("Objective tokens", objectives),
        ("Kickstarter tokens", kickstarter),
    ]


class IconGate:
    """Whether the palette's icons are drawn on screen yet: the studio's start holds them
    for its first paint and lets them be drawn right after (issue 28 item 7)."""

    def __init__(self) -> None:
        self.open = True


class LazyIcon(QIconEngine):
    """An icon drawn when Qt first asks for it, that is when its row is first shown
    (and its ``gate`` is open): the palette draws the rows on screen, not all of them.
    It then behaves as a QIcon made from the pixmap."""

    def __init__(
        self, make: Callable[[], QPixmap], blank: QPixmap, gate: IconGate | None = None, made: QIcon | None = None
    ) -> None:
        """``make`` draws the picture; ``blank``: an undrawn pixmap of its size, for the
        layout's questions before the row is shown."""
        super().__init__()
        self._make = make
        self._blank = blank
        self._gate = gate or IconGate()
        self._made = made
        self._sized: QIcon | None = None

    @property
    def made(self) -> QIcon:
        if self._made is None:
            self._made = QIcon(self._make())
        return self._made

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        if not self._gate.open:
            return  # the row shows its label; the picture follows when the gate opens
        self.made.paint(painter, rect, Qt.AlignmentFlag.AlignCenter, mode, state)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.made.pixmap(size, mode, state)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float) -> QPixmap:  # noqa: N802
        return self.made.pixmap(size, scale, mode, state)

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:  # noqa: N802 (Qt's name)
        if self._made is None:  # the layout's question: answered from the undrawn pixmap, drawing nothing
            if self._sized is None:
                self._sized = QIcon(self._blank)
            return self._sized.actualSize(size, mode, state)
        return self._made.actualSize(size, mode, state)

    def clone(self) -> QIconEngine:
        return LazyIcon(self._make, self._blank, self._gate, self._made)


class PaletteTree(QTreeWidget):
    def mimeData(self, items: list[QTreeWidgetItem]) -> QMimeData:  # type: ignore[override]
        elements = [
            i.data(0, Qt.ItemDataRole.UserRole) for i in items if i.data(0, Qt.ItemDataRole.UserRole) is not None
        ]
        return clipboard.to_mime(elements)

    def mimeTypes(self) -> list[str]:
        return [clipboard.MIME_TYPE]

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        super().startDrag(Qt.DropAction.CopyAction)  # never a move: the entry stays


class PaletteDock(QDockWidget):
    picked = Signal(object)  # the element template to place

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__("Palette", parent)
        self.setObjectName("paletteDock")
        self.catalog = catalog
        self.tree = PaletteTree()
        self.tree.setHeaderHidden(True)
        self.tree.setIconSize(QSize(36, 24))
        self.tree.setIndentation(10)  # a narrow dock: the labels keep the room
        wrap_rows(self.tree, icon_room=self.tree.iconSize().width() + 6)  # "Large board, fire face" whole
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.items: dict[str, QTreeWidgetItem] = {}
        self.icon_gate = IconGate()
        for group, entries in palette_entries(catalog):
            parent_item = QTreeWidgetItem(self.tree, [group])
            parent_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for label, element in entries:
                item = QTreeWidgetItem(parent_item, [label])
                item.setData(0, Qt.ItemDataRole.UserRole, element)
                item.setIcon(0, self._icon(element, catalog, self.icon_gate))
                item.setToolTip(0, f"{label}: click, then click the island; or drag it there")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled)
                self.items[label] = item
            parent_item.setExpanded(True)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.setAccessibleName("Palette")
        self.tree.setAccessibleDescription(
            "Boards, cards and tokens: pick one, then click the island, or drag it there"
        )
        self.search = QLineEdit()
        self.search.setObjectName("paletteSearch")
        self.search.setPlaceholderText("Search: raft, 5, water…")  # whole in a narrow dock
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the palette")
        self.search.textChanged.connect(self.filter)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        self.setWidget(body)
        self.setAccessibleName("Palette")

    def repaint_icons(self) -> None:
        """Draw the entries' icons again with the shared painting colours as they are
        now: under View > Simulate colour blindness the palette is seen as the canvas is."""
        for item in self.items.values():
            element = item.data(0, Qt.ItemDataRole.UserRole)
            if element is not None:
                item.setIcon(0, self._icon(element, self.catalog, self.icon_gate))

    def filter(self, text: str) -> None:
        """Show only the entries whose label holds every word typed (any case), and
        the groups that still have one; an empty search shows everything."""
        words = text.lower().split()
        for n in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(n)
            if group is None:
                continue
            shown = 0
            for c in range(group.childCount()):
                child = group.child(c)
                if child is None:
                    continue
                label = f"{group.text(0)} {child.text(0)}".lower()
                match = all(w in label for w in words)
                child.setHidden(not match)
                shown += match
            group.setHidden(shown == 0)

    def visible_labels(self) -> list[str]:
        shown = []
        for label, item in self.items.items():
            group = item.parent()
            if not item.isHidden() and (group is None or not group.isHidden()):
                shown.append(label)
        return shown

    def hold_icons(self) -> None:
        """Show the entries without their pictures until :meth:`release_icons` (the
        studio's first paint; the pictures follow right after it)."""
        self.icon_gate.open = False

    def release_icons(self) -> None:
        """Draw the entries' pictures (those on screen now, the others when shown)."""
        if not self.icon_gate.open:
            self.icon_gate.open = True
            self.tree.viewport().update()

    @staticmethod
    def _icon(element: Element, catalog: Catalog, gate: IconGate | None = None) -> QIcon:
        """The entry's picture, drawn when its row is first shown (:class:`LazyIcon`)."""
        per_square = {BoardSlot: ICON_SQUARE_PX, CardPlacement: 9.0, TokenPlacement: 26.0}[type(element)]
        blank = blank_element_pixmap(element, per_square, ICON_DEVICE_RATIO)
        return QIcon(LazyIcon(lambda: element_pixmap(element, catalog, per_square, ICON_DEVICE_RATIO), blank, gate))

    def _clicked(self, item: QTreeWidgetItem) -> None:
        element = item.data(0, Qt.ItemDataRole.UserRole)
        if element is not None:
            self.picked.emit(element)

    def pick(self, label: str) -> None:
        """Pick an entry by its label (as a click does)."""
        item = self.items[label]
        self.tree.setCurrentItem(item)
        self._clicked(item)

    def clear_pick(self) -> None:
        self.tree.clearSelection()
