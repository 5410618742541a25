"""Every live cat's way for one position: the one place the bots ask it.

A coloured cat's way (and its corridor, levels and exits) is :class:`engine.bots.routes.Routes`'
search; a white cat's (the Oshax) runs along paths, whatever the terrain, and is worked
out here (:meth:`Ways.white_way`): how many squares off its connected paths (squares a
card with a path could still cover) separate it from a raft square it may use.  The card
search, the fire phase, the water step and the token choices read both through
:class:`Ways`.
"""

from __future__ import annotations

from engine.bots.routes import FAR, Routes
from engine.play.actions import PlacePathway
from engine.play.analysis import (
    WHITE,
    barriers,
    exits_now,
    future_paths,
    lay_card,
    link_flood,
    path_links,
    raft_entries,
    without,
)
from engine.play.state import GameState


class Ways:
    """The cats' ways for one position (optionally with other fire): coloured cats' from
    ``routes`` (made when first needed, or the caller's analysis of the same position
    and fire), white cats' along paths (memoised)."""

    def __init__(self, state: GameState, fire: int | None = None, routes: Routes | None = None) -> None:
        self.state = state
        self.fire = state.fire if fire is None else fire
        self._routes = routes
        self._white: dict[int, tuple[int, int]] = {}  # white cat -> (way, corridor)

    @property
    def routes(self) -> Routes:
        """The coloured cats' route analysis (its ``coverable`` serves the white cats too)."""
        if self._routes is None:
            self._routes = Routes(self.state, fire=self.fire)
        return self._routes

    @property
    def coverable(self) -> int:
        """Squares a card could still cover with this fire."""
        return self.routes.coverable

    def way(self, cat: int) -> tuple[int, int]:
        """A white cat's ``(way, corridor)`` as the position lies (memoised); a coloured
        cat's way is ``routes.route(cat).way``."""
        found = self._white.get(cat)
        if found is None:
            if self.state.island.cat_terrain[cat] != WHITE:
                raise ValueError(f"cat {cat} is not white: its way is Routes.route({cat}).way")
            found = self._white[cat] = self.white_way(cat)
        return found

    def white_way(self, cat: int, card: PlacePathway | None = None) -> tuple[int, int]:
        """A white cat's way: how many squares off its connected paths (squares a card
        with a path could still cover) separate it from a raft square it may use; with
        ``card``, as if that pathway card were placed."""
        state = self.state
        grid = state.island.grid
        blocked = barriers(state, cat)
        exits = None if card is None else lay_card(state.island, exits_now(state), card)
        paths = without(path_links(state, self.fire, exits=exits), blocked)
        hoped = without(path_links(state, self.fire, self.coverable if future_paths(state) else 0, exits), blocked)
        free = ~state.cat_mask
        region = link_flood(grid, 1 << state.cat_sq[cat], paths)
        for n in range(FAR):
            if raft_entries(state, WHITE, region) & free:
                return n, region
            grown = link_flood(grid, link_flood(grid, region, hoped, 1), paths)
            if grown == region:
                break
            region = grown
        return FAR, region

    def total(self) -> int:
        """Every live cat's way, summed."""
        return self.routes.total() + self.white_total()

    def white_total(self) -> int:
        """The white cats' ways (the coloured cats' are ``routes.total()``)."""
        colour = self.state.island.cat_terrain
        return sum(self.way(c)[0] for c in self.live() if colour[c] == WHITE)

    def live(self) -> list[int]:
        """Every cat not on the raft yet, white cats included."""
        return [c for c in range(self.state.cat_count()) if not self.state.arrived[c]]


__all__ = ["Ways"]
