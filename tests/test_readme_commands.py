"""The README's command list names every `raftwright` subcommand (it once left out
`play`), and nothing the CLI does not have."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from raftwright.cli import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"


def subcommands() -> set[str]:
    parser = build_parser()
    return {name for a in parser._actions if isinstance(a, argparse._SubParsersAction) for name in a.choices}


def command_list() -> str:
    section = README.read_text(encoding="utf-8").split("\n## Command line\n", 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


def test_the_readme_command_list_names_every_subcommand() -> None:
    block = command_list()
    listed = set(re.findall(r"^raftwright ([a-z0-9-]+)", block, re.MULTILINE)) | set(
        re.findall(r" / ([a-z0-9-]+) ", block)
    )
    assert subcommands() - listed == set(), "commands missing from the README's command list"
    assert listed - subcommands() == set(), "the README lists commands the CLI does not have"
