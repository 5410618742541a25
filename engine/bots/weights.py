"""The heuristic bot's tuning weights, in one place, each with what it means.

Every number here can change what the bot chooses: change one, and bump ``BOTS_VERSION``
(:mod:`engine.bots.version`) and rewrite the golden games (``tools/update_goldens.py``).
The comment after ``was:`` says what the value was measured against (games won over
seeded samples of the bundled scenarios); the modules that use a weight describe the
behaviour, not the measurements.  Ways, corridors and levels are explained in
:mod:`engine.bots.routes`; squares are counted in a cat's way (squares to repaint).
"""

from __future__ import annotations

# --- the play phase (engine.bots.heuristic) -----------------------------------------------
PLACE_GAIN = 1  # a card is placed before a cat is moved when it shortens the ways by this much
WATER_GAIN = 1  # water returns a fire tile when that shortens the ways by this much (or reopens one)
# was: at 3 squares or more, fewer games won

# --- pathway cards (engine.bots.heuristic_cards, engine.bots.heuristic_notch) -------------
HEMMED = 25  # a cat reaching fewer squares with two repainted counts double: it needs cards first
# was: 25 (with NOTCHED 3) against 20 (with NOTCHED 2), 200 solo games of every bundled
# scenario on five seed samples: Spearman 0.715, 0.720, 0.702, 0.710, 0.727 against 0.694,
# 0.714, 0.701, 0.705, 0.696; Campaign 4 71, 82, 70, 68, 66 wins of 1,400 against 78, 81,
# 82, 64, 77 (docs/lab/bot-tuning.md)
WORSE = 3  # a card that lengthens a way by more than this counts as this much longer
NOTCH_RADIUS = 3  # steps around a cat that make its neighbourhood, for the notch test
NOTCH_SIZE = 12  # a notched cat has at most this many passable squares that near (an open field: 25)
NOTCH_MOUTH = 2  # ... and some ring of them at one distance from it at most this wide
NOTCHED = 3  # a notched cat's way counts this much more in the card search (see HEMMED; was 2)

# --- moving cats (engine.bots.heuristic_move) ---------------------------------------------
WALK_GAIN = 4  # a walk ahead brings its cat at least this many squares nearer the raft
# was: 3 won fewer games, 6 as many
WALK_WAY = 3  # ... and is made by cats whose way is at least this (cats nearly there wait)
# was: 0 won fewer games than 3. Walking far cats ahead at all: 200 games of each bundled
# scenario won Campaign 4 78 of 1,400 against 57, Practice 179 of 800 against 145,
# Campaign 1 874 of 1,600 against 735. Step-4 moves go nearest the raft before away from
# fire: over five 200-seed samples Campaign 4 387 wins of 7,000 against 357, Practice
# 1,011 of 4,000 against 972, Campaign 1 4,375 of 8,000 against 4,276

# --- the fire phase (engine.bots.heuristic_fire) --------------------------------------------
# cheap scoring, per square a placement takes from a cat's passable squares:
CORRIDOR = 8  # ... on its corridor (near-shortest ways)
EXIT = 4  # ... next to where it can walk now
ENTRY = 3  # ... next to a raft square it may use
WARM = 2  # ... within two squares of a corridor
FRONTIER = 4  # per calm square near the cats that the tile turns into fire frontier
# was: 1 won fewer games (harmless frontier is where later tiles must go)
WAY = 24  # per square a cat's way grows, in the checked placements
# was: 12 won fewer Campaign 1 games, 48 and 100 as many; a penalty for narrowing the
# passage round a notched cat won fewer too, and was dropped
CUT = 100_000  # a placement that cuts a cat off as the fire lies (water might still save it)
WAY_LOOK = 6  # a lengthened way is searched up to this many squares longer than now
FIRE_TRIALS = 16  # placements checked cat by cat after the cheap scoring
COPIES = 3  # of those, at most this many played on a copy of the game
LINKED_TRIALS = 10  # islands with links (white cats, rescue strips): placements tried on a copy
LINKED_WAY = 12  # ... a copy's value per square of a cat's way
LINKED_CORRIDOR = 24  # ... less one per corridor square, up to this many
LINKED_REACH = 30  # ... less one per two squares two repaints away, up to this many

# --- the advanced game and Kickstarter tokens ----------------------------------------------
MOVE_GAIN = 2  # squares a bonus move must gain to beat drawing a card (engine.bots.heuristic_advanced)
TOKEN_VALUE = {"map": 4, "water": 2, "fish": 1, "fire": -3}  # a token collected (engine.bots.heuristic_tokens)
RESOLVE_FIRST = ("map", "fish", "fire", "water")  # the order held tokens are resolved in

__all__ = [
    "COPIES", "CORRIDOR", "CUT", "ENTRY", "EXIT", "FIRE_TRIALS", "FRONTIER", "HEMMED", "LINKED_CORRIDOR",
    "LINKED_REACH", "LINKED_TRIALS", "LINKED_WAY", "MOVE_GAIN", "NOTCHED", "NOTCH_MOUTH", "NOTCH_RADIUS",
    "NOTCH_SIZE", "PLACE_GAIN", "RESOLVE_FIRST", "TOKEN_VALUE", "WALK_GAIN", "WALK_WAY", "WARM", "WATER_GAIN",
    "WAY", "WAY_LOOK", "WORSE",
]  # fmt: skip
