"""``raftwright site``: a static pack gallery any static host can serve.

The site holds ``index.html`` (a card per pack, with search and filters done by a
little plain JavaScript in the page's own folder), one page per pack
(``packs/ID.html``), every pack version's file with its previews, sheets and
print-and-play pages, and ``index.json`` (the feed apps read, schema in ``schema/``).
The same packs give byte-identical output: nothing depends on the time, the order
the files were named in, or the machine."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from engine.model.files import atomic_write
from engine.model.resources import schema_dir
from engine.packs.errors import PackError, Problem
from engine.packs.feed import feed_bytes, feed_document, feed_entry
from engine.packs.manifest import PACK_SUFFIX, sha256, version_key
from engine.packs.published import Published as Published  # re-exported: the site's callers name it here
from engine.packs.reader import open_pack
from engine.packs.site_html import ASSETS, index_page, pack_page

DEFAULT_TITLE = "Race to the Raft scenario packs"


def gather(inputs: list[Path]) -> list[Published]:
    """Every pack named (a folder gives its ``*.raftpack`` files), each read and checked
    like an install would; one refusal per unreadable pack, a pack version given twice
    with different contents refused."""
    files: list[Path] = []
    problems: list[Problem] = []
    for item in inputs:
        if item.is_dir():
            found = sorted(item.glob(f"*{PACK_SUFFIX}"))
            if not found:
                problems.append(Problem("site-empty", str(item), "", f"no {PACK_SUFFIX} files in this folder"))
            files += found
        else:
            files.append(item)
    out: dict[str, Published] = {}
    for path in files:
        try:
            data = path.read_bytes() if path.stat().st_size <= 256 * 1024 * 1024 else b""
            pack = open_pack(data, name=str(path))
        except OSError as exc:
            problems.append(
                Problem(
                    "pack-unreadable",
                    str(path),
                    "",
                    f"cannot read it ({exc.strerror}); check the file's permissions or leave it out",
                )
            )
            continue
        except PackError as exc:
            problems += exc.problems
            continue
        label = pack.manifest.label
        if label in out and out[label].digest != sha256(data):
            problems.append(Problem("site-duplicate", str(path), "", f"{label} is given twice with different "
                                    f"contents (also {out[label].pack.name}); give each version once"))  # fmt: skip
        out[label] = Published(pack, data)
    if problems:
        raise PackError(problems)
    if not out:
        raise PackError([Problem("site-empty", "site", "", f"no packs given; name {PACK_SUFFIX} files or folders")])
    return sorted(out.values(), key=lambda p: (p.pack.manifest.id, version_key(p.pack.manifest.version)))


def _public_files(p: Published) -> dict[str, bytes]:
    """The files of a version shown on the site: preview, sheets, print-and-play pages."""
    return {path: data for path, data in sorted(p.pack.files.items())
            if path.endswith((".png", ".pdf")) and path.count("/") <= 1}  # fmt: skip


def build_site(inputs: list[Path], output: Path, title: str = DEFAULT_TITLE, base_url: str = "") -> list[str]:
    """Write the site into ``output`` (replacing a previous site there); the files written."""
    published = gather(inputs)
    base = base_url.rstrip("/") + "/" if base_url else ""
    by_id: dict[str, list[Published]] = {}
    for p in published:
        by_id.setdefault(p.pack.manifest.id, []).append(p)
    files: dict[str, bytes] = {}
    entries: list[dict[str, Any]] = []
    for versions in by_id.values():
        versions.sort(key=lambda p: version_key(p.pack.manifest.version), reverse=True)
        for p in versions:
            files[p.file_path] = p.data
            for path, data in _public_files(p).items():
                files[p.asset(path)] = data
            preview = p.asset("preview.png") if "preview.png" in p.pack.files else None
            entries.append(
                feed_entry(
                    p.pack,
                    base + p.file_path,
                    len(p.data),
                    p.digest,
                    f"{base}packs/{p.pack.manifest.id}.html",
                    base + preview if preview else None,
                )  # fmt: skip
            )
    feed = feed_document(title, entries, base_url)
    latest = {pid: versions[0] for pid, versions in sorted(by_id.items())}
    feed_by_label = {f"{e['id']}@{e['version']}": e for e in feed["packs"]}
    files["index.json"] = feed_bytes(feed)
    files["schema/feed.schema.json"] = (schema_dir() / "feed.schema.json").read_bytes()
    files["index.html"] = index_page(title, [(p, feed_by_label[p.pack.manifest.label]) for p in latest.values()])
    for pid, versions in by_id.items():
        rows = [(p, feed_by_label[p.pack.manifest.label], _public_files(p)) for p in versions]
        files[f"packs/{pid}.html"] = pack_page(title, rows)
    files.update(ASSETS)
    _write(output, files)
    return sorted(files)


def _write(output: Path, files: dict[str, bytes]) -> None:
    """Each file atomically; files of an earlier site that are no longer part of it are removed."""
    output.mkdir(parents=True, exist_ok=True)
    marker = output / ".raftwright-site"
    if any(output.iterdir()) and not marker.exists():
        raise PackError([Problem("site-folder", str(output), "", "the folder is not empty and holds no earlier "
                                 "gallery; choose an empty folder or a new one")])  # fmt: skip
    for rel in ("packs", "schema"):
        if (output / rel).is_dir():
            shutil.rmtree(output / rel)
    for rel, data in sorted(files.items()):
        target = output / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, data)
    marker.write_bytes(b"written by raftwright site\n")
