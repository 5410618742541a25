"""``raftwright show FILE``: a scenario's island as text."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.check.validate_files import open_scenario
from engine.model.catalog import CatalogError
from engine.model.formats import FormatError
from engine.model.island_text import island_text
from raftwright.common import EXIT_OK, EXIT_UNREADABLE, catalog_for, say


def run(args: argparse.Namespace) -> int:
    try:
        scenario = open_scenario(args.file)  # the located message validate gives
        catalog = catalog_for(Path(args.file))
    except (FormatError, CatalogError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    sys.stdout.write(island_text(scenario, catalog, legend=not args.no_legend))
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "show",
        help="print a scenario's island as text",
        description="Print the island one character per square, with a legend.",
    )
    p.add_argument("file", metavar="FILE", help="a .scenario.json file")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    p.set_defaults(run=run)
