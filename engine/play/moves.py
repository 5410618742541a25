"""Checking and performing actions (the rules of a round), on a :class:`GameState`.

:func:`check` raises :class:`IllegalAction` without touching the state; :func:`perform`
assumes a legal action.  Rule references are to the rulebook (``seeds/``) and
``reference/RULINGS.md``.

Timing of the automatic steps (house readings, all documented in docs/rules.md):

* Add pathway (rulebook "Action: add pathway"): the card is placed, then a fire tile is
  drawn with the game's RNG; an empty bag loses (``fire-bag-empty``, LC-1 c), a tile
  with no legal position loses (``fire-tile-no-place``, LC-1 a); otherwise the game
  waits for ``PlaceFire`` (phase ``fire``).
* Move a cat (DP-4 order): discard, move, exhaust, arrival hook, win check (the game
  ends the moment every cat is on the raft, before any disaster), cut-off check,
  then the disaster pile: at ``disaster_threshold`` cards, ``disaster_cards`` go to
  the discard pile and a fire tile is drawn (DP-1).
* Advanced game (DP-4): after the exhaust an arrival offers the raft bonus (phase
  ``bonus``, :mod:`engine.play.bonus`), taken before objectives other than a failure,
  the cut-off check and the disaster pile; a disaster draws a disaster card instead
  of a fire tile and resolves it line by line (:mod:`engine.play.disasters`: phase
  ``disaster`` for a choice, ``fire`` for each tile), then the action finishes.
* The cut-off analysis (:mod:`engine.play.reach`) runs after every fire placement, every
  move and at set-up.
* After an action completes, a solo hand refills from the face-down reserve (SO-1):
  the player picks each card by its back (``Refill``, phase ``refill``; with one
  face-down card left there is nothing to choose and it is taken), or, when the rule
  set's ``refill_choice`` is off, the cards come in draw order; then, if cards remain
  but no action at all is legal, the game is lost
  (``no-legal-play``, LC-7 house decision: the round can never finish).
* Water (WT-1) is spent only between actions in the play phase: never while a fire
  tile waits, never during the draw (talking is not allowed then).
* Kickstarter tokens (:mod:`engine.play.tokens`): a card picks up the tokens under it
  and the water, fish and map ones go back onto it (phase ``tokens``) before its fire
  tile, then one more tile per fire token; a moving cat collects the tokens on its way
  (``MoveCat.collect``), resolved after the disaster pile in the order the player
  chooses (phase ``tokens``).  Fire tiles never cover a token; nothing goes on any part
  of a hybrid fire tile (:mod:`engine.play.hybrid`).
* End of round: cats stand up; the next round's draw needs ``players x
  cards_per_draw`` cards in the decks, or the game is lost (``decks-short``, LC-6).
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.geometry import square_text
from engine.model.scenario import STUCK_DISCARD
from engine.play import hybrid, tokens
from engine.play.actions import (
    Action,
    BonusDraw,
    BonusMove,
    BonusPass,
    DisasterDiscard,
    DisasterMove,
    DrawCard,
    EndRound,
    MoveCat,
    PlaceFire,
    PlacePathway,
    Refill,
    ResolveToken,
    ReturnToken,
    UseWater,
)  # fmt: skip
from engine.play.bitboard import window_mask
from engine.play.draws import rand_below
from engine.play.objectives import failed_objective
from engine.play.outcome import (
    ALL_CATS_ON_RAFT,
    CAT_CUT_OFF,
    DECKS_SHORT,
    FIRE_BAG_EMPTY,
    FIRE_TILE_NO_PLACE,
    LOSS,
    NO_LEGAL_PLAY,
    OBJECTIVE_FAILED,
    WIN,
    WIN_POINTS,
    IllegalAction,
    Outcome,
)  # fmt: skip
from engine.play.phases import BONUS, DISASTER, DRAW, FIRE, OVER, PLAY, REFILL, TOKENS, PendingBonus, PendingFire
from engine.play.position import Position
from engine.play.reach import CutOff, find_cut_off, move_targets
from engine.play.variants import OUT

from . import bonus, disasters, legal


# --- checks ---------------------------------------------------------------------------
def _not_over(state: Position) -> None:
    if state.is_terminal():
        raise IllegalAction("game-over", f"the game is over ({state.outcome().reason}); start a new game")  # type: ignore[union-attr]


def _phase(state: Position, wanted: str, action: Action) -> None:
    _not_over(state)
    if state.phase != wanted:
        raise IllegalAction(
            "wrong-phase", f"'{action}' needs the {wanted} phase, but the game is in the {state.phase} phase"
        )


def _player(state: Position, player: int) -> None:
    if not 0 <= player < state.players:
        raise IllegalAction("no-such-player", f"player {player} does not exist; players are 0-{state.players - 1}")


def _footprint(state: Position, mask: int, what: str) -> None:
    """Shared placement rules (rulebook "Placement"): on the island, not on fire,
    cats or any raft square (PL-2, PL-3, PL-7)."""
    island = state.island
    if mask & ~island.land:
        raise IllegalAction("off-island", f"{what} would hang off the island; place it fully on the boards")
    if mask & state.fire:
        raise IllegalAction("on-fire", f"{what} would cover fire; nothing may be placed on fire")
    if mask & state.cat_mask:
        raise IllegalAction("on-cat", f"{what} would cover a cat; leave cat squares free")
    if mask & island.raft:
        raise IllegalAction("on-raft", f"{what} would cover part of a raft card")
    if mask & state.safe_any:
        raise IllegalAction("on-hybrid", f"{what} would cover a hybrid fire tile's safe spot; nothing may be placed on "
                            "any part of a hybrid fire tile")  # fmt: skip


def check_footprint(state: Position, action: PlacePathway | PlaceFire) -> None:
    """The placement rules alone (rulebook "Placement"; PL-2, PL-3, PL-6, PL-7): where
    a card or tile may go, whatever the phase, hand or pending tile."""
    if action.rotation not in range(4):
        raise IllegalAction("bad-rotation", f"rotation {action.rotation} must be 0-3 quarter turns")
    if isinstance(action, PlacePathway):
        if action.card not in state.island.cards:
            raise IllegalAction("unknown-card", f"there is no pathway card {action.card}")
        _footprint(state, state.island.card_mask(action.at), f"card {action.card}")
        return
    mask = state.island.tile_mask(action)
    _footprint(state, mask, f"fire tile {action.tile}")
    if mask & state.token_squares:
        raise IllegalAction("on-token", f"fire tile {action.tile} would cover a Kickstarter token; fire tiles may not "
                            "cover water, fish, map or fire tokens")  # fmt: skip
    if not hybrid.fire_part(state, action, mask) & state.island.grid.neighbours(state.fire):
        raise IllegalAction("not-touching-fire", f"fire tile {action.tile} must touch existing fire orthogonally"
                            " (with one of its fire squares)")  # fmt: skip


def check(state: Position, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` is legal now."""
    if isinstance(action, DrawCard):
        _phase(state, DRAW, action)
        _player(state, action.player)
        if state.drawn[action.player] >= state.rules.cards_per_draw:
            raise IllegalAction(
                "hand-full", f"player {action.player} has drawn all {state.rules.cards_per_draw} cards this round"
            )
        if not state.decks.get(action.deck):
            known = ", ".join(d for d, cards in state.decks.items() if cards)
            raise IllegalAction("empty-deck", f"the {action.deck} deck is empty or unknown; draw from: {known}")
    elif isinstance(action, PlacePathway):
        _phase(state, PLAY, action)
        _player(state, action.player)
        if action.card not in state.hands[action.player]:
            raise IllegalAction("not-in-hand", f"card {action.card} is not in player {action.player}'s hand")
        check_footprint(state, action)
    elif isinstance(action, PlaceFire):
        _phase(state, FIRE, action)
        assert state.pending is not None
        if action.tile != state.pending.tile:
            raise IllegalAction("wrong-tile", f"the tile to place is {state.pending.tile}, not {action.tile}")
        check_footprint(state, action)
    elif isinstance(action, MoveCat):
        _check_move(state, action)
    elif isinstance(action, UseWater):
        _phase(state, PLAY, action)
        if state.water <= 0:
            raise IllegalAction("no-water", "no water tokens are left")
        if action.tile not in state.tiles_placed:
            raise IllegalAction(
                "tile-not-placed",
                f"fire tile {action.tile} is not on the island; only fire tiles can be removed (WT-2)",
            )
    elif isinstance(action, (BonusDraw, BonusMove, BonusPass)):
        _not_over(state)
        bonus.check(state, action)
    elif isinstance(action, (DisasterDiscard, DisasterMove)):
        _not_over(state)
        disasters.check(state, action)
    elif isinstance(action, Refill):
        _phase(state, REFILL, action)
        _player(state, action.player)
        if not state.needs_refill(action.player):
            raise IllegalAction("no-refill", f"player {action.player}'s hand needs no card from the face-down cards")
        if not 0 <= action.index < len(state.reserve[action.player]):
            count = len(state.reserve[action.player])
            raise IllegalAction("no-such-card", f"face-down card {action.index} does not exist; pick 0-{count - 1}")
    elif isinstance(action, (ReturnToken, ResolveToken)):
        _phase(state, TOKENS, action)
        tokens.check(state, action)
    elif isinstance(action, EndRound):
        _phase(state, PLAY, action)
        left = [p for p in range(state.players) if state.hands[p] or state.reserve[p]]
        if left:
            raise IllegalAction(
                "cards-left", f"player(s) {left} still hold cards; every card must be played before resting"
            )
    else:
        raise IllegalAction("not-an-action", f"{action!r} is not an action")


def _check_move(state: Position, action: MoveCat) -> None:
    _phase(state, PLAY, action)
    _player(state, action.player)
    grid = state.island.grid
    r, c = action.cat
    cat = state.cat_at(action.cat) if 0 <= r < grid.rows and 0 <= c < grid.cols else None
    if cat is None:
        raise IllegalAction("no-cat", f"no cat stands on {square_text(action.cat)}")
    if state.arrived[cat]:
        raise IllegalAction("cat-arrived", "a cat on the raft never moves again (MV-3)")
    need = state.rules.move_cost(state.exhausted[cat])
    hand = state.hands[action.player]
    if len(action.discards) != need or len(set(action.discards)) != need:
        state_word = "exhausted" if state.exhausted[cat] else "rested"
        raise IllegalAction("wrong-discards", f"moving a {state_word} cat costs {need} different card(s) (MV-2)")
    missing = [k for k in action.discards if k not in hand]
    if missing:
        raise IllegalAction("not-in-hand", f"card(s) {', '.join(missing)} are not in player {action.player}'s hand")
    tr, tc = action.to
    if not (0 <= tr < grid.rows and 0 <= tc < grid.cols) or not move_targets(state, cat) & grid.bit(action.to):
        raise IllegalAction(
            "unreachable",
            f"the {state.island.cat_colours[cat]} cat cannot end a move on {square_text(action.to)}; see reachable_squares()",
        )
    if action.collect or state.kickstarter.tokens:
        tokens.check_move(state, cat, action)


# --- effects ----------------------------------------------------------------------------
def perform(state: Position, action: Action) -> None:
    state.history.append(action)
    if isinstance(action, DrawCard):
        _draw_card(state, action)
    elif isinstance(action, PlacePathway):
        _place_pathway(state, action)
    elif isinstance(action, PlaceFire):
        _place_fire(state, action)
    elif isinstance(action, MoveCat):
        _move_cat(state, action)
    elif isinstance(action, (BonusDraw, BonusMove, BonusPass)):
        _take_bonus(state, action)
    elif isinstance(action, (DisasterDiscard, DisasterMove)):
        _answer_disaster(state, action)
    elif isinstance(action, Refill):
        state.hands[action.player].append(state.reserve[action.player].pop(action.index))
        _finish_action(state, action.player)
    elif isinstance(action, ReturnToken):
        player = _task_player(state)
        if tokens.return_token(state, action):  # every token is back: the card's fire tile (KS-2 iii)
            draw_fire(state, player, "pathway")
    elif isinstance(action, ResolveToken):
        _resolve_token(state, action)
    elif isinstance(action, UseWater):
        hybrid.remove(state, action.tile)
        state.water -= 1
        state.water_used += 1
        # one token fewer may leave a cat needing more tiles returned than remain (LC-5)
        if not check_cut_off(state):
            _check_stuck(state)
    else:
        _end_round(state)


def _draw_card(state: Position, action: DrawCard) -> None:
    card = state.decks[action.deck].pop()
    p = action.player
    state.drawn[p] += 1
    (state.hands[p] if len(state.hands[p]) < state.rules.hand_size else state.reserve[p]).append(card)
    if min(state.drawn) >= state.rules.cards_per_draw:
        state.phase = PLAY
        _check_stuck(state)


def _place_pathway(state: Position, action: PlacePathway) -> None:
    lay_card(state, action)
    if tokens.collect_under_card(state, action):  # water, fish and map tokens go back onto the card first
        return
    draw_fire(state, action.player, "pathway")


def lay_card(state: Position, action: PlacePathway) -> None:
    """A legal card placement's own effect: the card leaves the hand and its terrain
    covers the nine squares, recorded; nothing that follows it (tokens under the card,
    the fire draw: :func:`perform`).  For callers that want only the board after the
    card (the COMP1110 ``applyPlacement``, which draws the fire tile in its own call)."""
    state.hands[action.player].remove(action.card)
    grid = state.island.grid
    shift = action.at[0] * grid.stride + action.at[1]
    keep = ~(window_mask(grid) << shift)
    masks = grid.card_masks(state.island.cards[action.card])[action.rotation]
    state.terrain = [(t & keep) | (m << shift) for t, m in zip(state.terrain, masks)]
    state.placed.append(action)


def _place_fire(state: Position, action: PlaceFire) -> None:
    hybrid.lay(state, action, state.island.tile_mask(action))
    pending = state.pending
    assert pending is not None
    state.pending = None
    state.phase = PLAY
    if check_cut_off(state):
        return
    if state.advanced.disaster is not None:  # a disaster card's fire line: resolve the rest of the card
        _continue_disaster(state)
    else:
        _finish_action(state, pending.player)


def _move_cat(state: Position, action: MoveCat) -> None:
    step_cat(state, action)
    tokens.collect_by_move(state, action, action.player)  # Kickstarter tokens on the cat's way (KS-3)
    _after_move(state, action.player)


def step_cat(state: Position, action: MoveCat) -> None:
    """A legal move's own effect (DP-4's first steps): discard, move, exhaust, arrive;
    nothing that follows it (tokens on the way, objectives, the win, the cut-off, the
    disaster pile: :func:`perform`).  For callers that want only the position after
    the move (the COMP1110 ``moveCat``)."""
    hand = state.hands[action.player]
    for key in action.discards:
        hand.remove(key)
    pile = state.removed if state.rules.discard_destination == OUT else state.disaster_pile
    pile.extend(action.discards)
    cat = state.cat_at(action.cat)
    assert cat is not None
    _relocate(state, cat, action.to, len(state.history), action.player)


def _relocate(state: Position, cat: int, square: tuple[int, int], turn: int, player: int) -> None:
    """Move, exhaust, and on the raft arrive (in action ``turn``; advanced: the bonus)."""
    to = state.island.grid.index(square)
    state.cat_mask ^= (1 << state.cat_sq[cat]) | (1 << to)
    state.cat_sq[cat] = to
    state.exhausted[cat] = True
    if state.island.raft & (1 << to):
        state.arrived[cat] = True
        state.arrivals.append(cat)
        state.arrival_turns.append(turn)
        if state.rules.arrival_bonus(state):
            state.advanced.bonus = PendingBonus(player, turn)
        state.rules.on_arrival(state, cat, player)


def _objective_failed(state: Position) -> bool:
    """End the game lost, naming the objective, when one can no longer be met."""
    failed = failed_objective(state)
    if failed is None:
        return False
    end_game(state, Outcome(LOSS, OBJECTIVE_FAILED, f"objective {failed.index + 1} cannot be met: {failed.describe()}"))
    return True


def _after_move(state: Position, player: int) -> None:
    """DP-4 after the exhaust: objectives, the win, the arrival bonus, the cut-off, the
    disaster pile, then the end of the action."""
    rules = state.rules
    if _objective_failed(state):
        state.advanced.bonus = None
        return
    if all(state.arrived):
        state.advanced.bonus = None
        end_game(state, Outcome(WIN, ALL_CATS_ON_RAFT, "every cat is on the raft"))
        return
    if state.advanced.bonus is not None:  # AD-2: the free action comes before the disaster pile
        state.phase = BONUS
        return
    if check_cut_off(state):
        return
    threshold = rules.disaster_threshold
    if threshold is not None and len(state.disaster_pile) >= threshold:
        n = rules.disaster_cards
        state.discard_pile.extend(state.disaster_pile[:n])
        del state.disaster_pile[:n]
        if rules.disaster_deck(state.island.scenario) and disasters.draw_card(state, player):
            _continue_disaster(state)
        else:
            draw_fire(state, player, "disaster")
    else:
        _finish_action(state, player)


def _take_bonus(state: Position, action: BonusDraw | BonusMove | BonusPass) -> None:
    pending = state.advanced.bonus
    assert pending is not None
    state.advanced.bonus = None
    state.phase = PLAY
    if isinstance(action, BonusDraw):
        bonus.draw(state, action)
    elif isinstance(action, BonusMove):
        cat = state.cat_at(action.cat)
        assert cat is not None
        _relocate(state, cat, action.to, pending.turn, pending.player)  # a chained arrival shares the action
        tokens.collect_by_move(state, action, pending.player)  # AD-4 INFERENCE: a bonus move collects tokens
    _after_move(state, pending.player)


def _answer_disaster(state: Position, action: DisasterDiscard | DisasterMove) -> None:
    disasters.perform(state, action)
    state.phase = PLAY
    if isinstance(action, DisasterMove):  # a forced move is a move: "close to" and the cut-off (CT-2)
        if _objective_failed(state) or check_cut_off(state):
            return
    _continue_disaster(state)


def _continue_disaster(state: Position) -> None:
    """Resolve the disaster card's next lines until a choice or a fire tile is needed,
    or the card is done (then the action finishes)."""
    assert state.advanced.disaster is not None
    player = state.advanced.disaster.player
    step = disasters.advance(state)
    if step == disasters.WAITING:
        state.phase = DISASTER
    elif step == disasters.FIRE_NEEDED:
        draw_fire(state, player, "disaster")
        if state.pending is not None:
            disasters.log(state, f"place fire tile {state.pending.tile} (player {player} places it)")
        else:
            disasters.log(state, "no fire tile could be drawn")
    else:
        state.phase = PLAY
        if not check_cut_off(state):
            _finish_action(state, player)


def _end_round(state: Position) -> None:
    state.exhausted = [False] * len(state.exhausted)
    state.advanced.extra_cards = [0] * state.players
    state.round += 1
    state.drawn = [0] * state.players
    state.phase = DRAW
    if state.rules.decks_short(state):
        need = state.players * state.rules.cards_per_draw
        end_game(
            state,
            Outcome(
                LOSS, DECKS_SHORT, f"round {state.round} needs {need} cards but the decks hold {state.cards_in_decks()}"
            ),
        )


def draw_fire(state: Position, player: int, cause: str) -> None:
    """Draw a random tile from the bag into the pending-fire slot (or lose: FB-1, LC-1)."""
    if not state.bag:
        end_game(state, Outcome(LOSS, FIRE_BAG_EMPTY, "a fire tile must be drawn but the bag is empty"))
        return
    tile = state.bag.pop(rand_below(state.rng, len(state.bag)))  # rng.randrange, written out (engine.play.draws)
    state.pending = PendingFire(tile, player, cause)
    state.phase = FIRE
    if not legal.has_fire_placement(state):
        end_game(
            state, Outcome(LOSS, FIRE_TILE_NO_PLACE, f"fire tile {tile} has no legal place on the island", tile=tile)
        )


def _resolve_token(state: Position, action: ResolveToken) -> None:
    player = _task_player(state)
    if action.tile is not None:
        hybrid.remove(state, action.tile)  # a water token: no point cost (WT-3)
    if tokens.resolve(state, action) == tokens.DRAW_FIRE:
        draw_fire(state, player, "fire-token")
        return
    if action.kind == "water" and check_cut_off(state):  # one water token fewer may not be enough (LC-5)
        return
    _finish_action(state, player)


def _task_player(state: Position) -> int:
    return state.kickstarter.task.player if state.kickstarter.task is not None else 0


def _finish_action(state: Position, player: int) -> None:
    """Kickstarter tokens still to resolve (:mod:`engine.play.tokens`), then refill the
    hand (SO-1), then check that play can go on (LC-7)."""
    work = tokens.next_work(state)  # Kickstarter tokens still in front of the player
    if work == tokens.DRAW_FIRE:
        draw_fire(state, player, "fire-token")
        return
    if work == tokens.CHOOSE:
        return
    hand, reserve = state.hands[player], state.reserve[player]
    choose = state.rules.refill_choice
    while state.needs_refill(player):
        if choose and len(reserve) > 1:
            state.phase = REFILL  # the player picks the next card by its back
            return
        hand.append(reserve.pop(0))
    state.phase = PLAY
    _check_stuck(state)


def _check_stuck(state: Position) -> None:
    """LC-7 (an unknown; the scenario's rule option ``stuck_hand``): cards left to play
    and no legal action at all.  ``"loss"`` (the default): the game is lost
    (``no-legal-play``).  ``"discard"``: every card left in a hand goes where discards
    go (the disaster pile; out of the game in a variant that removes discards) without
    a move, so the disaster pile is not checked (DP-1: only as a step of a move); a solo
    hand then refills from its face-down cards, and play goes on."""
    if legal.has_play(state):
        return
    if state.island.scenario.rules.stuck_hand != STUCK_DISCARD:
        end_game(
            state,
            Outcome(LOSS, NO_LEGAL_PLAY, "cards remain to be played but no card can be placed and no cat can move"),
        )
        return
    pile = state.removed if state.rules.discard_destination == OUT else state.disaster_pile
    for hand in state.hands:
        pile.extend(sorted(hand))
        hand.clear()
    short = next((p for p in range(state.players) if state.needs_refill(p)), None)
    if short is not None:
        _finish_action(state, short)  # the face-down cards refill the hand, then this check again


def check_cut_off(state: Position) -> bool:
    found = find_cut_off(state)
    if found is None:
        return False
    end_game(state, cut_off_outcome(state, found))
    return True


def cut_off_outcome(state: Position, found: CutOff) -> Outcome:
    colour = state.island.cat_colours[found.cat]
    square = state.cat_square(found.cat)
    return Outcome(
        LOSS, CAT_CUT_OFF, f"the {colour} cat on ({square[0]}, {square[1]}) can no longer reach the raft: {found.why}",
        cat=colour, square=square, region=state.island.grid.squares(found.region),
    )  # fmt: skip


def end_game(state: Position, outcome: Outcome) -> None:
    """Finish the game; a win scores 5 minus one per water token spent (SC-1)."""
    if outcome.won:
        outcome = replace(outcome, score=WIN_POINTS - state.water_used)
    state._outcome = outcome
    state.phase = OVER
