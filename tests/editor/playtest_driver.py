"""Playing an engine action through the playtest's widgets, the way a person does:
click deck backs and hand cards, press R / F over the island, move the mouse to a
square, click, tick discards, press buttons.  Nothing here calls the session."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from editor.playtest import PlaytestWindow
from engine.model.geometry import Square
from engine.play.actions import (
    Action,
    BonusDraw,
    BonusMove,
    BonusPass,
    DisasterDiscard,
    DisasterMove,
    DrawCard,
    EndRound,
    MoveCat,
    PlaceFire,
    PlacePathway,
    Refill,
    UseWater,
)  # fmt: skip

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


class Driver:
    def __init__(self, qtbot, window: PlaytestWindow) -> None:  # type: ignore[no-untyped-def]
        self.qtbot = qtbot
        self.window = window
        self.panel = window.panel
        self.board = window.panel.board
        self.warned: list[str] = []  # the fire tiles the playtest asked about before a loss
        self.board.confirm_loss = self._confirm_loss  # a scripted game places its tile: "Yes"

    def _confirm_loss(self, warning: str) -> bool:
        self.warned.append(warning)
        return True

    def click(self, widget: QWidget) -> None:
        assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName()} cannot be clicked now"
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def hover(self, square: Square) -> QPoint:
        """Move the mouse over ``square``.  The move is sent to the island itself:
        offscreen Qt routes a QTest move to the topmost window at that point, and the
        studio may lie under the playtest window."""
        pos = self.board.square_center(square)
        event = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(self.board.mapToGlobal(pos)),
                            Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)  # fmt: skip
        QApplication.sendEvent(self.board, event)
        assert self.board.hover == square, f"the mouse is not over {square} but {self.board.hover}"
        return pos

    def click_square(self, square: Square) -> None:
        self.qtbot.mouseClick(self.board, Qt.MouseButton.LeftButton, pos=self.board.square_center(square))

    def key(self, key: Qt.Key, times: int = 1) -> None:
        for _ in range(times):
            self.qtbot.keyClick(self.board, key)

    # --- one action ----------------------------------------------------------------------
    def do(self, action: Action) -> None:
        if isinstance(action, (DrawCard, BonusDraw)):
            self.click(self.panel.decks.buttons[action.deck])
        elif isinstance(action, (BonusMove, DisasterMove)):  # a free move: cat, square, no discard
            self.click_square(action.cat)
            assert self.board.cat == self.panel.session.state.cat_at(action.cat), f"{action}: the cat is not picked"
            assert action.to in self.board.targets(self.board.cat)
            self.click_square(action.to)
        elif isinstance(action, BonusPass):
            self.click(self.panel.bonus.skip)
        elif isinstance(action, DisasterDiscard):
            self.click(self.panel.hands.button(action.player, action.card))
        elif isinstance(action, PlacePathway):
            self.arm_card(action)
            self.hover((action.at[0] + 1, action.at[1] + 1))
            assert self.board.hint == "", f"the ghost of {action} is refused: {self.board.hint}"
            self.click_square((action.at[0] + 1, action.at[1] + 1))
        elif isinstance(action, PlaceFire):
            self.orient_tile(action)
            self.click_square(self.tile_centre(action))
        elif isinstance(action, MoveCat):
            self.choose_move(action)
            assert self.panel.hands.need == len(action.discards)
            for key in action.discards:
                self.click(self.panel.hands.button(action.player, key))
            self.click(self.panel.hands.confirm)
        elif isinstance(action, UseWater):
            self.click(self.panel.use_water)
            state = self.panel.session.state
            self.click_square(state.island.grid.squares(state.tiles_placed[action.tile][0])[0])
        elif isinstance(action, Refill):
            self.click(self.panel.hands.face_down_button(action.player, action.index))
        elif isinstance(action, EndRound):
            self.click(self.panel.end_round)
        else:  # pragma: no cover
            raise AssertionError(f"no gesture for {action!r}")

    def arm_card(self, action: PlacePathway) -> None:
        self.click(self.panel.hands.button(action.player, action.card))
        assert self.board.card == (action.player, action.card)
        self.key(Qt.Key.Key_R, action.rotation)
        assert self.board.card_rotation == action.rotation

    def orient_tile(self, action: PlaceFire) -> None:
        if action.flipped != self.board.fire_flipped:
            self.key(Qt.Key.Key_F)
        self.key(Qt.Key.Key_R, (action.rotation - self.board.fire_rotation) % 4)
        assert (self.board.fire_flipped, self.board.fire_rotation) == (action.flipped, action.rotation)

    def tile_centre(self, action: PlaceFire) -> Square:
        dr, dc = self.board.centre_offset(self.board.tile_cells())
        return (action.at[0] + dr, action.at[1] + dc)

    def choose_move(self, action: MoveCat) -> None:
        self.click_square(action.cat)
        assert self.board.cat == self.panel.session.state.cat_at(action.cat)
        self.click_square(action.to)
        assert self.board.destination == action.to

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(exist_ok=True)
        path = SHOTS / f"playtest_{name}.png"
        assert self.window.grab().save(str(path)), f"could not write {path}"
        return path
