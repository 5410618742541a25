"""How a game ended, and the error an illegal action raises.

Outcome reasons are stable codes (tests, bots, the studio and replays rely on them):

``all-cats-on-raft``    win: every cat is on the raft (LC-1).
``fire-tile-no-place`` a drawn fire tile has no legal position (LC-1 a); ``tile``.
``fire-bag-empty``     a fire tile must be drawn and the bag is empty (LC-1 c).
``decks-short``        the decks cannot give every player a full draw (LC-1 d, LC-6).
``cat-cut-off``        a cat can no longer reach the raft (LC-1 b, LC-5); ``cat``
                       (colour), ``square`` (where it stands) and ``region`` (the
                       squares it is confined to) say which and where.
``no-legal-play``      cards remain to be played but no action is legal at all
                       (LC-7 house decision: the round cannot finish, so it is lost).
``objective-failed``   an additional objective can no longer be met (rulebook
                       "Additional rules"; :mod:`engine.play.objectives`).

Every outcome carries its ``score`` (rulebook "Scoring", RULINGS SC-1): a win scores
5 minus one per water token spent, a loss 0.  A campaign's total is the sum of its
scenarios' best scores (:func:`campaign_total`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterable

from engine.model.geometry import Square


class Result(StrEnum):
    """How a game ended."""

    WIN = "win"
    LOSS = "loss"


class Reason(StrEnum):
    """Why a game ended (the stable codes listed above)."""

    ALL_CATS_ON_RAFT = "all-cats-on-raft"
    FIRE_TILE_NO_PLACE = "fire-tile-no-place"
    FIRE_BAG_EMPTY = "fire-bag-empty"
    DECKS_SHORT = "decks-short"
    CAT_CUT_OFF = "cat-cut-off"
    NO_LEGAL_PLAY = "no-legal-play"
    OBJECTIVE_FAILED = "objective-failed"


WIN, LOSS = Result.WIN, Result.LOSS
ALL_CATS_ON_RAFT = Reason.ALL_CATS_ON_RAFT
FIRE_TILE_NO_PLACE = Reason.FIRE_TILE_NO_PLACE
FIRE_BAG_EMPTY = Reason.FIRE_BAG_EMPTY
DECKS_SHORT = Reason.DECKS_SHORT
CAT_CUT_OFF = Reason.CAT_CUT_OFF
NO_LEGAL_PLAY = Reason.NO_LEGAL_PLAY
OBJECTIVE_FAILED = Reason.OBJECTIVE_FAILED
REASONS: tuple[Reason, ...] = tuple(Reason)
WIN_POINTS = 5  # rulebook "Scoring": a won scenario scores 5, minus 1 per water token spent


@dataclass(frozen=True)
class Outcome:
    result: Result
    reason: Reason
    message: str = ""
    cat: str | None = None  # colour of the cat concerned
    square: Square | None = None  # where that cat stands
    region: tuple[Square, ...] = ()  # squares a cut-off cat is confined to
    tile: str | None = None  # fire tile concerned
    score: int = 0  # 5 minus water tokens spent on a win, 0 on a loss (SC-1)

    @property
    def won(self) -> bool:
        return self.result == WIN

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"result": self.result, "reason": self.reason, "message": self.message, "score": self.score}
        if self.cat is not None:
            d["cat"] = self.cat
        if self.square is not None:
            d["square"] = list(self.square)
        if self.region:
            d["region"] = [list(s) for s in self.region]
        if self.tile is not None:
            d["tile"] = self.tile
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Outcome":
        square = data.get("square")
        return cls(
            result=Result(data["result"]),
            reason=Reason(data["reason"]),
            message=data.get("message", ""),
            cat=data.get("cat"),
            square=(int(square[0]), int(square[1])) if square else None,
            region=tuple((int(r), int(c)) for r, c in data.get("region", ())),
            tile=data.get("tile"),
            score=int(data.get("score", 0)),
        )


def campaign_total(results: Iterable[tuple[str, int]]) -> int:
    """A campaign's score: the best score of each scenario, summed (scenarios may be
    replayed to improve a score, SC-1).  ``results`` are (scenario id, score) pairs."""
    best: dict[str, int] = {}
    for scenario, score in results:
        best[scenario] = max(score, best.get(scenario, 0))
    return sum(best.values())


class IllegalAction(ValueError):
    """An action the rules forbid in this state.  ``code`` is a stable reason
    (``wrong-phase``, ``game-over``, ``no-such-player``, ``not-in-hand``, ``hand-full``,
    ``empty-deck``, ``unknown-card``, ``off-island``, ``on-fire``, ``on-cat``,
    ``on-raft``, ``not-touching-fire``, ``wrong-tile``, ``bad-rotation``,
    ``no-cat``, ``cat-arrived``, ``wrong-discards``, ``unreachable``, ``no-water``,
    ``tile-not-placed``, ``cards-left``, ``no-refill``, ``no-such-card``); the message says what to do instead.  The
    state is unchanged when it is raised."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")
