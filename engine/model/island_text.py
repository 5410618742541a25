"""The island as text, one character per square (``raftwright show``).

Layers, later ones on top (cards in the set-up order of COMP1110-NOTATION §9.4):
board terrain (a pinned board's letters, ``.`` when the board is drawn at set-up),
fire strips, fire cards, location cards, raft cards, tokens.  Squares off the island
are blank unless a card or token hangs there.
"""

from __future__ import annotations

from engine.model.catalog import TERRAIN_TO_LETTER, Catalog
from engine.model.geometry import Square
from engine.model.scenario import Scenario

GRID_LIMIT = 18
UNKNOWN = "."
FIRE = "F"
UNKNOWN_CARD = "?"
TOKEN_CHARS = {"water": "~", "fish": "<", "map": "$", "fire": "^"}
CARD_LAYERS = ("fire", "location", "raft")

LEGEND = (
    "Legend: b r g o p terrain (blue red green orange purple); . terrain drawn at set-up (board not pinned);\n"
    "        F fire; B R G O P W cats (W = white); # raft art; * any-colour destination; a terrain letter on a\n"
    "        raft is a destination of that colour (w: white cats only); ? card layout unknown; 1-5 = ?\n"
    "        objective tokens; ~ water, < fish, $ treasure map, ^ fire token"
)


def _card_letter(ch: str) -> str:
    return FIRE if ch == "f" else ch


def island_chars(scenario: Scenario, catalog: Catalog) -> dict[Square, str]:
    """Square -> character, for every square with something on it."""
    chars: dict[Square, str] = {}
    for slot in scenario.boards:
        grid = slot.terrain(catalog)
        for r, c in slot.squares():
            dr, dc = r - slot.at[0], c - slot.at[1]
            chars[(r, c)] = _card_letter(grid[dr][dc]) if grid is not None else UNKNOWN
        for sq in slot.strip_squares():
            chars[sq] = FIRE
    for layer in CARD_LAYERS:
        for _, card in scenario.cards_of(layer):
            grid = card.grid(catalog)
            for r, c in card.squares():
                dr, dc = r - card.at[0], c - card.at[1]
                chars[(r, c)] = _card_letter(grid[dr][dc]) if grid is not None else UNKNOWN_CARD
            for colour, sq in card.cat_starts(catalog):
                chars[sq] = TERRAIN_TO_LETTER.get(colour, colour[0]).upper()
    for token in scenario.tokens:
        chars[token.at] = (token.value or "?") if token.kind == "objective" else TOKEN_CHARS[token.kind]
    return chars


def island_text(scenario: Scenario, catalog: Catalog, legend: bool = True) -> str:
    """The island with row and column numbers, a list of the pieces, and the legend."""
    chars = island_chars(scenario, catalog)
    rows = min(GRID_LIMIT, max((r + 1 for r, _ in chars), default=0))
    cols = min(GRID_LIMIT, max((c + 1 for _, c in chars), default=0))
    lines = [f"{scenario.name} ({scenario.id}), {scenario.mode} mode"]
    if not chars:
        lines.append("(the island is empty: no boards, cards or tokens)")
    else:
        lines.append("    " + "".join(str(c % 10) for c in range(cols)))
        for r in range(rows):
            lines.append(f"{r:>3} " + "".join(chars.get((r, c), " ") for c in range(cols)).rstrip())
    pieces = [
        f"{c.kind} {c.ident} at ({c.at[0]}, {c.at[1]})" + (" (stand-in)" if c.stand_in else "")
        for c in scenario.cards
        if c.kind != "fire"
    ]
    fire_cards = sum(1 for c in scenario.cards if c.kind == "fire")
    if fire_cards:
        pieces.append(f"{fire_cards} fire card{'s' if fire_cards != 1 else ''}")
    if pieces:
        lines.append("Cards: " + "; ".join(pieces))
    for o in scenario.objectives:
        lines.append(f"Objective: {o.describe()}")
    if legend:
        lines.append(LEGEND)
    return "\n".join(lines) + "\n"
