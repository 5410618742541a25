"""Disaster cards: the advanced game's disaster, resolved line by line (rulebook
"Advanced rules", RULINGS AD-1, DP-3, DP-4).

In the advanced game (or with the scenario option ``disaster_deck``) a disaster draws
the top disaster card instead of a fire tile.  The cards' real texts are unknown
(RULINGS C15), so every card comes from a catalog as a list of effects
(:class:`engine.model.catalog.DisasterEffect`; vocabulary in docs/custom-components.md, "Disaster
cards"), resolved top to bottom by the active player:

``fire``        draw ``count`` fire tiles, one at a time; the active player places each
                (``PlaceFire``; phase ``fire``); an empty bag or no legal place loses
                as in the standard game (LC-1).
``discard``     ``who`` = ``active`` (the active player) or ``each`` (every player)
                discards ``count`` cards from hand to the **disaster pile** (DP-3); the
                discarding player chooses which (``DisasterDiscard``).  A player
                holding fewer cards discards what they hold; if nobody holds a card
                the line is skipped (DP-3).  Face-down solo reserve cards are not
                held, so they are never discarded.
``move``        the active player moves one cat named by ``cat`` (a colour, ``any``,
                ``nearest_fire``: the cats at the least orthogonal distance from fire)
                over its terrain as a normal move, at most ``squares`` squares
                (``DisasterMove``); ``towards`` restricts the end square to one
                strictly nearer the fire / the raft, or farther from the fire.  The
                cat ends exhausted (DP-3).  Reading (the texts are unknown): a forced
                move never ends on the raft (a disaster is a setback, and the arrival
                bonus comes from arrivals of move actions); a line no cat can obey is
                skipped, as DP-3 skips an impossible discard.
``exhaust``     the named cats (a colour, ``all``, ``nearest_fire``) not on the raft
                are laid down; no choice.
``lose_water``  ``count`` unspent water tokens go back to the box (they were not
                spent, so the score does not drop); skipped with none left.

A card that refills the disaster pile to 4 or more causes no second disaster: the pile
is checked only as a step of a move action (DP-3 INFERENCE).  When the disaster deck is
empty the resolved cards are shuffled (with the game's RNG) into a new deck (reading:
the rulebook does not say; with 16 cards this is rare).  Every resolved line is logged
on the position (``Position.advanced.disaster_log``) for the playtest.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.disaster_cards import DisasterCard, DisasterEffect
from engine.model.geometry import square_text
from engine.play import tokens
from engine.play.actions import Action, DisasterDiscard, DisasterMove
from engine.play.bitboard import bit_list
from engine.play.outcome import IllegalAction
from engine.play.phases import DisasterLogEntry, DisasterProgress
from engine.play.position import Position
from engine.play.reach import move_targets

FIRE_NEEDED, WAITING, DONE = "fire", "waiting", "done"


def card_of(state: Position) -> DisasterCard:
    assert state.advanced.disaster is not None
    return state.island.catalog.disaster_cards[state.advanced.disaster.card]


def log(state: Position, text: str, step: int | None = None) -> None:
    """Record one resolved line of the card being resolved (step: 1-based, 0 = drawn)."""
    assert state.advanced.disaster is not None
    number = state.advanced.disaster.step + 1 if step is None else step
    state.advanced.disaster_log.append(DisasterLogEntry(state.advanced.disaster.card, number, text))


def draw_card(state: Position, player: int) -> bool:
    """Draw the top disaster card for ``player`` to resolve; False when there is none
    at all (the caller then draws a fire tile, the standard disaster)."""
    if not state.advanced.disaster_deck and state.advanced.disaster_used:
        state.advanced.disaster_deck, state.advanced.disaster_used = state.advanced.disaster_used, []
        state.rng.shuffle(state.advanced.disaster_deck)
    if not state.advanced.disaster_deck:
        return False
    state.advanced.disaster = DisasterProgress(state.advanced.disaster_deck.pop(), player)
    card = card_of(state)
    log(state, f"disaster card {card.name or card.id} drawn" + (f": {card.text}" if card.text else ""), step=0)
    return True


def advance(state: Position) -> str:
    """Resolve lines of the current card until one needs a choice (``WAITING``), a
    fire tile must be drawn (``FIRE_NEEDED``: the caller draws it) or the card is done
    (``DONE``: it goes to ``Position.advanced.disaster_used``)."""
    while True:
        progress = state.advanced.disaster
        assert progress is not None
        card = card_of(state)
        if progress.step >= len(card.effects):
            state.advanced.disaster_used.append(card.id)
            state.advanced.disaster = None
            return DONE
        effect = card.effects[progress.step]
        if not progress.left:
            left = _start(state, effect)
            if not any(left):
                state.advanced.disaster = replace(progress, step=progress.step + 1, left=())
                continue
            state.advanced.disaster = progress = replace(progress, left=left)
        if not any(progress.left):
            state.advanced.disaster = replace(progress, step=progress.step + 1, left=())
            continue
        if effect.effect == "fire":
            state.advanced.disaster = replace(progress, left=(progress.left[0] - 1,))
            return FIRE_NEEDED
        return WAITING


def _start(state: Position, effect: DisasterEffect) -> tuple[int, ...]:
    """Begin a line: resolve it at once if it needs no choice (returning all zeros),
    else say what it still asks."""
    progress = state.advanced.disaster
    assert progress is not None
    what = effect.describe()
    if effect.effect == "fire":
        return (effect.count,)
    if effect.effect == "discard":
        players = [progress.player] if effect.who == "active" else list(range(state.players))
        need = tuple(min(effect.count, len(state.hands[p])) if p in players else 0 for p in range(state.players))
        if not any(need):
            log(state, f"{what}: skipped, nobody holds a card")
        return need
    if effect.effect == "move":
        if not move_choices(state, effect):
            log(state, f"{what}: skipped, no such cat can move")
            return (0,)
        return (1,)
    if effect.effect == "exhaust":
        cats = _named_cats(state, effect.cat)
        for cat in cats:
            state.exhausted[cat] = True
        names = ", ".join(f"{state.island.cat_colours[c]} cat on {square_text(state.cat_square(c))}" for c in cats)
        log(state, f"{what}: {names or 'no cat to exhaust'}")
        return (0,)
    lost = min(effect.count, state.water)
    state.water -= lost
    log(state, f"{what}: {lost} returned to the box" if lost else f"{what}: skipped, no water token left")
    return (0,)


def _named_cats(state: Position, who: str) -> list[int]:
    """Cats not on the raft named by an effect's ``cat`` word."""
    cats = [i for i in range(state.cat_count()) if not state.arrived[i]]
    if who in ("any", "all"):
        return cats
    if who == "nearest_fire":
        if not cats:
            return []
        dist = {c: _distance_to(state, state.fire, state.cat_sq[c]) for c in cats}
        least = min(dist.values())
        return [c for c in cats if dist[c] == least]
    return [c for c in cats if state.island.cat_colours[c] == who]


def _distance_to(state: Position, mask: int, index: int) -> int:
    """Orthogonal (Manhattan) distance from the square at ``index`` to the nearest
    square of ``mask`` (a large number when the mask is empty)."""
    grid = state.island.grid
    r, c = grid.square(index)
    return min((abs(r - rr) + abs(c - cc) for rr, cc in grid.squares(mask)), default=10_000)


def move_choices(state: Position, effect: DisasterEffect) -> list[tuple[int, list[int]]]:
    """``(cat, end squares as bit indices)`` for every cat a ``move`` line may move."""
    out = []
    island = state.island
    for cat in _named_cats(state, effect.cat):
        targets = move_targets(state, cat, effect.squares) & ~island.raft
        start = state.cat_sq[cat]
        if effect.towards is not None and targets:
            mask = island.raft if effect.towards == "raft" else state.fire
            here = _distance_to(state, mask, start)
            far = effect.towards == "away_from_fire"
            targets = sum(
                1 << t
                for t in bit_list(targets)
                if (_distance_to(state, mask, t) > here if far else _distance_to(state, mask, t) < here)
            )
        if targets:
            out.append((cat, bit_list(targets)))
    return out


def disaster_actions(state: Position) -> list[Action]:
    """The legal choices for the line waiting (phase ``disaster``), in a fixed order."""
    progress = state.advanced.disaster
    if progress is None or not progress.left:
        return []
    effect = card_of(state).effects[progress.step]
    square = state.island.grid.square
    if effect.effect == "discard":
        return [DisasterDiscard(p, key) for p, n in enumerate(progress.left) if n for key in sorted(state.hands[p])]
    if effect.effect == "move":
        out: list[Action] = []
        for cat, targets in move_choices(state, effect):
            at = square(state.cat_sq[cat])
            # Kickstarter tokens: the forced move collects those on its way, like any move (KS-3; the way is chosen)
            ways = (
                tokens.move_choices(state, cat, effect.squares)
                if state.kickstarter.tokens
                else [(0, sum(1 << t for t in targets))]
            )
            for t in targets:
                out += [DisasterMove(progress.player, at, square(t), state.island.grid.squares(taken))
                        for taken, dests in ways if dests >> t & 1]  # fmt: skip
        return out
    return []


def check(state: Position, action: DisasterDiscard | DisasterMove) -> None:
    """Raise :class:`IllegalAction` unless ``action`` answers the line waiting."""
    progress = state.advanced.disaster
    if state.phase != "disaster" or progress is None:
        raise IllegalAction(
            "wrong-phase", f"'{action}' answers a disaster card, but the game is in the {state.phase} phase"
        )
    effect = card_of(state).effects[progress.step]
    if action not in disaster_actions(state):
        raise IllegalAction(
            "not-this-disaster",
            f"'{action}' does not answer the disaster line '{effect.describe()}'; see legal_actions()",
        )


def perform(state: Position, action: DisasterDiscard | DisasterMove) -> None:
    """Apply a legal disaster choice (the caller then calls :func:`advance`)."""
    progress = state.advanced.disaster
    assert progress is not None
    what = card_of(state).effects[progress.step].describe()
    if isinstance(action, DisasterDiscard):
        state.hands[action.player].remove(action.card)
        state.disaster_pile.append(action.card)
        left = list(progress.left)
        left[action.player] -= 1
        state.advanced.disaster = replace(progress, left=tuple(left))
        log(state, f"{what}: player {action.player} discarded {action.card} to the disaster pile")
        return
    grid = state.island.grid
    cat = state.cat_at(action.cat)
    assert cat is not None
    to = grid.index(action.to)
    state.cat_mask ^= (1 << state.cat_sq[cat]) | (1 << to)
    state.cat_sq[cat] = to
    state.exhausted[cat] = True
    tokens.collect_by_move(state, action, progress.player)  # resolved once the action's disasters are done
    state.advanced.disaster = replace(progress, left=(0,))
    colour = state.island.cat_colours[cat]
    log(state, f"{what}: the {colour} cat moved from {square_text(action.cat)} to {square_text(action.to)}, exhausted")


__all__ = ["DONE", "FIRE_NEEDED", "WAITING", "advance", "card_of", "check", "disaster_actions", "draw_card", "log",
           "move_choices", "perform"]  # fmt: skip
