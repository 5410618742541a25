"""The engine's words as a player reads them: players counted from 1 ("player 0" in
the rules engine's log is Player 1 at the table) and pathway cards named as printed,
by their deck ("a Circle card"), never by the catalog's key ("circle:h").  The
engine's messages keep their indices and keys for the CLI, replays and tests."""

from __future__ import annotations

import re

_PLAYER = re.compile(r"\bplayer (\d+)\b")  # the engine's 0-based wording (the studio writes "Player N")
_CARD_KEY = re.compile(r"\b(?:(no|a|the) )?(?:pathway )?(?:card )?([a-z][a-z0-9_-]*):([a-z0-9]+)\b")


def deck_title(deck: str) -> str:
    """ "circle" -> "Circle" (the rulebook's names: Cross, Square, Circle, Triangle)."""
    return deck.replace("_", " ").replace("-", " ").title()


def card_name(key: str) -> str:
    """ "circle:h" -> "Circle card": the printed card shows its deck, not an id."""
    deck, _, _ = key.partition(":")
    return f"{deck_title(deck)} card"


def for_people(text: str, decks: tuple[str, ...] | None = None) -> str:
    """``text`` with players counted from 1 and card keys of ``decks`` (any deck when
    None) as printed names."""

    def player(m: re.Match[str]) -> str:
        return f"Player {int(m.group(1)) + 1}"

    def card(m: re.Match[str]) -> str:
        if decks is not None and m.group(2) not in decks:
            return m.group(0)
        article = "no" if m.group(1) == "no" else "the"
        return f"{article} {card_name(m.group(2) + ':' + m.group(3))}"

    return _CARD_KEY.sub(card, _PLAYER.sub(player, text))
