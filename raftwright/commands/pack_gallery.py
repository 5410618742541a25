"""``raftwright pack install URL|ID --feed FEED`` and ``raftwright pack outdated --feed FEED``:
packs from a gallery, with the same checks as the studio's Browse packs window (the
feed is untrusted: size, depth, schema; a pack's size and SHA-256 must match the feed
before it is read, and it is then read like any pack file)."""

from __future__ import annotations

import argparse
import json
import sys
import urllib.parse
from typing import Callable

from engine.packs.errors import PackError, Problem
from engine.packs.feed import Feed, FeedPack
from engine.packs.fetch import download_pack, fetch, load_feed
from engine.packs.fields import shown
from engine.packs.install import installed_packs
from engine.packs.limits import DEFAULT_LIMITS
from engine.packs.manifest import version_key
from engine.packs.reader import Pack, open_pack
from raftwright.common import EXIT_ERRORS, EXIT_OK, HelpFormatter

REMOTE = ("http://", "https://", "file://")


def is_address(text: str) -> bool:
    return text.lower().startswith(REMOTE)


def pack_to_install(spec: str, feed_location: str | None) -> Pack:
    """The pack named by ``spec``: a file, an address, or with a feed an id (``ID``,
    ``ID@VERSION``) or an address the feed lists, checked against the feed entry."""
    if feed_location is not None:
        feed = load_feed(feed_location)
        item = feed.find(spec)
        if item is None:
            raise PackError([Problem("feed-no-pack", feed.source, "", f"the feed lists no pack {shown(spec)}; "
                                     "'raftwright pack outdated --feed' lists what it holds")])  # fmt: skip
        return download_pack(feed, item, progress=_bar(item.label))
    if is_address(spec):
        data = fetch(spec, DEFAULT_LIMITS.max_pack_bytes, progress=_bar(spec))
        return open_pack(data, name=urllib.parse.urlsplit(spec).path.rsplit("/", 1)[-1] or spec)
    return open_pack(spec, name=spec)


def _bar(label: str) -> Callable[[int, int], None] | None:
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    bar = tqdm(total=0, file=sys.stderr, leave=False, unit="B", unit_scale=True, desc=shown(label))

    def tick(done: int, total: int) -> None:
        bar.total = max(total, 0)
        bar.n = done
        bar.refresh()

    return tick


def outdated_rows(feed: Feed) -> list[tuple[str, str, FeedPack]]:
    """``(id, installed version, newest in the feed)`` for every installed pack the feed has newer."""
    latest = feed.latest()
    rows = []
    for pack in installed_packs():
        m = pack.manifest
        offered = latest.get(m.id)
        if offered is not None and version_key(offered.version) > version_key(m.version):
            rows.append((m.id, m.version, offered))
    return rows


def run_outdated(args: argparse.Namespace) -> int:
    from raftwright.commands.pack import _refused

    try:
        feed = load_feed(args.feed)
    except PackError as exc:
        return _refused(exc)
    rows = outdated_rows(feed)
    if args.json:
        print(json.dumps([{"id": i, "installed": v, "latest": p.version, "url": p.url} for i, v, p in rows],
                         indent=2, ensure_ascii=True))  # fmt: skip
    elif not rows:
        print(f"every installed pack is up to date with {shown(feed.source)}")
    for ident, version, offered in [] if args.json else rows:
        print(shown(f"{ident}  {version} -> {offered.version}  (raftwright pack install {ident} --feed {args.feed})"))
    return EXIT_ERRORS if rows else EXIT_OK


def register_outdated(packs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    o = packs.add_parser(
        "outdated",
        help="list installed packs that a gallery's feed has a newer version of",
        description="Compare the installed packs with a gallery's feed and list those it has a newer version of; "
        "'raftwright pack install ID --feed URL' then updates one.",
        epilog="example:\n  raftwright pack outdated --feed https://example.org/packs/index.json",
        formatter_class=HelpFormatter,
    )
    o.add_argument("--feed", required=True, metavar="URL", help="the gallery's index.json (address, file or folder)")
    o.add_argument("--json", action="store_true", help="print the list as JSON")
    o.set_defaults(run=run_outdated)
