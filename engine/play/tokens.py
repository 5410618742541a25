"""Kickstarter tokens: water, fish, treasure-map and fire tokens on island squares
(Kickstarter pack, "Objective tokens", "Playing cards", "Placement rules"; RULINGS
KS-1, KS-2, KS-3, PL-9, SC-2, WT-3, DP-4).

Where they are: ``Position.kickstarter.tokens`` (square bit -> kind) on the island,
``.held`` in front of the player, ``.maps`` kept beside the island,
``.task`` what the held tokens wait for (:class:`TokenTask`).

Add pathway (KS-2).  A card placed over tokens picks them all up; the card is placed;
the water, fish and map tokens go back onto that card, one per square, where the
player chooses (``ReturnToken``, phase ``tokens``; one kind at a time in the order
water, fish, map, since the order of identical steps changes nothing); then the
normal fire tile; then one more fire tile per fire token, one at a time, each token
leaving the game as its tile is drawn.

Move a cat (KS-3, DP-4).  A cat collects every token on or along its way, and the
player chooses the way: ``MoveCat.collect`` lists the token squares it passes, and
the move is legal when some walk of the cat (over its terrain, within the advanced
move limit) visits exactly those token squares and ends on the destination.  After
the cat is exhausted, the arrival hook, the win check and the disaster pile, the
collected tokens are resolved one at a time in the order the player chooses
(``ResolveToken``): water returns one fire tile to the bag or none, at no point cost
(WT-3); fish stands every cat up; a map is kept for ``collect_maps`` (SC-2: mandatory
where the scenario asks for maps); fire draws one tile to place.

Fire tiles (hybrid ones too) may not cover a token (PL-9); cards may.
"""

from __future__ import annotations

from engine.model.geometry import Square, square_text
from engine.play.actions import Action, BonusMove, DisasterMove, MoveCat, PlacePathway, ResolveToken, ReturnToken
from engine.play.bitboard import iter_bits
from engine.play.links import WHITE, link_flood
from engine.play.outcome import IllegalAction
from engine.play.phases import PLAY, TOKENS, TokenTask
from engine.play.position import Position
from engine.play.reach import cat_links, move_targets, raft_entries, walkable

RETURNED = ("water", "fish", "map")  # go back onto the card that picked them up (KS-2 step 3)
KINDS = ("water", "fish", "map", "fire")
RETURN, FIRE_STEP, RESOLVE = "return", "fire", "resolve"
DRAW_FIRE, CHOOSE = "draw-fire", "choose"


# --- moving cats ------------------------------------------------------------------------------
def move_choices(state: Position, cat: int, limit: int | None | str = "rules") -> list[tuple[int, int]]:
    """``(collected token squares, destinations)`` bit masks for every set of tokens a
    move of ``cat`` may collect; ``[(0, move_targets)]`` when no token is in reach.
    ``limit`` as :func:`engine.play.reach.move_targets` (a disaster move gives its own)."""
    targets = move_targets(state, cat, limit)
    if not state.kickstarter.tokens or not targets:
        return [(0, targets)]
    island = state.island
    grid = island.grid
    ci = island.cat_terrain[cat]
    links = cat_links(state, cat)  # white cats and rescue strips: sides, not squares (engine.play.links)
    own = (walkable(state, ci) if links is None else island.land) & ~state.fire
    start = 1 << state.cat_sq[cat]
    if isinstance(limit, str):
        limit = state.rules.move_limit(state)
    tokens = state.token_squares
    reach_all = grid.flood(start, own, limit) if links is None else link_flood(grid, start, links, limit)
    if not tokens & (reach_all | raft_entries(state, ci, reach_all)):
        return [(0, targets)]
    plain = own & ~tokens
    reach: dict[int, int] = {0: start}  # collected set -> squares reachable collecting exactly it
    entry: dict[int, int] | None = None  # the same within limit - 1 steps: the last step may board a raft
    steps = 0
    while limit is None or steps < limit:
        if limit is not None and steps == limit - 1:
            entry = dict(reach)
        grown = dict(reach)
        for taken, squares in reach.items():
            around = grid.neighbours(squares) if links is None else link_flood(grid, squares, links, 1)
            grown[taken] |= around & (plain | taken)
            for t in iter_bits(around & own & tokens & ~taken):
                key = taken | (1 << t)
                grown[key] = grown.get(key, 0) | (1 << t)
        steps += 1
        if grown == reach:
            break
        reach = grown
    if entry is None:  # no limit, or every way was walked before limit - 1 steps: the whole flood boards
        entry = reach
    free = ~state.cat_mask & ~(island.white_starts if ci != WHITE else 0)  # MV-5: a white start spot is its own
    out: dict[int, int] = {}
    for taken, squares in reach.items():
        out[taken] = out.get(taken, 0) | (squares & free & ~(1 << state.cat_sq[cat]))
    for taken, squares in entry.items():
        for d in iter_bits(raft_entries(state, ci, squares) & free & ~squares):
            key = taken | ((1 << d) & tokens)
            out[key] = out.get(key, 0) | (1 << d)
    return [(taken, dests) for taken, dests in sorted(out.items()) if dests]


def check_move(state: Position, cat: int, action: MoveCat | BonusMove) -> None:
    """The tokens a move names must be exactly those of some way to its destination."""
    grid = state.island.grid
    taken = 0
    for square in action.collect:
        r, c = square
        if not (0 <= r < grid.rows and 0 <= c < grid.cols) or grid.index(square) not in state.kickstarter.tokens:
            raise IllegalAction("no-token", f"there is no Kickstarter token on {square_text(square)} to collect")
        taken |= grid.bit(square)
    dest = grid.bit(action.to)
    choices = move_choices(state, cat)
    if any(t == taken and d & dest for t, d in choices):
        return
    ways = [" ".join(square_text(s) for s in grid.squares(t)) or "none" for t, d in choices if d & dest]
    raise IllegalAction(
        "wrong-tokens", f"no way to {square_text(action.to)} collects exactly the tokens listed; a cat collects every "
        f"token on its way (Kickstarter pack), and the ways there collect: {'; '.join(ways)}")  # fmt: skip


def collect_by_move(state: Position, action: MoveCat | BonusMove | DisasterMove, player: int) -> None:
    """Pick up the tokens on the cat's way; they wait to be resolved (KS-3) by
    ``player``, the active player (a bonus move's tokens join the action's)."""
    if not action.collect:
        return
    grid = state.island.grid
    state.kickstarter.held.extend(state.kickstarter.tokens.pop(grid.index(sq)) for sq in action.collect)
    if state.kickstarter.task is None or state.kickstarter.task.step != RESOLVE:
        state.kickstarter.task = TokenTask(RESOLVE, player)


# --- cards ------------------------------------------------------------------------------------
def collect_under_card(state: Position, action: PlacePathway) -> bool:
    """Pick up the tokens under a placed card (KS-2 step 1); True when some must go
    back onto the card before the fire tile (phase ``tokens``)."""
    if not state.kickstarter.tokens:
        return False
    mask = state.island.card_mask(action.at)
    under = [i for i in sorted(state.kickstarter.tokens) if mask >> i & 1]
    if not under:
        return False
    state.kickstarter.held.extend(state.kickstarter.tokens.pop(i) for i in under)
    back = any(k in RETURNED for k in state.kickstarter.held)
    state.kickstarter.task = TokenTask(RETURN if back else FIRE_STEP, action.player, action.at)
    if back:
        state.phase = TOKENS
    return back


def return_squares(state: Position) -> tuple[Square, ...]:
    task = state.kickstarter.task
    assert task is not None and task.card is not None
    grid = state.island.grid
    mask = state.island.card_mask(task.card) & ~state.token_squares
    return grid.squares(mask)


def return_kind(state: Position) -> str | None:
    """The kind of token to put back next (water, fish, map order)."""
    return next((k for k in RETURNED if k in state.kickstarter.held), None)


def return_token(state: Position, action: ReturnToken) -> bool:
    """Put one token back; True when every water, fish and map token is back."""
    state.kickstarter.held.remove(action.kind)
    state.kickstarter.tokens[state.island.grid.index(action.at)] = action.kind
    if return_kind(state) is not None:
        return False
    assert state.kickstarter.task is not None
    state.kickstarter.task = (
        TokenTask(FIRE_STEP, state.kickstarter.task.player, state.kickstarter.task.card)
        if state.kickstarter.held
        else None
    )
    return True


# --- checks, choices and effects of the tokens phase -------------------------------------------
def check(state: Position, action: ReturnToken | ResolveToken) -> None:
    task = state.kickstarter.task
    if state.phase != TOKENS or task is None:
        raise IllegalAction(
            "wrong-phase", f"'{action}' needs the tokens phase, but the game is in the {state.phase} phase"
        )
    if isinstance(action, ReturnToken):
        if task.step != RETURN:
            raise IllegalAction("wrong-step", "the collected tokens are resolved now (resolve KIND), not put back")
        if action.kind != return_kind(state):
            raise IllegalAction("wrong-token", f"put the {return_kind(state)} token(s) back first, then the others")
        if action.at not in return_squares(state):
            raise IllegalAction("not-on-card", f"put the token on a free square of the card just placed at "
                                f"{square_text(task.card or (0, 0))}, one token per square")  # fmt: skip
        return
    if task.step != RESOLVE:
        raise IllegalAction("wrong-step", "the tokens the card picked up go back onto it first (token KIND R,C)")
    if action.kind not in state.kickstarter.held:
        raise IllegalAction(
            "not-held", f"no {action.kind} token waits to be resolved; held: {', '.join(state.kickstarter.held)}"
        )
    if action.tile is not None and (action.kind != "water" or action.tile not in state.tiles_placed):
        raise IllegalAction("tile-not-placed", f"'{action}': only a water token returns a fire tile, and only one on the "
                            "island (WT-2)")  # fmt: skip


def resolve(state: Position, action: ResolveToken) -> str | None:
    """Resolve one collected token (KS-3); :data:`DRAW_FIRE` when a fire tile must be
    drawn now, else None.  The caller removes the tile of a water token."""
    state.kickstarter.held.remove(action.kind)
    if action.kind == "fish":
        state.exhausted = [False] * len(state.exhausted)
    elif action.kind == "map":
        state.kickstarter.maps += 1
    elif action.kind == "fire":
        return DRAW_FIRE
    return None


def next_work(state: Position) -> str | None:
    """What the held tokens need once an action's fire tiles are placed: draw a fire
    tile for a card's fire token (:data:`DRAW_FIRE`, the token leaves the game), a
    resolution choice (:data:`CHOOSE`), or nothing (None: the action is over)."""
    task = state.kickstarter.task
    if task is None:
        return None
    if task.step == FIRE_STEP and "fire" in state.kickstarter.held:
        state.kickstarter.held.remove("fire")
        return DRAW_FIRE
    if task.step == RESOLVE and state.kickstarter.held:
        state.phase = TOKENS
        return CHOOSE
    state.kickstarter.task = None
    if state.phase == TOKENS:
        state.phase = PLAY
    return None


def actions(state: Position) -> list[Action]:
    """The choices of the tokens phase, in a fixed order."""
    task = state.kickstarter.task
    if task is None:
        return []
    if task.step == RETURN:
        kind = return_kind(state)
        return [] if kind is None else [ReturnToken(kind, sq) for sq in return_squares(state)]
    out: list[Action] = []
    for kind in KINDS:
        if kind not in state.kickstarter.held:
            continue
        if kind == "water":
            order = state.island.tile_order
            out.extend(ResolveToken("water", t) for t in sorted(state.tiles_placed, key=order.__getitem__))
        out.append(ResolveToken(kind))
    return out


def water_left(state: Position) -> int:
    """Water objective tokens that may yet return a fire tile: on the island (they may
    still be collected) and in front of the player (WT-3)."""
    return sum(1 for k in state.kickstarter.tokens.values() if k == "water") + state.kickstarter.held.count("water")


def maps_collected(state: Position) -> tuple[int, int]:
    """``(maps collected, maps still to be had)`` for ``collect_maps``: maps kept and
    maps a cat has collected (they are kept once resolved), then maps on the island or
    on their way back onto a card."""
    held = state.kickstarter.held.count("map")
    resolving = state.kickstarter.task is not None and state.kickstarter.task.step == RESOLVE
    on_island = sum(1 for k in state.kickstarter.tokens.values() if k == "map")
    have = state.kickstarter.maps + (held if resolving else 0)
    return have, on_island + (0 if resolving else held)


def token_list(state: Position) -> list[tuple[Square, str]]:
    """The tokens on the island, row-major: ``(square, kind)``."""
    grid = state.island.grid
    return [(grid.square(i), state.kickstarter.tokens[i]) for i in sorted(state.kickstarter.tokens)]


__all__ = ["CHOOSE", "DRAW_FIRE", "KINDS", "RETURNED", "actions", "check", "check_move", "collect_by_move",
           "collect_under_card", "maps_collected", "move_choices", "next_work", "resolve", "return_kind",
           "return_squares", "return_token", "token_list", "water_left"]  # fmt: skip
