"""``raftwright site PACK_OR_FOLDER... -o DIR``: a static pack gallery and its feed.

Exit status: 0 written; 1 a pack was refused; 2 nothing could be read or written."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.model.files import WriteError
from engine.packs.errors import PackError
from engine.packs.fields import shown
from engine.packs.site import DEFAULT_TITLE, build_site
from raftwright.commands.pack import _refused
from raftwright.common import EXIT_OK, EXIT_UNREADABLE, say


def run_site(args: argparse.Namespace) -> int:
    base = args.base_url or ""
    if base and not base.lower().startswith(("http://", "https://")):
        say(f"--base-url {shown(base)}: give an http:// or https:// address (or leave it out for relative links)")
        return EXIT_UNREADABLE
    try:
        files = build_site([Path(p) for p in args.packs], Path(args.output), args.title, base)
    except PackError as exc:
        return _refused(exc)
    except (OSError, WriteError) as exc:
        say(f"{args.output}: cannot write the site ({exc}); pick another folder")
        return EXIT_UNREADABLE
    packs = sum(1 for f in files if f.endswith(".raftpack"))
    say(f"wrote {args.output}: {len(files)} files, {packs} pack version(s); the feed is {args.output}/index.json")
    return EXIT_OK


def register(sub: Any) -> None:
    p = sub.add_parser(
        "site",
        help="build a static gallery (web pages and a feed) of scenario packs",
        description="Write a static web site of packs any static host can serve: index.html, a page per pack, "
        "the packs with their sheets, and index.json (the feed the studio and 'pack install --feed' read).",
        epilog="example:\n  raftwright site my-packs/ -o gallery/ --base-url https://example.org/packs/",
    )
    p.add_argument("packs", nargs="+", metavar="PACK_OR_FOLDER", help="a .raftpack file or a folder of them")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write (empty or a gallery)")
    p.add_argument("--base-url", metavar="URL", help="the address the site will be served from (default: relative "
                   "links, so the site works from any address)")  # fmt: skip
    p.add_argument("--title", default=DEFAULT_TITLE, help=f"the gallery's title (default: {DEFAULT_TITLE!r})")
    p.set_defaults(run=run_site)
