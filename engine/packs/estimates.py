"""A pack never advertises a stale difficulty: each scenario's stored estimate is checked
against its layout and the rules-and-bot fingerprint (:mod:`engine.check.estimates`)
before the manifest copies its win rate and expected length.

A stale estimate is refused (``estimate-stale``), unless the build is told to play it
again (``stale="estimate"``: the same bot, variant, players and first seed, ``games``
games; the fresh estimate goes into the packed scenario, the source file is left as it
is) or to leave it out (``stale="drop"``: the packed scenario carries no estimate, the
manifest no win rate).  The designer's paws are never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from engine.bots.bots import bot_names
from engine.check.estimates import stale_reasons
from engine.model.formats import scenario_from_dict
from engine.packs.errors import PackError, Problem
from engine.packs.sources import Sources
from engine.sim.difficulty import DEFAULT_BOT, estimate
from engine.sim.store import with_estimate

STALE_POLICIES = ("refuse", "estimate", "drop")
DEFAULT_GAMES = 200


@dataclass
class Settled:
    """What the build did with stale estimates: scenario file -> what was done."""

    estimated: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)


def settle_estimates(sources: Sources, pack_id: str, *, stale: str = "refuse", games: int = DEFAULT_GAMES,
                     tick: Callable[[str], None] | None = None) -> Settled:  # fmt: skip
    """Check every stored estimate in ``sources`` and refuse, re-estimate or drop the stale
    ones (in ``sources``' packed documents only).  Raises :class:`PackError` with an
    ``estimate-stale`` problem per stale estimate when ``stale="refuse"``."""
    if stale not in STALE_POLICIES:
        raise ValueError(f"stale must be one of {', '.join(STALE_POLICIES)}, not {stale!r}")
    problems: list[Problem] = []
    done = Settled()
    for n, (target, source, doc) in enumerate(sources.scenarios):
        if not isinstance(doc.get("difficulty_estimate"), dict):
            continue
        scenario = scenario_from_dict(doc)
        reasons = stale_reasons(scenario)
        if not reasons:
            continue
        if stale == "refuse":
            problems.append(Problem("estimate-stale", pack_id, str(source),
                                    f"the stored difficulty estimate is stale: {'; '.join(reasons)}; build with "
                                    f"--estimate {DEFAULT_GAMES} to estimate it again, --drop-stale to leave it "
                                    f"out, or store a fresh one with raftwright difficulty {source} --store"))  # fmt: skip
            continue
        if stale == "drop":
            sources.scenarios[n] = (target, source, {k: v for k, v in doc.items() if k != "difficulty_estimate"})
            done.dropped.append(str(source))
            continue
        old = scenario.difficulty_estimate
        assert old is not None
        if tick:
            tick(f"estimating {source.name} ({games} games)")
        bot = old.bot if old.bot in bot_names() else DEFAULT_BOT
        try:
            fresh = estimate(scenario, file=str(source), games=games, bot=bot, players=old.players,
                             variant=old.variant, seed=old.seed)  # fmt: skip
        except ValueError as exc:
            problems.append(Problem("estimate-stale", pack_id, str(source),
                                    f"the stored difficulty estimate is stale and cannot be made again ({exc}); "
                                    "build with --drop-stale to leave it out"))  # fmt: skip
            continue
        sources.scenarios[n] = (target, source, with_estimate(doc, fresh))
        done.estimated.append(str(source))
    if problems:
        raise PackError(problems)
    return done


__all__ = ["DEFAULT_GAMES", "STALE_POLICIES", "Settled", "settle_estimates"]
