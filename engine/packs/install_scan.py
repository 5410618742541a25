"""Reading what is installed: every ``packs/<id>/<version>/`` folder, its manifest read
as untrusted input (size cap, nesting, text, schema), sorted into the packs that can be
used and the damaged ones, which ``pack list`` and the library report and ``pack
remove`` removes.  A damaged pack never stops another command or the studio."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.model.catalog import Catalog, CatalogError
from engine.model.jsonio import MAX_CATALOG_BYTES, FormatError, read_json
from engine.model.schemas import schema_errors
from engine.packs.components import pack_catalog
from engine.packs.fields import manifest_messages, shown
from engine.packs.limits import DEFAULT_LIMITS, MANIFEST_NAME, parse_json
from engine.packs.manifest import PACK_FORMAT, PACK_FORMAT_VERSION, Manifest, version_key
from engine.packs.migrations import can_migrate, migrate


@dataclass(frozen=True)
class InstalledPack:
    manifest: Manifest
    folder: Path

    def path(self, entry: str) -> Path:
        return self.folder.joinpath(*entry.split("/"))

    def catalog(self) -> Catalog:
        """The bundled catalogs plus this pack's own components; raises
        :class:`CatalogError` naming the file when an installed file was damaged."""
        docs: dict[str, Any] = {}
        for entry in self.manifest.of_kind("components"):
            try:
                docs[entry.path] = read_json(self.path(entry.path), MAX_CATALOG_BYTES)
            except FormatError as exc:
                raise CatalogError(
                    f"{exc}; the installed pack {self.manifest.label} is damaged: install it again"
                ) from None
        return pack_catalog(self.manifest.id, docs)

    def campaign_paths(self) -> list[Path]:
        return [self.path(f.path) for f in self.manifest.of_kind("campaign")]

    def scenario_paths(self) -> list[Path]:
        return [self.path(f.path) for f in self.manifest.of_kind("scenario")]


@dataclass(frozen=True)
class DamagedPack:
    """An installed folder whose manifest cannot be used, and why."""

    folder: Path
    reason: str

    @property
    def id(self) -> str:
        return self.folder.parent.name

    @property
    def version(self) -> str:
        return self.folder.name

    @property
    def label(self) -> str:
        return shown(f"{self.id}@{self.version}")


def read_installed_manifest(folder: Path) -> Manifest:
    """The manifest of an installed folder; raises ``ValueError`` saying why it cannot be used."""
    path = folder / MANIFEST_NAME
    limit = DEFAULT_LIMITS.max_manifest_bytes
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise ValueError("its manifest.json is missing") from None
    except OSError as exc:
        raise ValueError(f"its manifest.json cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise ValueError(f"its manifest.json is larger than {limit} bytes")
    doc, code, why = parse_json(data, DEFAULT_LIMITS)
    if code is not None:
        raise ValueError(f"its manifest.json is damaged: {why}")
    found = doc.get("format_version") if isinstance(doc, dict) else None
    if (
        not isinstance(doc, dict)
        or doc.get("format") != PACK_FORMAT
        or not isinstance(found, int)
        or isinstance(found, bool)
        or not 1 <= found <= PACK_FORMAT_VERSION
        or not can_migrate(found)
    ):
        raise ValueError("its manifest.json is not a Raftwright pack manifest this version reads")
    if found < PACK_FORMAT_VERSION:  # installed by an older Raftwright: read as the current format
        doc = migrate(doc)
    errors = schema_errors("pack", doc)
    if errors:
        _where, message = manifest_messages(doc, errors)[0]
        raise ValueError(f"its manifest.json is damaged ({message})")
    manifest = Manifest.from_dict(doc)
    if (manifest.id, manifest.version) != (folder.parent.name, folder.name):
        raise ValueError(
            f"its manifest says {shown(manifest.label)}, not the folder's {shown(folder.parent.name)}@{shown(folder.name)}"
        )
    return manifest


def scan_packs(packs: Path) -> tuple[list[InstalledPack], list[DamagedPack]]:
    """The usable installed packs (id, then version order) and the damaged ones."""
    good: list[InstalledPack] = []
    damaged: list[DamagedPack] = []
    try:
        ids = sorted(p for p in packs.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return good, damaged
    for ident in ids:
        try:
            versions = sorted(p for p in ident.iterdir() if p.is_dir())
        except OSError as exc:
            damaged.append(DamagedPack(ident / "?", f"the folder cannot be read ({exc.strerror or exc})"))
            continue
        for folder in versions:
            try:
                good.append(InstalledPack(read_installed_manifest(folder), folder))
            except ValueError as exc:
                damaged.append(DamagedPack(folder, str(exc)))
    good.sort(key=lambda p: (p.manifest.id, version_order(p.manifest.version)))
    return good, damaged


def version_order(text: str) -> tuple[int, int, int]:
    try:
        return version_key(text)
    except ValueError:
        return (0, 0, 0)


def alive(pid: int | None) -> bool:
    """Whether a process with this id runs (ours included); ``None`` is never alive."""
    if pid is None or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def os_reason(exc: OSError, folder: Path) -> str:
    """Why a write in ``folder`` failed, in words a person can act on."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full; free some space and try again"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the folder {folder} is read-only; fix its permissions or set RAFTWRIGHT_USER_DIR"
    return f"{exc.strerror or exc}"
