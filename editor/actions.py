"""Every studio action, declared once (id, text, shortcut, callback, menu, toolbar);
the menus, the toolbar, the shortcuts dialog and the manual's shortcut table
(``docs/studio.md``) all come from :data:`ACTIONS`.

``scope="canvas"`` actions (arrow keys, single letters, Delete) fire only while the
canvas has the keyboard focus, so the same keys keep working in the docks' lists and
fields; from the menus they always work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QToolBar, QWidget


@dataclass(frozen=True)
class ActionSpec:
    """One studio action: its text, shortcuts, menu and toolbar place, and the window method it calls."""

    id: str
    text: str
    callback: str  # name of the main window method to call
    shortcuts: tuple[str, ...] = ()  # portable text, first one shown in the menus
    menu: str = ""  # "&File", "&Edit/Move", ...; empty: not in a menu
    toolbar: bool = False
    args: tuple[object, ...] = ()
    checkable: bool = False
    group: str = ""  # exclusive group (tools)
    scope: str = "window"  # or "canvas"
    tip: str = ""
    short: str = ""  # toolbar text, when the menu text is long


def _nudges() -> list[ActionSpec]:
    out = []
    for name, key, delta in (
        ("up", "Up", (-1, 0)),
        ("down", "Down", (1, 0)),
        ("left", "Left", (0, -1)),
        ("right", "Right", (0, 1)),
    ):
        out.append(
            ActionSpec(f"edit.move_{name}", f"Move {name}", "nudge", (key,), "&Edit/&Move", args=delta, scope="canvas")
        )
        big = (delta[0] * 3, delta[1] * 3)
        out.append(
            ActionSpec(
                f"edit.move_{name}_card",
                f"Move {name} one card (3 squares)",
                "nudge",
                (f"Shift+{key}",),
                "&Edit/&Move",
                args=big,
                scope="canvas",
            )
        )
    return out


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("file.new", "&New scenario", "new_file", ("Ctrl+N",), "&File", toolbar=True, short="New"),
    ActionSpec("file.open", "&Open…", "open_file", ("Ctrl+O",), "&File", toolbar=True, short="Open"),
    ActionSpec("file.save", "&Save", "save", ("Ctrl+S",), "&File", toolbar=True, short="Save"),
    ActionSpec("file.save_as", "Save &as…", "save_as", ("Ctrl+Shift+S",), "&File"),
    ActionSpec(
        "file.export_image",
        "&Export image…",
        "export_image",
        (),
        "&File",
        tip="Save the campaign-book sheet as PNG, SVG or PDF (by the file name's extension)",
    ),
    ActionSpec("file.print", "&Print…", "print_sheet", ("Ctrl+P",), "&File", tip="Print the sheet, with a preview"),
    ActionSpec(
        "file.sheet_difficulty",
        "Sheets show simulated &difficulty",
        "toggle_sheet_difficulty",
        (),
        "&File",
        checkable=True,
        tip="Add the bot's difficulty estimate to exported and printed sheets",
    ),
    ActionSpec(
        "file.export_pack",
        "Export pac&k…",
        "export_pack",
        (),
        "&File",
        tip="Build a .raftpack of campaigns and scenarios to share",
    ),
    ActionSpec(
        "file.import_pack",
        "&Import pack…",
        "import_pack",
        (),
        "&File",
        tip="Check a .raftpack, show what it holds, then install it",
    ),
    ActionSpec(
        "file.browse_packs",
        "&Browse packs…",
        "browse_packs",
        (),
        "&File",
        tip="Browse a pack gallery's feed, install packs and update them",
    ),
    ActionSpec("file.quit", "&Quit", "close", ("Ctrl+Q",), "&File"),
    ActionSpec("edit.undo", "&Undo", "undo", ("Ctrl+Z",), "&Edit", toolbar=True, short="Undo"),
    ActionSpec("edit.redo", "&Redo", "redo", ("Ctrl+Shift+Z", "Ctrl+Y"), "&Edit", toolbar=True, short="Redo"),
    ActionSpec("edit.cut", "Cu&t", "cut", ("Ctrl+X",), "&Edit"),
    ActionSpec("edit.copy", "&Copy", "copy", ("Ctrl+C",), "&Edit"),
    ActionSpec("edit.paste", "&Paste", "paste", ("Ctrl+V",), "&Edit"),
    ActionSpec("edit.duplicate", "&Duplicate", "duplicate", ("Ctrl+D",), "&Edit"),
    ActionSpec("edit.delete", "De&lete", "delete", ("Delete", "Backspace"), "&Edit", scope="canvas"),
    ActionSpec("edit.select_all", "Select &all", "select_all", ("Ctrl+A",), "&Edit", scope="canvas"),
    ActionSpec("edit.select_none", "Select &none", "select_none", ("Ctrl+Shift+A",), "&Edit"),
    ActionSpec(
        "edit.rotate",
        "&Rotate clockwise",
        "rotate",
        ("R",),
        "&Edit",
        toolbar=True,
        args=(1,),
        scope="canvas",
        short="Rotate",
    ),
    ActionSpec(
        "edit.rotate_back", "Rotate counter-clockwise", "rotate", ("Shift+R",), "&Edit", args=(-1,), scope="canvas"
    ),
    ActionSpec(
        "edit.flip",
        "&Flip board face",
        "flip",
        ("F",),
        "&Edit",
        toolbar=True,
        scope="canvas",
        tip="Fire face ⇄ plain face",
        short="Flip",
    ),
    ActionSpec(
        "edit.fire_edge",
        "Move fire &strip to the next edge",
        "fire_edge",
        ("E",),
        "&Edit",
        toolbar=True,
        scope="canvas",
        short="Fire edge",
    ),
    *_nudges(),
    ActionSpec(
        "tool.select",
        "&Select and move",
        "set_tool",
        ("V",),
        "&Tools",
        toolbar=True,
        args=("select",),
        checkable=True,
        group="tools",
        scope="canvas",
        short="Select",
    ),
    ActionSpec(
        "tool.place",
        "&Place from palette",
        "set_tool",
        ("P",),
        "&Tools",
        toolbar=True,
        args=("place",),
        checkable=True,
        group="tools",
        scope="canvas",
        short="Place",
    ),
    ActionSpec(
        "tool.rotate",
        "&Rotate tool",
        "set_tool",
        ("T",),
        "&Tools",
        toolbar=True,
        args=("rotate",),
        checkable=True,
        group="tools",
        scope="canvas",
        short="Turn",
    ),
    ActionSpec(
        "tool.erase",
        "&Erase tool",
        "set_tool",
        ("X",),
        "&Tools",
        toolbar=True,
        args=("erase",),
        checkable=True,
        group="tools",
        scope="canvas",
        short="Erase",
    ),
    ActionSpec(
        "tool.token",
        "Objective &token tool",
        "set_tool",
        ("K",),
        "&Tools",
        toolbar=True,
        args=("token",),
        checkable=True,
        group="tools",
        scope="canvas",
        short="Tokens",
    ),
    ActionSpec("view.zoom_in", "Zoom &in", "zoom_in", ("Ctrl++", "Ctrl+="), "&View"),
    ActionSpec("view.zoom_out", "Zoom &out", "zoom_out", ("Ctrl+-",), "&View"),
    ActionSpec("view.fit", "&Fit island", "fit_island", ("Ctrl+0",), "&View", toolbar=True, short="Fit"),
    ActionSpec("view.actual", "&Actual size", "actual_size", ("Ctrl+1",), "&View"),
    ActionSpec("view.grid", "&Grid lines", "toggle_grid", ("Ctrl+G",), "&View", checkable=True),
    ActionSpec(
        "game.playtest",
        "&Playtest",
        "playtest",
        ("F5",),
        "&Game",
        toolbar=True,
        short="Playtest",
        tip="Play the open scenario, unsaved edits included; the scenario is not changed",
    ),  # fmt: skip
    ActionSpec(
        "game.estimate_difficulty",
        "Estimate &difficulty",
        "estimate_difficulty",
        (),
        "&Game",
        tip="Play the open scenario many times with a bot, off the GUI thread (Difficulty dock)",
    ),  # fmt: skip
    ActionSpec(
        "help.manual",
        "&Manual",
        "show_manual",
        (),
        "&Help",
        tip="The Raftwright manual, from the copy installed with it",
    ),
    ActionSpec("help.shortcuts", "&Keyboard shortcuts", "show_shortcuts", ("F1",), "&Help"),
    ActionSpec(
        "help.log_folder",
        "Open &log folder",
        "open_log_folder",
        (),
        "&Help",
        tip="The folder of the studio's log file (warnings and errors the studio caught), to attach to a report",
    ),
    ActionSpec("help.about", "&About Raftwright", "about", (), "&Help"),
)


def build_actions(owner: QWidget, canvas: QWidget, specs: tuple[ActionSpec, ...] = ACTIONS) -> dict[str, QAction]:
    """QActions for ``specs``, triggering ``getattr(owner, spec.callback)(*spec.args)``."""
    actions: dict[str, QAction] = {}
    groups: dict[str, QActionGroup] = {}
    for s in specs:
        action = QAction(s.text, owner)
        action.setObjectName(s.id)
        action.setShortcuts([QKeySequence(k) for k in s.shortcuts])
        action.setCheckable(s.checkable)
        if s.short:
            action.setIconText(s.short)
        tip = s.tip or s.text.replace("&", "").rstrip("…")
        action.setToolTip(f"{tip} ({s.shortcuts[0]})" if s.shortcuts else tip)
        action.setStatusTip(tip)
        callback: Callable[..., object] = getattr(owner, s.callback)
        action.triggered.connect(lambda _checked=False, cb=callback, args=s.args: cb(*args))
        if s.group:
            groups.setdefault(s.group, QActionGroup(owner)).addAction(action)
        owner.addAction(action)
        actions[s.id] = action
    return actions


def build_menus(
    menubar: QMenuBar, actions: dict[str, QAction], specs: tuple[ActionSpec, ...] = ACTIONS
) -> dict[str, QMenu]:
    """Menus (and sub-menus, ``"&Edit/&Move"``) in declaration order."""
    menus: dict[str, QMenu] = {}
    for s in specs:
        if not s.menu:
            continue
        path = s.menu.split("/")
        parent: QMenuBar | QMenu = menubar
        for depth in range(len(path)):
            key = "/".join(path[: depth + 1])
            if key not in menus:
                menus[key] = parent.addMenu(path[depth])
            parent = menus[key]
        parent.addAction(actions[s.id])
    return menus


def build_toolbar(toolbar: QToolBar, actions: dict[str, QAction], specs: tuple[ActionSpec, ...] = ACTIONS) -> None:
    previous = ""
    for s in specs:
        if s.toolbar:
            section = s.id.split(".")[0]
            if previous and section != previous:
                toolbar.addSeparator()
            toolbar.addAction(actions[s.id])
            previous = section


def shortcut_rows(specs: tuple[ActionSpec, ...] = ACTIONS) -> list[tuple[str, str, str]]:
    """(action, shortcuts, where) rows for the shortcuts dialog and the manual."""
    return [
        (s.text.replace("&", ""), " or ".join(s.shortcuts), "canvas" if s.scope == "canvas" else "anywhere")
        for s in specs
        if s.shortcuts
    ]


def markdown_shortcut_table(specs: tuple[ActionSpec, ...] = ACTIONS) -> str:
    """The manual's shortcut table in ``docs/studio.md`` (a test keeps the page in step with this)."""
    lines = ["| Action | Keys | Works |", "|---|---|---|"]
    for action, keys, where in shortcut_rows(specs):
        shown = " or ".join(f"`{k}`" for k in keys.split(" or "))
        lines.append(f"| {action} | {shown} | {'when the canvas has the focus' if where == 'canvas' else 'anywhere'} |")
    return "\n".join(lines)


class CanvasShortcutGuard(QObject):
    """Application event filter: a canvas-scoped shortcut pressed while the focus is
    elsewhere goes to the focused widget as an ordinary key (a list's arrow keys, a
    spin box's Up) instead of editing the island."""

    def __init__(self, canvas: QWidget, specs: tuple[ActionSpec, ...] = ACTIONS) -> None:
        super().__init__(canvas)
        self.canvas = canvas
        # PySide6's stubs leave out QKeySequence.__getitem__ (Qt's operator[]), which it has
        self.keys = {QKeySequence(k)[0].toCombined() for s in specs if s.scope == "canvas" for k in s.shortcuts}  # type: ignore[index]
        app = QApplication.instance()
        assert app is not None, "the shortcut guard needs the application"
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if event.keyCombination().toCombined() not in self.keys:
            return False
        focus = QApplication.focusWidget()
        if focus is None or focus.window() is not self.canvas.window():
            return False  # another window's business
        if focus is self.canvas or self.canvas.isAncestorOf(focus):
            return False
        event.accept()  # let the focused widget have the key
        return False
