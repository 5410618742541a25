"""Additional objectives during play: which are met, pending or failed (rulebook
"Additional rules" 1, 3 and 5; RULINGS OB-1, OB-3, CT-1, CT-2).

- ``arrival_order`` (tokens 1-5): the ``position``-th cat to arrive must be of
  ``colour``; every cat counts (OB-3).  Met when it is; failed when another colour
  takes that place, or when no cat of the colour is left to arrive before it.
  Bound to a raft ``destination`` square (OB-2: the token is put on one of two
  eligible squares at setup), the cat must arrive on that square: failed when the
  place goes to a cat on another square, or when another cat takes the square first.
- ``arrive_together`` (token ``=``): a cat of every named colour arrives during one
  action, which only the advanced raft bonus chain allows (OB-1, AD-3): a bonus
  move's arrival shares the number of the action that earned it.  Failed as soon as
  some named colour has no cat left to arrive, unless it arrived in the action still
  open because its arrival bonus waits.
- ``close_to``: the two named cats are never more than ``distance`` (default 5)
  squares apart after any move (CT-1).  The measure is the rule set's
  ``close_to_measure`` (CT-2 leaves it open; Manhattan by default, the RULINGS
  inference), checked at the end of every move; ``close_to_on_raft`` says whether it
  still holds once one of the two is on the raft (the rulebook's "never" by default).
- ``collect_maps`` (Kickstarter pack, "Mandatory objectives"; SC-2): at least
  ``count`` treasure maps collected by cats (kept, or collected and waiting to be
  resolved: a collected map is always kept).  Failed when too few maps are left on the
  island (or on their way back onto a card) to reach the count, or when every cat is
  on the raft without them; a map cut off by fire is not detected (not decidable
  cheaply), so such a game ends by the other rules.
- ``text`` (token ``?``): shown to players, never checked (always pending).

An objective that can no longer be met ends the game as a loss naming it
(``objective-failed``); a win needs every checked objective met.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.scenario import Objective
from engine.play.position import Position
from engine.play.tokens import maps_collected

MET, PENDING, FAILED = "met", "pending", "failed"
CLOSE_TO_DEFAULT = 5  # rulebook "Additional rules" 5: "never more than 5 spaces away"


@dataclass(frozen=True)
class ObjectiveStatus:
    index: int  # in the scenario's objectives
    objective: Objective
    status: str  # met, pending or failed
    why: str = ""  # for a failed objective: what happened

    def describe(self) -> str:
        text = self.objective.describe()
        return f"{text}: {self.why}" if self.why else text


def _cats_of(state: Position, colour: str | None) -> list[int]:
    return [i for i, c in enumerate(state.island.cat_colours) if c == colour]


def _arrival_order(state: Position, o: Objective) -> tuple[str, str]:
    position = o.position or 0
    bound = o.destination
    if len(state.arrivals) >= position:
        cat = state.arrivals[position - 1]
        colour = state.island.cat_colours[cat]
        if colour != o.colour:
            return FAILED, f"the {colour} cat arrived {_ordinal(position)}"
        if bound is not None and state.cat_square(cat) != bound:  # OB-2: the token's square
            at = state.cat_square(cat)
            return FAILED, f"the {colour} cat arrived {_ordinal(position)} on {_where(at)}, not on {_where(bound)}"
        return MET, ""
    if not any(not state.arrived[i] for i in _cats_of(state, o.colour)):
        return FAILED, f"no {o.colour} cat is left to arrive {_ordinal(position)}"
    if bound is not None:
        taken = next((i for i in state.arrivals if state.cat_square(i) == bound), None)
        if taken is not None:
            return FAILED, f"the {state.island.cat_colours[taken]} cat took {_where(bound)} first"
    return PENDING, ""


def _where(square: tuple[int, int]) -> str:
    return f"({square[0]}, {square[1]})"


def _arrive_together(state: Position, o: Objective) -> tuple[str, str]:
    colours = set(o.colours)
    by_turn: dict[int, set[str]] = {}
    for cat, turn in zip(state.arrivals, state.arrival_turns):
        by_turn.setdefault(turn, set()).add(state.island.cat_colours[cat])
    if any(colours <= arrived for arrived in by_turn.values()):
        return MET, ""
    # an arrival bonus waiting (AD-3) keeps its action open: its arrivals may still be joined
    open_turn = by_turn.get(state.advanced.bonus.turn, set()) if state.advanced.bonus is not None else set()
    for colour in sorted(colours):
        if not any(not state.arrived[i] for i in _cats_of(state, colour)) and colour not in open_turn:
            return FAILED, f"the {colour} cat arrived without the others"
    return PENDING, ""


def distance(state: Position, a: int, b: int) -> int:
    """Squares between cats ``a`` and ``b`` by the rule set's ``close_to_measure``."""
    (ra, ca), (rb, cb) = state.cat_square(a), state.cat_square(b)
    if state.rules.close_to_measure == "king":
        return max(abs(ra - rb), abs(ca - cb))
    return abs(ra - rb) + abs(ca - cb)


def _close_to(state: Position, o: Objective) -> tuple[str, str]:
    if len(o.colours) < 2:
        return PENDING, ""
    limit = o.distance if o.distance is not None else CLOSE_TO_DEFAULT
    first, second = _cats_of(state, o.colours[0]), _cats_of(state, o.colours[1])
    if not first or not second:
        return PENDING, ""
    pairs = [(a, b) for a in first for b in second]
    if not state.rules.close_to_on_raft:
        pairs = [(a, b) for a, b in pairs if not (state.arrived[a] or state.arrived[b])]
        if not pairs:
            return MET, ""
    nearest = min(distance(state, a, b) for a, b in pairs)
    if nearest > limit:
        a, b = o.colours[0], o.colours[1]
        return FAILED, f"the {a} and {b} cats are {nearest} squares apart (at most {limit})"
    return (MET if all(state.arrived) else PENDING), ""


def _collect_maps(state: Position, o: Objective) -> tuple[str, str]:
    need = o.count or 0
    have, left = maps_collected(state)
    if have >= need:
        return MET, ""
    if have + left < need:
        return FAILED, f"{have} collected and only {left} left to collect"
    if all(state.arrived):
        return FAILED, f"every cat is on the raft with {have} collected"
    return PENDING, ""


CHECKED_KINDS = ("arrival_order", "arrive_together", "close_to", "collect_maps")  # played and checked
OBJECTIVE_KINDS = CHECKED_KINDS + ("text",)  # text: a note shown to the players, never checked


def objective_statuses(state: Position) -> list[ObjectiveStatus]:
    """Every objective of the scenario with its status now."""
    found = []
    for i, o in enumerate(state.island.scenario.objectives):
        if o.kind == "arrival_order":
            status, why = _arrival_order(state, o)
        elif o.kind == "arrive_together":
            status, why = _arrive_together(state, o)
        elif o.kind == "close_to":
            status, why = _close_to(state, o)
        elif o.kind == "collect_maps":
            status, why = _collect_maps(state, o)
        elif o.kind == "text":  # free text: shown, never checked
            status, why = PENDING, ""
        else:  # new_game refuses such a scenario (engine.play.support): never a silent pending
            raise ValueError(f"objective {i + 1} has the kind {o.kind!r}, which the engine does not play")
        found.append(ObjectiveStatus(i, o, status, why))
    return found


def bound_squares(state: Position) -> dict[tuple[int, int], str]:
    """Raft squares that pending arrival objectives are bound to (OB-2), with the
    colour each one waits for: where bots should land that colour, and no other."""
    return {
        s.objective.destination: s.objective.colour or ""
        for s in objective_statuses(state)
        if s.status == PENDING and s.objective.kind == "arrival_order" and s.objective.destination is not None
    }


def failed_objective(state: Position) -> ObjectiveStatus | None:
    """The first objective that can no longer be met, or None."""
    return next((s for s in objective_statuses(state) if s.status == FAILED), None)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"#{n}")


__all__ = ["CLOSE_TO_DEFAULT", "FAILED", "MET", "PENDING", "ObjectiveStatus", "bound_squares", "distance", "failed_objective",
           "objective_statuses"]  # fmt: skip
