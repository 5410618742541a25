"""Opening a pack is opening untrusted input.

:func:`open_pack` never extracts anything: it looks at every entry's name, type and
declared sizes first, reads each plain file into memory with a hard cap, checks the
manifest against what is really there (size and SHA-256 of every file, nothing
missing, nothing extra) and every JSON document against its schema.  Any refusal is
collected as a :class:`~engine.packs.errors.Problem` naming the pack, the entry and
the reason; :class:`~engine.packs.errors.PackError` carries them all.
"""

from __future__ import annotations

import io
import os
import posixpath
import stat
import struct
import tempfile
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, NoReturn

from engine.check.schema_issues import schema_issues
from engine.model.catalog import CatalogError
from engine.model.formats import document_kind
from engine.model.schemas import schema_errors
from engine.packs.components import component_problems, pack_catalog
from engine.packs.errors import PackError, Problem
from engine.packs.fields import manifest_messages, plain_schema_message, shown
from engine.packs.limits import (
    DEFAULT_LIMITS,
    MANIFEST_NAME,
    Limits,
    collision_key,
    name_problem,
    parse_json,
    png_size,
    special_problem,
)  # fmt: skip
from engine.packs.manifest import (
    JSON_KINDS,
    PACK_FORMAT,
    PACK_FORMAT_VERSION,
    Manifest,
    engine_version,
    sha256,
    version_key,
)  # fmt: skip
from engine.packs.migrations import can_migrate, migrate

#: entries smaller than this are never refused for their compression ratio alone
RATIO_FLOOR = 1024 * 1024
CHUNK = 64 * 1024
#: a pipe or device is held in memory up to this size, then in a temporary file
SPOOL_BYTES = 16 * 1024 * 1024
_MAGIC = {"pdf": b"%PDF-", "png": b"\x89PNG\r\n\x1a\n"}


@dataclass
class Pack:
    """A pack read into memory and checked; ``files`` maps each listed path to its bytes."""

    name: str
    manifest: Manifest
    files: dict[str, bytes]
    documents: dict[str, Any] = field(default_factory=dict)  # path -> parsed JSON (scenario, campaign, ...)
    migrated_from: int | None = None


_REBUILD = "the pack is not as Raftwright builds it: ask its author to build it again with 'raftwright pack build'"
_DAMAGED = "the pack is damaged or was changed: download it again, or ask its author to build it again"
#: what a person can do about each refusal whose message does not say it already
READER_FIXES: dict[str, str] = {
    "pack-too-large": _REBUILD,
    "entry-count": _REBUILD,
    "total-too-large": _REBUILD,
    "entry-too-large": _REBUILD,
    "compression-ratio": _REBUILD,
    "image-too-large": _REBUILD,
    "entry-duplicate": _DAMAGED,
    "entry-encrypted": _REBUILD,
    "entry-compression": _REBUILD,
    "entry-size-lie": _DAMAGED,
    "manifest-missing": "check that the file is a .raftpack built by Raftwright",
    "manifest-format": "check that the file is a .raftpack built by Raftwright, or update Raftwright",
    "manifest-invalid": _DAMAGED,
    "manifest-file-unlisted": _DAMAGED,
    "manifest-file-missing": _DAMAGED,
    "manifest-file-twice": _DAMAGED,
    "campaign-scenario-missing": _DAMAGED,
    "file-size-mismatch": _DAMAGED,
    "file-checksum-mismatch": _DAMAGED,
    "file-kind-mismatch": _DAMAGED,
}


class _Collector:
    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []

    def add(self, code: str, entry: str, message: str, pointer: str = "") -> None:
        fix = READER_FIXES.get(code)
        if fix is not None and not message.endswith(fix):
            message = f"{message}; {fix}"
        self.problems.append(Problem(code, self.name, entry, message, pointer))

    def stop_if_any(self) -> None:
        if self.problems:
            raise PackError(self.problems)


def open_pack(source: str | os.PathLike[str] | bytes, limits: Limits = DEFAULT_LIMITS, name: str | None = None) -> Pack:
    """Read and check a pack (a path or its bytes); raises :class:`PackError`."""
    label = name or (str(source) if not isinstance(source, bytes) else "pack")
    found = _Collector(label)
    stream: IO[bytes]
    if isinstance(source, bytes):
        if len(source) > limits.max_pack_bytes:
            too_large(found, limits, f"the pack is {len(source)} bytes")
        stream, size = io.BytesIO(source), len(source)
    else:
        stream, size = _open_file(Path(source), limits, found)
    with stream:
        try:
            archive = zipfile.ZipFile(stream)
        except (
            OSError,
            zipfile.BadZipFile,
            zipfile.LargeZipFile,
            ValueError,
            EOFError,
            NotImplementedError,
            struct.error,
        ) as exc:  # zipfile raises all of these on damaged archives
            found.add("pack-unreadable", "", f"not a readable zip archive ({exc}); download the pack again")
            raise PackError(found.problems) from None
        with archive:
            budget = _budget(size, limits)
            infos = _check_entries(archive, limits, budget, found)
            files = _read_entries(archive, infos, limits, budget, found)
    manifest_doc, migrated_from = _manifest_document(files.pop(MANIFEST_NAME, None), limits, found)
    manifest = Manifest.from_dict(manifest_doc)
    documents = _check_files(manifest, files, limits, found)
    scenarios = {f.path for f in manifest.of_kind("scenario")}
    for path in (f.path for f in manifest.of_kind("campaign") if f.path in documents):
        _check_campaign_files(path, documents[path], scenarios, found)
    catalogs = {f.path: documents[f.path] for f in manifest.of_kind("components") if f.path in documents}
    for code, path, message, pointer in component_problems(catalogs):
        found.add(code, path, message, pointer)
    if catalogs and not found.problems:
        try:
            pack_catalog(manifest.id, catalogs)
        except CatalogError as exc:
            found.add("component-redefines-bundled", str(exc).split(":", 1)[0], str(exc).split(": ", 1)[-1])
    found.stop_if_any()
    return Pack(label, manifest, files, documents, migrated_from)


def _open_file(path: Path, limits: Limits, found: _Collector) -> tuple[IO[bytes], int]:
    """The pack as a seekable stream and its size, within the size cap whatever the file
    is: a plain file by its size before a byte is read; a pipe or a device (no size)
    copied to a spooled temporary file (memory up to :data:`SPOOL_BYTES`, then disk)
    and refused the moment the cap is passed."""
    try:
        fh = path.open("rb")
    except FileNotFoundError:
        found.add("pack-unreadable", "", "file not found; check the path")
        raise PackError(found.problems) from None
    except IsADirectoryError:
        found.add("pack-unreadable", "", "is a folder, not a pack file; give the .raftpack file's path")
        raise PackError(found.problems) from None
    except OSError as exc:
        found.add("pack-unreadable", "", f"cannot be read ({exc.strerror or exc}); check its permissions")
        raise PackError(found.problems) from None
    try:
        info = os.fstat(fh.fileno())
        if stat.S_ISREG(info.st_mode):
            if info.st_size > limits.max_pack_bytes:
                too_large(found, limits, f"the file is {info.st_size} bytes")
            return fh, info.st_size
        with fh:
            spool: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 - returned open
            got = 0
            while chunk := fh.read(min(CHUNK, limits.max_pack_bytes + 1 - got)):
                got += len(chunk)
                if got > limits.max_pack_bytes:
                    spool.close()
                    too_large(found, limits, f"more than {limits.max_pack_bytes} bytes arrive")
                spool.write(chunk)
            spool.seek(0)
            return spool, got
    except OSError as exc:
        fh.close()
        found.add("pack-unreadable", "", f"cannot be read ({exc.strerror or exc}); check its permissions")
        raise PackError(found.problems) from None
    except PackError:
        fh.close()
        raise


def too_large(found: _Collector, limits: Limits, what: str) -> NoReturn:
    found.add("pack-too-large", "", f"{what}; a pack may be at most {limits.max_pack_bytes} bytes")
    raise PackError(found.problems)


def _budget(pack_bytes: int, limits: Limits) -> int:
    """The most bytes all entries together may expand to: the total limit, and no more
    than ``max_total_ratio`` times the pack's own size once past ``ratio_floor``."""
    return min(limits.max_total_bytes, max(limits.ratio_floor, int(limits.max_total_ratio * pack_bytes)))


def _check_entries(archive: zipfile.ZipFile, limits: Limits, budget: int, found: _Collector) -> list[zipfile.ZipInfo]:
    infos = archive.infolist()
    if len(infos) > limits.max_entries:
        found.add("entry-count", "", f"the pack holds {len(infos)} entries; the limit is {limits.max_entries}")
        found.stop_if_any()
    names: set[str] = set()
    keys: dict[str, str] = {}
    folders = {key.rsplit("/", n)[0]: info.filename for info in infos for key in [collision_key(info.filename)]
               for n in range(1, key.count("/") + 1)}  # fmt: skip
    total = 0
    for info in infos:
        name = info.filename
        if collision_key(name) in folders:
            found.add(
                "entry-path-collision",
                name,
                f"'{folders[collision_key(name)]}' is inside it, as if it were a folder; a name cannot be a file "
                "and a folder at once",
            )
        bad = name_problem(name)
        special = special_problem(info) if bad is None else None
        if bad is not None:
            found.add(bad[0], name, bad[1])
        elif special is not None:
            found.add("entry-special", name, special)
        if name in names:
            found.add("entry-duplicate", name, "the pack holds two entries with this name")
        elif collision_key(name) in keys:
            found.add(
                "entry-case-collision",
                name,
                f"the name differs from '{keys[collision_key(name)]}' only in "
                "case; they are one file on Windows and macOS",
            )
        names.add(name)
        keys.setdefault(collision_key(name), name)
        if info.flag_bits & 0x1:
            found.add("entry-encrypted", name, "the entry is encrypted; packs are never encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            found.add(
                "entry-compression", name, f"compression method {info.compress_type}; packs use stored or deflated"
            )
        if info.file_size > limits.max_entry_bytes:
            found.add(
                "entry-too-large", name, f"the entry is {info.file_size} bytes; the limit is {limits.max_entry_bytes}"
            )
        elif info.file_size > RATIO_FLOOR and info.file_size > limits.max_ratio * max(info.compress_size, 1):
            found.add(
                "compression-ratio",
                name,
                f"{info.compress_size} bytes expand to {info.file_size} (more than "
                f"{limits.max_ratio:g} times); refusing a likely zip bomb",
            )
        total += info.file_size
    if total > limits.max_total_bytes:
        found.add("total-too-large", "", f"the entries add up to {total} bytes; the limit is {limits.max_total_bytes}")
    elif total > budget and "compression-ratio" not in {p.code for p in found.problems}:
        found.add("compression-ratio", "", _ratio_message(total, budget, limits))
    found.stop_if_any()
    return infos


def _ratio_message(total: int, budget: int, limits: Limits, streaming: bool = False) -> str:
    amount = f"more than {budget}" if streaming else str(total)
    return (
        f"the entries expand to {amount} bytes, more than a pack of this size may hold ({budget} bytes: "
        f"{limits.max_total_ratio:g} times the pack's size, past {limits.ratio_floor} bytes); refusing a likely "
        "zip bomb"
    )


def _read_entries(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: Limits, budget: int, found: _Collector
) -> dict[str, bytes]:
    """Each entry's bytes, streamed in chunks: an entry stops the moment it passes its
    declared size (declared sizes may lie) and the pack stops the moment all entries
    together pass the budget, so a lying or bombing pack costs at most one chunk more."""
    files: dict[str, bytes] = {}
    total = 0
    for info in infos:
        chunks: list[bytes] = []
        got = 0
        try:
            with archive.open(info) as fh:
                while chunk := fh.read(min(CHUNK, info.file_size + 1 - got)):
                    chunks.append(chunk)
                    got += len(chunk)
                    total += len(chunk)
                    if got > info.file_size or total > budget:
                        break
        except (
            zipfile.BadZipFile,
            zlib.error,
            EOFError,
            OSError,
            NotImplementedError,
            RuntimeError,
            ValueError,
            struct.error,
        ) as exc:
            if info.file_size - got <= CHUNK and "CRC" in str(exc):  # zipfile stops at the declared size
                found.add("entry-size-lie", info.filename, f"holds more data than the {info.file_size} bytes it "
                          "declares, or is damaged; the pack is damaged or crafted")  # fmt: skip
            else:
                found.add("entry-corrupt", info.filename, f"cannot be read ({exc}); download the pack again")
            continue
        if got != info.file_size:
            found.add(
                "entry-size-lie",
                info.filename,
                f"holds {'more' if got > info.file_size else 'less'} data than the {info.file_size} bytes it "
                "declares; the pack is damaged or crafted",
            )
        elif got > RATIO_FLOOR and got > limits.max_ratio * max(info.compress_size, 1):
            found.add("compression-ratio", info.filename, "expands more than the limit; refusing a likely zip bomb")
        if total > budget:
            code = "total-too-large" if budget == limits.max_total_bytes else "compression-ratio"
            found.add(code, info.filename, _ratio_message(total, budget, limits, streaming=True))
            break
        files[info.filename] = b"".join(chunks)
    found.stop_if_any()
    return files


def _manifest_document(data: bytes | None, limits: Limits, found: _Collector) -> tuple[dict[str, Any], int | None]:
    if data is None:
        found.add(
            "manifest-missing", MANIFEST_NAME, "the pack has no manifest.json at its top; it is not a Raftwright pack"
        )
        raise PackError(found.problems)
    doc, code, why = parse_json(data, limits)
    if code is not None:
        found.add(code, MANIFEST_NAME, str(why))
        raise PackError(found.problems)
    if not isinstance(doc, dict):
        found.add("manifest-format", MANIFEST_NAME, "it is not a JSON object, as a pack manifest is")
        raise PackError(found.problems)
    if doc.get("format") != PACK_FORMAT:
        said = shown(str(doc.get("format"))[:40]) if "format" in doc else "missing"
        found.add("manifest-format", MANIFEST_NAME, f'its "format" is {said}; a pack manifest says {PACK_FORMAT!r}')
        raise PackError(found.problems)
    fv = doc.get("format_version")
    mine = engine_version()
    if isinstance(fv, int) and not isinstance(fv, bool) and fv > PACK_FORMAT_VERSION:
        found.add(
            "format-newer",
            MANIFEST_NAME,
            f"the pack has format version {fv}; this Raftwright ({mine}) reads "
            f"up to version {PACK_FORMAT_VERSION}; update Raftwright to open it",
        )
        raise PackError(found.problems)
    if not isinstance(fv, int) or isinstance(fv, bool) or fv < 1 or not can_migrate(fv):
        found.add(
            "manifest-format",
            MANIFEST_NAME,
            f"unknown format version {fv!r}; this Raftwright reads versions 1 to {PACK_FORMAT_VERSION}",
        )
        raise PackError(found.problems)
    migrated_from = fv if fv < PACK_FORMAT_VERSION else None
    if migrated_from is not None:
        doc = migrate(doc)
    needs = doc.get("requires", {}).get("raftwright") if isinstance(doc.get("requires"), dict) else None
    try:
        newer = isinstance(needs, str) and version_key(needs) > version_key(mine)
    except ValueError:
        newer = False  # the schema check names the malformed version
    if newer:
        found.add(
            "engine-newer",
            MANIFEST_NAME,
            f"the pack needs Raftwright {needs}; this is Raftwright {mine}; update Raftwright to open it",
        )
        raise PackError(found.problems)
    errors = schema_errors("pack", doc)
    for where, message in manifest_messages(doc, errors)[:20]:
        found.add("manifest-invalid", MANIFEST_NAME, message, where)
    found.stop_if_any()
    return doc, migrated_from


def _check_files(manifest: Manifest, files: dict[str, bytes], limits: Limits, found: _Collector) -> dict[str, Any]:
    documents: dict[str, Any] = {}
    listed = {f.path for f in manifest.files}
    for path in _twice(f.path for f in manifest.files):
        found.add("manifest-file-twice", path, "the manifest lists this file twice")
    for path in _twice(s.path for s in manifest.scenarios):
        found.add("manifest-file-twice", path, "the manifest describes this scenario twice")
    for path in sorted(set(files) - listed):
        found.add("manifest-file-unlisted", path, "the pack holds this file but the manifest does not list it")
    for entry in manifest.files:
        data = files.get(entry.path)
        if data is None:
            found.add("manifest-file-missing", entry.path, "the manifest lists this file but the pack does not hold it")
            continue
        if len(data) != entry.size:
            found.add(
                "file-size-mismatch", entry.path, f"the file holds {len(data)} bytes; the manifest says {entry.size}"
            )
            continue
        if sha256(data) != entry.sha256:
            found.add(
                "file-checksum-mismatch",
                entry.path,
                "its SHA-256 differs from the manifest's; the file was changed after the pack was built",
            )
            continue
        if entry.kind in JSON_KINDS:
            doc = _check_document(entry.path, entry.kind, data, limits, found)
            if doc is not None:
                documents[entry.path] = doc
        else:
            suffix = entry.path.rsplit(".", 1)[-1].lower()
            magic = _MAGIC.get(suffix)
            if magic is None or not data.startswith(magic):
                found.add(
                    "file-kind-mismatch",
                    entry.path,
                    f"a {entry.kind} must be a PDF or PNG file with a matching name (.pdf, .png)",
                )
            elif suffix == "png":
                _check_image(entry.path, data, limits, found)
    for s in manifest.scenarios:
        if s.path not in listed:
            found.add(
                "manifest-file-missing", s.path, "the manifest describes this scenario but does not list the file"
            )
    return documents


def _check_image(path: str, data: bytes, limits: Limits, found: _Collector) -> None:
    """A PNG's pixel count from its header, before anything decodes it."""
    size = png_size(data)
    if size is None:
        found.add("file-kind-mismatch", path, "the PNG's header is damaged; build the pack again")
    elif size[0] * size[1] > limits.max_image_pixels:
        found.add(
            "image-too-large",
            path,
            f"the image is {size[0]} x {size[1]} pixels; a sheet or preview may hold at most "
            f"{limits.max_image_pixels} pixels",
        )


def _check_document(path: str, kind: str, data: bytes, limits: Limits, found: _Collector) -> Any:
    doc, code, why = parse_json(data, limits)
    if code is not None:
        found.add(code, path, str(why))
        return None
    actual = "replay" if isinstance(doc, dict) and doc.get("format") == "raftwright.replay" else document_kind(doc)
    if actual != kind:
        found.add(
            "file-kind-mismatch", path, f"the manifest says {kind}, the file is {actual or 'not a Raftwright file'}"
        )
        return None
    if kind == "replay":
        located = [(e.path or "/", plain_schema_message(e)) for e in schema_errors(kind, doc)]
    else:
        located = [(i.where.path or "/", i.message) for i in schema_issues(kind, doc)]
    for pointer, message in located[:5]:
        found.add("file-invalid", path, message, pointer)
    return None if located else doc


def _check_campaign_files(path: str, campaign: dict[str, Any], scenarios: set[str], found: _Collector) -> None:
    """Every scenario a campaign of the pack names is one of the pack's ``scenarios`` (a
    file the manifest lists as a scenario; its own problems are reported on it): a
    campaign that names another leaves the player a campaign that cannot be played
    (``pack verify`` reports the rest of a campaign's checks, as ``validate`` does)."""
    entries = campaign.get("scenarios")
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        file = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(file, str):
            continue
        target = posixpath.normpath(posixpath.join(posixpath.dirname(path), file))
        if target not in scenarios:
            found.add(
                "campaign-scenario-missing",
                path,
                f"scenario entry {i + 1} names {shown(file[:80])}, which the pack does not hold as a scenario",
                f"/scenarios/{i}",
            )


def _twice(paths: Iterable[str]) -> list[str]:
    """The paths that occur more than once, sorted."""
    return sorted(path for path, n in Counter(paths).items() if n > 1)
