"""Issue 28 item 6: readable for every eye.  Each cat colour carries its terrain
feature on the canvas, in the playtest and on sheets (one painting code); View >
Simulate colour blindness repaints the island; under each simulation every pair of
the five colours stays apart, by CIEDE2000 or by its mark; docks, canvas and playtest
controls have accessible names."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory

from editor import painting
from editor.colourvision import delta_e00, delta_e00_lab, set_simulation, simulate
from editor.mainwindow import MainWindow
from engine.model.catalog import TERRAIN_TO_LETTER

FIVE = ("orange", "green", "red", "blue", "purple")
SIMULATIONS = (None, "deuteranopia", "protanopia", "tritanopia")
APART = 10.0  # CIEDE2000: well past "just noticeable" (2.3)
PX = 64


@pytest.fixture(autouse=True)
def true_colours() -> object:
    yield
    set_simulation(None)


def render_square(terrain: str) -> QImage:
    image = QImage(PX, PX, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    painting._terrain_square(p, QRectF(0, 0, PX, PX), TERRAIN_TO_LETTER[terrain])
    p.end()
    return image


def mark_pixels(image: QImage) -> set[tuple[int, int]]:
    """Where the square is not its fill colour: its terrain mark."""
    fill = image.pixelColor(2, 2)
    out = set()
    for y in range(PX):
        for x in range(PX):
            c = image.pixelColor(x, y)
            if abs(c.red() - fill.red()) + abs(c.green() - fill.green()) + abs(c.blue() - fill.blue()) > 60:
                out.add((x, y))
    return out


def test_ciede2000_matches_the_published_test_data() -> None:
    # Sharma, Wu and Dalal (2005), table 1, pairs 1, 7 and 17
    assert delta_e00_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e00_lab((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e00_lab((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert delta_e00(QColor("#123456"), QColor("#123456")) == 0


def test_machado_simulation_merges_what_it_should_and_keeps_greys() -> None:
    grey = QColor("#808080")
    for kind in SIMULATIONS[1:]:
        assert delta_e00(simulate(grey, kind), grey) < 1.0
    red, green = painting.COLOURS["red"], painting.COLOURS["green"]
    assert delta_e00(red, green) > 30
    assert delta_e00(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 15  # they come close


@pytest.mark.parametrize("kind", SIMULATIONS)
def test_every_pair_of_cat_colours_stays_apart_by_colour_or_by_mark(kind: str | None) -> None:
    set_simulation(None)
    true = {t: QColor(painting.COLOURS[t]) for t in FIVE}
    set_simulation(kind)
    images = {t: render_square(t) for t in FIVE}
    marks = {t: mark_pixels(images[t]) for t in FIVE}
    close_pairs = []
    for a, b in combinations(FIVE, 2):
        fill_a, fill_b = images[a].pixelColor(2, 2), images[b].pixelColor(2, 2)
        assert fill_a.rgb() == simulate(true[a], kind).rgb()  # painted through the simulation
        differ = len(marks[a] ^ marks[b]) / max(1, len(marks[a] | marks[b]))
        assert marks[a] and differ > 0.4, (a, b)  # the marks are different shapes
        if delta_e00(fill_a, fill_b) < APART:
            close_pairs.append((a, b))
    if kind == "deuteranopia":  # the pairs: colour alone would not tell them apart
        assert ("red", "green") in close_pairs or ("blue", "purple") in close_pairs


def test_cats_and_raft_rings_wear_their_marks_on_every_surface() -> None:
    def cat(colour: str) -> QImage:
        image = QImage(PX, PX, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        p = QPainter(image)
        painting._cat(p, QRectF(0, 0, PX, PX), colour)
        p.end()
        return image

    set_simulation("deuteranopia")
    red, green = cat("red"), cat("green")
    centre = [(x, y) for x in range(24, 40) for y in range(26, 44)]
    assert sum(red.pixelColor(x, y) != green.pixelColor(x, y) for x, y in centre) > 40
    from editor.playtest import island_paint  # the playtest reuses the shared painters

    assert island_paint._cat is painting._cat and island_paint._terrain_square is painting._terrain_square


def test_view_menu_simulates_colour_blindness_on_the_canvas(qtbot: QtBot, window: MainWindow) -> None:
    true_blue = QColor(painting.COLOURS["blue"])
    before = window.canvas.grab().toImage()
    window.vision_actions["deuteranopia"].trigger()
    assert window.vision_label.isVisible() and "Deuteranopia" in window.vision_label.text()
    assert painting.COLOURS["blue"].rgb() == simulate(true_blue, "deuteranopia").rgb()
    after = window.canvas.grab().toImage()
    assert after != before
    window.vision_actions[None].trigger()
    assert painting.COLOURS["blue"] == true_blue and not window.vision_label.isVisible()


def test_docks_canvas_and_playtest_controls_have_accessible_names(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    for widget in (*window.docks, window.canvas, window.palette_dock.search, window.library.tree):
        assert widget.accessibleName(), widget.objectName()
    assert window.canvas.accessibleDescription()
    window.playtest()
    panel = window.playtest_window.panel
    for widget in (panel.board, panel.decks, panel.hands, panel.end_round, panel.use_water, panel.counters):
        assert widget.accessibleName(), widget.objectName()
    assert panel.board.accessibleDescription()
    window.playtest_window.close()


def test_deck_backs_show_each_terrain_by_its_mark_not_by_colour_alone(qtbot: QtBot) -> None:
    from editor.playtest.cards import DeckButton, colour_mix
    from engine.model.catalog import default_catalog

    catalog = default_catalog()
    marks: dict[str, set[tuple[int, int]]] = {}
    for deck in catalog.decks:
        button = DeckButton(deck, colour_mix(catalog, deck))
        qtbot.addWidget(button)
        button.resize(button.sizeHint())
        button.set_left(25)
        image = button.grab().toImage()
        segments = button.segments()
        assert [t for t, _ in segments] == [t for t, _ in button.mix] and len(segments) >= 4
        for terrain, rect in segments:
            assert min(rect.width(), rect.height()) >= 11, (deck, terrain, rect)  # room for a readable mark
            fill = QColor(painting.COLOURS[terrain])
            left, top = round(rect.left()), round(rect.top())
            inked = {
                (x - left, y - top)
                for x in range(left + 1, round(rect.right()) - 1)
                for y in range(top + 1, round(rect.bottom()) - 1)
                if sum(abs(a - b) for a, b in zip(image.pixelColor(x, y).getRgb()[:3], fill.getRgb()[:3])) > 60
            }
            assert len(inked) >= 8, (deck, terrain)  # the feature is drawn on the colour
            marks.setdefault(terrain, inked)
    assert set(marks) == set(FIVE)
    for a, b in combinations(FIVE, 2):  # told apart by their marks' shapes
        assert len(marks[a] ^ marks[b]) > 10, (a, b)


def test_simulated_colour_blindness_reaches_the_palette_icons(qtbot: QtBot, window: MainWindow) -> None:
    item = window.palette_dock.items["Location card 5"]  # green terrain and a green cat
    true_green = QColor(painting.COLOURS["green"])
    before = item.icon(0).pixmap(36, 24).toImage()
    greens = [
        (x, y) for x in range(before.width()) for y in range(before.height()) if before.pixelColor(x, y) == true_green
    ]
    assert len(greens) > 20  # the card's green squares
    window.vision_actions["deuteranopia"].trigger()
    seen = simulate(true_green, "deuteranopia")
    simulated = item.icon(0).pixmap(36, 24).toImage()
    assert all(simulated.pixelColor(x, y).rgb() == seen.rgb() for x, y in greens)  # drawn as the canvas is
    window.vision_actions[None].trigger()
    assert item.icon(0).pixmap(36, 24).toImage() == before  # true colours again
