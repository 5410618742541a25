"""Communication tokens (rulebook "Additional rules" 1; RULINGS C16): reminders, no rule.

Once Tutorial 1 is done (the scenario says so with ``rules.communication_tokens``), the 2 meow and
2 talk tokens are dealt by player count at set-up:

* 1 player: not used (rulebook "Solo": "There are no meow or talk tokens", SO-1);
* 2 players: each player 1 meow and 1 talk;
* 3 players: 2 players 1 talk each, the other 1 meow (the other meow goes back in the box);
* 4 players: 2 players 1 talk each, the other 2 players 1 meow each.

The rulebook deals them "randomly"; the engine deals in seat order (talk to the first
seats, meow to the last), which is the same deal up to who sits where: players
control no particular cat (MV-2), so seats are interchangeable.  This keeps the game's
RNG draws (deck order, fire tiles) what they were before tokens were dealt.

A player discards a token to talk (or say "meow") with the active player once a card
or fire tile is revealed.  Talking changes no rule the engine plays, so spending a
token is not an action: :meth:`engine.play.position.Position.mark_token` records it
as a reminder (it travels with ``to_dict`` / ``from_dict`` but never in a replay).
"""

from __future__ import annotations

from dataclasses import dataclass

TALK = "talk"
MEOW = "meow"
TOKEN_KINDS = (TALK, MEOW)

_DEALS: dict[int, tuple[tuple[str, ...], ...]] = {
    1: ((),),
    2: ((MEOW, TALK), (MEOW, TALK)),
    3: ((TALK,), (TALK,), (MEOW,)),
    4: ((TALK,), (TALK,), (MEOW,), (MEOW,)),
}


@dataclass(frozen=True)
class CommToken:
    """One communication token in front of a player; ``used`` once discarded."""

    kind: str
    used: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "used": self.used}


def deal(players: int, in_use: bool) -> list[list[CommToken]]:
    """The tokens in front of each player at set-up (empty lists when not in use)."""
    if not in_use or players not in _DEALS:
        return [[] for _ in range(players)]
    return [[CommToken(kind) for kind in seat] for seat in _DEALS[players]]


def tokens_from_dicts(data: list[list[dict[str, object]]]) -> list[list[CommToken]]:
    return [[CommToken(str(t["kind"]), bool(t.get("used", False))) for t in seat] for seat in data]


__all__ = ["MEOW", "TALK", "TOKEN_KINDS", "CommToken", "deal", "tokens_from_dicts"]
