"""Difficulty from simulation: play a scenario many times with a bot and sum it up.

The unit of work is :func:`play_games`: a scenario (as its JSON dict, so it pickles
small), a list of seeds, the variant, the player count and a bot name, returning one
:class:`GameRecord` per seed.  Seed ``s`` plays ``new_game(..., seed=s)`` with the bot's
RNG seeded ``s``, so every game can be replayed on its own.  A local process pool
(:func:`estimate` with ``jobs``) and a Dask cluster (:mod:`engine.sim.cluster`) run the
very same tasks; the records are put back in seed order before they are summed, so
the estimate is identical whatever the number of jobs or the backend.

:func:`summarise` turns the records into an :class:`Estimate`: the win rate with its
95 % Wilson interval, loss causes, the cat most often cut off, rounds and actions per
game, arrivals per cat, water spent, the score (SC-1) and cats saved, and a suggested paw
rating (:data:`CALIBRATION`, fitted by ``bench/bot_targets.py --fit``; see docs/difficulty.md).
"""

from __future__ import annotations

import logging
import math
import os
import random
import signal
import threading
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from importlib.metadata import PackageNotFoundError, version
from statistics import mean, median
from typing import Any, Callable, Sequence

from engine.bots.bots import get_bot
from engine.bots.version import fingerprint
from engine.model.catalog import Catalog
from engine.model.fingerprint import layout_fingerprint
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.scenario import DifficultyEstimate, Scenario
from engine.play.game import new_game
from engine.play.outcome import CAT_CUT_OFF, WIN
from engine.sim.traced import traced_playout

log = logging.getLogger(__name__)

DEFAULT_GAMES = 200
DEFAULT_BOT = "heuristic"
CHUNK = 8  # seeds per task: small enough for a smooth progress bar, big enough to amortise set-up
MAX_ACTIONS = 5_000
LOST_LISTED = 10  # lost games an estimate lists (to replay), the first seeds

#: Win-rate floors per paw rating, fewest paws first: a scenario gets the first rating
#: whose floor its heuristic-bot solo win rate reaches (5 paws below every floor).
#: Fitted on the bundled campaigns by ``bench/bot_targets.py --games 200 --jobs 2`` with
#: ``--seed 0``, ``200``, ``400``, ``600`` and ``800``, summed by ``--summary s0.json ...
#: s800.json --fit`` (the heuristic bot of 2026-11-26: HEMMED 25, NOTCHED 3, step-4 moves
#: nearest the raft first; 39,000 games; groups Tutorial..Campaign 4 = 0..5 paws; an
#: isotonic least-absolute-error fit: paws never fall as the win rate rises, each floor
#: midway between the win rates either side of a paw step; 19 of the 39 scenarios get
#: their group's paws, total error 28 paws; docs/difficulty.md, "Calibration to paws").
CALIBRATION: tuple[tuple[int, float], ...] = ((0, 0.7655), (1, 0.536), (2, 0.269), (3, 0.071), (4, 0.005))

Progress = Callable[[int], None]  # games finished so far


@dataclass(frozen=True)
class GameRecord:
    """What one game leaves for the estimate (small and picklable)."""

    seed: int
    result: str | None  # "win", "loss", or None when MAX_ACTIONS ran out
    reason: str | None
    cut_off: str | None  # colour of the cut-off cat
    cut_off_square: tuple[int, int] | None
    rounds: int
    actions: int
    arrived: tuple[bool, ...]  # per cat, island cat order
    water_used: int
    score: int  # SC-1: 5 minus water spent on a win, 0 on a loss
    fire: tuple[tuple[int, int], ...]  # squares under fire tiles at the end
    crossed: tuple[tuple[int, int], ...] = ()  # squares the cats crossed (engine.sim.traced)


def play_games(
    doc: dict[str, Any], seeds: Sequence[int], variant: str, players: int, bot: str, catalog: Catalog | None = None
) -> list[GameRecord]:
    """Play one game per seed (the task both backends run); ``catalog``: the scenario's
    components when they are not the default catalog's (an installed pack's)."""
    scenario = scenario_from_dict(doc)
    player = get_bot(bot)
    out = []
    for seed in seeds:
        state = new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog)
        taken, crossed = traced_playout(state, player, random.Random(seed), MAX_ACTIONS)
        o = state.outcome()
        square = o.square if o is not None and o.reason == CAT_CUT_OFF else None
        out.append(GameRecord(
            seed=seed,
            result=None if o is None else o.result,
            reason=None if o is None else o.reason,
            cut_off=o.cat if o is not None and o.reason == CAT_CUT_OFF else None,
            cut_off_square=None if square is None else (int(square[0]), int(square[1])),
            rounds=state.round,
            actions=taken,
            arrived=tuple(state.arrived),
            water_used=state.water_used,
            score=0 if o is None else o.score,
            fire=state.island.grid.squares(state.tile_fire),
            crossed=state.island.grid.squares(crossed),
        ))  # fmt: skip
    return out


TAIL_SPLIT = 4  # chunks(): the last TAIL_SPLIT * size seeds go in tasks of a TAIL_SPLIT-th of what is left


def chunks(seeds: Sequence[int], size: int = CHUNK) -> list[list[int]]:
    """The seeds in order, in tasks of ``size``, the last ones in ever smaller tasks
    (down to one seed): a pool's processes then finish close together instead of one
    playing a whole last task while the others idle (on 192 heuristic games and two
    processes, the last 8-seed task kept one core idle for about 2 % of the run;
    docs/lab/speed-history.md).  The records are put back in seed order, so the tasks'
    sizes change no estimate."""
    out: list[list[int]] = []
    tail = max(len(seeds) - TAIL_SPLIT * size, 0)
    for i in range(0, tail, size):
        out.append(list(seeds[i : min(i + size, tail)]))
    i = tail
    while i < len(seeds):
        step = max(1, min(size, (len(seeds) - i) // TAIL_SPLIT))
        out.append(list(seeds[i : i + step]))
        i += step
    return out


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95 % by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


#: the bot, variant and player count the floors were fitted on: an estimate made otherwise
#: (another bot, two players, the standard rules) wins at another rate for the same
#: scenario, so read on these floors its paws would be wrong; it suggests none
CALIBRATED_ON = (DEFAULT_BOT, "solo", 1)
PAWS_NOT_CALIBRATED = "paws are calibrated on the heuristic bot's solo games with 1 player only"


def paws_calibrated(bot: str, variant: str, players: int) -> bool:
    """Whether an estimate by ``bot`` with ``variant`` and ``players`` may suggest paws."""
    return (bot, variant, players) == CALIBRATED_ON


def suggest_paws(win_rate: float) -> int:
    """The paws of a heuristic-bot solo win rate (:data:`CALIBRATION`); only for such a rate."""
    return next((paws for paws, floor in CALIBRATION if win_rate >= floor), 5)


@dataclass(frozen=True)
class Estimate:
    file: str
    id: str
    bot: str
    variant: str
    players: int
    seed: int
    games: int
    wins: int
    win_rate: float
    interval: tuple[float, float]
    losses: dict[str, int]
    cut_off_cats: dict[str, int]
    most_cut_off: str | None
    rounds: dict[int, int]
    actions: dict[str, float]  # min, median, mean, max
    arrivals: list[dict[str, Any]]  # per cat: colour, arrived (games)
    water_spent: dict[str, float]  # total, mean
    scores: dict[int, int]  # SC-1 score -> games
    cats_saved: dict[int, int]  # cats on the raft at the end -> games
    expected_rounds: float
    suggested_paws: int | None  # None: the bot, variant or players are not those the paws are calibrated on
    unfinished: int = 0
    heat: dict[str, dict[str, int]] = field(default_factory=dict)  # "fire" / "cut_off" / "crossed" -> "r,c" -> games
    lost_seeds: list[int] = field(default_factory=list)  # a few lost games, to replay
    lost_games: list[dict[str, Any]] = field(default_factory=list)  # the same games: seed, reason, round, cat, square
    fingerprint: str = ""  # rules and bot versions that played the games (engine.bots.version.fingerprint)
    layout: str = ""  # the layout played (engine.model.fingerprint.layout_fingerprint)
    engine_version: str = ""  # the Raftwright package version

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["interval"] = list(self.interval)
        d["rounds"] = {str(k): v for k, v in self.rounds.items()}
        d["scores"] = {str(k): v for k, v in self.scores.items()}
        d["cats_saved"] = {str(k): v for k, v in self.cats_saved.items()}
        return d


def summarise(records: Sequence[GameRecord], *, file: str, scenario: Scenario, bot: str, variant: str,
              players: int, seed: int, colours: Sequence[str]) -> Estimate:  # fmt: skip
    records = sorted(records, key=lambda r: r.seed)
    games = len(records)
    wins = sum(1 for r in records if r.result == WIN)
    losses: Counter[str] = Counter(r.reason for r in records if r.reason is not None and r.result != WIN)
    cut = Counter(r.cut_off for r in records if r.cut_off)
    actions = [r.actions for r in records] or [0]
    fire: Counter[str] = Counter(f"{a},{b}" for r in records for a, b in r.fire)
    crossed: Counter[str] = Counter(f"{a},{b}" for r in records for a, b in r.crossed)
    cut_sq: Counter[str] = Counter(f"{r.cut_off_square[0]},{r.cut_off_square[1]}" for r in records if r.cut_off_square)
    lost = [r for r in records if r.result is not None and r.result != WIN]
    return Estimate(
        file=file, id=scenario.id, bot=bot, variant=variant, players=players, seed=seed,
        games=games, wins=wins, win_rate=wins / games if games else 0.0, interval=wilson(wins, games),
        losses=dict(sorted(losses.items(), key=lambda kv: (-kv[1], kv[0]))),
        cut_off_cats=dict(sorted(cut.items(), key=lambda kv: (-kv[1], kv[0]))),
        most_cut_off=min(cut, key=lambda c: (-cut[c], c)) if cut else None,
        rounds=dict(sorted(Counter(r.rounds for r in records).items())),
        actions={"min": min(actions), "median": float(median(actions)), "mean": round(mean(actions), 2),
                 "max": max(actions)},  # fmt: skip
        arrivals=[{"cat": i, "colour": c, "arrived": sum(1 for r in records if i < len(r.arrived) and r.arrived[i])}
                  for i, c in enumerate(colours)],  # fmt: skip
        water_spent={"total": sum(r.water_used for r in records),
                     "mean": round(mean([r.water_used for r in records]), 3) if records else 0.0},  # fmt: skip
        scores=dict(sorted(Counter(r.score for r in records).items())),
        cats_saved=dict(sorted(Counter(sum(r.arrived) for r in records).items())),
        expected_rounds=round(mean([r.rounds for r in records]), 3) if records else 0.0,
        suggested_paws=suggest_paws(wins / games if games else 0.0) if paws_calibrated(bot, variant, players) else None,
        unfinished=sum(1 for r in records if r.result is None),
        heat={"fire": dict(sorted(fire.items())), "cut_off": dict(sorted(cut_sq.items())),
              "crossed": dict(sorted(crossed.items()))},
        lost_seeds=[r.seed for r in lost[:LOST_LISTED]],
        lost_games=[{"seed": r.seed, "reason": r.reason, "round": r.rounds, "cat": r.cut_off,
                     "square": None if r.cut_off_square is None else list(r.cut_off_square)}
                    for r in lost[:LOST_LISTED]],
        fingerprint=fingerprint(), layout=layout_fingerprint(scenario), engine_version=engine_version(),
    )  # fmt: skip


Runner = Callable[[dict[str, Any], list[list[int]], str, int, str, Progress | None], list[GameRecord]]


def run_local(doc: dict[str, Any], tasks: list[list[int]], variant: str, players: int, bot: str,
              progress: Progress | None = None, jobs: int = 1, catalog: Catalog | None = None) -> list[GameRecord]:  # fmt: skip
    """Run the tasks in this process (``jobs=1``) or a process pool."""
    out: list[GameRecord] = []
    if jobs <= 1 or len(tasks) < 2:
        for seeds in tasks:
            out.extend(play_games(doc, seeds, variant, players, bot, catalog))
            if progress:
                progress(len(out))
        return out
    # Ctrl-C is held back while the workers start: blocked for this thread (an interrupt
    # inside a fork leaves the pool hung), and only noted if it arrives all the same (the
    # kernel may hand SIGINT to another thread, tqdm's monitor, whose handler marks it
    # pending for this one: raised inside the pool's start, it would leave a forked worker
    # outliving the command and holding its output open).  Once the pool is up, a noted or
    # held Ctrl-C stops the workers (below).  The workers keep it blocked.
    held = hasattr(signal, "pthread_sigmask")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if held else set()
    noted: list[int] = []
    in_main = threading.current_thread() is threading.main_thread()  # only it may set a handler
    previous = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum)) if in_main else None
    pool: ProcessPoolExecutor | None = None
    try:
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_quiet_interrupt)
        pending: set[Future[list[GameRecord]]] = {
            pool.submit(play_games, doc, seeds, variant, players, bot, catalog) for seeds in tasks
        }
    except BaseException:
        if pool is not None:
            _stop(pool)
        _release(held, mask, in_main, previous)
        raise
    try:
        _release(held, mask, in_main, previous)
        if noted:
            raise KeyboardInterrupt
        while pending:
            # a bounded wait: a Ctrl-C the kernel handed to another thread only marks
            # Python's handler as pending, which runs when this thread returns to Python
            done, pending = wait(pending, timeout=INTERRUPT_POLL_S, return_when=FIRST_COMPLETED)
            for f in done:
                out.extend(f.result())
            if progress:
                progress(len(out))
    except KeyboardInterrupt:
        _stop(pool)
        raise
    pool.shutdown()
    return out


def _release(held: bool, mask: set[int | signal.Signals], in_main: bool, previous: Any) -> None:
    """Ctrl-C as before the pool's start: the handler back, then the mask (a Ctrl-C held
    back by the mask arrives now and raises KeyboardInterrupt)."""
    if in_main:
        signal.signal(signal.SIGINT, previous)
    if held:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Ctrl-C: stop the workers now (a shutdown that waits would finish every game first)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


INTERRUPT_POLL_S = 0.25  # the longest a Ctrl-C waits while worker processes play


def _quiet_interrupt() -> None:
    """In a worker: Ctrl-C (sent to the whole process group) ends it without a traceback;
    the parent reports the interruption once."""
    signal.signal(signal.SIGINT, lambda signum, frame: os._exit(128 + signum))


def estimate(scenario: Scenario, *, file: str = "", games: int = DEFAULT_GAMES, bot: str = DEFAULT_BOT,
             players: int = 1, variant: str = "solo", seed: int = 0, jobs: int = 1,
             runner: Runner | None = None, progress: Progress | None = None,
             catalog: Catalog | None = None) -> Estimate:  # fmt: skip
    """Play ``games`` games (seeds ``seed .. seed+games-1``) and sum them up.  Raises
    ValueError (UnsupportedScenario among them) when the engine cannot play the
    scenario, before any game is farmed out.  ``catalog``: the scenario's components
    when they are not the default catalog's (a scenario of an installed pack)."""
    get_bot(bot)
    probe = new_game(scenario, seed=seed, players=players, variant=variant, catalog=catalog)
    log.info("estimating %s: %d games, bot %s, %s, %d player(s), seeds from %d, %d job(s)%s", scenario.id, games,
             bot, variant, players, seed, jobs, ", on a cluster" if runner is not None else "")  # fmt: skip
    doc = scenario_to_dict(scenario)
    tasks = chunks(range(seed, seed + games))
    if runner is None:
        records = run_local(doc, tasks, variant, players, bot, progress, jobs, catalog)
    elif catalog is not None:
        raise ValueError("a pack's own components are not sent to a cluster's workers; estimate it without --cluster")
    else:
        records = runner(doc, tasks, variant, players, bot, progress)
    return summarise(records, file=file, scenario=scenario, bot=bot, variant=variant, players=players, seed=seed,
                     colours=probe.island.cat_colours)  # fmt: skip


def engine_version() -> str:
    try:
        return version("raftwright")
    except PackageNotFoundError:  # a checkout that was never installed
        return "0+unknown"


def stored(e: Estimate) -> DifficultyEstimate:
    """What a scenario's metadata keeps of an estimate (schema ``difficulty_estimate``)."""
    return DifficultyEstimate(bot=e.bot, games=e.games, seed=e.seed, win_rate=round(e.win_rate, 6),
                              interval=(round(e.interval[0], 6), round(e.interval[1], 6)),
                              engine_version=e.engine_version or engine_version(), variant=e.variant,
                              players=e.players, suggested_paws=e.suggested_paws, layout=e.layout or None,
                              fingerprint=e.fingerprint or None,
                              expected_length=round(e.expected_rounds, 3))  # fmt: skip


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""

    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = mean(rx), mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    vy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (vx * vy) if vx and vy else 0.0


__all__ = ["CALIBRATED_ON", "CALIBRATION", "DEFAULT_BOT", "DEFAULT_GAMES", "PAWS_NOT_CALIBRATED", "Estimate",
           "GameRecord", "estimate", "play_games", "engine_version", "paws_calibrated", "run_local", "spearman",
           "stored", "suggest_paws", "summarise", "wilson"]  # fmt: skip
