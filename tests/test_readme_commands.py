"""The manual's command list (docs/command-line.md) names every `raftwright` subcommand (it
once left out `play`), and nothing the CLI does not have; the README's two commands exist."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from raftwright.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
COMMAND_LINE = ROOT / "docs" / "command-line.md"


def subcommands() -> set[str]:
    parser = build_parser()
    return {name for a in parser._actions if isinstance(a, argparse._SubParsersAction) for name in a.choices}


def command_list() -> str:
    page = COMMAND_LINE.read_text(encoding="utf-8")
    return page.split("```sh\n", 1)[1].split("```", 1)[0]


def test_the_manual_command_list_names_every_subcommand() -> None:
    block = command_list()
    listed = set(re.findall(r"^raftwright ([a-z0-9-]+)", block, re.MULTILINE)) | set(
        re.findall(r" / ([a-z0-9-]+) ", block)
    )
    assert subcommands() - listed == set(), "commands missing from the command list in docs/command-line.md"
    assert listed - subcommands() == set(), "docs/command-line.md lists commands the CLI does not have"


def test_the_readme_quick_start_commands_are_make_targets() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("\n## Quick start\n", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    named = re.findall(r"^make ([a-z]+)", quick, re.MULTILINE)
    assert named == ["run", "test"]
    targets = set(re.findall(r"^([a-z]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE))
    assert set(named) <= targets, "the README names make targets the Makefile does not have"
