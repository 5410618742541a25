"""What a scenario sheet says in words, worked out from the scenario (no Qt here).

The campaign book puts beside each island the scenario's name, its paws, the
additional objectives, the Kickstarter tokens with their counts and what to set out;
:class:`SheetText` holds those lines so the painter (:mod:`editor.sheets.layout`)
only places them, and tests can read them without drawing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from engine.check.estimates import is_stale
from engine.check.issues import Issue
from engine.model.scenario import Scenario
from engine.packs.needs import Needs

MAX_PAWS = 5
KICKSTARTER_TOKENS: dict[str, str] = {"water": "Water", "fish": "Fish", "map": "Treasure map", "fire": "Fire"}
#: what the set-up list calls the Kickstarter pack's parts a scenario uses (engine.packs.needs;
#: its tokens have their own line)
KICKSTARTER_FEATURES: dict[str, str] = {
    "special-boards": "special boards",
    "hybrid-tiles": "hybrid fire tiles",
    "oshax": "the Oshax",
    "rescue-friends": "rescue friends",
}
STAND_IN = "*"
CUSTOM = "\u2020"  # a dagger: a component no box holds
#: where a custom component's face is printed, when the caller does not say
PRINTED_ELSEWHERE = "the print-and-play pages ('raftwright booklet' adds them to a campaign's booklet)"
#: keys under a ``metadata`` mapping that may hold an estimate (drafts before ``difficulty_estimate``)
DIFFICULTY_KEYS = ("difficulty_estimate", "simulated_difficulty", "difficulty")


@dataclass(frozen=True)
class DifficultyBox:
    """A simulated difficulty estimate: which bot, how many games, the share won."""

    bot: str
    games: int
    win_rate: float
    interval: tuple[float, float] | None = None  # 95 % interval of the win rate
    stale: bool = False  # made on another layout or by another bot (engine.check.estimates)

    def lines(self) -> list[str]:
        rate = f"Win rate: {self.win_rate:.0%}"
        if self.interval is not None:
            rate += f" ({self.interval[0]:.0%}-{self.interval[1]:.0%})"
        return [f"Bot: {self.bot}", f"Games: {self.games}", rate] + (["STALE: estimate again"] if self.stale else [])


@dataclass(frozen=True)
class SheetText:
    name: str
    paws: int | None  # None: not rated yet
    objectives: list[str]
    kickstarter: list[tuple[str, str, int]]  # (token kind, label, count)
    checklist: list[str]
    warnings: list[str] = field(default_factory=list)
    key: list[str] = field(default_factory=list)  # what each mark in the checklist means
    difficulty: DifficultyBox | None = None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def difficulty_estimate(scenario: Scenario) -> DifficultyBox | None:
    """The scenario's stored simulated estimate (``scenario.difficulty_estimate``, or a
    mapping under ``metadata`` in older drafts), read defensively; None when absent."""
    stored = getattr(scenario, "difficulty_estimate", None)
    if stored is not None:
        fields = {name: getattr(stored, name, None) for name in ("bot", "games", "win_rate", "interval")}
        box = _box(fields)
        return replace(box, stale=is_stale(scenario)) if box is not None else None
    metadata = getattr(scenario, "metadata", None)
    if not isinstance(metadata, Mapping):
        return None
    for key in DIFFICULTY_KEYS:
        found = metadata.get(key)
        if isinstance(found, Mapping):
            return _box(found)
    return None


def _box(data: Mapping[str, Any]) -> DifficultyBox | None:
    games = data.get("games", data.get("runs"))
    rate = data.get("win_rate", data.get("wins_share"))
    if rate is None and isinstance(data.get("wins"), int) and isinstance(games, int) and games > 0:
        rate = data["wins"] / games
    if not isinstance(games, int) or not isinstance(rate, (int, float)):
        return None
    interval = data.get("interval")
    low_high = None
    if (
        isinstance(interval, (list, tuple))
        and len(interval) == 2
        and all(isinstance(v, (int, float)) for v in interval)
    ):
        low_high = (float(interval[0]), float(interval[1]))
    return DifficultyBox(str(data.get("bot") or "?"), games, float(rate), low_high)


def checklist(scenario: Scenario, unlocks: Sequence[str] = (), needs: Needs | None = None) -> list[str]:
    """The set-up list: boards by size and face, the cards, the tokens, the rules.
    A stand-in card is marked ``*``; a component in no box (``needs``) ``\u2020``."""
    lines: list[str] = []
    custom = needs or Needs()
    parts = [KICKSTARTER_FEATURES[f] for f in custom.features if f in KICKSTARTER_FEATURES]
    if parts:
        lines.append(f"Kickstarter pack: {', '.join(parts)}")
    boards = Counter((f"special {b.shape}" if b.special else b.size, b.face) for b in scenario.boards)
    special_custom = bool(custom.custom("board"))  # special boards are custom (no box's shapes are known)
    for (size, face), n in sorted(boards.items()):
        mark = CUSTOM if size.startswith("special ") and special_custom else ""
        lines.append(f"{_plural(n, f'{size} board')}, {face} face{mark}")
    for slot in scenario.boards:
        if slot.pin is not None:
            mark = CUSTOM if slot.pin.board in custom.custom("board") else ""
            lines.append(f"Board {slot.pin.board}{mark} pinned at ({slot.at[0]}, {slot.at[1]})")
    for kind, title in (("location", "Location cards"), ("raft", "Raft cards")):
        own = custom.custom(kind)
        names = [
            f"{c.ident or '?'}{STAND_IN if c.stand_in else ''}{CUSTOM if c.ident in own else ''}"
            for c in scenario.cards
            if c.kind == kind
        ]
        if names:
            lines.append(f"{title}: {', '.join(names)}")
    for kind, title in (
        ("pathway", "Custom pathway cards, shuffled into their decks"),
        ("fire-tile", "Custom fire tiles, in the bag"),
        ("disaster", "Custom disaster cards, in the disaster deck"),
    ):
        extra = sorted(custom.custom(kind))
        if extra:
            lines.append(f"{title}: {', '.join(f'{i}{CUSTOM}' for i in extra)}")
    fire = sum(1 for c in scenario.cards if c.kind == "fire")
    if fire:
        lines.append(_plural(fire, "fire card"))
    objective = [t.value or "?" for t in scenario.tokens if t.kind == "objective"]
    if objective:
        lines.append(f"Objective tokens: {' '.join(objective)}")
    kickstarter = sum(1 for t in scenario.tokens if t.kind in KICKSTARTER_TOKENS)
    if kickstarter:
        lines.append(f"{_plural(kickstarter, 'Kickstarter token')} (listed on the left)")
    rules = scenario.rules
    if rules.water_tokens:
        lines.append(f"{_plural(rules.water_tokens, 'water token')} in the supply")
    if rules.communication_tokens:
        lines.append("Meow and talk tokens")
    if rules.hybrid_fire_tiles:
        lines.append("Hybrid fire tiles in the bag")
    if rules.disaster_deck:
        lines.append("Disaster deck")
    if rules.stuck_hand == "discard":  # LC-7 house reading other than the default (the game is lost)
        lines.append("Cards that cannot be played go to the disaster pile")
    if tuple(rules.players) != (1, 2, 3, 4):
        lines.append(f"Players: {', '.join(str(n) for n in rules.players)}")
    if scenario.mode != "standard":
        lines.append(f"Mode: {scenario.mode}")
    lines += [f"New rule: {rule.replace('_', ' ')}" for rule in unlocks]  # schema names, e.g. water_tokens
    return lines


def marks_key(lines: Sequence[str], printed_at: str = PRINTED_ELSEWHERE) -> list[str]:
    """What the marks used in ``lines`` mean, one line per mark."""
    text = " ".join(lines)
    key = []
    if STAND_IN in text:
        key.append(
            f"{STAND_IN} a stand-in: the real card's layout is unknown (RULINGS \u00a72.3), "
            "so this card is used in its place"
        )
    if CUSTOM in text:
        key.append(f"{CUSTOM} not in the box: print its face from {printed_at}")
    return key


def sheet_text(
    scenario: Scenario,
    issues: Sequence[Issue] = (),
    *,
    unlocks: Sequence[str] = (),
    show_difficulty: bool = False,
    needs: Needs | None = None,
    printed_at: str = PRINTED_ELSEWHERE,
) -> SheetText:
    counts = Counter(t.kind for t in scenario.tokens if t.kind in KICKSTARTER_TOKENS)
    warnings = [f"{i.message} ({i.where.describe()})" for i in issues if i.is_error]
    lines = checklist(scenario, unlocks, needs)
    return SheetText(
        name=scenario.name or scenario.id,
        paws=scenario.difficulty,
        objectives=[o.describe() for o in scenario.objectives],
        kickstarter=[(kind, label, counts[kind]) for kind, label in KICKSTARTER_TOKENS.items() if counts[kind]],
        checklist=lines,
        warnings=warnings,
        difficulty=difficulty_estimate(scenario) if show_difficulty else None,
        key=marks_key(lines, printed_at),
    )
