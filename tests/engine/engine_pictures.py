"""Test helpers for the rules engine: build a game state from a picture of the island.

Picture letters follow the COMP1110 board string (NOTATION §3.1) plus ``.``:

``b r g y p``  terrain (``y`` = orange); uppercase = a cat of that colour on it
``f``          permanent fire (board strip / fire card / printed fire)
``o``          a raft card's centre (raft art); its 8 neighbours are raft squares:
               a terrain letter there is a destination of that colour, ``w`` a
               destination for any colour (uppercase / ``W``: a cat on it, ignored)
``.``          off the island
"""

from __future__ import annotations

import random
from typing import Iterable

from engine.model.catalog import default_catalog
from engine.model.layout import IslandLayout
from engine.model.scenario import CardPlacement, Objective, RuleOptions, Scenario
from engine.play.actions import PlaceFire
from engine.play.island import Island
from engine.play.position import shuffled_decks
from engine.play.state import FIRE, PLAY, GameState, PendingFire
from engine.play.variants import get_variant

COLOURS = {"b": "blue", "r": "red", "g": "green", "y": "orange", "p": "purple"}

# A red cat in open country beside a raft, fire in the north-west corner.
RED_CAT_ISLAND = """
fffrrrrrrwww
fffrrrrrrwow
fffrrRrrrwww
gggggggggggg
bbbbbbbbbbbb
bbbbbbbbbbbb
"""


def picture_layout(picture: str) -> tuple[IslandLayout, list[tuple[int, int]]]:
    rows = [line.strip() for line in picture.strip().splitlines()]
    width = len(rows[0])
    assert all(len(r) == width for r in rows), "picture rows differ in length"
    centres = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "o"]
    raft_squares = {(r + dr, c + dc) for r, c in centres for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    island, terrain, fire, rafts, blocked, cats = set(), {}, set(), {}, set(), []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            sq = (r, c)
            if ch == ".":
                continue
            island.add(sq)
            if ch == "f":
                fire.add(sq)
            elif ch == "o":
                blocked.add(sq)
            elif sq in raft_squares:  # a cat already on the raft only blocks, as raft squares do
                rafts[sq] = None if ch in "wW" else COLOURS[ch.lower()]
            else:
                terrain[sq] = COLOURS[ch.lower()]
                if ch.isupper():
                    cats.append((COLOURS[ch.lower()], sq))
    layout = IslandLayout(
        rows=len(rows), cols=width, island=frozenset(island), terrain=terrain, fire=frozenset(fire),
        rafts=rafts, raft_blocked=frozenset(blocked), cats=tuple(cats), choices=(),
    )  # fmt: skip
    return layout, centres


def picture_state(
    picture: str,
    *,
    variant: str = "solo",
    players: int = 1,
    water: int = 0,
    seed: int = 0,
    open_rafts: bool = False,
    objectives: tuple[Objective, ...] = (),
) -> GameState:
    """A new game (draw phase) on the pictured island.  With ``open_rafts`` every raft
    in the picture is raft A (boarded from any side)."""
    layout, centres = picture_layout(picture)
    cards = tuple(CardPlacement("raft", (r - 1, c - 1), "A") for r, c in centres) if open_rafts else ()
    scenario = Scenario(id="picture", name="picture", cards=cards, rules=RuleOptions(water_tokens=water),
                        objectives=objectives)  # fmt: skip
    island = Island.from_layout(scenario, default_catalog(), layout)
    rng = random.Random(seed)
    return GameState(
        island, get_variant(variant), players=players, seed=seed, rng=rng, decks=shuffled_decks(island, rng)
    )


def deal(state: GameState, *hands: Iterable[str], reserve: Iterable[str] = ()) -> GameState:
    """Give each player the named cards (``deck:id``) out of the decks and start the
    play phase, as if the draw had just finished."""
    for player, cards in enumerate(hands):
        for key in cards:
            deck = key.split(":")[0]
            state.decks[deck].remove(key)
            state.hands[player].append(key)
    for key in reserve:
        state.decks[key.split(":")[0]].remove(key)
        state.reserve[0].append(key)
    state.drawn = [state.rules.cards_per_draw] * state.players
    state.phase = PLAY
    return state


def put_fire_tile(state: GameState, tile: str, at: tuple[int, int], flipped: bool = False, rotation: int = 0) -> None:
    """Draw a chosen tile from the bag and place it through the normal checked path."""
    state.bag.remove(tile)
    state.pending = PendingFire(tile, 0, "pathway")
    state.phase = FIRE
    state.apply(PlaceFire(tile, at, flipped, rotation))


def board_picture(state: GameState) -> str:
    """The state in the picture letters (fire tiles as ``f`` too): for a full
    rectangle this is its COMP1110 board string without the final newline."""
    island = state.island
    grid = island.grid
    letters = {v: k for k, v in COLOURS.items()}
    cats = {state.cat_square(i) for i in range(state.cat_count())}
    wild = island.dest[0] & island.dest[1] & island.dest[2] & island.dest[3] & island.dest[4]
    out = []
    for r in range(grid.rows):
        row = ""
        for c in range(grid.cols):
            kind, bit = state.terrain_at((r, c)), grid.bit((r, c))
            if kind == "raft":
                own = next((i for i, m in enumerate(island.dest) if m & bit and not wild & bit), None)
                ch = "o" if own is None and not wild & bit else "w" if own is None else "brgyp"[own]
            else:
                ch = {None: ".", "fire": "f"}.get(kind) or letters[kind]
            row += ch.upper() if (r, c) in cats else ch
        out.append(row)
    return "\n".join(out)


def board_string(*patches: tuple[int, int, str], rows: int = 15, cols: int = 18) -> str:
    """A COMP1110 board string: fire everywhere, then each ``(row, col, "abc/def")`` patch."""
    grid = [["f"] * cols for _ in range(rows)]
    for r, c, text in patches:
        for dr, line in enumerate(text.split("/")):
            for dc, ch in enumerate(line):
                grid[r + dr][c + dc] = ch
    return "".join("".join(row) + "\n" for row in grid)
