"""``raftwright difficulty PATH...``: estimate how hard scenarios are by letting a bot
play them many times (:mod:`engine.sim.difficulty`).

A scenario file gives its estimate; a campaign file or a folder gives a table of its
scenarios ranked from easiest to hardest.  ``--json`` prints one object per scenario,
with the rules-and-bot ``fingerprint`` and the ``layout`` it was made on.  ``--store``
writes each estimate into its scenario file (atomically; a campaign's files as one
step); ``--set-paws`` also replaces the designer's paws with the suggested ones.
A scenario the engine cannot play yet is listed as "not playable yet: <reason>".
``--winnable N`` adds the full-information search's answer (:mod:`engine.sim.oracle`):
"a win exists in X of N deals" or "no win found in N deals within budget B", and
``--lines DIR`` saves each scenario's shortest winning line found as a replay file.
Exit 0 when every scenario was estimated, 1 when some cannot be played yet (the rule is
named); 2 with one line on stderr when an input cannot be read, a file cannot be
stored, or the Dask cluster cannot be used (bad address, no scheduler or no worker
within ``--cluster-timeout``, a worker playing other rules or another bot).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.bots.bots import bot_names
from engine.bots.version import fingerprint
from engine.check.open_files import open_scenario
from engine.model.catalog import Catalog, CatalogError, default_catalog
from engine.model.files import WriteError
from engine.model.formats import FormatError
from engine.model.resources import campaigns_dir
from engine.model.scenario import Scenario
from engine.model.wording import plain_text
from engine.play.replay_files import REPLAY_SUFFIX, write_replay
from engine.sim.cluster_address import DEFAULT_TIMEOUT, ClusterError, check_address
from engine.sim.difficulty import (
    DEFAULT_BOT,
    DEFAULT_GAMES,
    PAWS_NOT_CALIBRATED,
    Estimate,
    Runner,
    estimate,
    paws_calibrated,
)
from engine.sim.oracle import DEFAULT_BUDGET, Winnable, winnable
from raftwright.common import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_UNREADABLE,
    catalog_for,
    display,
    human,
    int_range,
    positive_number,
    say,
    scenario_files,
)

#: why an estimate suggests no paws, with the options that give one
NO_PAWS = f"{PAWS_NOT_CALIBRATED}; estimate with --bot heuristic --variant solo --players 1 for a paw rating"


def session_for(args: argparse.Namespace) -> AbstractContextManager[Runner | None]:
    """One runner for the whole run: the local process pool (None), or one checked Dask
    cluster (``--cluster``).  Raises ClusterError for a bad address (before Dask is
    imported) and ImportError without the extra."""
    if not args.cluster:
        return nullcontext(None)
    check_address(args.cluster)
    cluster = importlib.import_module("engine.sim.cluster")  # the optional extra, only when asked for
    session: AbstractContextManager[Runner] = cluster.cluster_session(args.cluster, jobs=args.jobs,
                                                                        timeout=args.cluster_timeout)  # fmt: skip
    return session


def bundled(path: Path) -> bool:
    try:
        path.resolve().relative_to(campaigns_dir().resolve())
    except ValueError:
        return False
    return True


def run(args: argparse.Namespace) -> int:
    if args.set_paws and not args.store:
        say("--set-paws sets paws from a stored estimate: add --store")
        return EXIT_UNREADABLE
    if args.lines is not None and not args.winnable:
        say("--lines saves the winning lines that --winnable N finds: add --winnable N")
        return EXIT_UNREADABLE
    try:
        files = scenario_files(args.paths, "difficulty")
        scenarios: list[tuple[Path, Scenario]] = [(f, open_scenario(f)) for f in files]
        catalogs = {f: catalog_for(f) for f in files}  # an installed pack's scenario: with its components
    except (FormatError, CatalogError, OSError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    if args.store:
        shipped = [f for f, _ in scenarios if bundled(f)]
        if shipped:
            say(f"{display(shipped[0])}: a bundled scenario is read-only; copy it into your own campaign folder "
                "(the studio's Save does) and store the estimate there")  # fmt: skip
            return EXIT_UNREADABLE
    args.variant = args.variant or ("solo" if args.players == 1 else "standard")  # --players 2 alone: standard
    if args.set_paws and not paws_calibrated(args.bot, args.variant, args.players):
        say(f"--set-paws: {NO_PAWS}")
        return EXIT_UNREADABLE
    try:
        with session_for(args) as runner:
            results = _estimates(args, scenarios, runner, catalogs)
    except ClusterError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    except ImportError as exc:
        say(f"--cluster needs Dask: install the extra with pip install 'raftwright[cluster]' ({exc})")
        return EXIT_UNREADABLE
    answers: dict[str, dict[str, Any]] = {}  # an estimate's file -> the full-information search's answer (JSON)
    if args.winnable:
        by_file = {str(path): scenario for path, scenario in scenarios}
        try:
            for e in (r for r in results if isinstance(r, Estimate)):
                answers[e.file] = _search(args, by_file[e.file], _own(catalogs[Path(e.file)]))
        except OSError as exc:
            say(str(exc))
            return EXIT_UNREADABLE
    if args.json:
        print(json.dumps([human(_json(r, answers)) for r in results], indent=1))
    else:
        _table(results, answers)
    status = _store(args, results) if args.store else EXIT_OK
    refused = not all(isinstance(r, Estimate) for r in results)
    return EXIT_ERRORS if status == EXIT_OK and refused else status


def _estimates(args: argparse.Namespace, scenarios: list[tuple[Path, Scenario]], runner: Runner | None,
               catalogs: dict[Path, Catalog]) -> list[Estimate | tuple[Path, Scenario, str]]:  # fmt: skip
    results: list[Estimate | tuple[Path, Scenario, str]] = []
    show_bar = sys.stderr.isatty() and not args.no_progress
    with tqdm(total=args.games * len(scenarios), disable=not show_bar, unit="game", file=sys.stderr) as bar:
        for path, scenario in scenarios:
            bar.set_description(scenario.id)
            base = bar.n

            def progress(done: int, base: int = base) -> None:
                bar.update(base + done - bar.n)

            try:
                e = estimate(scenario, file=str(path), games=args.games, bot=args.bot, players=args.players,
                             variant=args.variant, seed=args.seed, jobs=args.jobs, runner=runner,
                             progress=progress, catalog=_own(catalogs[path]))  # fmt: skip
            except ValueError as exc:  # UnsupportedScenario's why: the table names the scenario already
                results.append((path, scenario, getattr(exc, "why", str(exc))))
                bar.update(base + args.games - bar.n)
                continue
            results.append(e)
    return results


def _search(args: argparse.Namespace, scenario: Scenario, catalog: Catalog | None) -> dict[str, Any]:
    """The full-information search's answer for one scenario (its JSON), the shortest
    winning line saved under ``--lines`` when one was found."""
    if not args.no_progress and sys.stderr.isatty():
        print(f"{scenario.id}: searching {args.winnable} deals with full information", file=sys.stderr)
    w: Winnable = winnable(scenario, deals=args.winnable, seed=args.seed, budget=args.budget,
                           seconds=args.budget_seconds, variant=args.variant, players=args.players,
                           jobs=args.jobs, catalog=catalog)  # fmt: skip
    out = w.to_dict()
    line = w.replay_of(scenario, args.variant, args.players)
    out["line_file"] = None
    if line is not None and args.lines is not None:
        folder = Path(args.lines)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{scenario.id}.win{REPLAY_SUFFIX}"
        write_replay(target, line, line.play(catalog).outcome())
        out["line_file"] = display(target)
    return out


def _store(args: argparse.Namespace, results: list[Estimate | tuple[Path, Scenario, str]]) -> int:
    from engine.sim.store import store_in_files  # writes files: only when asked to

    played = [(Path(r.file), r) for r in results if isinstance(r, Estimate)]
    try:
        done = store_in_files(played, set_paws=args.set_paws)
    except (FormatError, WriteError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    for record in done:
        note = ""
        if record.suggested is None:
            note = f"; it suggests no paws: {NO_PAWS}"
        elif record.paws_kept:
            note = (f"; kept your paws ({record.paws_before}), the estimate suggests {record.suggested}: "
                    "add --set-paws to use it")  # fmt: skip
        elif args.set_paws:
            note = f"; paws set to {record.paws_after}"
        elif record.paws_before is None:
            note = f"; it suggests {record.suggested} paws: add --set-paws to set them"
        say(f"stored the estimate in {display(record.path)}{note}")
    return EXIT_OK


def _own(catalog: Catalog) -> Catalog | None:
    """None for the default catalog (the workers load it themselves), else ``catalog``."""
    return None if catalog is default_catalog() else catalog


def _json(r: Estimate | tuple[Path, Scenario, str], answers: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if isinstance(r, Estimate):
        d = {**r.to_dict(), "file": display(Path(r.file))}
        if r.file in answers:
            d["winnable"] = answers[r.file]
        return d
    path, scenario, reason = r
    return {"file": display(path), "id": scenario.id, "games": 0, "wins": 0, "win_rate": None,
            "playable": False, "reason": f"not playable yet: {reason}", "fingerprint": fingerprint()}  # fmt: skip


def _table(results: list[Estimate | tuple[Path, Scenario, str]], answers: dict[str, dict[str, Any]]) -> None:
    played = sorted((r for r in results if isinstance(r, Estimate)), key=lambda e: (-e.win_rate, e.file))
    if played:
        first = played[0]
        print(
            f"{first.bot} bot, {first.variant}, {first.players} player(s), {first.games} games each, seed {first.seed}; "
            f"rules and bot {first.fingerprint}, Raftwright {first.engine_version}"
        )
        print(
            f"{'rank':>4}  {'win rate':>8}  {'95% interval':>13}  {'paws':>4}  {'rounds':>6}  {'most cut off':12}  scenario"
        )
    for rank, e in enumerate(played, 1):
        lo, hi = e.interval
        top = next(iter(e.losses), "-")
        paws = "-" if e.suggested_paws is None else e.suggested_paws
        print(f"{rank:>4}  {e.win_rate:8.1%}  {lo:5.1%}-{hi:6.1%}  {paws:>4}  {e.expected_rounds:6.1f}  "
              f"{e.most_cut_off or '-':12}  {e.id} ({display(Path(e.file))}; losses: {_losses(e) or 'none'}; top: {top})")  # fmt: skip
        answer = answers.get(e.file)
        if answer is not None:
            saved = f"; shortest winning line: {answer['line_file']}" if answer["line_file"] else ""
            print(f"{'':>4}  full-information search: {answer['answer']}{saved}")
    if any(e.suggested_paws is None for e in played):
        print(f"(paws -: {NO_PAWS})")
    for r in results:
        if not isinstance(r, Estimate):
            path, scenario, reason = r
            print(f"   -  not playable yet: {plain_text(reason)}  {scenario.id} ({display(path)})")


def _losses(e: Estimate) -> str:
    return ", ".join(f"{reason} {n}" for reason, n in e.losses.items())


def _whole(text: str, least: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of {least} or more")
    return value


def _positive(text: str) -> int:
    return _whole(text, 1)


def register(sub: Any) -> None:
    from engine.play.variants import VARIANTS

    p = sub.add_parser(
        "difficulty",
        description="Play each scenario many times with a bot and report the win rate (95 % Wilson interval), "
        "loss causes, rounds, arrivals, water spent, scores and suggested paws. A campaign or folder gives a table "
        "ranking its scenarios; bundled and installed content can be named ('raftwright list'). Exit 0: every "
        "scenario estimated; 1: some cannot be played yet (the rule is named); 2: an input cannot be read.",
        epilog="examples:\n  raftwright difficulty campaign-1/01 --games 200\n  raftwright difficulty campaign-1 "
        "--jobs 2 --json\n  raftwright difficulty my.scenario.json --players 2 --store",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, campaign files, folders or names")
    p.add_argument(
        "--games",
        type=int_range(1),
        default=DEFAULT_GAMES,
        help=f"games per scenario, 1 or more (default {DEFAULT_GAMES})",
    )
    p.add_argument("--bot", default=DEFAULT_BOT, choices=bot_names(), help=f"bot (default {DEFAULT_BOT})")
    p.add_argument("--players", type=int_range(1, 4), default=1, help="players, 1 to 4 (default 1)")
    p.add_argument(
        "--variant", choices=sorted(VARIANTS), help="rule variant (default: solo for 1 player, standard for more)"
    )
    p.add_argument("--jobs", type=int_range(1), default=1, help="worker processes, 1 or more (default 1)")
    p.add_argument("--seed", type=int_range(0), default=0, help="first seed; games use seed..seed+games-1 (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON, one object per scenario")
    p.add_argument(
        "--cluster",
        metavar="local|ADDRESS",
        default=None,
        help="run the games on Dask: 'local' starts a local cluster, tcp://HOST:8786 uses a scheduler",
    )
    p.add_argument("--cluster-timeout", type=positive_number, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"seconds to wait for the scheduler to answer, then for a first worker (default "
                        f"{DEFAULT_TIMEOUT:g})")  # fmt: skip
    p.add_argument("--store", action="store_true",
                   help="write each estimate into its scenario file (atomically; the layout, rules and bot it was "
                        "made with are recorded, so validate can tell when it goes stale); your paws are kept")  # fmt: skip
    p.add_argument("--set-paws", action="store_true",
                   help="with --store: also set each scenario's paws to the suggested ones, replacing yours")  # fmt: skip
    p.add_argument("--winnable", type=_whole, default=0, metavar="N",
                   help="also search N deals with full information (it sees deck, reserve and bag order; never "
                        "used for the estimate) for a winning line: 'a win exists in X of N deals'")  # fmt: skip
    p.add_argument("--budget", type=_positive, default=DEFAULT_BUDGET, metavar="B",
                   help=f"positions the search may try per deal (default {DEFAULT_BUDGET})")  # fmt: skip
    p.add_argument(
        "--budget-seconds",
        type=positive_number,
        default=None,
        metavar="S",
        help="also stop a deal's search after S seconds (the answer then depends on the machine)",
    )
    p.add_argument("--lines", metavar="DIR", default=None,
                   help="save each scenario's shortest winning line found as DIR/<id>.win.replay.json "
                        "(opens in the playtest: Game > Open replay)")  # fmt: skip
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=run)
