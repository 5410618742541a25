"""Never a silent wrong answer: a scenario that needs a rule the engine does not play
yet is refused by ``new_game`` (and by every way into a game: replays, saved states),
naming the rule, and ``validate`` warns that it cannot be playtested yet."""

from __future__ import annotations

import pytest

from engine import GameState, Replay, new_game, validate
from engine.check.validate_files import open_campaign_with_scenarios, open_scenario
from engine.model.library import bundled_campaign_paths
from engine.model.resources import campaigns_dir
from engine.model.scenario import Objective, RuleOptions, Scenario, TokenPlacement
from engine.play.support import UnsupportedScenario, unplayed_rules


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return open_scenario(campaigns_dir() / "campaign-1" / "01-waiting-for-friends.scenario.json")


def _raft_destination(scenario: Scenario) -> tuple[int, int]:
    raft = next(c for c in scenario.cards if c.kind == "raft")
    return raft.at[0] + 1, raft.at[1] + 1


CASES = {
    # rulebook "Advanced rules": 5-square moves, the disaster deck, the arrival bonus
    "advanced": (lambda s: s.with_changes(mode="advanced"), "the advanced game", "/mode"),
    # rulebook "Advanced rules": the disaster deck
    "disaster deck": (lambda s: s.with_changes(rules=RuleOptions(disaster_deck=True)), "the disaster deck",
                      "/rules/disaster_deck"),
    # Kickstarter pack "Hybrid fire tiles": played (engine.play.hybrid), but no catalog defines one (RULINGS C17)
    "hybrid tiles": (lambda s: s.with_changes(rules=RuleOptions(hybrid_fire_tiles=True)), "hybrid fire tiles",
                     "/rules/hybrid_fire_tiles"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_new_game_refuses_a_rule_it_does_not_play(scenario: Scenario, case: str) -> None:
    """Each rule not played yet is refused by name; the game never starts as a standard
    game (which could announce a win the real rules deny)."""
    change, rule, _ = CASES[case]
    changed = change(scenario)
    with pytest.raises(UnsupportedScenario, match=rule) as caught:
        new_game(changed, seed=1)
    assert "cannot be played yet" in str(caught.value) and changed.id in str(caught.value)


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_warns_that_the_scenario_cannot_be_playtested(scenario: Scenario, case: str) -> None:
    change, rule, path = CASES[case]
    found = [i for i in validate(change(scenario)) if i.code == "not-playable-yet"]
    assert [(i.severity, i.where.path) for i in found] == [("warning", path)]
    assert rule in found[0].message


def test_objectives_and_their_tokens_are_played(scenario: Scenario) -> None:
    """Rulebook "Additional rules" 1, 3, 5: arrival order, '=' and "close to" are played
    (engine.play.objectives); objective tokens are their reminders (OB-2)."""
    token = TokenPlacement("objective", _raft_destination(scenario), "1")
    changed = scenario.with_changes(
        tokens=(token,), objectives=(Objective("arrival_order", colour="blue", position=1),)
    )
    assert unplayed_rules(changed) == []
    assert not new_game(changed, seed=3).is_terminal()


def test_free_text_objectives_and_question_tokens_are_played(scenario: Scenario) -> None:
    """A '?' objective is free text shown to players, never checked: nothing to refuse."""
    changed = scenario.with_changes(
        objectives=(Objective("text", text="Sing while you play"),),
        tokens=(TokenPlacement("objective", _raft_destination(scenario), "?"),),
    )
    assert unplayed_rules(changed) == []
    assert not new_game(changed, seed=2).is_terminal()


def test_every_bundled_scenario_is_playable() -> None:
    refused = [
        s.id for p in bundled_campaign_paths() for _, s in open_campaign_with_scenarios(p)[1] if unplayed_rules(s)
    ]
    assert refused == []


def test_replays_and_saved_games_of_unplayed_rules_are_refused(scenario: Scenario) -> None:
    """Every way into a game goes through the same refusal."""
    state = new_game(scenario, seed=5)
    advanced = scenario.with_changes(mode="advanced")
    with pytest.raises(UnsupportedScenario, match="advanced game"):
        Replay(advanced, seed=5).play()
    saved = state.to_dict()
    saved["scenario"]["mode"] = "advanced"
    with pytest.raises(UnsupportedScenario, match="advanced game"):
        GameState.from_dict(saved)


def test_an_objective_of_an_unknown_kind_is_refused_not_played_as_free_text(scenario: Scenario) -> None:
    """Issue 27: an objective built in Python with a kind the engine does not know (a
    typo, "arival_order") was played as free text and the game announced as a win.
    Files cannot carry one (the schema lists the kinds); a Python-built scenario is
    refused naming the kind, the objective and the kinds the engine plays."""
    typo = scenario.with_changes(objectives=(Objective("arival_order", colour="blue", position=1),))
    with pytest.raises(UnsupportedScenario) as caught:
        new_game(typo, seed=1)
    message = str(caught.value)
    assert "'arival_order'" in message and "objective 1" in message and "arrival_order" in message
    assert "Additional rules" in message
    assert any(i.severity == "error" for i in validate(typo))  # it cannot be written to a file either
    with pytest.raises(UnsupportedScenario, match="arival_order"):
        Replay(typo, seed=1).play()
