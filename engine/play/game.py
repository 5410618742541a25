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
from dataclasses import dataclass, field
from typing import Any, Iterable

from engine.model.catalog import Catalog, default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.layout import draw_board_choices
from engine.model.scenario import Scenario
from engine.play.actions import Action, parse_action
from engine.play.island_cache import set_up_island
from engine.play.moves import check_cut_off, end_game
from engine.play.objectives import failed_objective
from engine.play.outcome import DECKS_SHORT, LOSS, OBJECTIVE_FAILED, Outcome
from engine.play.position import shuffled_decks
from engine.play.state import GameState
from engine.play.support import check_playable
from engine.play.variants import RuleSet, get_variant

REPLAY_FORMAT = "raftwright.replay"
REPLAY_FORMAT_VERSION = 1


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
    island = set_up_island(scenario, catalog, tuple(choices))
    decks = shuffled_decks(island, rng)
    disaster_deck: list[str] = []
    if rules.disaster_deck(scenario):  # setup 7 (advanced): shuffle the disaster cards into a face-down pile
        disaster_deck = sorted(catalog.disaster_cards)
        rng.shuffle(disaster_deck)
    cats = len(island.cat_starts)  # set-up values throughout, so the constructor's checks are skipped (issue 11)
    state = GameState.trusted(island, rules, rng=rng, exhausted=[False] * cats, arrived=[False] * cats, decks=decks,
                              hands=[[] for _ in range(players)], bag=list(island.tiles), seed=seed)  # fmt: skip
    state.advanced.disaster_deck = disaster_deck
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


@dataclass(frozen=True)
class Replay:
    """Everything needed to reproduce a game exactly."""

    scenario: Scenario
    seed: int
    variant: str = "solo"
    players: int = 1
    actions: tuple[Action, ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, state: GameState) -> "Replay":
        return cls(state.island.scenario, state.seed, state.rules.name, state.players, tuple(state.history))

    def play(self, catalog: Catalog | None = None) -> GameState:
        return replay(self, catalog=catalog)

    def to_dict(self, outcome: Outcome | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": REPLAY_FORMAT,
            "format_version": REPLAY_FORMAT_VERSION,
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
        when it comes from a file)."""
        if data.get("format") != REPLAY_FORMAT:
            raise ValueError(f"not a Raftwright replay (format {data.get('format')!r}, expected {REPLAY_FORMAT!r})")
        return cls(
            scenario=scenario_from_dict(data["scenario"]),
            seed=int(data["seed"]),
            variant=str(data["variant"]),
            players=int(data["players"]),
            actions=tuple(parse_action(t) for t in data["actions"]),
        )


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
    checked, so a replay that does not fit raises :class:`IllegalAction`."""
    if isinstance(record, Replay):
        scenario, seed, players, variant = record.scenario, record.seed, record.players, record.variant
        actions = record.actions
    else:
        scenario = record
        if seed is None:
            raise ValueError("replay needs the seed the game was started with")
    state = new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog)
    for action in actions:
        state.apply(parse_action(action) if isinstance(action, str) else action)
    return state
