"""The named seam: what the bots, the simulation and the studio's playtest may read of a
position beyond the game's contract.

Clients above the rules (:mod:`engine.bots`, :mod:`engine.sim`, :mod:`editor.playtest`)
import from :mod:`engine.play` only

* the **contract modules**: :mod:`~engine.play.state` (``GameState``: legal actions,
  apply, outcome, clone, to/from dict), :mod:`~engine.play.position` (the position it
  extends), :mod:`~engine.play.actions` (actions and their notation),
  :mod:`~engine.play.outcome` (results, reasons, ``IllegalAction``),
  :mod:`~engine.play.phases` (phase names and pending steps), :mod:`~engine.play.game`
  (``new_game``, ``Replay``), :mod:`~engine.play.island` (the set-up island a state
  holds), :mod:`~engine.play.bitboard` (the bit sets squares are kept in),
  :mod:`~engine.play.variants` (the rule sets) and :mod:`~engine.play.version`;
* and **this module**, for the analyses a player could make at the table: where a cat
  may walk and move, which squares fire may still cover, where a cat enters the raft,
  whether a cat is cut off, where a card or a fire tile fits, how the printed paths
  link, which objectives and tokens stand how.

Everything else in :mod:`engine.play` (``reach``, ``legal``, ``links``, ``moves``,
``tokens``, ``hybrid``, ...) is the rules' own and may change shape freely; an
import-linter contract in ``pyproject.toml`` keeps the clients to this list.  The names
here are the rules' own functions, re-exported unchanged (no wrapper on the hot paths).
"""

from __future__ import annotations

from engine.play.disasters import card_of
from engine.play.draws import rand_below
from engine.play.hybrid import lay as lay_fire_tile
from engine.play.legal import card_anchors, distinct_rotations, fire_anchor_sets, legal_actions, rotations
from engine.play.links import (
    WHITE,
    barriers,
    exits_now,
    future_paths,
    lay_card,
    link_flood,
    path_links,
    square_links,
    without,
)  # fmt: skip
from engine.play.objectives import (
    FAILED,
    MET,
    PENDING,
    bound_squares,
    failed_objective,
    objective_statuses,
)  # fmt: skip
from engine.play.reach import (
    coverable_squares,
    destinations,
    find_cut_off,
    kept_coverable,
    move_targets,
    raft_entries,
    walkable,
)  # fmt: skip
from engine.play.tokens import maps_collected, move_choices, return_kind, return_squares, token_list

__all__ = [
    # reach: walking, moving, the raft and the cut-off analysis
    "walkable", "move_targets", "destinations", "raft_entries", "coverable_squares", "kept_coverable",
    "find_cut_off",
    # placements: card and fire-tile anchors, rotations, the legal actions themselves
    "card_anchors", "distinct_rotations", "rotations", "fire_anchor_sets", "legal_actions", "lay_fire_tile",
    # path links (printed pathways, white cats)
    "WHITE", "barriers", "exits_now", "future_paths", "lay_card", "link_flood", "path_links", "square_links",
    "without",
    # objectives, Kickstarter tokens, disaster cards
    "FAILED", "MET", "PENDING", "bound_squares", "failed_objective", "objective_statuses",
    "maps_collected", "move_choices", "return_kind", "return_squares", "token_list", "card_of",
    # the game's RNG draw (a bot that counts actions draws as the rules do)
    "rand_below",
]  # fmt: skip
