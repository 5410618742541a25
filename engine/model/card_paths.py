"""Oshax paths and rescue-friend strips: what a card prints besides terrain, as data.

Oshax paths (rulebook "Additional rules" 6; RULINGS OX-1, OX-2)
    Which cards carry the thin stone paths, and their geometry, are unknown, so they are
    catalog data on any card (pathway, location, raft): per square of the card's north
    form, the sides its path leaves by, ``"exits": "NS"`` (letters ``N E S W``).  A
    square whose path ends inside it (a dead end, a start spot) lists one side.  White
    cats (the Oshax) walk from square to square only where **both** squares' visible
    paths meet at their shared side (OX-2's inference): a path that reaches a card's
    edge continues onto the next card only if that card's path meets it there, as the
    printed stones would.  Where cards overlap, the topmost card's paths are the ones
    seen, exactly as its terrain is (PL-8: the top piece wins); a fire tile hides the
    paths under it until water returns it to the bag.  The other cats ignore paths.

Rescue friends (rulebook "Additional rules" 4; RULINGS RF-1, RF-2)
    A location card may print "a small strip of fire" in front of a cat and "a space
    with a circle".  RF-2 leaves open whether the strip is a square of fire or a barrier
    on square edges; a fire square could never be crossed, so it is modelled as RF-2's
    inference says: an **edge barrier** owned by the card, listed as ``{"square": [r,
    c], "side": "E"}`` (the east side of that square of the north form), with the
    ``circle`` square and the ``colour`` of the cat it holds back.  A cat of that colour
    may cross the strip only while another cat of that colour stands on the circle;
    every other cat treats it as fire and never crosses it.  The strip is not fire for
    placement (RF-2: unknown; a barrier on an edge covers no square).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from engine.model.geometry import Square

EXIT_LETTERS = "NESW"  # clockwise: a quarter turn moves each exit one letter on
SIDE_STEP: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE: dict[str, str] = {"N": "S", "E": "W", "S": "N", "W": "E"}

PathSquares = tuple[tuple[Square, str], ...]  # (square in the north form, exit letters in NESW order)


def turn_exits(exits: str, quarter_turns: int) -> str:
    """Exit letters after turning the card ``quarter_turns`` clockwise (N becomes E...)."""
    turned = {EXIT_LETTERS[(EXIT_LETTERS.index(e) + quarter_turns) % 4] for e in exits}
    return "".join(e for e in EXIT_LETTERS if e in turned)


def paths_from(items: Iterable[Mapping[str, Any]]) -> PathSquares:
    """A catalog card's ``oshax`` list, in a canonical form (squares sorted)."""
    out: dict[Square, str] = {}
    for item in items:
        r, c = item["square"]
        square = (int(r), int(c))
        out[square] = turn_exits(out.get(square, "") + item["exits"], 0)
    return tuple(sorted(out.items()))


@dataclass(frozen=True)
class RescueStrip:
    """A location card's strip of fire in front of a trapped cat (north form)."""

    colour: str  # the colour of the cat it holds back (and of the friend on the circle)
    edges: tuple[tuple[Square, str], ...]  # (square, side) the strip lies along
    circle: Square


def rescue_from(items: Iterable[Mapping[str, Any]]) -> tuple[RescueStrip, ...]:
    out = []
    for item in items:
        edges = tuple((_square(e["square"]), str(e["side"])) for e in item["strip"])
        out.append(RescueStrip(item["colour"], edges, _square(item["circle"])))
    return tuple(out)


def paths_to_list(paths: PathSquares) -> list[dict[str, Any]]:
    return [{"square": list(sq), "exits": exits} for sq, exits in paths]


def rescue_to_list(strips: Iterable[RescueStrip]) -> list[dict[str, Any]]:
    return [{"colour": s.colour, "strip": [{"square": list(sq), "side": side} for sq, side in s.edges],
             "circle": list(s.circle)} for s in strips]  # fmt: skip


def card_feature_problems(label: str, where: str, card: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(message, pointer) for a location card's rescue strips that cannot work: the
    colour has no cat on the card, or the circle lies on the card's printed fire."""
    out: list[tuple[str, str]] = []
    colours = {cat["colour"] for cat in card.get("cats", [])}
    grid = card.get("grid", ())
    for j, strip in enumerate(card.get("rescue", [])):
        at = f"{where}/rescue/{j}"
        if strip["colour"] not in colours:
            out.append(
                (
                    f"{label}: its rescue strip holds back a {strip['colour']} cat, but no {strip['colour']} cat "
                    "starts on the card; fix the colour or the cats",
                    at,
                )
            )
        r, c = strip["circle"]
        if grid and grid[r][c] == "f":
            out.append((f"{label}: its rescue circle at ({r}, {c}) is on printed fire; move the circle", at))
    return out


def _square(value: Iterable[int]) -> Square:
    r, c = value
    return (int(r), int(c))
