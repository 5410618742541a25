"""The base rule set: every rule that varies between variants is a named hook here.

A variant is a :class:`RuleSet` (a frozen dataclass, so the data hooks are fields and
can be overridden with :func:`dataclasses.replace`) or a subclass that overrides the
behaviour hooks.  The engine (:mod:`engine.play.state`, :mod:`engine.play.moves`) asks these
hooks and never tests a variant's name, like python-chess ``variant.py``.  The
advanced game is a property of the scenario (``mode: advanced``), not a variant: the
hooks ``advanced``, ``move_limit``, ``arrival_bonus`` and ``disaster_deck`` read it
(:mod:`engine.play.disasters`, :mod:`engine.play.bonus`); the Kickstarter pack extends
``removable_fire_budget`` (water objective tokens, RULINGS WT-3).

Data hooks
    ``players``                 player counts the variant supports.
    ``hand_size``               cards a player holds after the draw.
    ``reserve_size``            face-down cards that refill the hand after each action
                                (solo: 3, RULINGS SO-1).
    ``refill_choice``           whether the player picks which face-down card refills
                                the hand after each action (``True``: the rulebook's
                                "Solo" 2, "You may choose any of the cards on the
                                table", by its back only, SO-1; a ``Refill`` action in
                                the ``refill`` phase) or the cards come in the order
                                drawn (``False``: the engine's reading before the choice
                                was played).  Only a variant with a reserve asks: the
                                digital variant (``seeds/solo-digital-variant.txt``)
                                draws all 6 cards into the hand, so it has no choice.
    ``discard_destination``     ``"disaster"`` (the disaster pile, DP-1) or ``"out"``
                                (cards leave the game: the digital variant).
    ``disaster_threshold``      cards on the disaster pile that trigger a disaster
                                (4, DP-1); ``None`` = no disaster pile.
    ``disaster_cards``          cards a disaster moves to the discard pile (4).
    ``cutoff_mode``             ``"coverable"``: a cat may path over its own terrain
                                and any square a legal 3x3 card placement could still
                                cover (the issue's normative reading of LC-5);
                                ``"permissive"``: over any square not on fire (LC-5's
                                default); ``"off"``: never declare a cut-off.
    ``cutoff_cats_block_windows`` whether cats block the windows that make squares
                                coverable.  Cats move, so a window under a cat may be
                                legal later: ``False`` never declares an avoidable loss.
                                The digital variant defines cut-off by the placements
                                legal *now*, so it says ``True``.
    ``uses_water``              whether the scenario's water tokens are in play.
    ``close_to_measure``        how "Keep X close to Y" measures distance (rulebook
                                "Additional rules" 5 does not say; RULINGS CT-2):
                                ``"manhattan"`` (orthogonal steps, the RULINGS
                                inference and the default: cats move orthogonally) or
                                ``"king"`` (diagonals count one).  Checked at the end
                                of every move.
    ``close_to_on_raft``        whether "close to" still binds once one of the two cats
                                is on the raft (CT-2 unknown; default ``True``: the
                                rulebook says the cats may *never* be more than 5 apart).
    ``raft_entry``              how a cat uses raft squares on its way.
                                ``"last-step"`` (the standard and solo games, RULINGS
                                MV-3/MV-4): a destination of the cat's colour or an
                                any-colour one is entered only as the last step of a
                                move and never crossed, in moves and in the cut-off
                                analysis alike.  ``"crossable"`` (the digital solo
                                variant): a raft square is an ordinary square of its
                                colour, ``w`` one of every colour, so a cat walks over
                                the raft squares its colour may use and may end on any
                                of them; the variant's rules text
                                (``seeds/solo-digital-variant.txt``, "Move a Cat":
                                "any number of orthogonally adjacent squares of the same
                                colour as the cat") sets no raft exception, and
                                ``reference/COMP1110-NOTATION.md`` §10.3 and §11 read it
                                so (a cut-off path's intermediate squares are "of colour
                                X or recolourable", raft squares of colour X included).
                                Centres (``o``) and raft art are never entered.
    ``iconless_raft_squares``   what a raft square with no cat icon is on a raft card
                                that has coloured destinations (B, C, D).  The rulebook
                                does not say; U1 (the COMP1110 transcription) calls them
                                "wild", which RULINGS C11 records as U1's interpretation
                                (§3 unknown 4).  ``"any-colour"`` (the default, U1's
                                reading: any cat may end there; without it raft B's 3
                                such squares would be dead art, and a scenario with more
                                cats of a colour than the rafts have icons of it could
                                never be won) or ``"unusable"`` (raft
                                art: no cat ends there).  Raft A, with no icon at all,
                                is boarded from any side either way (rulebook "Raft
                                cards", MV-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.model.scenario import Scenario
from engine.play.expansions import TokenState
from engine.play.island import Island


class RulesState(Protocol):
    """What the rule hooks read of a position (a :class:`~engine.play.position.Position`
    has all of it; a protocol, so the rule sets do not import the position that holds
    one)."""

    @property
    def island(self) -> Island: ...
    @property
    def players(self) -> int: ...
    @property
    def water(self) -> int: ...
    @property
    def kickstarter(self) -> TokenState: ...
    def cards_in_decks(self) -> int: ...


DISASTER = "disaster"
OUT = "out"
CUTOFF_MODES = ("coverable", "permissive", "off")
CLOSE_TO_MEASURES = ("manhattan", "king")
LAST_STEP = "last-step"
CROSSABLE = "crossable"
RAFT_ENTRIES = (LAST_STEP, CROSSABLE)
ADVANCED_MOVE_LIMIT = 5  # rulebook "Advanced rules": "a maximum of 5 spaces" (MV-6)
ANY_COLOUR = "any-colour"
UNUSABLE = "unusable"
ICONLESS_READINGS = (ANY_COLOUR, UNUSABLE)


@dataclass(frozen=True)
class RuleSet:
    name: str
    description: str
    players: tuple[int, ...] = (1, 2, 3, 4)
    hand_size: int = 3
    reserve_size: int = 0
    refill_choice: bool = True
    discard_destination: str = DISASTER
    disaster_threshold: int | None = 4
    disaster_cards: int = 4
    cutoff_mode: str = "coverable"
    cutoff_cats_block_windows: bool = False
    uses_water: bool = True
    close_to_measure: str = "manhattan"
    close_to_on_raft: bool = True
    raft_entry: str = LAST_STEP
    iconless_raft_squares: str = ANY_COLOUR

    def __post_init__(self) -> None:
        if self.iconless_raft_squares not in ICONLESS_READINGS:
            raise ValueError(f"variant {self.name!r}: iconless_raft_squares must be one of {ICONLESS_READINGS}")
        if self.raft_entry not in RAFT_ENTRIES:
            raise ValueError(
                f"variant {self.name!r}: raft_entry must be one of {RAFT_ENTRIES}, not {self.raft_entry!r}"
            )
        if self.close_to_measure not in CLOSE_TO_MEASURES:
            raise ValueError(f"variant {self.name!r}: close_to_measure must be one of {CLOSE_TO_MEASURES}")
        if self.cutoff_mode not in CUTOFF_MODES:
            raise ValueError(f"variant {self.name!r}: cutoff_mode must be one of {CUTOFF_MODES}")
        if self.discard_destination not in (DISASTER, OUT):
            raise ValueError(f"variant {self.name!r}: discard_destination must be {DISASTER!r} or {OUT!r}")

    # --- drawing ---------------------------------------------------------------------
    @property
    def cards_per_draw(self) -> int:
        """Cards each player draws at the start of a round (hand plus reserve)."""
        return self.hand_size + self.reserve_size

    def check_players(self, players: int) -> None:
        if players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise ValueError(f"the {self.name} variant is for {allowed} player(s), not {players}; pick another variant")

    def decks_short(self, state: RulesState) -> bool:
        """LC-1 (d) / LC-6: the decks cannot give every player a full draw."""
        return state.cards_in_decks() < state.players * self.cards_per_draw

    # --- moving ---------------------------------------------------------------------
    def advanced(self, state: RulesState) -> bool:
        """Whether the advanced rules apply (rulebook "Advanced rules", AD-1): the
        scenario's ``mode`` says so (expert mode is the advanced rules with the hybrid
        fire tiles in the bag, Kickstarter pack "Expert scenarios", KS-6); every
        variant plays them the same way."""
        return state.island.scenario.plays_advanced

    def move_limit(self, state: RulesState) -> int | None:
        """Most squares a move may cover (advanced: 5, MV-6); None = unlimited."""
        return ADVANCED_MOVE_LIMIT if self.advanced(state) else None

    def arrival_bonus(self, state: RulesState) -> bool:
        """Whether an arrival earns the free action (advanced, AD-2)."""
        return self.advanced(state)

    def disaster_deck(self, scenario: Scenario) -> bool:
        """Whether a disaster draws a disaster card instead of a fire tile (AD-1, DP-3):
        in the advanced game, or when the scenario's rule option ``disaster_deck`` asks."""
        return scenario.uses_disaster_deck

    def move_cost(self, exhausted: bool) -> int:
        """Cards discarded to move a cat (MV-2)."""
        return 2 if exhausted else 1

    def on_arrival(self, state: RulesState, cat: int, player: int) -> None:
        """Called when a cat arrives on the raft, before the disaster pile is resolved
        (DP-4).  The advanced raft-arrival bonus (AD-2) hooks in here."""

    # --- fire and water ---------------------------------------------------------------
    def water_tokens(self, scenario: Scenario) -> int:
        return scenario.rules.water_tokens if self.uses_water else 0

    def removable_fire_budget(self, state: RulesState) -> int:
        """How many fire tiles the team can still remove: water tokens left (WT-1) and
        Kickstarter water tokens on the island or collected (WT-3)."""
        tokens = state.kickstarter
        if not tokens.tokens and not tokens.held:  # no Kickstarter tokens: every cut-off check asks this
            return state.water
        kickstarter = sum(1 for k in tokens.tokens.values() if k == "water") + tokens.held.count("water")
        return state.water + kickstarter
