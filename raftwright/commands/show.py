"""``raftwright show FILE``: a scenario's island as text."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.check.open_files import open_scenario
from engine.model.catalog import CatalogError
from engine.model.formats import FormatError
from engine.model.island_text import island_text
from raftwright.common import EXIT_OK, EXIT_UNREADABLE, catalog_for, named, refuse_pack, say


def run(args: argparse.Namespace) -> int:
    try:
        path = named(args.file)
        refuse_pack(path, "show")
        scenario = open_scenario(path)  # the located message validate gives
        catalog = catalog_for(path)
    except (FormatError, CatalogError) as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    sys.stdout.write(island_text(scenario, catalog, legend=not args.no_legend))
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "show",
        description="Print the island one character per square, with a legend. FILE is a scenario file or the "
        "name of a bundled or installed scenario ('raftwright list').",
        epilog="examples:\n  raftwright show tutorial/01\n  raftwright show my.scenario.json --no-legend",
    )
    p.add_argument("file", metavar="FILE", help="a .scenario.json file or a name such as campaign-1/03")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    p.set_defaults(run=run)
