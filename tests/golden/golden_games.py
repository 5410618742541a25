"""Golden games: what the rules and the bots did on a fixed sample of games, kept in the
repository so a change of play shows as a reviewable diff.

Each file under ``tests/golden/games/`` is one (scenario, variant, bot, seed) sample: the
bundled scenario it starts from and the changes made to it (advanced mode, Kickstarter
tokens, a treasure-map objective), the game's replay in the engine's action notation, its
outcome, and the ``RULES_VERSION`` and ``BOTS_VERSION`` it was recorded under.  The test
(``test_golden_games.py``) *replays* each file (the recorded actions must give the recorded
outcome) and *re-plays* it (the bot with the seed must choose the recorded actions);
``tools/update_goldens.py`` rewrites the files on purpose.

The advanced samples draw FIXTURE disaster cards (the real cards' texts are unknown,
RULINGS C15); the Kickstarter samples put FIXTURE token placements on bundled islands (no
bundled scenario has tokens).  Neither is a real component.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.bots.bots import get_bot
from engine.bots.version import BOTS_VERSION
from engine.model.catalog import Catalog, default_catalog
from engine.model.disaster_cards import DisasterCard, DisasterEffect
from engine.model.formats import scenario_from_dict
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario
from engine.play.actions import parse_action
from engine.play.game import new_game
from engine.play.state import GameState
from engine.play.version import RULES_VERSION

GAMES_DIR = Path(__file__).resolve().parent / "games"
FORMAT = "raftwright.golden-game"
MAX_ACTIONS = 2_000  # every sample ends well before; a game that does not is a failure

CHOICES_CHANGED = (
    "a game's choices changed: bump RULES_VERSION (engine/play/version.py) or BOTS_VERSION "
    "(engine/bots/version.py) and run tools/update_goldens.py"
)

E = DisasterEffect
FIXTURE_DISASTER_CARDS = (
    DisasterCard("fixture-disaster-flare", (E("fire"),), name="Fixture flare"),
    DisasterCard(
        "fixture-disaster-scatter", (E("discard", who="each"), E("exhaust", cat="nearest_fire")), name="Fixture scatter"
    ),  # fmt: skip
    DisasterCard("fixture-disaster-drift", (E("move", cat="any", squares=3, towards="fire"),), name="Fixture drift"),
    DisasterCard(
        "fixture-disaster-flee",
        (E("move", cat="nearest_fire", squares=2, towards="away_from_fire"), E("lose_water")),
        name="Fixture flee",
    ),  # fmt: skip
    DisasterCard(
        "fixture-disaster-gust", (E("move", cat="red"), E("move", cat="blue", squares=1)), name="Fixture gust"
    ),
)
CATALOGS = ("default", "fixture-disasters")


def catalog_named(name: str) -> Catalog:
    """The catalog a golden game is played with: the default one, or it plus the FIXTURE
    disaster cards (advanced samples)."""
    if name == "default":
        return default_catalog()
    if name == "fixture-disasters":
        extra = Catalog(ids=("fixture-disasters",), name="fixture disasters",
                        disaster_cards={c.id: c for c in FIXTURE_DISASTER_CARDS})  # fmt: skip
        return default_catalog().merged(extra)
    raise ValueError(f"unknown golden-game catalog {name!r}; use one of {', '.join(CATALOGS)}")


def _tokens(*placed: tuple[str, int, int]) -> list[dict[str, Any]]:
    return [{"kind": kind, "at": [r, c]} for kind, r, c in placed]


MAP_OBJECTIVE = [{"kind": "collect_maps", "count": 1}]
# FIXTURE token placements: squares near the cats and spread over the island (seed 0's reach).
TUTORIAL_1_TOKENS = _tokens(("map", 13, 3), ("fish", 13, 5), ("water", 6, 3), ("fire", 7, 3), ("map", 0, 11),
                            ("fish", 1, 11), ("water", 2, 9), ("fire", 3, 10))  # fmt: skip
CAMPAIGN_1_7_TOKENS = _tokens(("map", 0, 12), ("fish", 0, 13), ("water", 13, 3), ("fire", 13, 5), ("map", 9, 15),
                              ("fish", 10, 15), ("water", 12, 12), ("fire", 13, 12))  # fmt: skip
CAMPAIGN_1_1_TOKENS = _tokens(("map", 0, 12), ("fish", 0, 13), ("water", 12, 0), ("fire", 13, 0), ("map", 6, 2),
                              ("fish", 7, 2), ("water", 0, 7), ("fire", 0, 8))  # fmt: skip


@dataclass(frozen=True)
class Sample:
    """One golden game: a bundled scenario (``group/slug``), the top-level scenario keys
    it changes, and how it is played."""

    name: str
    scenario: str
    variant: str
    players: int
    bot: str
    seed: int
    changes: dict[str, Any] = field(default_factory=dict)
    catalog: str = "default"


def _sample(scenario: str, variant: str, players: int, bot: str, seed: int, tag: str = "", **kw: Any) -> Sample:
    group, slug = scenario.split("/")
    name = f"{group}-{slug[:2]}{'-' + tag if tag else ''}-{variant}{players}-{bot}-s{seed}"
    return Sample(name, scenario, variant, players, bot, seed, **kw)


ADVANCED = {"mode": "advanced"}
SAMPLES: tuple[Sample, ...] = (
    # every bundled group, solo and team, both bots
    _sample("tutorial/01-first-steps", "solo", 1, "heuristic", 1),
    _sample("tutorial/04-down-the-river", "standard", 2, "random", 2),
    _sample("practice/01-early-morning", "standard", 3, "heuristic", 3),
    _sample("practice/03-wet-paws", "solo", 1, "random", 4),
    _sample("campaign-1/01-waiting-for-friends", "solo", 1, "heuristic", 7),
    _sample("campaign-1/07-river-rafts", "standard", 4, "heuristic", 11),
    _sample("campaign-1/04-like-a-rainbow", "comp1110", 1, "random", 7),
    _sample("campaign-2/03-tricky-waters", "solo", 1, "heuristic", 8),
    _sample("campaign-2/06-meet-the-twins", "standard", 2, "random", 9),
    _sample("campaign-3/02-hot-sands", "standard", 2, "heuristic", 10),
    _sample("campaign-3/08-around-the-island", "solo", 1, "random", 11),
    _sample("campaign-4/04-straight-dash", "solo", 1, "heuristic", 12),
    _sample("campaign-4/06-down-the-waterfall", "standard", 3, "random", 13),
    # the advanced game (FIXTURE disaster cards)
    _sample(
        "campaign-1/01-waiting-for-friends",
        "solo",
        1,
        "heuristic",
        18,
        "advanced",
        changes=ADVANCED,
        catalog="fixture-disasters",
    ),  # fmt: skip
    _sample(
        "tutorial/04-down-the-river",
        "standard",
        2,
        "random",
        15,
        "advanced",
        changes=ADVANCED,
        catalog="fixture-disasters",
    ),  # fmt: skip
    _sample(
        "campaign-2/01-down-in-the-valley",
        "standard",
        2,
        "heuristic",
        16,
        "advanced",
        changes=ADVANCED,
        catalog="fixture-disasters",
    ),  # fmt: skip
    # Kickstarter tokens of every kind and a treasure-map objective (FIXTURE placements)
    _sample(
        "tutorial/01-first-steps",
        "solo",
        1,
        "heuristic",
        18,
        "tokens",
        changes={"tokens": TUTORIAL_1_TOKENS, "objectives": MAP_OBJECTIVE},
    ),  # fmt: skip
    _sample(
        "campaign-1/07-river-rafts",
        "standard",
        2,
        "random",
        18,
        "tokens",
        changes={"tokens": CAMPAIGN_1_7_TOKENS, "objectives": MAP_OBJECTIVE},
    ),  # fmt: skip
    _sample(
        "campaign-1/01-waiting-for-friends",
        "standard",
        2,
        "heuristic",
        27,
        "tokens-advanced",
        changes={"tokens": CAMPAIGN_1_1_TOKENS, "objectives": MAP_OBJECTIVE, **ADVANCED},
        catalog="fixture-disasters",
    ),  # fmt: skip
)


def golden_scenario(bundled: str, changes: dict[str, Any]) -> Scenario:
    """The bundled scenario ``group/slug`` with its top-level keys replaced by ``changes``."""
    data = json.loads((campaigns_dir() / f"{bundled}.scenario.json").read_text(encoding="utf-8"))
    data.update(changes)
    return scenario_from_dict(data)


def start(record: dict[str, Any]) -> GameState:
    """The new game a golden record (or a sample's fields in that shape) starts from."""
    scenario = golden_scenario(record["scenario"], record.get("changes", {}))
    return new_game(scenario, seed=record["seed"], players=record["players"], variant=record["variant"],
                    catalog=catalog_named(record.get("catalog", "default")))  # fmt: skip


def play_with_bot(record: dict[str, Any]) -> GameState:
    """The game the record's bot plays from its seed (the bot's RNG seeded as the game's,
    as Monte-Carlo runs do)."""
    state = start(record)
    bot, rng = get_bot(record["bot"]), random.Random(record["seed"])
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        state.apply(bot.choose(state, rng))  # checked: a bot's illegal choice fails here
    return state


def replay_actions(record: dict[str, Any]) -> GameState:
    """The game the record's actions give, every one checked."""
    state = start(record)
    for text in record["actions"]:
        state.apply(parse_action(text))
    return state


def record_of(sample: Sample) -> dict[str, Any]:
    """A sample played now, as the file that records it."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules_version": RULES_VERSION,
        "bots_version": BOTS_VERSION,
        "scenario": sample.scenario,
        "changes": sample.changes,
        "catalog": sample.catalog,
        "variant": sample.variant,
        "players": sample.players,
        "bot": sample.bot,
        "seed": sample.seed,
    }
    state = play_with_bot(record)
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"golden game {sample.name} did not end within {MAX_ACTIONS} actions")
    record["actions"] = [str(a) for a in state.history]
    record["outcome"] = outcome.to_dict()
    return record


def dumps(record: dict[str, Any]) -> str:
    """The file text: one action a line, so a change of choices reads as a diff."""
    head = {k: v for k, v in record.items() if k not in ("actions", "outcome")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}," for k, v in head.items()]
    lines.append(f'  "outcome": {json.dumps(record["outcome"], sort_keys=True)},')
    lines.append('  "actions": [')
    lines += [
        f"    {json.dumps(a)}{',' if i < len(record['actions']) - 1 else ''}" for i, a in enumerate(record["actions"])
    ]
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def path_of(sample: Sample) -> Path:
    return GAMES_DIR / f"{sample.name}.json"


def check_record(record: dict[str, Any], name: str) -> list[str]:
    """What is wrong with one golden record now: empty when the recorded actions still give
    the recorded outcome and the bot still chooses them under the recorded versions."""
    recorded = f"rules {record.get('rules_version')}, bots {record.get('bots_version')}"
    current = f"rules {RULES_VERSION}, bots {BOTS_VERSION}"
    if (record.get("rules_version"), record.get("bots_version")) != (RULES_VERSION, BOTS_VERSION):
        return [f"{name}: recorded under {recorded}, the code is at {current}: run tools/update_goldens.py"]
    problems: list[str] = []
    try:
        replayed = replay_actions(record)
        outcome = replayed.outcome()
        got = None if outcome is None else outcome.to_dict()
        if got != record["outcome"]:
            problems.append(f"{name}: the recorded actions now give {got}, not {record['outcome']}")
    except ValueError as exc:  # IllegalAction and bad notation are ValueErrors
        problems.append(f"{name}: the recorded actions no longer replay ({exc})")
    played = play_with_bot(record)
    actions = [str(a) for a in played.history]
    if actions != record["actions"]:
        first = next((i for i, (a, b) in enumerate(zip(actions, record["actions"])) if a != b),
                     min(len(actions), len(record["actions"])))  # fmt: skip
        was = record["actions"][first] if first < len(record["actions"]) else "(the end)"
        now = actions[first] if first < len(actions) else "(the end)"
        problems.append(f"{name}: the {record['bot']} bot now plays {now} at action {first + 1}, recorded {was}")
    if problems:
        problems.append(CHOICES_CHANGED)
    return problems
