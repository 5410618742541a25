"""Set-up losses: the validator asks the engine's own cut-off analysis.

A game is lost at set-up when a cat cannot reach a free raft square it may use, or
when the cats cannot all have distinct ones (RULINGS LC-1 b, LC-5, MV-3: two green
cats need two squares a green cat may use, its colour's destinations or the shared
any-colour ones).  :func:`engine.play.game.new_game` declares that loss with
:func:`engine.play.reach.find_cut_off`; this check builds the same set-up position
(:func:`engine.play.game.set_up_state`) and asks the same analysis, so the two
cannot disagree.  What it adds is the explanation: the cats that compete for too few
squares (a Hall violator of the matching of cats to squares) and those squares.

The boards are drawn at set-up, and a square no card covers shows the drawn board's
terrain.  When every slot is pinned to a board and a rotation the island is known and
the answer exact.  Otherwise the check runs twice: with every such board square
counted as the cat's colour (the most a draw can give: a loss even then is certain,
an error) and as no colour (the least: a loss only then depends on the draw, a
warning).
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.check.elements import count_text
from engine.check.issues import ERROR, WARNING, Issue
from engine.check.rulecheck import CatStartInfo, Layout, card_name, issue
from engine.model.geometry import Square, square_text
from engine.model.layout import fixed_board_choices
from engine.play.bitboard import iter_bits
from engine.play.game import set_up_state
from engine.play.island import Island
from engine.play.island_cache import card_painted, set_up_island
from engine.play.position import Position
from engine.play.reach import cat_regions, find_cut_off
from engine.play.support import check_playable
from engine.play.variants import get_variant

RULES = "standard"  # the official rules' cut-off hooks (solo and standard share them)
LOSS_CODES = ("cat-cut-off", "cats-short-of-squares", "setup-loss-possible")


class CannotSetUp(Exception):
    """The engine cannot set the scenario up (other checks say why)."""


def setup_positions(lay: Layout) -> tuple[Position, Position | None]:
    """``(most, least)``: the set-up position with every undrawn board square counted
    as every colour, and as no colour; ``least`` is None when the boards are all
    pinned (the island is known).  Raises :class:`CannotSetUp`."""
    try:
        return _positions(lay)
    except (ValueError, KeyError) as exc:  # LayoutError, UnsupportedScenario, a token off the grid: other checks
        raise CannotSetUp(str(exc)) from exc


def _positions(lay: Layout) -> tuple[Position, Position | None]:
    scenario, catalog = lay.scenario, lay.catalog
    check_playable(scenario, catalog)
    choices = fixed_board_choices(scenario, catalog)
    island = set_up_island(scenario, catalog, choices)
    painted = card_painted(scenario, catalog, choices)
    drawn = [i for i, slot in enumerate(scenario.boards) if slot.pin is None or slot.rotation() is None]
    if not drawn:
        return _state(island), None
    grid = island.grid
    varying = 0
    for i in drawn:
        varying |= grid.mask(sq for sq in scenario.boards[i].squares() if sq in lay.island)
    varying &= ~painted & ~island.fixed_fire
    most = replace(island, start_terrain=tuple(t | varying for t in island.start_terrain))
    least = replace(island, start_terrain=tuple(t & ~varying for t in island.start_terrain))
    return _state(most), _state(least)


def _state(island: Island) -> Position:
    return set_up_state(island, get_variant(RULES), random.Random(0))


def check_setup_loss(lay: Layout) -> list[Issue]:
    """Errors for a layout lost at set-up whatever boards are drawn, a warning for one
    lost with some draws only.  Raises :class:`CannotSetUp`."""
    most, least = setup_positions(lay)
    if find_cut_off(most) is not None:
        return _explain(lay, most, ERROR)
    if least is not None and find_cut_off(least) is not None:
        return _explain(lay, least, WARNING)
    return []


def _cats_by_square(lay: Layout) -> dict[Square, CatStartInfo]:
    return {cat.square: cat for cat in lay.cats}


def _explain(lay: Layout, state: Position, severity: str) -> list[Issue]:
    grid = state.island.grid
    regions = cat_regions(state)
    options = {cat: targets for cat, (_, targets) in regions.items()}
    group = hall_violator(options)
    if group is None:  # the analysis found a cut-off the matching does not show (links): name its cat
        found = find_cut_off(state)
        assert found is not None
        group = ([found.cat], 0)
    cats, squares = group
    starts = _cats_by_square(lay)
    infos = [starts.get(grid.square(state.island.cat_starts[c])) for c in cats]
    named = [i for i in infos if i is not None]
    where = [i.square for i in named]
    drawn = "" if severity == ERROR else ", with some of the boards the set-up may draw,"
    lost = "the game is lost at set-up" if severity == ERROR else "the game may be lost at set-up"
    if not squares:
        cat = named[0] if named else None
        who = _cat_text(lay, cat) if cat else "a cat"
        return [
            issue(
                "cat-cut-off" if severity == ERROR else "setup-loss-possible",
                f"{who} is walled in{drawn}: no fire-free path leads from its start to a raft destination "
                f"it may use, so {lost}; open a gap in the fire or move the card",
                f"/cards/{cat.card}" if cat else "",
                where,
                severity,
            )
        ]
    colours = sorted({i.colour for i in named})
    cat_list = " and ".join(_cat_text(lay, i) for i in named)
    square_list = ", ".join(square_text(grid.square(b)) for b in sorted(iter_bits(squares)))
    return [
        issue(
            "cats-short-of-squares" if severity == ERROR else "setup-loss-possible",
            f"{count_text(len(named), ' and '.join(colours) + ' cat')} ({cat_list}) can reach only "
            f"{count_text(squares.bit_count(), 'raft square')} they may use between them{drawn}: {square_list}; "
            f"one cat can never finish, so {lost}. Each cat needs its own square: move the raft so more "
            f"{' or '.join(colours)} or any-colour destinations are in reach, or open a way to them",
            f"/cards/{named[0].card}" if len(named) == 1 else "",
            [*where, *(grid.square(b) for b in iter_bits(squares))],
            severity,
        )
    ]


def _cat_text(lay: Layout, cat: CatStartInfo) -> str:
    return f"the {cat.colour} cat on {card_name(cat.card, lay.scenario.cards[cat.card])}"


def hall_violator(options: dict[int, int]) -> tuple[list[int], int] | None:
    """Cats that cannot all have distinct squares, with the squares they can reach
    between them (fewer than the cats), or None when every cat gets its own square.
    Kuhn's matching; the cats reachable from an unmatched one along alternating paths
    are the violator (König)."""
    walled = next((cat for cat in sorted(options) if not options[cat]), None)
    if walled is not None:
        return [walled], 0
    owner: dict[int, int] = {}

    def assign(cat: int, seen: set[int]) -> bool:
        for d in iter_bits(options[cat]):
            if d not in seen:
                seen.add(d)
                if d not in owner or assign(owner[d], seen):
                    owner[d] = cat
                    return True
        return False

    for cat in sorted(options):
        if assign(cat, set()):
            continue
        group, squares, todo = {cat}, 0, [cat]
        while todo:
            c = todo.pop()
            squares |= options[c]
            for d in iter_bits(options[c]):
                other = owner.get(d)
                if other is not None and other not in group:
                    group.add(other)
                    todo.append(other)
        return sorted(group), squares
    return None
