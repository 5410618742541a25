"""Starting and replaying games.

:func:`new_game` sets a scenario up as the rulebook's "Setup" says: the RNG seeded
with ``seed`` draws a physical board and rotation for every slot
(:func:`engine.model.layout.draw_board_choices`, pinned slots honoured), the cards are laid
(:func:`engine.model.layout.compose_island`), cats stand on their icons, the four pathway
decks are shuffled (in catalog deck order), the fire bag holds every fire tile (the
31 base tiles; hybrid tiles only when the scenario opts in, FB-2), the water tokens
are the scenario's (``rules.water_tokens``), the disaster pile is empty; in the advanced
game the catalog's disaster cards are shuffled into the disaster deck after the
pathway decks (so a standard game's draws are unchanged).  The same RNG
then draws every fire tile during play, so a game is fully determined by
``(scenario, seed, variant, players, actions)``: a :class:`Replay`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from engine.model.catalog import Catalog, default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.layout import draw_board_choices
from engine.model.scenario import Scenario
from engine.model.schema_ids import schema_url
from engine.play.actions import Action, parse_action
from engine.play.island import Island
from engine.play.island_cache import set_up_island
from engine.play.moves import check_cut_off, end_game
from engine.play.objectives import failed_objective
from engine.play.outcome import DECKS_SHORT, LOSS, OBJECTIVE_FAILED, Outcome
from engine.play.position import shuffled_decks
from engine.play.replay_versions import play_actions
from engine.play.state import GameState
from engine.play.support import check_playable
from engine.play.variants import RuleSet, get_variant
from engine.play.version import RULES_VERSION

REPLAY_FORMAT = "raftwright.replay"
REPLAY_FORMAT_VERSION = 2  # 2: rules_version recorded (format 1 files have none)


def new_game(
    scenario: Scenario,
    *,
    seed: int,
    players: int = 1,
    variant: str | RuleSet = "solo",
    catalog: Catalog | None = None,
) -> GameState:
    """A new game of ``scenario`` in its first draw phase (or already lost, if a cat
    starts cut off or the decks are short)."""
    catalog = catalog or default_catalog()
    check_playable(scenario, catalog)  # never a silent wrong answer: refuse the rules not played yet
    rules = get_variant(variant)
    rules.check_players(players)
    if players not in scenario.rules.players:
        allowed = ", ".join(str(p) for p in scenario.rules.players)
        raise ValueError(f"scenario '{scenario.id}' is for {allowed} player(s), not {players}")
    rng = random.Random(seed)
    choices = draw_board_choices(scenario, catalog, rng)
    state = set_up_state(set_up_island(scenario, catalog, tuple(choices)), rules, rng, players, seed)
    if check_cut_off(state):
        return state
    failed = failed_objective(state)  # fewer treasure maps on the island than the objective asks (SC-2)
    if failed is not None and failed.objective.kind == "collect_maps":
        end_game(
            state, Outcome(LOSS, OBJECTIVE_FAILED, f"objective {failed.index + 1} cannot be met: {failed.describe()}")
        )
    elif rules.decks_short(state):
        end_game(state, Outcome(LOSS, DECKS_SHORT, "the decks cannot supply the first draw"))
    return state


def set_up_state(island: Island, rules: RuleSet, rng: random.Random, players: int = 1, seed: int = 0) -> GameState:
    """The position at set-up on ``island`` (boards drawn): decks shuffled, the
    disaster pile too in the advanced game, no cut-off check yet.  :func:`new_game`
    and the validator's set-up loss check (:mod:`engine.check.setup_loss`) share it."""
    decks = shuffled_decks(island, rng)
    disaster_deck: list[str] = []
    if rules.disaster_deck(island.scenario):  # setup 7 (advanced): shuffle the disaster cards into a face-down pile
        disaster_deck = sorted(island.catalog.disaster_cards)
        rng.shuffle(disaster_deck)
    cats = len(island.cat_starts)  # set-up values throughout, so the constructor's checks are skipped (issue 11)
    state = GameState.trusted(island, rules, rng=rng, exhausted=[False] * cats, arrived=[False] * cats, decks=decks,
                              hands=[[] for _ in range(players)], bag=list(island.tiles), seed=seed)  # fmt: skip
    state.advanced.disaster_deck = disaster_deck
    return state


@dataclass(frozen=True)
class Replay:
    """Everything needed to reproduce a game exactly: the scenario, seed, variant,
    players and actions, and the rules version they were played under (None: a replay
    saved before versions were recorded; :mod:`engine.play.replay_versions` reads it)."""

    scenario: Scenario
    seed: int
    variant: str = "solo"
    players: int = 1
    actions: tuple[Action, ...] = field(default_factory=tuple)
    rules_version: int | None = RULES_VERSION
    recorded: dict[str, Any] | None = field(default=None, compare=False)  # the outcome the file recorded

    @classmethod
    def of(cls, state: GameState) -> "Replay":
        return cls(state.island.scenario, state.seed, state.rules.name, state.players, tuple(state.history))

    def play(self, catalog: Catalog | None = None) -> GameState:
        return replay(self, catalog=catalog)

    def migrated(self, catalog: Catalog | None = None) -> "Replay":
        """This replay as the current rules version records it (an unversioned solo
        replay gains the refills the engine once made by itself); raises
        :class:`~engine.play.replay_versions.ReplayVersionError` naming both versions when
        its actions cannot mean the same game now."""
        if self.rules_version == RULES_VERSION:
            return self
        state = _start(self, catalog)
        actions = play_actions(state, self.actions, self.rules_version, self.recorded)
        return replace(self, actions=actions, rules_version=RULES_VERSION)

    def to_dict(self, outcome: Outcome | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {
            "$schema": schema_url("replay", REPLAY_FORMAT_VERSION),
            "format": REPLAY_FORMAT,
            "format_version": REPLAY_FORMAT_VERSION if self.rules_version is not None else 1,
        }
        if self.rules_version is not None:
            d["rules_version"] = self.rules_version
        d |= {
            "scenario": scenario_to_dict(self.scenario),
            "seed": self.seed,
            "variant": self.variant,
            "players": self.players,
            "actions": [str(a) for a in self.actions],
        }
        if outcome is not None:
            d["outcome"] = outcome.to_dict()
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Replay":
        """Read a replay document (check it with ``schema_errors("replay", data)`` first
        when it comes from a file).  Format 1 has no rules version (None)."""
        if data.get("format") != REPLAY_FORMAT:
            raise ValueError(f"not a Raftwright replay (format {data.get('format')!r}, expected {REPLAY_FORMAT!r})")
        version = data.get("rules_version") if data.get("format_version", 1) >= 2 else None
        if data.get("format_version", 1) >= 2 and not isinstance(version, int):
            raise ValueError("a format 2 replay records its rules_version (an integer); re-save the replay")
        outcome = data.get("outcome")
        return cls(
            scenario=scenario_from_dict(data["scenario"]),
            seed=int(data["seed"]),
            variant=str(data["variant"]),
            players=int(data["players"]),
            actions=tuple(parse_action(t) for t in data["actions"]),
            rules_version=None if version is None else int(version),
            recorded=dict(outcome) if isinstance(outcome, dict) else None,
        )


def _start(record: Replay, catalog: Catalog | None) -> GameState:
    return new_game(record.scenario, seed=record.seed, players=record.players, variant=record.variant, catalog=catalog)


def replay(
    record: Replay | Scenario,
    actions: Iterable[Action | str] = (),
    *,
    seed: int | None = None,
    players: int = 1,
    variant: str = "solo",
    catalog: Catalog | None = None,
) -> GameState:
    """Play a :class:`Replay` (or a scenario plus ``seed``/``variant``/``players`` and
    an action list, given as actions or their text) from the start; every action is
    checked, so a replay that does not fit raises :class:`IllegalAction`.  A replay of
    another rules version is read by :mod:`engine.play.replay_versions`: played as the
    same game, or refused with :class:`~engine.play.replay_versions.ReplayVersionError`
    naming both versions."""
    if isinstance(record, Replay):
        state = _start(record, catalog)
        play_actions(state, record.actions, record.rules_version, record.recorded)
        return state
    if seed is None:
        raise ValueError("replay needs the seed the game was started with")
    state = new_game(record, seed=seed, players=players, variant=variant, catalog=catalog)
    play_actions(state, actions)
    return state
