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
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.model.catalog import CatalogError
from engine.model.formats import document_kind
from engine.model.schemas import schema_errors
from engine.packs.components import component_problems, pack_catalog
from engine.packs.errors import PackError, Problem
from engine.packs.limits import (
    DEFAULT_LIMITS,
    MANIFEST_NAME,
    Limits,
    collision_key,
    name_problem,
    parse_json,
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
_MAGIC = {"pdf": b"%PDF-", "png": b"\x89PNG\r\n\x1a\n"}


@dataclass
class Pack:
    """A pack read into memory and checked; ``files`` maps each listed path to its bytes."""

    name: str
    manifest: Manifest
    files: dict[str, bytes]
    documents: dict[str, Any] = field(default_factory=dict)  # path -> parsed JSON (scenario, campaign, ...)
    migrated_from: int | None = None


class _Collector:
    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []

    def add(self, code: str, entry: str, message: str) -> None:
        self.problems.append(Problem(code, self.name, entry, message))

    def stop_if_any(self) -> None:
        if self.problems:
            raise PackError(self.problems)


def open_pack(source: str | os.PathLike[str] | bytes, limits: Limits = DEFAULT_LIMITS, name: str | None = None) -> Pack:
    """Read and check a pack (a path or its bytes); raises :class:`PackError`."""
    label = name or (str(source) if not isinstance(source, bytes) else "pack")
    found = _Collector(label)
    try:
        data = source if isinstance(source, bytes) else _read_file(Path(source), limits, found)
        archive = zipfile.ZipFile(io.BytesIO(data))
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
        infos = _check_entries(archive, limits, found)
        files = _read_entries(archive, infos, limits, found)
    manifest_doc, migrated_from = _manifest_document(files.pop(MANIFEST_NAME, None), limits, found)
    manifest = Manifest.from_dict(manifest_doc)
    documents = _check_files(manifest, files, limits, found)
    catalogs = {f.path: documents[f.path] for f in manifest.of_kind("components") if f.path in documents}
    for code, path, message in component_problems(catalogs):
        found.add(code, path, message)
    if catalogs and not found.problems:
        try:
            pack_catalog(manifest.id, catalogs)
        except CatalogError as exc:
            found.add("component-redefines-bundled", str(exc).split(":", 1)[0], str(exc).split(": ", 1)[-1])
    found.stop_if_any()
    return Pack(label, manifest, files, documents, migrated_from)


def _read_file(path: Path, limits: Limits, found: _Collector) -> bytes:
    size = path.stat().st_size
    if size > limits.max_pack_bytes:
        found.add("pack-too-large", "", f"the file is {size} bytes; the limit is {limits.max_pack_bytes}")
        raise PackError(found.problems)
    return path.read_bytes()


def _check_entries(archive: zipfile.ZipFile, limits: Limits, found: _Collector) -> list[zipfile.ZipInfo]:
    infos = archive.infolist()
    if len(infos) > limits.max_entries:
        found.add("entry-count", "", f"the pack holds {len(infos)} entries; the limit is {limits.max_entries}")
        found.stop_if_any()
    names: set[str] = set()
    keys: dict[str, str] = {}
    total = 0
    for info in infos:
        name = info.filename
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
            found.add("entry-too-large", name, f"{info.file_size} bytes; the limit is {limits.max_entry_bytes}")
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
    found.stop_if_any()
    return infos


def _read_entries(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: Limits, found: _Collector
) -> dict[str, bytes]:
    """Each entry's bytes, read with a cap (declared sizes may lie)."""
    files: dict[str, bytes] = {}
    total = 0
    for info in infos:
        try:
            with archive.open(info) as fh:
                data = fh.read(limits.max_entry_bytes + 1)
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
            found.add("entry-corrupt", info.filename, f"cannot be read ({exc}); download the pack again")
            continue
        total += len(data)
        if len(data) > limits.max_entry_bytes or len(data) != info.file_size:
            found.add("entry-too-large", info.filename, f"holds more data than it declares ({info.file_size} bytes)")
        elif len(data) > RATIO_FLOOR and len(data) > limits.max_ratio * max(info.compress_size, 1):
            found.add("compression-ratio", info.filename, "expands more than the limit; refusing a likely zip bomb")
        if total > limits.max_total_bytes:
            found.add(
                "total-too-large", info.filename, f"the entries add up to more than {limits.max_total_bytes} bytes"
            )
            break
        files[info.filename] = data
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
    if not isinstance(doc, dict) or doc.get("format") != PACK_FORMAT:
        shown = doc.get("format") if isinstance(doc, dict) else None
        found.add("manifest-format", MANIFEST_NAME, f'its "format" is {shown!r}; a pack manifest says {PACK_FORMAT!r}')
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
    for err in errors[:20]:
        found.add("manifest-invalid", MANIFEST_NAME, f"{err.path or '/'}: {err.message}")
    found.stop_if_any()
    return doc, migrated_from


def _check_files(manifest: Manifest, files: dict[str, bytes], limits: Limits, found: _Collector) -> dict[str, Any]:
    documents: dict[str, Any] = {}
    listed = {f.path for f in manifest.files}
    for path in sorted(set(files) - listed):
        found.add("manifest-file-unlisted", path, "the pack holds this file but the manifest does not list it")
    for entry in manifest.files:
        data = files.get(entry.path)
        if data is None:
            found.add("manifest-file-missing", entry.path, "the manifest lists this file but the pack does not hold it")
            continue
        if len(data) != entry.size:
            found.add("file-size-mismatch", entry.path, f"{len(data)} bytes; the manifest says {entry.size}")
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
    for s in manifest.scenarios:
        if s.path not in listed:
            found.add(
                "manifest-file-missing", s.path, "the manifest describes this scenario but does not list the file"
            )
    return documents


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
    errors = schema_errors(kind, doc)
    for err in errors[:5]:
        found.add("file-invalid", path, f"{err.path or '/'}: {err.message}")
    return None if errors else doc
