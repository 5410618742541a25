"""Scripted playtests of issue 9 through the widgets: an advanced game won with an
arrival-order objective (FIXTURE disaster cards: the real cards are unknown, RULINGS
C15), and a standard game lost by a failed objective.  Every step is a gesture on the
real window (``playtest_driver.py``); after each, what the window shows is compared
with an engine game that follows along: the objectives and their state, the solo
refill's face-down backs, the arrival-bonus choice, the disaster card and its lines,
the 5-square limit on the squares a picked cat may reach, the banner with its reason
and score.  Screenshots go to tests/screenshots/ (git ignores it)."""

from __future__ import annotations

import dataclasses
import random

from playtest_driver import Driver
from playtest_search import find_game
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from editor.playtest import PlaytestWindow
from editor.playtest.window import PlaytestPanel
from editor.playtest.wording import for_people
from engine import GameState, new_game
from engine.bots.heuristic import HeuristicBot
from engine.check.validate_files import open_scenario
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterCard, DisasterEffect
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, Scenario
from engine.play.actions import Action, BonusDraw, BonusMove, DisasterDiscard, DisasterMove, MoveCat, Refill
from engine.play.objectives import objective_statuses

FIRST_STEPS = "tutorial/01-first-steps.scenario.json"

# FIXTURE disaster cards, defined here for the test (never real card texts).
FIXTURE_CARDS = (
    DisasterCard("fixture-disaster-1", (DisasterEffect("discard"), DisasterEffect("exhaust", cat="nearest_fire")),
                 name="Fixture 1"),
    DisasterCard("fixture-disaster-2", (DisasterEffect("fire", count=1),), name="Fixture 2"),
    DisasterCard("fixture-disaster-3", (DisasterEffect("exhaust", cat="all"),), name="Fixture 3"),
)  # fmt: skip


def fixture_catalog() -> Catalog:
    extra = Catalog(ids=("fixture-disasters",), name="fixture disasters",
                    disaster_cards={c.id: c for c in FIXTURE_CARDS})  # fmt: skip
    return default_catalog().merged(extra)


def open_window(qtbot, scenario: Scenario, seed: int, catalog: Catalog | None = None) -> Driver:  # type: ignore[no-untyped-def]
    window = PlaytestWindow(scenario, catalog, seed=seed)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return Driver(qtbot, window)


def heuristic_game(scenario: Scenario, catalog: Catalog, seed: int, limit: int = 400) -> tuple[list[Action], GameState]:
    state = new_game(scenario, seed=seed, catalog=catalog)
    bot, actions = HeuristicBot(), []
    while not state.is_terminal() and len(actions) < limit:
        action = bot.choose(state, random.Random(0))
        state.apply(action)
        actions.append(action)
    return actions, state


def find_advanced_win(scenario: Scenario, catalog: Catalog, seeds: range) -> tuple[int, list[Action], GameState]:
    """A seed whose heuristic game wins with an arrival bonus, a disaster choice and a refill."""
    for seed in seeds:
        actions, state = heuristic_game(scenario, catalog, seed)
        kinds = {type(a) for a in actions}
        outcome = state.outcome()
        if outcome is not None and outcome.won and kinds & {BonusDraw, BonusMove} and kinds & {DisasterDiscard, DisasterMove} \
                and Refill in kinds:  # fmt: skip
            return seed, actions, state
    raise LookupError(f"no heuristic advanced win for '{scenario.id}' with seeds {seeds.start}-{seeds.stop - 1}")


def in_side_view(panel: PlaytestPanel, widget: QWidget) -> bool:
    """Whether ``widget`` lies wholly inside the side column's scrolled view."""
    viewport = panel.side_scroll.viewport()
    return viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size()))


def check_shown(d: Driver, expected: GameState) -> None:
    """The window shows the engine's game: state, objectives, bonus, disaster, backs."""
    panel = d.panel
    state = panel.session.state
    assert state is not None and state.to_dict() == expected.to_dict()
    statuses = objective_statuses(expected)
    assert panel.objectives.isVisible() == bool(statuses)
    for i, s in enumerate(statuses):
        assert panel.objectives.status_of(i) == s.status
        assert s.objective.describe() in panel.objectives.labels[i].text()
    bonus = expected.phase == "bonus" and not expected.is_terminal()
    assert panel.bonus.isVisible() == bonus
    if bonus:
        assert all(b.isEnabled() == bool(expected.decks[deck]) for deck, b in panel.decks.buttons.items())
        assert in_side_view(panel, panel.decks)  # the bonus bar below never pushes the decks out of sight
    for back in panel.hands.face_down:
        if back.isEnabled():  # a face-down card to take: in sight
            assert in_side_view(panel, back)
    log = expected.advanced.disaster_log
    assert panel.disaster.isVisible() == bool(log)
    if log:
        start = max(i for i, e in enumerate(log) if e.step == 0)
        shown = panel.disaster.shown()
        card = expected.island.catalog.disaster_cards[log[start].card]
        for entry in log[start + 1 :]:
            what = card.effects[entry.step - 1].describe()
            said = for_people(entry.text.removeprefix(what + ": "))  # players from 1, cards by their deck
            assert what in shown and said.replace("'", "&#x27;") in shown, entry.text
    backs = [b for b in panel.hands.face_down if b.player == 0]
    assert [b.deck for b in backs] == [k.split(":")[0] for k in expected.reserve[0]]
    assert all(b.isEnabled() == (expected.phase == "refill" and not expected.is_terminal()) for b in backs)
    assert panel.banner.isVisible() == expected.is_terminal()


def five_square_reach(d: Driver, expected: GameState, action: MoveCat) -> None:
    """Picking a cat in the advanced game highlights exactly the squares it may reach
    within 5 squares (MV-6); the prompt says so.  Photographed, then let go."""
    cat = expected.cat_at(action.cat)
    assert cat is not None
    d.click_square(action.cat)
    assert d.board.cat == cat
    shown = set(d.board.targets(cat))
    assert shown == set(expected.reachable_squares(cat)) and action.to in shown
    assert expected.rules.move_limit(expected) == 5
    assert "at most 5 squares" in d.panel.prompt.text()
    d.screenshot("advanced_five_square_reach")
    d.click_square(action.cat)  # let go
    assert d.board.cat is None


def test_scripted_advanced_game_won_with_an_arrival_order_objective(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rulebook "Advanced rules" (5-square moves, disaster cards, the arrival bonus),
    "Additional rules" 3 (arrival order), "Solo" 2 (refill) and "Scoring"."""
    catalog = fixture_catalog()
    plain = dataclasses.replace(open_scenario(campaigns_dir() / FIRST_STEPS), mode="advanced")
    seed, actions, final = find_advanced_win(plain, catalog, range(0, 16))
    first = final.island.cat_colours[final.arrivals[0]]
    scenario = dataclasses.replace(plain, objectives=(Objective("arrival_order", colour=first, position=1),))
    d = open_window(qtbot, scenario, seed, catalog)
    expected = new_game(scenario, seed=seed, catalog=catalog)
    check_shown(d, expected)
    assert d.panel.objectives.status_of(0) == "pending" and "pending" in d.panel.objectives.labels[0].text()
    seen: set[str] = set()
    for action in actions:
        if isinstance(action, MoveCat) and "reach" not in seen:
            seen.add("reach")
            five_square_reach(d, expected, action)
        if expected.phase == "bonus" and "bonus" not in seen:
            seen.add("bonus")
            assert "Arrival bonus" in d.panel.bonus.prompt.text() and d.panel.bonus.skip.isEnabled()
            assert d.panel.counters.value("phase") == "arrival bonus"
            d.screenshot("advanced_bonus_choice")
        if expected.phase == "disaster" and "disaster" not in seen:
            seen.add("disaster")
            assert "▶" in d.panel.disaster.shown() and d.panel.prompt.text().startswith("Disaster:")
            d.screenshot("advanced_disaster_card")
        if isinstance(action, Refill) and "refill" not in seen:
            seen.add("refill")
            d.screenshot("solo_refill_choice")
        d.do(action)
        expected.apply(action)
        check_shown(d, expected)
        if len(expected.arrivals) == 1:
            assert d.panel.objectives.status_of(0) == "met"
    assert seen == {"reach", "bonus", "disaster", "refill"}
    outcome = d.panel.session.state.outcome()
    assert outcome is not None and outcome.won and outcome.score == 5
    assert d.panel.banner.text() == "Won! Every cat is on the raft. Score: 5."
    assert "✔ met" in d.panel.objectives.labels[0].text()
    d.screenshot("advanced_win_banner")


def test_scripted_game_lost_by_a_failed_objective_names_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rulebook "Additional rules" 3 (OB-1): "Green arrives first" fails when another
    cat arrives first; the game is lost at once, the banner naming the objective."""
    plain = open_scenario(campaigns_dir() / FIRST_STEPS)
    seed, actions, final = find_game(plain, "win", range(0, 12))
    first = final.island.cat_colours[final.arrivals[0]]
    other = next(c for c in final.island.cat_colours if c != first)
    scenario = dataclasses.replace(plain, objectives=(Objective("arrival_order", colour=other, position=1),
                                                      Objective("text", text="Fixture: a reminder, never checked")))  # fmt: skip
    d = open_window(qtbot, scenario, seed)
    expected = new_game(scenario, seed=seed)
    for action in actions:
        d.do(action)
        expected.apply(action)
        check_shown(d, expected)
        if expected.is_terminal():
            break
    outcome = expected.outcome()
    assert outcome is not None and outcome.reason == "objective-failed" and outcome.score == 0
    banner = d.panel.banner.text()
    named = f"{other.capitalize()} arrives first"
    assert (
        banner.startswith("Lost: an objective failed.")
        and named in banner
        and f"the {first} cat arrived first" in banner
    )
    assert banner.endswith("Score: 0.")
    assert d.panel.objectives.status_of(0) == "failed" and "✘ failed" in d.panel.objectives.labels[0].text()
    assert "not checked" in d.panel.objectives.labels[1].text()
    d.screenshot("objective_failed_banner")


def test_communication_tokens_are_shown_and_marked_used_without_an_action(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rulebook "Additional rules" 1: 2 players each hold 1 meow and 1 talk token; a
    player discards one to talk.  The playtest shows them as reminders: a click marks
    one used, which is no action (history and legal actions unchanged)."""
    scenario = open_scenario(campaigns_dir() / "tutorial/03-crossed-paths.scenario.json")
    assert scenario.rules.communication_tokens
    window = PlaytestWindow(scenario, seed=3, players=2)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    d = Driver(qtbot, window)
    tokens = d.panel.tokens
    assert tokens.isVisible() and [b.text() for b in tokens.buttons] == ["meow", "talk", "meow", "talk"]
    state = d.panel.session.state
    before = (list(state.history), len(state.legal_actions()))
    d.click(tokens.button(1, 1))
    state = d.panel.session.state
    assert state.comm_tokens[1][1].used and not state.comm_tokens[0][1].used
    assert (list(state.history), len(state.legal_actions())) == before
    assert tokens.button(1, 1).isChecked() and tokens.button(1, 1).text() == "talk (used)"
    d.screenshot("communication_tokens")
    d.click(tokens.button(1, 1))  # a second click takes the mark back
    assert not d.panel.session.state.comm_tokens[1][1].used
    d.panel.setup.players.setValue(1)  # solo: "There are no meow or talk tokens"
    assert not d.panel.tokens.isVisible()


def test_a_long_banner_reason_is_written_smaller_to_fit_the_banner(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The banner keeps its height (the island must not move); a reason naming a bound
    objective's squares is long, so it is written in the smaller size."""
    window = PlaytestWindow(open_scenario(campaigns_dir() / FIRST_STEPS), seed=1)
    qtbot.addWidget(window)
    banner = window.panel.banner
    short, long = "Lost: the decks ran out. Score: 0.", "Lost: an objective failed. " + "x" * 150
    banner.show_message(short, good=False)
    assert "font-size: 16px" in banner.styleSheet()
    height = banner.height()
    banner.show_message(long, good=False)
    assert "font-size: 13px" in banner.styleSheet() and banner.height() == height
