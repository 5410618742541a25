"""Canvas tools (Tiled's ``AbstractTool`` / ``ToolManager``): select and move, place,
rotate, erase and objective tokens.  Each tool turns mouse input on the grid into
undo commands from :mod:`editor.commands`; none touches the model itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, QPointF, Qt, Signal

from engine.model.geometry import Square
from engine.model.scenario import OBJECTIVE_TOKEN_VALUES, Scenario, TokenPlacement

from . import commands, edits, placement
from .canvas import IslandView
from .document import ScenarioDocument
from .edits import Element, Ref
from .painting import SQUARE

Pos = tuple[float, float]  # fractional (row, col)
DRAG_THRESHOLD = 0.2  # squares the mouse must travel before a press becomes a drag


@dataclass
class CanvasEvent:
    """A mouse event on the canvas, in scene coordinates and island squares."""

    pos: Pos
    square: Square
    button: Qt.MouseButton
    buttons: Qt.MouseButton
    modifiers: Qt.KeyboardModifier

    @property
    def shift(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ShiftModifier)

    @property
    def ctrl(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ControlModifier)

    @property
    def free(self) -> bool:
        """Alt: place on any square, without the pull of the 3x3 card grid."""
        return bool(self.modifiers & Qt.KeyboardModifier.AltModifier)


class Tool:
    id = ""
    text = ""
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, manager: "ToolManager") -> None:
        self.manager = manager

    @property
    def doc(self) -> ScenarioDocument:
        return self.manager.doc

    @property
    def view(self) -> IslandView:
        return self.manager.view

    def activate(self) -> None:
        self.view.viewport().setCursor(self.cursor)

    def deactivate(self) -> None:
        self.cancel()
        self.view.clear_feedback()

    def press(self, ev: CanvasEvent) -> None: ...

    def move(self, ev: CanvasEvent) -> None: ...

    def release(self, ev: CanvasEvent) -> None: ...

    def cancel(self) -> None: ...

    def leave(self) -> None: ...


@dataclass
class _Drag:
    """A drag of elements on the canvas in progress."""

    start: Scenario
    refs: list[Ref]
    anchor: Element
    press: Pos
    key: object
    moving: bool = False
    delta: Square = (0, 0)


class SelectTool(Tool):
    """Click to select; Shift-click or Ctrl-click adds or removes.  Drag a selection to
    move it (one undo step; Esc cancels).  Drag from empty grid, or Ctrl-drag from
    anywhere, for a rubber band: it selects what lies wholly inside (Shift or Ctrl:
    added to the selection)."""

    id, text = "select", "Select and move"

    def __init__(self, manager: "ToolManager") -> None:
        super().__init__(manager)
        self.drag: _Drag | None = None
        self.band_from: Pos | None = None
        self.band_ref: Ref | None = None  # a Ctrl-click that never became a band toggles this

    def press(self, ev: CanvasEvent) -> None:
        if ev.button != Qt.MouseButton.LeftButton:
            return
        ref = placement.element_at(self.doc.scenario, ev.square)
        selection = set(self.doc.selection)
        if ref is None or ev.ctrl:
            self.band_from, self.band_ref = ev.pos, ref
            if not (ev.shift or ev.ctrl):
                self.doc.set_selection(())
            return
        if ev.shift:
            selection ^= {ref}
            self.doc.set_selection(selection)
            return
        if ref not in selection:
            selection = {ref}
            self.doc.set_selection(selection)
        refs = [r for r in edits.ordered(selection) if r[0] in edits.LAYERS]
        self.drag = _Drag(
            self.doc.scenario, refs, edits.element(self.doc.scenario, ref), ev.pos, commands.new_merge_key("drag")
        )

    def move(self, ev: CanvasEvent) -> None:
        if self.drag is not None and ev.buttons & Qt.MouseButton.LeftButton:
            self._drag_to(ev)
        elif self.band_from is not None and ev.buttons & Qt.MouseButton.LeftButton:
            self.view.show_band(_scene(self.band_from), _scene(ev.pos))

    def _drag_to(self, ev: CanvasEvent) -> None:
        drag = self.drag
        assert drag is not None
        moved = (ev.pos[0] - drag.press[0], ev.pos[1] - drag.press[1])
        if not drag.moving and max(abs(moved[0]), abs(moved[1])) < DRAG_THRESHOLD:
            return
        drag.moving = True
        raw = (drag.anchor.at[0] + moved[0], drag.anchor.at[1] + moved[1])
        free = ev.free or any(r[0] == "boards" for r in drag.refs)
        target = placement.snap_origin(drag.start, drag.anchor, raw, free)
        delta = edits.clamp_delta(drag.start, drag.refs, (target[0] - drag.anchor.at[0], target[1] - drag.anchor.at[1]))
        if delta != drag.delta:
            drag.delta = delta
            commands.move_from(self.doc, drag.start, drag.refs, delta, drag.key)
        self._feedback()

    def _feedback(self) -> None:
        assert self.drag is not None
        scenario = self.doc.scenario
        problems = placement.moved_problems(scenario, self.drag.refs, self.doc.catalog, self.drag.start)
        moved = [edits.element(scenario, r) for r in self.drag.refs]
        why = "; ".join(dict.fromkeys(m for found in problems.values() for m in found))  # the messages name the element
        self.view.show_feedback([], moved, not problems, why)

    def release(self, ev: CanvasEvent) -> None:
        if self.drag is not None:
            self.drag = None
            self.view.clear_feedback()
        elif self.band_from is not None:
            travelled = max(abs(ev.pos[0] - self.band_from[0]), abs(ev.pos[1] - self.band_from[1]))
            if self.band_ref is not None and travelled < DRAG_THRESHOLD:
                self.doc.set_selection(set(self.doc.selection) ^ {self.band_ref})
            else:
                hits = placement.refs_in_rect(self.doc.scenario, self.view.square_of(self.band_from), ev.square)
                self.doc.set_selection(hits | self.doc.selection if ev.shift or ev.ctrl else hits)
            self.band_from, self.band_ref = None, None
            self.view.show_band(None)

    def cancel(self) -> None:
        if self.drag is not None:
            if self.drag.moving:  # back to the start: the merged command becomes obsolete
                commands.move_from(self.doc, self.drag.start, self.drag.refs, (0, 0), self.drag.key)
            self.drag = None
        elif self.band_from is None:
            self.doc.set_selection(())
        self.band_from, self.band_ref = None, None
        self.view.clear_feedback()


class PlaceTool(Tool):
    """Click to place the palette's element (repeatedly); Esc returns to selecting.
    The ghost under the mouse turns red where the element would be a problem."""

    id, text = "place", "Place from the palette"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, manager: "ToolManager") -> None:
        super().__init__(manager)
        self.template: Element | None = None

    def target(self, pos: Pos, free: bool) -> Element | None:
        if self.template is None:
            return None
        raw = placement.centred_origin(self.template, pos)
        at = placement.snap_origin(self.doc.scenario, self.template, raw, free)
        return replace(self.template, at=edits.clamp_at(self.template, at))

    def move(self, ev: CanvasEvent) -> None:
        ghost = self.target(ev.pos, ev.free)
        if ghost is None:
            return
        problems = placement.drop_problems(self.doc.scenario, ghost, catalog=self.doc.catalog)
        self.view.show_feedback([ghost], [ghost], not problems, "; ".join(problems))

    def press(self, ev: CanvasEvent) -> None:
        ghost = self.target(ev.pos, ev.free)
        if ev.button == Qt.MouseButton.LeftButton and ghost is not None:
            commands.add_elements(self.doc, [ghost])
            self.move(ev)
        elif ev.button == Qt.MouseButton.RightButton:
            self.manager.set_tool("select")

    def leave(self) -> None:
        self.view.clear_feedback()

    def cancel(self) -> None:
        if self.manager.current is self:
            self.manager.set_tool("select")


class RotateTool(Tool):
    """Click an element to turn it clockwise; Shift-click or right-click turns it back."""

    id, text = "rotate", "Rotate"

    def press(self, ev: CanvasEvent) -> None:
        ref = placement.element_at(self.doc.scenario, ev.square)
        if ref is not None:
            back = ev.shift or ev.button == Qt.MouseButton.RightButton
            self.doc.set_selection({ref})
            commands.rotate_elements(self.doc, [ref], -1 if back else 1)


class EraseTool(Tool):
    """Click or drag across elements to delete them; one drag is one undo step and
    erases only what is like the first thing it erased (tokens, cards or boards)."""

    id, text = "erase", "Erase"
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, manager: "ToolManager") -> None:
        super().__init__(manager)
        self.in_macro = False
        self.erasing = False
        self.layer: str | None = None  # a drag erases only in the layer it started in

    def press(self, ev: CanvasEvent) -> None:
        if ev.button == Qt.MouseButton.LeftButton:
            self.erasing = True
            self._erase(ev.square)

    def move(self, ev: CanvasEvent) -> None:
        if self.erasing and ev.buttons & Qt.MouseButton.LeftButton:
            self._erase(ev.square)

    def _erase(self, square: Square) -> None:
        ref = placement.element_at(self.doc.scenario, square, self.layer)
        if ref is None:
            return
        self.layer = ref[0]
        if not self.in_macro:
            self.doc.undo_stack.beginMacro("Erase")
            self.in_macro = True
        commands.delete_elements(self.doc, [ref])

    def release(self, ev: CanvasEvent) -> None:
        self.cancel()

    def cancel(self) -> None:
        self.erasing, self.layer = False, None
        if self.in_macro:
            self.in_macro = False
            self.doc.undo_stack.endMacro()


class TokenTool(Tool):
    """Click a square for the next free objective token (1-5, then =); click a token
    to step its value (Shift steps back); right-click removes it."""

    id, text = "token", "Objective tokens"
    cursor = Qt.CursorShape.CrossCursor

    def next_token(self, square: Square) -> TokenPlacement:
        """The token a click on an empty ``square`` adds: the next free value."""
        used = {t.value for t in self.doc.scenario.tokens if t.kind == "objective"}
        return TokenPlacement("objective", square, next((v for v in OBJECTIVE_TOKEN_VALUES[:5] if v not in used), "="))

    def move(self, ev: CanvasEvent) -> None:
        """The ghost of the token a click would add, red with the reason (off a raft
        destination, on fire, on another token...) where the rules refuse it."""
        scenario = self.doc.scenario
        inside = 0 <= ev.square[0] < edits.GRID_SIZE and 0 <= ev.square[1] < edits.GRID_SIZE
        if not inside or any(t.at == ev.square for t in scenario.tokens):
            self.view.show_feedback([], [], True)
            return
        ghost = self.next_token(ev.square)
        problems = placement.drop_problems(scenario, ghost, catalog=self.doc.catalog)
        self.view.show_feedback([ghost], [ghost], not problems, "; ".join(problems))

    def leave(self) -> None:
        self.view.clear_feedback()

    def press(self, ev: CanvasEvent) -> None:
        scenario = self.doc.scenario
        index = next((i for i, t in enumerate(scenario.tokens) if t.at == ev.square), None)
        if ev.button == Qt.MouseButton.RightButton:
            if index is not None:
                commands.delete_elements(self.doc, [("tokens", index)])
            return
        if ev.button != Qt.MouseButton.LeftButton or not (
            0 <= ev.square[0] < edits.GRID_SIZE and 0 <= ev.square[1] < edits.GRID_SIZE
        ):
            return
        if index is None:
            commands.add_elements(self.doc, [self.next_token(ev.square)])
            self.move(ev)
            return
        token = scenario.tokens[index]
        if token.kind != "objective":
            return
        step = -1 if ev.shift else 1
        values = OBJECTIVE_TOKEN_VALUES
        new_value = values[(values.index(token.value or "1") + step) % len(values)]
        self.doc.set_selection({("tokens", index)})

        def set_value(el: Element) -> Element:
            return replace(el, value=new_value) if isinstance(el, TokenPlacement) else el

        commands.change_element(self.doc, ("tokens", index), set_value, f"Objective token {new_value}")


def _scene(pos: Pos) -> QPointF:
    return QPointF(pos[1] * SQUARE, pos[0] * SQUARE)


class ToolManager(QObject):
    toolChanged = Signal(str)

    TOOL_CLASSES = (SelectTool, PlaceTool, RotateTool, EraseTool, TokenTool)

    def __init__(self, doc: ScenarioDocument, view: IslandView) -> None:
        super().__init__(view)
        self.doc, self.view = doc, view
        self.tools: dict[str, Tool] = {cls.id: cls(self) for cls in self.TOOL_CLASSES}
        self.current: Tool = self.tools["select"]
        view.tools = self
        self.current.activate()

    def set_tool(self, tool_id: str) -> None:
        tool = self.tools[tool_id]
        if tool is self.current:
            return
        previous, self.current = self.current, tool
        previous.deactivate()
        tool.activate()
        self.toolChanged.emit(tool_id)

    def start_placing(self, template: Element) -> None:
        place = self.tools["place"]
        assert isinstance(place, PlaceTool)
        place.template = template
        self.set_tool("place")

    # palette drags (handled here so a drop uses the place tool's snapping)
    def preview_drop(self, template: Element, pos: Pos, modifiers: Qt.KeyboardModifier) -> None:
        place = self.tools["place"]
        assert isinstance(place, PlaceTool)
        place.template = template
        place.move(
            CanvasEvent(pos, IslandView.square_of(pos), Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, modifiers)
        )

    def drop(self, template: Element, pos: Pos, modifiers: Qt.KeyboardModifier) -> None:
        place = self.tools["place"]
        assert isinstance(place, PlaceTool)
        place.template = template
        ghost = place.target(pos, bool(modifiers & Qt.KeyboardModifier.AltModifier))
        self.view.clear_feedback()
        if ghost is not None:
            commands.add_elements(self.doc, [ghost])
