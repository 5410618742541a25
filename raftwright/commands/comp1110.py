"""``raftwright import-comp1110 STRING -o FILE``: a COMP1110 challenge as a scenario."""

from __future__ import annotations

import argparse
from typing import Any

from engine.check.validate import validate
from engine.interop.comp1110_challenge import challenge_to_scenario
from engine.model.formats import save_scenario
from raftwright.common import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, format_issue, say


def run(args: argparse.Namespace) -> int:
    try:
        scenario = challenge_to_scenario(args.string, name=args.name)
    except ValueError as exc:
        say(f"cannot import the challenge: {exc}")
        return EXIT_UNREADABLE
    try:
        save_scenario(scenario, args.output)
    except OSError as exc:
        say(f"cannot write {args.output}: {exc.strerror or exc}; check the folder exists and is writable")
        return EXIT_UNREADABLE
    issues = validate(scenario)
    for issue in issues:
        print(format_issue(args.output, issue))
    say(f"wrote {args.output} ({len(issues)} issue(s))")
    return EXIT_ERRORS if any(i.is_error for i in issues) else EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "import-comp1110",
        description="Convert a COMP1110 challenge string (e.g. LNSNLASAF0003...C112033...R01215) "
        "into a scenario file, then validate it.",
        epilog="example:\n  raftwright import-comp1110 LNSNLASAF000300060012001503030903C112033060340009R01215 "
        "-o first.scenario.json",
    )
    p.add_argument("string", metavar="STRING", help="the challenge string")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the .scenario.json file to write")
    p.add_argument("--name", help="the scenario's name (default: 'COMP1110 challenge')")
    p.set_defaults(run=run)
