"""Rule checks on cats, raft destinations, tokens and objectives.

Rules used (``../shared/reference/RULINGS.md``): a cat must finish on a destination of
its colour or an any-colour one, and two cats of a colour need two such squares
(MV-3, C11); a cat walled in by fire at set-up has already lost (LC-1 b, LC-5, the
permissive reading: fire, raft art and other colours' destinations block, terrain
colour does not because pathway cards repaint it); objective tokens sit on raft
destinations (rulebook setup 6, OB-2) and Kickstarter tokens on island squares that
are not fire (KS-1), at most one per square (KS-2); arrival objectives count every cat
(OB-3) and "arrive together" needs the advanced raft bonus (OB-1, AD-3).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from engine.check.elements import count_text
from engine.check.issues import ERROR, WARNING, Issue
from engine.check.rulecheck import CatStartInfo, Layout, card_name, check_box, issue, token_name
from engine.check.setup_loss import CannotSetUp, check_setup_loss
from engine.model.geometry import Square, orthogonal_neighbours
from engine.model.scenario import KICKSTARTER_TOKENS, Objective

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _cat_name(lay: Layout, cat: CatStartInfo) -> str:
    return f"the {cat.colour} cat on {card_name(cat.card, lay.scenario.cards[cat.card])}"


def _by_colour(cats: Iterable[CatStartInfo]) -> dict[str, list[CatStartInfo]]:
    out: dict[str, list[CatStartInfo]] = {}
    for cat in cats:
        out.setdefault(cat.colour, []).append(cat)
    return out


# --- cats and destinations ---------------------------------------------------------
def check_cats(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    if not lay.cats and lay.cats_complete:
        out.append(issue("no-cat", "the scenario has no cats; add a location card (cats start on its cat icons)"))
    limit = lay.catalog.box_count("cats_per_colour")
    for colour, cats in _by_colour(lay.cats).items():
        for n, cat in enumerate(cats[limit:], start=limit + 1):
            out.append(
                issue(
                    "box-exceeded",
                    f"{_cat_name(lay, cat)} is {colour} cat number {n}, but the box has "
                    f"{limit} {colour} cat figures; use a location card with another colour",
                    f"/cards/{cat.card}",
                    [cat.square],
                )
            )
    if not any(c.kind == "raft" for c in lay.scenario.cards):
        out.append(issue("no-raft", "the scenario has no raft card; add one (raft A lets cats board from any side)"))
    elif not lay.unknown_rafts:
        capacity = _check_capacity(lay)
        out += capacity
        if not capacity:
            try:  # the engine's own cut-off analysis at set-up, so validate and new_game agree
                out += check_setup_loss(lay)
            except CannotSetUp:  # the engine cannot set it up (other checks say why): the plain flood
                out += _check_cut_off(lay)
    return out


def _check_capacity(lay: Layout) -> list[Issue]:
    """Cats per colour against destinations of that colour plus shared any-colour ones."""
    dests = Counter(colour for _, colour in lay.destinations.values())
    free = dests[None]
    out: list[Issue] = []
    short: dict[str, list[CatStartInfo]] = {}
    for colour, cats in _by_colour(lay.cats).items():
        own = dests[colour]
        for cat in cats[own + free :]:
            out.append(
                issue(
                    "cat-no-destination",
                    f"{_cat_name(lay, cat)} has no raft destination it could ever use: "
                    f"the rafts have {own} {colour} and {free} any-colour destination(s) for "
                    f"{count_text(len(cats), colour + ' cat')}; use a raft with more {colour} or any-colour "
                    "destinations",
                    f"/cards/{cat.card}",
                    [cat.square],
                )
            )
        if len(cats) > own:
            short[colour] = cats[own:]
    waiting = sum(len(c) for c in short.values())
    if not out and waiting > free:
        mix = ", ".join(f"{len(c)} {colour}" for colour, c in short.items())
        out.append(
            issue(
                "cat-no-destination",
                f"the {count_text(free, 'any-colour raft destination')} cannot take "
                f"the {waiting} cats without a destination of their own colour ({mix}); one of them can "
                "never finish: use a raft with more matching destinations",
                "",
                [cat.square for cat in lay.cats if cat.colour in short],
            )
        )
    return out


def _check_cut_off(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    for cat in lay.cats:
        blocked = lay.blocked_for(cat.colour)
        if blocked(cat.square):
            continue  # the card itself is misplaced; reported by the card checks
        seen = {cat.square}
        todo = [cat.square]
        reached = False
        while todo and not reached:
            sq = todo.pop()
            if sq in lay.destinations:
                reached = True
                break
            for nb in orthogonal_neighbours(sq):
                if nb not in seen and not blocked(nb):
                    seen.add(nb)
                    todo.append(nb)
        if not reached:
            out.append(
                issue(
                    "cat-cut-off",
                    f"{_cat_name(lay, cat)} is walled in: no fire-free path leads from its "
                    "start to a raft destination it may use, so the game is lost at set-up (RULINGS "
                    "LC-1, LC-5); open a gap in the fire or move the card",
                    f"/cards/{cat.card}",
                    [cat.square],
                )
            )
    return out


# --- tokens -----------------------------------------------------------------------
def check_tokens(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    owner: dict[Square, int] = {}
    tokens = lay.scenario.tokens
    unknown_raft_squares = {sq for i in lay.unknown_rafts for sq in lay.scenario.cards[i].squares()}
    for i, t in enumerate(tokens):
        name, path, at = token_name(i, t), f"/tokens/{i}", [t.at]
        if t.at not in lay.island:
            out.append(issue("token-off-island", f"{name} is off the island; move it onto a board", path, at))
        elif t.at in lay.fire:
            out.append(
                issue(
                    "token-on-fire",
                    f"{name} sits on fire; tokens go on squares cats can reach, so move it off the fire",
                    path,
                    at,
                )
            )
        if t.kind == "objective" and t.at not in lay.destinations and t.at not in unknown_raft_squares:
            out.append(
                issue(
                    "token-not-on-destination",
                    f"{name} is not on a raft destination square; objective "
                    "tokens go on the raft's destination squares (rulebook setup step 6), so move it onto one",
                    path,
                    at,
                )
            )
        if t.at in owner:
            out.append(
                issue(
                    "token-overlap",
                    f"{name} shares its square with {token_name(owner[t.at], tokens[owner[t.at]])}; "
                    "put one token per square",
                    path,
                    at,
                )
            )
        owner.setdefault(t.at, i)
    out += check_box(
        lay,
        [(i, "kickstarter" if t.kind in KICKSTARTER_TOKENS else t.kind) for i, t in enumerate(tokens)],
        "tokens",
        {"objective": "objective_tokens", "kickstarter": "kickstarter_tokens"},
        lambda i, key: (token_name(i, tokens[i]), f"{key} token", [tokens[i].at]),
    )
    return out


# --- objectives ---------------------------------------------------------------------
def objective_name(index: int, objective: Objective) -> str:
    text = objective.describe()
    return f'objective {index + 1} ("{text}")' if text else f"objective {index + 1}"


def _colours(o: Objective) -> list[str]:
    if o.kind == "arrival_order":
        return [o.colour] if o.colour else []
    return list(o.colours) if o.kind in ("arrive_together", "close_to") else []


def check_objectives(lay: Layout) -> list[Issue]:
    out: list[Issue] = []
    cats = Counter(cat.colour for cat in lay.cats)
    severity = ERROR if lay.cats_complete else WARNING
    unsure = "" if lay.cats_complete else " (unless an unknown location card holds one)"
    maps = sum(1 for t in lay.scenario.tokens if t.kind == "map")
    for i, o in enumerate(lay.scenario.objectives):
        name, path = objective_name(i, o), f"/objectives/{i}"
        squares = [c.square for c in lay.cats if c.colour in _colours(o)]
        missing = [c for c in dict.fromkeys(_colours(o)) if not cats[c]]
        if missing:
            out.append(
                issue(
                    "objective-no-cat",
                    f"{name} names {' and '.join(missing)}, but no such cat starts on "
                    f"the island{unsure}; add a location card with that cat or change the objective",
                    path,
                    severity=severity,
                )
            )
            continue
        for colour, n in Counter(_colours(o)).items():
            if n > cats[colour] and lay.cats_complete:
                out.append(
                    issue(
                        "objective-impossible",
                        f"{name} needs {count_text(n, colour + ' cat')}, but "
                        f"{cats[colour]} starts on the island; change the objective",
                        path,
                        squares,
                    )
                )
        if o.kind == "arrival_order" and o.position and o.position > len(lay.cats) and lay.cats_complete:
            out.append(
                issue(
                    "objective-impossible",
                    f"{name} asks for arrival number {o.position}, but only "
                    f"{count_text(len(lay.cats), 'cat')} start on the island; lower the position",
                    path,
                )
            )
        if o.kind == "arrival_order" and o.destination is not None and not lay.unknown_rafts:
            dest = lay.destinations.get(o.destination)
            if dest is None or dest[1] not in (None, o.colour):  # OB-2: a square that cat may arrive on
                fits = sorted(sq for sq, (_, c) in lay.destinations.items() if c in (None, o.colour))
                where = ", ".join(f"({r}, {c})" for r, c in fits) or "none on this island"
                out.append(
                    issue(
                        "objective-impossible",
                        f"{name} is bound to a square that is not a raft destination "
                        f"a {o.colour} cat may use; bind it to one of {where}, or drop the destination",
                        path,
                        [o.destination],
                    )
                )
        if o.kind == "arrive_together" and not lay.scenario.plays_advanced:
            out.append(
                issue(
                    "objective-needs-advanced",
                    f"{name} can only be met with the advanced raft-arrival "
                    "bonus (rulebook: Arriving at the raft); set the mode to advanced or drop the objective",
                    path,
                    squares,
                    WARNING,
                )
            )
        if o.kind == "collect_maps" and (o.count or 0) > maps:
            out.append(
                issue(
                    "objective-impossible",
                    f"{name} asks for {o.count} treasure maps, but "
                    f"{count_text(maps, 'map token')} placed; place more map tokens or lower the count",
                    path,
                    [t.at for t in lay.scenario.tokens if t.kind == "map"],
                )
            )
    return out + _check_arrival_conflicts(lay, cats) + _check_objective_tokens(lay)


def _check_arrival_conflicts(lay: Layout, cats: Counter[str]) -> list[Issue]:
    out: list[Issue] = []
    objectives = lay.scenario.objectives
    by_position: dict[int, int] = {}
    by_colour: dict[str, list[int]] = {}
    for i, o in enumerate(objectives):
        if o.kind != "arrival_order" or o.position is None or o.colour is None:
            continue
        name, path = objective_name(i, o), f"/objectives/{i}"
        first = by_position.setdefault(o.position, i)
        if first != i:
            other = objectives[first]
            if other.colour == o.colour:
                out.append(
                    issue(
                        "objective-conflict",
                        f"{name} repeats {objective_name(first, other)}; remove one",
                        path,
                        severity=WARNING,
                    )
                )
            else:
                out.append(
                    issue(
                        "objective-conflict",
                        f"{name} and {objective_name(first, other)} both claim the "
                        f"{ORDINALS.get(o.position, str(o.position))} arrival; change one position",
                        path,
                    )
                )
            continue
        same = by_colour.setdefault(o.colour, [])
        same.append(i)
        if cats[o.colour] and len(same) > cats[o.colour]:
            named = " and ".join(objective_name(j, objectives[j]) for j in same)
            out.append(
                issue(
                    "objective-conflict",
                    f"{named} need {count_text(len(same), o.colour + ' cat')}, but "
                    f"{cats[o.colour]} starts on the island; drop one",
                    path,
                    [c.square for c in lay.cats if c.colour == o.colour],
                )
            )
    return out


def _check_objective_tokens(lay: Layout) -> list[Issue]:
    """Objective tokens are reminders of the objectives (OB-2): each should match one."""
    out: list[Issue] = []
    arrivals = [o for o in lay.scenario.objectives if o.kind == "arrival_order"]
    together = any(o.kind == "arrive_together" for o in lay.scenario.objectives)
    for i, t in enumerate(lay.scenario.tokens):
        if t.kind != "objective" or t.value == "?":
            continue
        name, path = token_name(i, t), f"/tokens/{i}"
        if t.value == "=":
            if not together:
                out.append(
                    issue(
                        "objective-token-mismatch",
                        f'{name} has no "arrive together" objective to remind '
                        "of; add the objective or remove the token",
                        path,
                        [t.at],
                        WARNING,
                    )
                )
            continue
        matching = [o for o in arrivals if str(o.position) == t.value]
        colour = lay.destinations.get(t.at, (0, None))[1]
        if not matching:
            out.append(
                issue(
                    "objective-token-mismatch",
                    f"{name} has no objective for arrival number {t.value}; add the objective or remove the token",
                    path,
                    [t.at],
                    WARNING,
                )
            )
        elif colour is not None and all(o.colour != colour for o in matching):
            out.append(
                issue(
                    "objective-token-mismatch",
                    f"{name} sits on a {colour} destination, but the objective "
                    f'is "{matching[0].describe()}"; move the token to a {matching[0].colour} or '
                    "any-colour destination",
                    path,
                    [t.at],
                    WARNING,
                )
            )
    return out
