"""Packs from a gallery in the CLI (issue 26, items 2 and 3): ``pack install --feed``,
``pack install URL`` and ``pack outdated`` against a feed served on 127.0.0.1, and the
feed treated as untrusted input."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Iterator

import pytest
from gallery_helpers import FIXTURE, TUTORIAL, Server
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.packs.errors import PackError
from engine.packs.feed import MAX_FEED_BYTES, read_feed
from engine.packs.fetch import fetch, load_feed
from engine.packs.install import installed_packs
from raftwright.cli import main


def make_site(packs: list[Path], out: Path) -> Path:
    assert main(["site", *map(str, packs), "-o", str(out)]) == 0
    return out


@pytest.fixture
def server(gallery_packs: dict[str, Path], tmp_path: Path) -> Iterator[Server]:
    site = make_site([gallery_packs[f"{TUTORIAL}@1.0.0"], gallery_packs[f"{FIXTURE}@1.0.0"]], tmp_path / "site")
    with Server(site) as running:
        running.site = site  # type: ignore[attr-defined]
        yield running


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "player"
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(folder))
    return folder


def labels() -> list[str]:
    return sorted(p.manifest.label for p in installed_packs())


def test_install_from_a_feed_then_outdated_then_update(
    server: Server, user: Path, gallery_packs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    feed = server.url + "index.json"
    assert main(["pack", "outdated", "--feed", feed]) == 0
    assert main(["pack", "install", TUTORIAL, "--feed", feed]) == 0
    assert main(["pack", "install", server.url + f"packs/{FIXTURE}/1.0.0/{FIXTURE}-1.0.0.raftpack"]) == 0
    assert labels() == [f"{FIXTURE}@1.0.0", f"{TUTORIAL}@1.0.0"]
    capsys.readouterr()
    make_site(list(gallery_packs.values()), server.site)  # type: ignore[attr-defined]  # the author publishes 1.1.0
    assert main(["pack", "outdated", "--feed", feed]) == 1
    assert f"{TUTORIAL}  1.0.0 -> 1.1.0" in capsys.readouterr().out
    assert main(["pack", "outdated", "--feed", feed, "--json"]) == 1
    assert [r["latest"] for r in json.loads(capsys.readouterr().out)] == ["1.1.0"]
    assert main(["pack", "install", TUTORIAL, "--feed", feed]) == 0
    assert labels() == [f"{FIXTURE}@1.0.0", f"{TUTORIAL}@1.1.0"]
    assert main(["pack", "outdated", "--feed", str(server.site)]) == 0  # type: ignore[attr-defined]  # a folder too
    assert "up to date" in capsys.readouterr().out


def test_a_hash_mismatch_is_refused_and_nothing_is_installed(
    server: Server, user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = server.site / "index.json"  # type: ignore[attr-defined]
    doc = json.loads(index.read_bytes())
    doc["packs"][1]["sha256"] = hashlib.sha256(b"another pack").hexdigest()
    index.write_text(json.dumps(doc))
    assert main(["pack", "install", TUTORIAL, "--feed", server.url + "index.json"]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and ": error: SHA-256 " in out and "does not match the feed" in out
    assert labels() == []


def test_a_download_that_stops_halfway_is_refused(
    server: Server, user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"/packs/{TUTORIAL}/1.0.0/{TUTORIAL}-1.0.0.raftpack"
    data = (server.site / path.lstrip("/")).read_bytes()  # type: ignore[attr-defined]
    server.special(path, 200, data[: len(data) // 2], {"Content-Length": str(len(data))})
    assert main(["pack", "install", TUTORIAL, "--feed", server.url + "index.json"]) == 2
    assert f"stopped after {len(data) // 2} of {len(data)} bytes" in capsys.readouterr().out
    assert labels() == []


def test_feeds_that_are_not_feeds_are_refused(server: Server, user: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server.special("/html.json", 200, b"<html>not json</html>")
    server.special("/deep.json", 200, b"[" * 5000 + b"]" * 5000)
    server.special("/huge.json", 200, b"", {"Content-Length": str(100 * 1024 * 1024)})
    server.special("/stream.json", 200, lambda: (b" " * 1024 * 1024 for _ in range(100)))  # 100 MB, no length
    server.special("/to-file", 302, b"", {"Location": "file:///etc/passwd"})
    for path, code in (("/html.json", "feed-invalid"), ("/deep.json", "feed-too-deep"),
                       ("/huge.json", "download-too-large"), ("/stream.json", "download-too-large"),
                       ("/to-file", "url-redirect")):  # fmt: skip
        assert main(["pack", "outdated", "--feed", server.url + path.lstrip("/")]) in (1, 2), path
        out = capsys.readouterr().out
        assert ": error: " in out and out.count("\n") == 1 and "Traceback" not in out, (path, out)
        assert code not in out  # plain words on the command line; the code is for programs:
        with pytest.raises(PackError) as caught:
            load_feed(server.url + path.lstrip("/"))
        assert code in caught.value.codes, (path, caught.value.codes)
    assert main(["pack", "outdated", "--feed", "ftp://example.org/index.json"]) == 1
    assert "addresses are not fetched; use http://" in capsys.readouterr().out


def test_a_feed_entry_pointing_elsewhere_is_refused_by_the_schema() -> None:
    entry = {"id": "x", "version": "1.0.0", "title": "X", "authors": [], "licence": "CC0-1.0", "size": 10,
             "sha256": "0" * 64, "scenarios": []}  # fmt: skip
    for url in ("javascript:alert(1)", "ftp://host/x.raftpack", "data:,x"):
        doc = {"format": "raftwright.feed", "format_version": 1, "title": "t", "packs": [{**entry, "url": url}]}
        with pytest.raises(PackError) as caught:
            read_feed(json.dumps(doc).encode(), "feed")
        assert caught.value.codes == ["feed-invalid"] and "/packs/0/url" in str(caught.value)
    with pytest.raises(PackError) as too_big:
        read_feed(b" " * (MAX_FEED_BYTES + 1), "feed")
    assert too_big.value.codes == ["feed-too-large"]


def test_a_pack_that_lies_about_its_contents_is_refused_after_the_hash(
    server: Server, user: Path, gallery_packs: dict[str, Path]
) -> None:
    """A feed entry whose size and hash match a file that is another pack: installed only if
    the id and version match the entry."""
    index = server.site / "index.json"  # type: ignore[attr-defined]
    doc = json.loads(index.read_bytes())
    other = gallery_packs[f"{FIXTURE}@1.0.0"].read_bytes()
    target = server.site / doc["packs"][1]["url"]  # type: ignore[attr-defined]
    shutil.copyfile(gallery_packs[f"{FIXTURE}@1.0.0"], target)
    doc["packs"][1].update(size=len(other), sha256=hashlib.sha256(other).hexdigest())
    index.write_text(json.dumps(doc))
    feed = load_feed(server.url + "index.json")
    with pytest.raises(PackError) as caught:
        from engine.packs.fetch import download_pack

        download_pack(feed, feed.latest()[TUTORIAL])
    assert caught.value.codes == ["download-mismatch"]
    assert fetch(server.url + "index.json", MAX_FEED_BYTES) == index.read_bytes()


def test_a_web_feed_may_not_point_at_local_files(
    server: Server, user: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = server.site / "index.json"  # type: ignore[attr-defined]
    doc = json.loads(index.read_bytes())
    local = (server.site / doc["packs"][1]["url"]).as_uri()  # type: ignore[attr-defined]
    doc["packs"][1]["url"] = local
    index.write_text(json.dumps(doc))
    assert main(["pack", "install", TUTORIAL, "--feed", server.url + "index.json"]) == 1
    assert "may not point at a file on this computer" in capsys.readouterr().out and labels() == []
    assert main(["pack", "install", TUTORIAL, "--feed", str(server.site)]) == 0  # type: ignore[attr-defined]  # a local feed may
    assert labels() == [f"{TUTORIAL}@1.0.0"]
    with pytest.raises(PackError) as caught:
        fetch("file:///dev/zero", 1024)
    assert "not a regular file" in str(caught.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode()),
                 st.fixed_dictionaries({"format": st.just("raftwright.feed"), "format_version": st.just(1),
                                        "title": st.text(max_size=5), "packs": st.lists(json_values, max_size=3)})
                 .map(lambda v: json.dumps(v).encode())))  # fmt: skip
def test_any_bytes_are_a_feed_or_one_refusal(data: bytes) -> None:
    try:
        feed = read_feed(data, "feed")
    except PackError as exc:
        assert len(exc.problems) == 1 and exc.codes[0].startswith("feed-")
        assert "^" not in str(exc) and "$defs" not in str(exc)  # no raw regex or schema text
    else:
        assert all(p.size > 0 and len(p.sha256) == 64 for p in feed.packs)
