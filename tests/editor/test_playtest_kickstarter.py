"""Kickstarter tokens and hybrid fire tiles in the playtest, through the widgets
(Kickstarter pack, "Objective tokens", "Action: add pathway", "Action: move a cat",
"Mandatory objectives", "Hybrid fire tiles"; RULINGS KS-1 .. KS-4, SC-2, C17).

A FIXTURE scenario (Tutorial 1 with a treasure map and a fish token on the location
cards and "Collect 1 treasure map") is played to a win through the window: the way a
cat takes is picked in the tokens panel, the collected tokens are resolved with its
buttons in the order chosen, and after every step the window is compared with an
engine game that follows along.  The game is found with the engine's heuristic bot;
screenshots go to tests/screenshots/."""

from __future__ import annotations

import random
from dataclasses import replace

from playtest_driver import Driver
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QPushButton

from editor.playtest import PlaytestWindow
from editor.playtest.tokens_view import TOKEN_COLOURS
from engine import GameState, new_game
from engine.bots.heuristic import HeuristicBot
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, FireTile, default_catalog
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, Scenario, TokenPlacement
from engine.play.actions import Action, MoveCat, PlacePathway, ResolveToken, ReturnToken
from engine.play.phases import FIRE, PendingFire
from engine.play.tokens import maps_collected

SEED = 1  # a seed where the heuristic bot collects the map and the fish and wins
MAP, FISH = (8, 5), (14, 5)  # on the green and blue cats' location cards


def fixture_scenario() -> Scenario:
    base = open_scenario(campaigns_dir() / "tutorial" / "01-first-steps.scenario.json")
    return replace(base, id="fixture-kickstarter-first-steps", name="Fixture Kickstarter first steps",
                   tokens=(TokenPlacement("map", MAP), TokenPlacement("fish", FISH)),
                   objectives=(Objective("collect_maps", count=1),))  # fmt: skip


def find_game(scenario: Scenario, seed: int) -> list[Action]:
    state = new_game(scenario, seed=seed)
    bot, rng = HeuristicBot(), random.Random(0)
    while not state.is_terminal():
        state.apply(bot.choose(state, rng))
    outcome = state.outcome()
    assert outcome is not None and outcome.won, f"seed {seed} is not a win any more: {outcome}"
    return list(state.history)


class TokenDriver(Driver):
    """The playtest driver plus the Kickstarter gestures: the way a cat takes (the
    tokens panel's way list), a token put back (a click on a dotted square) and a
    token resolved (a button of the tokens panel)."""

    def do(self, action: Action) -> None:
        tokens = self.panel.kickstarter
        if isinstance(action, MoveCat) and self.panel.session.state.kickstarter.tokens:  # type: ignore[union-attr]
            self.choose_move(action)
            ways = tokens._ways
            assert action.collect in ways, f"{action.collect} is not offered: {ways}"
            if len(ways) > 1:
                assert tokens.way.isVisible()
                tokens.way.setCurrentIndex(ways.index(action.collect))
            for key in action.discards:
                self.click(self.panel.hands.button(action.player, key))
            self.click(self.panel.hands.confirm)
        elif isinstance(action, ReturnToken):
            assert action.at in self.board_return_squares()
            self.click_square(action.at)
        elif isinstance(action, ResolveToken):
            name = f"resolve-{action.kind}" + (f"-{action.tile}" if action.tile else "")
            self.click(tokens.button(name))
        else:
            super().do(action)

    def board_return_squares(self) -> tuple[tuple[int, int], ...]:
        from editor.playtest.tokens_view import return_targets  # noqa: PLC0415 - the board's dotted squares

        return return_targets(self.panel.session.state)


def open_window(qtbot, scenario: Scenario, seed: int, catalog: Catalog | None = None) -> TokenDriver:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(scenario, catalog, seed=seed)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return TokenDriver(qtbot, window)


def check_tokens_shown(d: TokenDriver, expected: GameState) -> None:
    """The window plays the engine's game, and the tokens panel says what it holds."""
    state = d.panel.session.state
    assert state is not None and state.to_dict() == expected.to_dict()
    panel = d.panel.kickstarter
    have, _ = maps_collected(expected)
    summary = panel.summary.text()
    assert f"Treasure maps collected: {have} of 1 needed" in summary
    on_island = sorted(expected.kickstarter.tokens.values())
    assert ("1 treasure map" in summary.split("\n")[0]) == ("map" in on_island)
    assert ("1 fish" in summary.split("\n")[0]) == ("fish" in on_island)
    if expected.phase == "tokens" and not expected.is_terminal():
        shown = sorted(b.objectName() for b in panel.buttons)
        legal = sorted(f"resolve-{a.kind}" + (f"-{a.tile}" if a.tile else "")
                       for a in expected.legal_actions() if isinstance(a, ResolveToken))  # fmt: skip
        assert shown == legal and "in the order you choose" in panel.ask.text()
        assert "resolve them one at a time" in d.panel.prompt.text()
    else:
        assert panel.buttons == [] and not [b for b in panel.findChildren(QPushButton) if b.isVisible()]


def badge_colour_at(d: TokenDriver, square: tuple[int, int], kind: str) -> bool:
    """The token's badge colour is painted in the lower right of its square."""
    image: QImage = d.board.grab().toImage()
    centre = d.board.square_center(square)
    k = d.board._scale()[0]
    size = 60 * k  # painting.SQUARE scene units
    want = TOKEN_COLOURS[kind]
    for dx in range(int(size * 0.15), int(size * 0.45)):
        for dy in range(int(size * 0.15), int(size * 0.45)):
            c = image.pixelColor(centre.x() + dx, centre.y() + dy)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 40:
                return True
    return False


def test_a_kickstarter_scenario_collects_a_map_and_a_fish_to_a_win(qtbot) -> None:  # type: ignore[no-untyped-def]
    """SC-2, KS-3: the map is mandatory (the objective shows it), the cats collect the
    map and the fish on their ways and the player resolves them; the game is won."""
    scenario = fixture_scenario()
    actions = find_game(scenario, SEED)
    assert any(isinstance(a, MoveCat) and MAP in a.collect for a in actions)
    assert any(isinstance(a, MoveCat) and FISH in a.collect for a in actions)
    d = open_window(qtbot, scenario, SEED)
    expected = new_game(scenario, seed=SEED)
    check_tokens_shown(d, expected)
    assert d.panel.kickstarter.isVisible()
    assert badge_colour_at(d, MAP, "map") and badge_colour_at(d, FISH, "fish")
    d.screenshot("kickstarter_tokens_on_island")
    resolved: list[str] = []
    for action in actions:
        if isinstance(action, MoveCat) and action.collect and len(d.panel.kickstarter._ways) <= 1:
            d.choose_move(action)  # photograph the way choice, then play the move
            if d.panel.kickstarter.way.isVisible():
                d.screenshot("kickstarter_way_choice")
            d.panel.cancel_gesture()
        d.do(action)
        expected.apply(action)
        check_tokens_shown(d, expected)
        if isinstance(action, ResolveToken):
            resolved.append(action.kind)
        if expected.phase == "tokens" and "map" in expected.kickstarter.held and "fish" not in resolved:
            d.screenshot("kickstarter_resolve_choice")
    assert {"map", "fish"} <= set(resolved) or "map" in expected.kickstarter.held
    assert d.panel.banner.isVisible() and d.panel.banner.text().startswith("Won!")
    assert "Treasure maps collected: 1 of 1 needed" in d.panel.kickstarter.summary.text()
    assert not badge_colour_at(d, MAP, "map")
    d.screenshot("kickstarter_win")


def test_tokens_under_a_card_go_back_where_the_player_clicks(qtbot) -> None:  # type: ignore[no-untyped-def]
    """KS-2: a card over tokens picks them up; the free squares of the card are dotted
    and a click puts each token back; then the card's fire tile follows."""
    scenario = replace(fixture_scenario(), tokens=(TokenPlacement("water", (4, 9)), TokenPlacement("map", (5, 10))),
                       objectives=())  # fmt: skip
    engine = new_game(scenario, seed=SEED)
    d = open_window(qtbot, scenario, SEED)
    bot, rng = HeuristicBot(), random.Random(0)
    while engine.phase == "draw" or engine.phase == "refill":
        action = bot.choose(engine, rng)
        d.do(action)
        engine.apply(action)
    player, card = 0, engine.hands[0][0]
    grid = engine.island.grid
    cover = grid.bit((4, 9)) | grid.bit((5, 10))
    place = next(
        a for a in engine.legal_card_placements(player, card) if engine.island.card_mask(a.at) & cover == cover
    )
    d.do(place)
    engine.apply(place)
    state = d.panel.session.state
    assert state is not None and state.phase == "tokens" and sorted(state.kickstarter.held) == ["map", "water"]
    assert set(d.board_return_squares()) == set(grid.squares(engine.island.card_mask(place.at)))
    assert "Put the water token back" in d.panel.prompt.text()
    d.screenshot("kickstarter_return_choice")
    for kind, square in (("water", (place.at[0], place.at[1])), ("map", (place.at[0] + 2, place.at[1] + 2))):
        d.do(ReturnToken(kind, square))
        engine.apply(ReturnToken(kind, square))
        assert d.panel.session.state.to_dict() == engine.to_dict()  # type: ignore[union-attr]
    assert engine.phase == "fire" and engine.token_at(place.at) == "water"
    d.hover((0, 0))  # the fire tile's ghost follows the mouse: take it off the card
    assert badge_colour_at(d, (place.at[0] + 2, place.at[1] + 2), "map")


FIXTURE_TILE = FireTile("fixture-hybrid-1", ((0, 0), (0, 1), (0, 2)), True, (((0, 1), "blue"),))


def test_a_hybrid_tile_shows_its_safe_spot(qtbot) -> None:  # type: ignore[no-untyped-def]
    """KS-4 (FIXTURE hybrid tile, C17): the safe spot shows its terrain inside the
    tile, framed, and nothing may be placed on it."""
    catalog = default_catalog().merged(
        Catalog(ids=("fixture-hybrid",), name="fixture", fire_tiles={FIXTURE_TILE.id: FIXTURE_TILE})
    )
    scenario = replace(fixture_scenario(), tokens=(), objectives=(),
                       rules=replace(fixture_scenario().rules, hybrid_fire_tiles=True))  # fmt: skip
    d = open_window(qtbot, scenario, SEED, catalog)
    session = d.panel.session
    state = session.state
    assert state is not None and FIXTURE_TILE.id in state.bag
    # A position with the hybrid tile just drawn (the engine's own game, its tile chosen).
    drawn = state.clone()
    drawn.bag.remove(FIXTURE_TILE.id)
    drawn.pending, drawn.phase = PendingFire(FIXTURE_TILE.id, 0, "pathway"), FIRE
    session.state = drawn
    session.changed.emit()
    cats = [drawn.cat_square(i) for i in range(drawn.cat_count())]
    flat = [a for a in drawn.legal_fire_placements() if not a.rotation % 2]
    action = max(flat, key=lambda a: min(abs(a.at[0] - r) + abs(a.at[1] - c) for r, c in cats))  # far from the cats
    d.orient_tile(action)
    d.hover(d.tile_centre(action))
    assert d.board.hint == ""
    d.screenshot("kickstarter_hybrid_ghost")
    d.click_square(d.tile_centre(action))
    placed = session.state
    assert placed is not None and action.tile in placed.tiles_placed and not placed.is_terminal()
    spot = (action.at[0], action.at[1] + 1)
    assert placed.terrain_at(spot) == "blue" and placed.safe_any == placed.island.grid.bit(spot)
    refused = placed.placement_error(PlacePathway(0, "circle", "a", spot, 0))
    assert refused is not None
    d.screenshot("kickstarter_hybrid_safe_spot")


def test_the_player_picks_the_way_a_cat_takes_past_a_token(qtbot) -> None:  # type: ignore[no-untyped-def]
    """KS-3 and the pack's "If you can find a way to avoid them, you may do so": with
    ways that collect different tokens, the tokens panel lists them before the
    discards, and the move collects what the chosen way passes."""
    scenario = replace(fixture_scenario(), tokens=(TokenPlacement("fish", (14, 4)),), objectives=())
    engine = new_game(scenario, seed=SEED)
    d = open_window(qtbot, scenario, SEED)
    bot, rng = HeuristicBot(), random.Random(0)
    while engine.phase in ("draw", "refill"):
        action = bot.choose(engine, rng)
        d.do(action)
        engine.apply(action)
    blue = next(i for i, colour in enumerate(engine.island.cat_colours) if colour == "blue")
    move = MoveCat(0, engine.cat_square(blue), (14, 5), (engine.hands[0][0],), ((14, 4),))
    d.choose_move(move)
    ways = d.panel.kickstarter
    assert ways.way.isVisible() and ways._ways == [(), ((14, 4),)]
    assert [ways.way.itemText(i) for i in range(ways.way.count())] == [
        "a way collecting no token",
        "a way collecting fish (14, 4)",
    ]
    d.screenshot("kickstarter_way_choice")
    d.panel.cancel_gesture()
    d.do(move)
    engine.apply(move)
    assert d.panel.session.state.to_dict() == engine.to_dict()  # type: ignore[union-attr]
    assert engine.phase == "tokens" and engine.kickstarter.held == ["fish"]
    d.do(ResolveToken("fish"))
    engine.apply(ResolveToken("fish"))
    assert engine.exhausted[blue] is False and d.panel.session.state.to_dict() == engine.to_dict()  # type: ignore[union-attr]
