"""Actions: frozen values with a short, stable text form for replays and logs.

Every decision a game asks for is one of these.  ``str(action)`` gives the text form
and :func:`parse_action` reads it back (``parse_action(str(a)) == a``):

==============================  =================================================
``draw 0 circle``               player 0 draws the top card of the circle deck
``path 0 circle:a 3,9 r1``      player 0 places card a of the circle deck with its
                                top-left on (3, 9), turned 1 quarter clockwise
``fire l 11,3 T r3``            place the pending fire tile l, flipped (``T``; ``F``
                                unflipped), turned 3 quarters, bounding box top-left
                                on (11, 3) (COMP1110 anchor rule)
``move 0 7,10 4,13 circle:h``   player 0 moves the cat on (7, 10) to (4, 13),
                                discarding the listed card(s) from their hand
``move 0 7,10 4,13 circle:h take 5,10``  the same, by a way that collects the
                                Kickstarter token(s) on the listed squares (and no other)
``token map 3,4``               put a map token picked up by a card back on (3, 4)
``resolve water l``             resolve a collected token: water returns tile l to
                                the bag (``resolve water``: none), ``resolve fish``,
                                ``resolve map``, ``resolve fire``
``water l``                     spend a water token to return fire tile l to the bag
``refill 0 2``                  solo: player 0 takes face-down card 2 (0-based, in
                                the order drawn) into their hand (rulebook "Solo" 2)
``end``                         rest: every card is played; stand the cats up
``bonus draw 0 circle``         advanced raft-arrival bonus (AD-2): the active
                                player 0 draws the top circle card
``bonus move 0 7,10 4,13``      the bonus: move the cat on (7, 10) to (4, 13)
                                (at most 5 squares, no discard; it ends exhausted)
``bonus pass``                  the team does not take the bonus
``disaster discard 1 circle:h`` a disaster card makes player 1 discard circle:h
                                to the disaster pile (DP-3)
``disaster move 0 7,10 6,10``   a disaster card's forced move, chosen by the
                                active player 0 (the cat ends exhausted)
==============================  =================================================

Squares are ``row,col``; cards are ``deck:id`` keys (:attr:`PathwayCard.key`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from engine.model.geometry import Square


class ActionParseError(ValueError):
    """Text that is not an action; the message quotes it and shows the expected form."""


def _sq(square: Square) -> str:
    return f"{square[0]},{square[1]}"


@dataclass(frozen=True)
class DrawCard:
    player: int
    deck: str

    def __str__(self) -> str:
        return f"draw {self.player} {self.deck}"


@dataclass(frozen=True)
class PlacePathway:
    player: int
    deck: str
    card_id: str
    at: Square
    rotation: int

    @property
    def card(self) -> str:
        return f"{self.deck}:{self.card_id}"

    def __str__(self) -> str:
        return f"path {self.player} {self.card} {_sq(self.at)} r{self.rotation}"


@dataclass(frozen=True)
class PlaceFire:
    tile: str
    at: Square
    flipped: bool
    rotation: int

    def __str__(self) -> str:
        return f"fire {self.tile} {_sq(self.at)} {'T' if self.flipped else 'F'} r{self.rotation}"


@dataclass(frozen=True)
class MoveCat:
    """Move the cat standing on ``cat`` (its square names it: no two cats share one)."""

    player: int
    cat: Square
    to: Square
    discards: tuple[str, ...]
    collect: tuple[Square, ...] = ()  # Kickstarter tokens the cat's way collects (engine.play.tokens)

    def __str__(self) -> str:
        text = f"move {self.player} {_sq(self.cat)} {_sq(self.to)} {' '.join(self.discards)}".rstrip()
        return f"{text} take {' '.join(map(_sq, self.collect))}" if self.collect else text


@dataclass(frozen=True)
class UseWater:
    tile: str

    def __str__(self) -> str:
        return f"water {self.tile}"


@dataclass(frozen=True)
class Refill:
    """Solo: take the face-down card at ``index`` (in draw order) into the hand.  The
    player sees only its back (its deck), never its face (rulebook "Solo" 2, SO-1)."""

    player: int
    index: int

    def __str__(self) -> str:
        return f"refill {self.player} {self.index}"


@dataclass(frozen=True)
class ReturnToken:
    """Put a water, fish or map token the placed card picked up back on one of its
    squares (Kickstarter pack, "Action: add pathway" ii)."""

    kind: str
    at: Square

    def __str__(self) -> str:
        return f"token {self.kind} {_sq(self.at)}"


@dataclass(frozen=True)
class ResolveToken:
    """Resolve one token a moving cat collected (Kickstarter pack, "Action: move a
    cat"); ``tile`` is the fire tile a water token returns to the bag (None: none)."""

    kind: str
    tile: str | None = None

    def __str__(self) -> str:
        return f"resolve {self.kind} {self.tile}" if self.tile else f"resolve {self.kind}"


@dataclass(frozen=True)
class EndRound:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class BonusDraw:
    """The raft-arrival bonus taken as a card: the active player draws the top card of
    ``deck`` (solo: from the decks, not the face-down reserve; SO-1)."""

    player: int
    deck: str

    def __str__(self) -> str:
        return f"bonus draw {self.player} {self.deck}"


@dataclass(frozen=True)
class BonusMove:
    """The raft-arrival bonus taken as a move of any cat (AD-2)."""

    player: int
    cat: Square
    to: Square
    collect: tuple[Square, ...] = ()  # Kickstarter tokens its way collects (AD-4 INFERENCE: a bonus move collects)

    def __str__(self) -> str:
        text = f"bonus move {self.player} {_sq(self.cat)} {_sq(self.to)}"
        return f"{text} take {' '.join(map(_sq, self.collect))}" if self.collect else text


@dataclass(frozen=True)
class BonusPass:
    """The team declines the raft-arrival bonus (it is optional: "you may")."""

    def __str__(self) -> str:
        return "bonus pass"


@dataclass(frozen=True)
class DisasterDiscard:
    """A disaster card's discard: ``player`` puts ``card`` on the disaster pile."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"disaster discard {self.player} {self.card}"


@dataclass(frozen=True)
class DisasterMove:
    """A disaster card's forced move, chosen by the active ``player``."""

    player: int
    cat: Square
    to: Square
    collect: tuple[Square, ...] = ()  # Kickstarter tokens its way collects (engine.play.tokens)

    def __str__(self) -> str:
        text = f"disaster move {self.player} {_sq(self.cat)} {_sq(self.to)}"
        return f"{text} take {' '.join(map(_sq, self.collect))}" if self.collect else text


Action = Union[DrawCard, PlacePathway, PlaceFire, MoveCat, UseWater, Refill, EndRound, BonusDraw, BonusMove,
               BonusPass, DisasterDiscard, DisasterMove, ReturnToken, ResolveToken]  # fmt: skip

_NAME = r"[A-Za-z0-9_-]+"
_SQ = r"(\d+),(\d+)"
_CARD = rf"{_NAME}:{_NAME}"
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("draw", re.compile(rf"draw (\d+) ({_NAME})")),
    ("path", re.compile(rf"path (\d+) ({_NAME}):({_NAME}) {_SQ} r([0-3])")),
    ("fire", re.compile(rf"fire ({_NAME}) {_SQ} ([TF]) r([0-3])")),
    ("move", re.compile(rf"move (\d+) {_SQ} {_SQ}((?: {_CARD})*)(?: take((?: \d+,\d+)+))?")),
    ("token", re.compile(r"token (water|fish|map) (\d+),(\d+)")),
    ("resolve", re.compile(rf"resolve (water|fish|map|fire)(?: ({_NAME}))?")),
    ("water", re.compile(rf"water ({_NAME})")),
    ("refill", re.compile(r"refill (\d+) (\d+)")),
    ("end", re.compile(r"end")),
    ("bonus draw", re.compile(rf"bonus draw (\d+) ({_NAME})")),
    ("bonus move", re.compile(rf"bonus move (\d+) {_SQ} {_SQ}(?: take((?: \d+,\d+)+))?")),
    ("bonus pass", re.compile(r"bonus pass")),
    ("disaster discard", re.compile(rf"disaster discard (\d+) ({_CARD})")),
    ("disaster move", re.compile(rf"disaster move (\d+) {_SQ} {_SQ}(?: take((?: \d+,\d+)+))?")),
)
_EXAMPLES = (
    "draw 0 circle | path 0 circle:a 3,9 r1 | fire l 11,3 T r3 | move 0 7,10 4,13 circle:h [take 5,10]"
    " | water l | refill 0 2 | end"
    " | bonus draw 0 circle | bonus move 0 7,10 4,13 | bonus pass | disaster discard 0 circle:h"
    " | disaster move 0 7,10 6,10 | token map 3,4 | resolve water l"
)


def _squares(text: str | None) -> tuple[Square, ...]:
    return tuple((int(r), int(c)) for r, c in (sq.split(",") for sq in (text or "").split()))


def parse_action(text: str) -> Action:
    """Read an action's text form; raises :class:`ActionParseError`."""
    line = " ".join(text.split())
    for kind, pattern in _FORMS:
        m = pattern.fullmatch(line)
        if m is None:
            continue
        g = m.groups()
        if kind == "draw":
            return DrawCard(int(g[0]), g[1])
        if kind == "path":
            return PlacePathway(int(g[0]), g[1], g[2], (int(g[3]), int(g[4])), int(g[5]))
        if kind == "fire":
            return PlaceFire(g[0], (int(g[1]), int(g[2])), g[3] == "T", int(g[4]))
        if kind == "move":
            return MoveCat(
                int(g[0]), (int(g[1]), int(g[2])), (int(g[3]), int(g[4])), tuple(g[5].split()), _squares(g[6])
            )
        if kind == "token":
            return ReturnToken(g[0], (int(g[1]), int(g[2])))
        if kind == "resolve":
            return ResolveToken(g[0], g[1])
        if kind == "water":
            return UseWater(g[0])
        if kind == "refill":
            return Refill(int(g[0]), int(g[1]))
        if kind == "end":
            return EndRound()
        if kind == "bonus draw":
            return BonusDraw(int(g[0]), g[1])
        if kind == "bonus move":
            return BonusMove(int(g[0]), (int(g[1]), int(g[2])), (int(g[3]), int(g[4])), _squares(g[5]))
        if kind == "bonus pass":
            return BonusPass()
        if kind == "disaster discard":
            return DisasterDiscard(int(g[0]), g[1])
        return DisasterMove(int(g[0]), (int(g[1]), int(g[2])), (int(g[3]), int(g[4])), _squares(g[5]))
    raise ActionParseError(f"{text!r} is not an action; expected one of: {_EXAMPLES}")
