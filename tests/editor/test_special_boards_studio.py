"""Special island boards in the studio (Kickstarter pack "Special island boards",
RULINGS KS-5): the palette lists every shape of the catalogs, the place tool's preview
and the drop handle the shape, rotating turns it, and the canvas draws only its
squares.  The shapes are FIXTURES (``tests/fixture_boards_oshax.py``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from fixture_boards_oshax import RESCUE_LOCATION, SHAPE_1_PLAIN, SHAPE_2_FIRE, WHITE_LOCATION, write_catalog
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, mouse

from editor import edits, placement
from editor.mainwindow import MainWindow
from editor.painting import PATH_STONE, SQUARE
from editor.sheets.content import checklist
from engine.model.catalog import reload_default_catalog
from engine.model.scenario import BoardSlot, CardPlacement, Scenario
from engine.model.special_boards import outline_of

SHAPE_1 = BoardSlot("special", "plain", (0, 0), shape="fixture-shape-1", outline=outline_of(SHAPE_1_PLAIN))


@pytest.fixture
def fixture_catalogs(user_env: Path) -> Iterator[Path]:
    folder = user_env / "catalogs"
    write_catalog(folder, full=True)
    reload_default_catalog()
    yield folder
    for path in folder.glob("*.json"):
        path.unlink()
    reload_default_catalog()  # later tests see the plain catalog again


@pytest.fixture
def window(fixture_catalogs: Path, make_window: WindowFactory) -> MainWindow:
    large = BoardSlot("large", "fire", (0, 0), "west")
    return make_window(Scenario(id="special", name="Special", boards=(large,)))


def test_the_palette_lists_each_special_shape_and_face(window: MainWindow) -> None:
    items = window.palette_dock.items
    for label in ("Special board fixture-shape-1, plain face", "Special board fixture-shape-2, fire face"):
        assert label in items
    fire_two = items["Special board fixture-shape-2, fire face"].data(0, Qt.ItemDataRole.UserRole)
    assert fire_two.outline == outline_of(SHAPE_2_FIRE) and fire_two.strip_squares()


def test_placing_a_special_board_previews_and_drops_its_shape(window: MainWindow) -> None:
    before = window.doc.scenario
    window.palette_dock.pick("Special board fixture-shape-1, plain face")
    mouse(window.canvas, "move", (3.5, 5.5), button=Qt.MouseButton.NoButton)  # over the large board
    assert window.canvas.overlay.legal is False and "overlaps" in window.statusBar().currentMessage()
    mouse(window.canvas, "move", (3.5, 13.5), button=Qt.MouseButton.NoButton)  # east of it, sharing an edge
    ghost = window.canvas.overlay.ghosts[0]
    assert isinstance(ghost, BoardSlot) and ghost.shape == "fixture-shape-1"
    assert window.canvas.overlay.legal is True, window.statusBar().currentMessage()
    mouse(window.canvas, "press", (3.5, 13.5))
    mouse(window.canvas, "release", (3.5, 13.5))
    placed = window.doc.scenario.boards[-1]
    assert len(window.doc.scenario.boards) == len(before.boards) + 1 and placed.shape == "fixture-shape-1"
    assert [i for i in window.doc.issues if i.is_error] == []


def test_a_special_board_hit_and_rotation_follow_its_outline() -> None:
    """Clicking a cut corner hits nothing; a quarter turn turns the outline."""
    scenario = Scenario(id="s", name="s", boards=(SHAPE_1,))
    assert placement.element_at(scenario, (0, 0)) is None and placement.element_at(scenario, (0, 2)) == ("boards", 0)
    turned = edits.rotate_board(SHAPE_1, 1)
    assert turned.turns == 1 and (turned.rows, turned.cols) == (9, 7)
    assert edits.next_fire_edge(SHAPE_1) == SHAPE_1 and edits.with_size(SHAPE_1, "large") == SHAPE_1


def test_the_canvas_draws_only_the_shapes_squares(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.palette_dock.pick("Special board fixture-shape-1, plain face")
    mouse(window.canvas, "move", (3.5, 13.5), button=Qt.MouseButton.NoButton)
    mouse(window.canvas, "press", (3.5, 13.5))
    mouse(window.canvas, "release", (3.5, 13.5))
    window.resize(1500, 1000)
    canvas = window.canvas
    canvas.fitInView(canvas.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    folder = Path(os.environ.get("RAFTWRIGHT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    image = window.grab().toImage()
    assert image.save(str(folder / "special-board-canvas.png"))
    slot = window.doc.scenario.boards[-1]

    def at(square: tuple[int, int]) -> QColor:
        scene = QPointF((square[1] + 0.5) * SQUARE, (square[0] + 0.5) * SQUARE)
        return QColor(image.pixel(canvas.viewport().mapTo(window, canvas.mapFromScene(scene))))

    corner, inside = at(slot.at), at((slot.at[0], slot.at[1] + 3))
    assert corner != inside, "the cut corner is not drawn as a board square"


def test_the_canvas_draws_a_cards_oshax_path_rescue_strip_and_circle(
    qtbot: QtBot, fixture_catalogs: Path, make_window: WindowFactory, tmp_path: Path
) -> None:  # fmt: skip
    """Catalog data on cards shows where the card lies: the white cat's path, the
    rescue strip and its circle (rulebook "Additional rules" 4 and 6)."""
    cards = (
        CardPlacement("location", (3, 3), str(WHITE_LOCATION)),
        CardPlacement("location", (3, 9), str(RESCUE_LOCATION)),
    )
    scenario = Scenario(id="cards", name="Cards", boards=(BoardSlot("large", "fire", (0, 0), "west"),
                        BoardSlot("large", "plain", (0, 9))), cards=cards)  # fmt: skip
    window = make_window(scenario)
    window.resize(1500, 1000)
    canvas = window.canvas
    canvas.fitInView(canvas.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    folder = Path(os.environ.get("RAFTWRIGHT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    image = window.grab().toImage()
    assert image.save(str(folder / "oshax-rescue-cards-canvas.png"))

    def at(row: float, col: float) -> QColor:
        scene = QPointF(col * SQUARE, row * SQUARE)
        return QColor(image.pixel(canvas.viewport().mapTo(window, canvas.mapFromScene(scene))))

    stone = at(4.5, 5.5)  # the path through (4, 5), at its centre
    assert abs(stone.red() - PATH_STONE.red()) + abs(stone.blue() - PATH_STONE.blue()) < 60, stone.name()
    strip = [at(4.0 + k / 10, 10.0 - 0.05) for k in range(1, 10)]  # along the east side of (4, 9)
    assert any(c.red() > 200 and c.blue() < 120 for c in strip), [c.name() for c in strip]  # the strip's flame


def test_the_sheet_set_up_list_names_the_special_shape() -> None:
    """The printed set-up list says which shape to take (KS-5: "whenever a scenario shows their shape")."""
    scenario = Scenario(id="s", name="s", boards=(BoardSlot("large", "fire", (0, 0), "west"), SHAPE_1))
    assert "1 special fixture-shape-1 board, plain face" in checklist(scenario)
