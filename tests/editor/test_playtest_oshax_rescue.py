"""The playtest with a special board, a white cat and a rescue card (FIXTURE components,
``tests/fixture_boards_oshax.py``): the island shows the shape, the Oshax paths, the
rescue strip and its circle, and a white cat boards its raft along its path through the
widgets (rulebook "Additional rules" 4 and 6; Kickstarter pack "Special island boards")."""

from __future__ import annotations

from fixture_boards_oshax import RESCUE_LOCATION, SHAPE_1_PLAIN, WHITE_LOCATION, WHITE_RAFT, fixture_catalog
from playtest_driver import Driver
from PySide6.QtGui import QColor

from editor.painting import PATH_STONE
from editor.playtest import PlaytestWindow
from engine.check.validate import validate
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.special_boards import outline_of
from engine.play.actions import DrawCard, MoveCat

CATALOG = fixture_catalog(full=True)
SCENARIO = Scenario(
    id="fixture-kickstarter-boards", name="Fixture boards, Oshax and rescue",
    boards=(BoardSlot("large", "fire", (0, 0), "west"), BoardSlot("large", "plain", (0, 9)),
            BoardSlot("special", "plain", (9, 0), shape="fixture-shape-1", outline=outline_of(SHAPE_1_PLAIN))),
    cards=(CardPlacement("location", (3, 6), str(WHITE_LOCATION)), CardPlacement("raft", (3, 9), WHITE_RAFT),
           CardPlacement("location", (6, 3), str(RESCUE_LOCATION)), CardPlacement("location", (0, 12), "1")),
)  # fmt: skip


def colour_at(d: Driver, square: tuple[int, int]) -> QColor:
    centre = d.board.square_center(square)
    return QColor(d.board.grab().toImage().pixel(centre.x(), centre.y()))


def test_the_playtest_draws_paths_strips_and_a_special_board_and_moves_the_white_cat(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert [i.message for i in validate(SCENARIO, CATALOG) if i.is_error] == []
    window = PlaytestWindow(SCENARIO, CATALOG, seed=3)
    qtbot.addWidget(window)
    window.resize(1400, 1000)
    window.show()
    qtbot.waitExposed(window)
    d = Driver(qtbot, window)
    state = d.panel.session.state
    assert state.outcome() is None, state.outcome()
    while state.phase == "draw":
        d.do(DrawCard(0, "circle"))
        state = d.panel.session.state
    d.screenshot("oshax_rescue_special")
    stone = colour_at(d, (4, 8))  # the path's middle square, at its centre
    assert abs(stone.red() - PATH_STONE.red()) + abs(stone.green() - PATH_STONE.green()) < 60, stone.name()
    hand = state.hands[0]
    d.do(MoveCat(0, (4, 7), (4, 9), (hand[0],)))  # along the card's path onto a 'w' destination
    state = d.panel.session.state
    white = state.island.cat_colours.index("white")
    assert state.arrived[white] and state.cat_square(white) == (4, 9)
    d.screenshot("oshax_white_cat_on_raft")
