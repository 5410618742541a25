"""``raftwright difficulty PATH...``: estimate how hard scenarios are by letting a bot
play them many times (:mod:`engine.sim.difficulty`).

A scenario file gives its estimate; a campaign file or a folder gives a table of its
scenarios ranked from easiest to hardest.  ``--json`` prints one object per scenario.
A scenario the engine cannot play yet is listed as "not playable yet: <reason>".
Exit 0; 2 with one line on stderr when an input cannot be read.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.bots.bots import bot_names
from engine.check.validate_files import open_campaign, open_scenario
from engine.model.catalog import Catalog, CatalogError, default_catalog
from engine.model.formats import FormatError
from engine.model.scenario import Scenario
from engine.sim.difficulty import DEFAULT_BOT, DEFAULT_GAMES, Estimate, Runner, estimate
from raftwright.common import EXIT_OK, EXIT_UNREADABLE, catalog_for, display, expand, say


def scenario_files(paths: list[Path]) -> list[Path]:
    """Scenario files named by the arguments: files as given, campaigns by their
    scenario list, folders by every scenario below them.  Raises FormatError."""
    out: list[Path] = []
    for path in expand(paths):
        if path.name == "campaign.json" or path.name.endswith(".campaign.json"):
            campaign = open_campaign(path)
            out.extend(path.parent / entry.scenario for entry in campaign.scenarios)
        elif path.name.endswith(".components.json"):
            continue
        else:
            out.append(path)
    return list(dict.fromkeys(out))


def runner_for(args: argparse.Namespace) -> Runner | None:
    if not args.cluster:
        return None
    cluster = importlib.import_module("engine.sim.cluster")  # the optional extra, only when asked for
    runner: Runner = cluster.dask_runner(args.cluster, jobs=args.jobs)
    return runner


def run(args: argparse.Namespace) -> int:
    try:
        files = scenario_files([Path(p) for p in args.paths])
        scenarios: list[tuple[Path, Scenario]] = [(f, open_scenario(f)) for f in files]
        catalogs = {f: catalog_for(f) for f in files}  # an installed pack's scenario: with its components
    except (FormatError, CatalogError, OSError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    try:
        runner = runner_for(args)
    except ImportError as exc:
        say(f"--cluster needs Dask: install the extra with pip install 'raftwright[cluster]' ({exc})")
        return EXIT_UNREADABLE
    results: list[Estimate | tuple[Path, Scenario, str]] = []
    show_bar = sys.stderr.isatty() and not args.no_progress
    with tqdm(total=args.games * len(scenarios), disable=not show_bar, unit="game", file=sys.stderr) as bar:
        for path, scenario in scenarios:
            bar.set_description(scenario.id)
            base = bar.n

            def progress(done: int, base: int = base) -> None:
                bar.update(base + done - bar.n)

            try:
                e = estimate(scenario, file=display(path), games=args.games, bot=args.bot, players=args.players,
                             variant=args.variant, seed=args.seed, jobs=args.jobs, runner=runner,
                             progress=progress, catalog=_own(catalogs[path]))  # fmt: skip
            except ValueError as exc:
                results.append((path, scenario, str(exc)))
                bar.update(base + args.games - bar.n)
                continue
            results.append(e)
    if args.json:
        print(json.dumps([_json(r) for r in results], indent=1))
    else:
        _table(results)
    return EXIT_OK


def _own(catalog: Catalog) -> Catalog | None:
    """None for the default catalog (the workers load it themselves), else ``catalog``."""
    return None if catalog is default_catalog() else catalog


def _json(r: Estimate | tuple[Path, Scenario, str]) -> dict[str, Any]:
    if isinstance(r, Estimate):
        return r.to_dict()
    path, scenario, reason = r
    return {"file": display(path), "id": scenario.id, "games": 0, "wins": 0, "win_rate": None,
            "playable": False, "reason": f"not playable yet: {reason}"}  # fmt: skip


def _table(results: list[Estimate | tuple[Path, Scenario, str]]) -> None:
    played = sorted((r for r in results if isinstance(r, Estimate)), key=lambda e: (-e.win_rate, e.file))
    if played:
        first = played[0]
        print(
            f"{first.bot} bot, {first.variant}, {first.players} player(s), {first.games} games each, seed {first.seed}"
        )
        print(
            f"{'rank':>4}  {'win rate':>8}  {'95% interval':>13}  {'paws':>4}  {'rounds':>6}  {'most cut off':12}  scenario"
        )
    for rank, e in enumerate(played, 1):
        lo, hi = e.interval
        top = next(iter(e.losses), "-")
        print(f"{rank:>4}  {e.win_rate:8.1%}  {lo:5.1%}-{hi:6.1%}  {e.suggested_paws:>4}  {e.expected_rounds:6.1f}  "
              f"{e.most_cut_off or '-':12}  {e.id} ({e.file}; losses: {_losses(e) or 'none'}; top: {top})")  # fmt: skip
    for r in results:
        if not isinstance(r, Estimate):
            path, scenario, reason = r
            print(f"   -  not playable yet: {reason}  {scenario.id} ({display(path)})")


def _losses(e: Estimate) -> str:
    return ", ".join(f"{reason} {n}" for reason, n in e.losses.items())


def register(sub: Any) -> None:
    p = sub.add_parser("difficulty", help="estimate scenario difficulty by bot play",
                       description="Play each scenario many times with a bot and report the win rate (95%% Wilson "
                                   "interval), loss causes, rounds, arrivals, water spent, scores and suggested "
                                   "paws. A campaign or folder gives a table ranking its scenarios.")  # fmt: skip
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, campaign files or folders")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per scenario (default {DEFAULT_GAMES})")
    p.add_argument("--bot", default=DEFAULT_BOT, choices=bot_names(), help=f"bot (default {DEFAULT_BOT})")
    p.add_argument("--players", type=int, default=1, help="players (default 1)")
    p.add_argument("--variant", default="solo", help="rule variant (default solo)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--seed", type=int, default=0, help="first seed; games use seed..seed+games-1 (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON, one object per scenario")
    p.add_argument(
        "--cluster",
        metavar="local|ADDRESS",
        default=None,
        help="run the games on Dask: 'local' starts a local cluster, tcp://HOST:8786 uses a scheduler",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=run)
