"""``raftwright list``: the names every command accepts for bundled and installed content
(:mod:`raftwright.names`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from raftwright.common import EXIT_OK, display


def run(args: argparse.Namespace) -> int:
    from raftwright.names import Named, bundled_names, installed_names

    groups: list[tuple[str, list[Named]]] = [("bundled", bundled_names()), ("installed packs", installed_names())]
    if args.json:
        rows = [
            {"name": n.name, "kind": n.kind, "title": n.title, "source": n.source, "id": n.scenario_id or None,
             "path": str(n.path)}
            for _, names in groups for n in names
            if args.scenarios or n.kind != "scenario"
        ]  # fmt: skip
        print(json.dumps(rows, indent=1))
        return EXIT_OK
    for heading, names in groups:
        print(f"{heading}:")
        shown = [n for n in names if args.scenarios or n.kind != "scenario"]
        if not shown:
            print("  (none: 'raftwright pack install FILE.raftpack' adds a pack)")
        width = max((len(n.name) for n in shown), default=0)
        for n in shown:
            indent = "    " if n.kind == "scenario" else "  "
            count = sum(1 for m in names if m.kind == "scenario" and m.name.startswith(n.name + "/"))
            extra = f" ({count} scenarios)" if n.kind != "scenario" and count else ""
            source = f", {n.source}" if n.source != "bundled" and n.kind == "pack" else ""
            where = f"  [{display(n.path)}]" if args.paths else ""
            print(f"{indent}{n.name:<{width + 6 - len(indent)}}{n.kind:<10}{n.title}{extra}{source}{where}")
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "list",
        description="List the names that every command taking a scenario, campaign or folder also accepts: the "
        "bundled campaigns (tutorial, practice, campaign-1 ... campaign-4) with their scenarios as CAMPAIGN/NN, "
        "and the installed packs with their campaigns as PACK/CAMPAIGN. A scenario's id works as a name too.",
        epilog="examples:\n  raftwright list\n  raftwright list --campaigns-only\n  raftwright validate campaign-1/03",
    )
    p.add_argument(
        "--campaigns-only", dest="scenarios", action="store_false", help="leave out the scenarios of each campaign"
    )
    p.add_argument("--paths", action="store_true", help="show where each file is")
    p.add_argument("--json", action="store_true", help="print a JSON array of names")
    p.set_defaults(run=run)
