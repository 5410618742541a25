"""Fetching a gallery feed or a pack over http(s) or from a file address, as untrusted input.

Only ``http``, ``https`` and ``file`` addresses are followed; a redirect to any other
scheme (or from the web to a ``file:`` address) is refused.  Every download has a size
cap enforced while the bytes stream in, a timeout, an optional progress callback and
a cancel flag; a download that stops before its declared length is refused.  A pack is
checked against its feed entry (size, then SHA-256) before the usual safe reading
(:func:`engine.packs.reader.open_pack`); nothing is written here."""

from __future__ import annotations

import os
import stat
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import IO, Any, Callable

from engine.packs.errors import PackError, Problem
from engine.packs.feed import MAX_FEED_BYTES, Feed, FeedPack, read_feed
from engine.packs.limits import DEFAULT_LIMITS
from engine.packs.manifest import sha256
from engine.packs.reader import Pack, open_pack

SCHEMES = ("http", "https", "file")
CHUNK = 64 * 1024
TIMEOUT = 30.0
Progress = Callable[[int, int], None]


class Cancelled(Exception):
    """The user cancelled the download."""


def _refuse(code: str, source: str, message: str) -> PackError:
    return PackError([Problem(code, source, "", message)])


def address(text: str, base: str | None = None) -> str:
    """A full address: ``text`` itself, relative to ``base``, or a local path as a ``file:`` URL."""
    scheme = urllib.parse.urlsplit(text).scheme.lower()
    if scheme in SCHEMES:
        return text
    if len(scheme) > 1:
        raise _refuse("url-scheme", text, f"'{scheme}:' addresses are not fetched; use http://, https:// or file://")
    if base is not None:
        return urllib.parse.urljoin(base, text)
    return Path(text).resolve().as_uri()


class _Redirects(urllib.request.HTTPRedirectHandler):
    max_redirections = 5

    def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        target = headers.get("location") or headers.get("uri") or ""
        scheme = urllib.parse.urlsplit(urllib.parse.urljoin(req.full_url, target)).scheme.lower()
        if scheme not in ("http", "https"):
            raise _refuse("url-redirect", req.full_url, f"the server redirected to a '{scheme}:' address; only "
                          "http(s) redirects are followed: use the pack's final https:// address")  # fmt: skip
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


_OPENER = urllib.request.build_opener(_Redirects())


def fetch(url: str, limit: int, progress: Progress | None = None, cancel: threading.Event | None = None) -> bytes:
    """The bytes at ``url`` (at most ``limit``), or a refusal naming the address and why."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in SCHEMES:
        raise _refuse("url-scheme", url, f"'{scheme or 'no'}:' addresses are not fetched; use http://, https:// or "
                      "file://")  # fmt: skip
    try:
        if scheme == "file":
            path = Path(urllib.request.url2pathname(urllib.parse.urlsplit(url).path))
            with path.open("rb") as stream:
                info = os.fstat(stream.fileno())
                if not stat.S_ISREG(info.st_mode):  # a device or a pipe never ends or never says its size
                    raise _refuse("download-failed", url, "it is not a regular file; name a .raftpack file")
                return _read(stream, url, info.st_size, limit, progress, cancel)
        request = urllib.request.Request(url, headers={"User-Agent": "Raftwright", "Accept-Encoding": "identity"})
        with _OPENER.open(request, timeout=TIMEOUT) as response:
            length = response.headers.get("Content-Length")
            declared = int(length) if length and length.isdigit() else -1
            return _read(response, url, declared, limit, progress, cancel)
    except PackError:
        raise
    except urllib.error.HTTPError as exc:
        raise _refuse(
            "download-failed",
            url,
            f"the server answered {exc.code} {exc.reason}; check the address, or try again later",
        ) from None
    except urllib.error.URLError as exc:
        raise _refuse(
            "download-failed", url, f"cannot reach it ({exc.reason}); check the address and the network, then try again"
        ) from None
    except (OSError, ValueError) as exc:  # timeouts, resets, a malformed address
        raise _refuse("download-failed", url, f"the download failed ({exc}); try again") from None


def _read(stream: IO[bytes], url: str, declared: int, limit: int, progress: Progress | None,
          cancel: threading.Event | None) -> bytes:  # fmt: skip
    if declared > limit:
        raise _refuse(
            "download-too-large",
            url,
            f"it is {declared} bytes; the limit is {limit}: check the address (it may not be a pack)",
        )
    parts: list[bytes] = []
    done = 0
    while True:
        if cancel is not None and cancel.is_set():
            raise Cancelled(url)
        chunk = stream.read(CHUNK)
        if not chunk:
            break
        done += len(chunk)
        if done > limit:
            raise _refuse(
                "download-too-large",
                url,
                f"more than {limit} bytes arrived; the limit is {limit}: check the address (it may not be a pack)",
            )
        parts.append(chunk)
        if progress is not None:
            progress(done, declared)
    if declared >= 0 and done != declared:
        raise _refuse("download-incomplete", url, f"the download stopped after {done} of {declared} bytes; try again")
    return b"".join(parts)


def load_feed(location: str, cancel: threading.Event | None = None) -> Feed:
    """A feed from an address or a folder (its ``index.json``) or a file."""
    if urllib.parse.urlsplit(location).scheme.lower() not in SCHEMES and Path(location).is_dir():
        location = str(Path(location) / "index.json")
    url = address(location)
    return read_feed(fetch(url, MAX_FEED_BYTES, cancel=cancel), url)


def download_pack(feed: Feed, item: FeedPack, progress: Progress | None = None,
                  cancel: threading.Event | None = None) -> Pack:  # fmt: skip
    """The pack of a feed entry, checked: its size and SHA-256 against the feed, then
    read like any pack, and its id and version against the entry."""
    url = address(item.url, feed.source)
    if urllib.parse.urlsplit(feed.source).scheme.lower() != "file" and url.lower().startswith("file:"):
        raise _refuse(
            "url-scheme",
            url,
            "a feed from the web may not point at a file on this computer; download the pack and install the file instead",
        )
    limit = min(item.size, DEFAULT_LIMITS.max_pack_bytes)
    data = fetch(url, limit, progress, cancel)
    if len(data) != item.size:
        raise _refuse("download-size", url, f"{len(data)} bytes arrived; the feed says {item.size}: the pack or the "
                      "feed is not the published one: ask the gallery's maintainer to rebuild the feed")  # fmt: skip
    digest = sha256(data)
    if digest != item.sha256:
        raise _refuse("download-hash", url, f"SHA-256 {digest} does not match the feed's {item.sha256}: the pack is "
                      "not the published one; nothing was installed: ask the gallery's maintainer to rebuild the feed")  # fmt: skip
    pack = open_pack(data, name=url.rsplit("/", 1)[-1] or url)
    if pack.manifest.label != item.label:
        raise _refuse(
            "download-mismatch",
            url,
            f"the pack is {pack.manifest.label}; the feed says {item.label}: ask the gallery's maintainer to rebuild the feed",
        )
    return pack
