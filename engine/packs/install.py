"""Installed packs: ``<user folder>/packs/<id>/<version>/`` holding the pack's files
and its (current-format) manifest.

An install writes into a fresh staging folder inside the packs folder, checking that
every destination lies inside it, then renames the staging folder into place, so a
pack is either wholly installed or not at all.  Replacing an installed version needs
``force``; the old folder is moved aside first and removed only after the rename.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.model.catalog import Catalog
from engine.model.schemas import schema_errors
from engine.model.userdirs import user_packs_dir
from engine.packs.components import pack_catalog
from engine.packs.errors import PackError, Problem
from engine.packs.limits import MANIFEST_NAME
from engine.packs.manifest import Manifest, version_key
from engine.packs.reader import Pack

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InstalledPack:
    manifest: Manifest
    folder: Path

    def path(self, entry: str) -> Path:
        return self.folder.joinpath(*entry.split("/"))

    def catalog(self) -> Catalog:
        """The bundled catalogs plus this pack's own components."""
        docs: dict[str, Any] = {}
        for entry in self.manifest.of_kind("components"):
            docs[entry.path] = json.loads(self.path(entry.path).read_text(encoding="utf-8"))
        return pack_catalog(self.manifest.id, docs)

    def campaign_paths(self) -> list[Path]:
        return [self.path(f.path) for f in self.manifest.of_kind("campaign")]

    def scenario_paths(self) -> list[Path]:
        return [self.path(f.path) for f in self.manifest.of_kind("scenario")]


def _root(root: Path | None) -> Path:
    return root if root is not None else user_packs_dir()


def install_pack(pack: Pack, *, force: bool = False, root: Path | None = None) -> InstalledPack:
    """Install a pack read by :func:`~engine.packs.reader.open_pack`.  Raises
    :class:`PackError` (``already-installed``) when this version is installed and
    ``force`` is not given."""
    packs = _root(root)
    manifest = pack.manifest
    target = packs / manifest.id / manifest.version
    if target.exists() and not force:
        raise PackError(
            [
                Problem(
                    "already-installed",
                    pack.name,
                    "",
                    f"{manifest.label} is installed already in {target}; use --force to replace it",
                )
            ]
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".staging-{manifest.id}-", dir=packs))
    try:
        _write_files(staging, pack)
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".old-{manifest.id}-", dir=packs))
            os.replace(target, old / "pack")
        try:
            os.replace(staging, target)
        except OSError:
            if old is not None:
                os.replace(old / "pack", target)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    log.info("installed pack %s in %s", manifest.label, target)
    return InstalledPack(manifest, target)


def _write_files(staging: Path, pack: Pack) -> None:
    inside = staging.resolve()
    files = {**pack.files, MANIFEST_NAME: pack.manifest.to_bytes()}
    for entry, data in sorted(files.items()):
        dest = staging.joinpath(*entry.split("/"))
        if not dest.resolve().is_relative_to(inside) or dest.resolve() == inside:
            raise PackError([Problem("entry-name", pack.name, entry, "would be written outside the pack's folder")])
        dest.parent.mkdir(parents=True, exist_ok=True)
        with open(dest, "xb") as fh:
            fh.write(data)


def installed_packs(root: Path | None = None) -> list[InstalledPack]:
    """Every installed pack (id, then version order); unreadable folders are skipped."""
    packs = _root(root)
    out: list[InstalledPack] = []
    if not packs.is_dir():
        return out
    for manifest_path in sorted(packs.glob(f"*/*/{MANIFEST_NAME}")):
        if manifest_path.parts[-3].startswith("."):
            continue
        try:
            doc = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if schema_errors("pack", doc):
            continue
        out.append(InstalledPack(Manifest.from_dict(doc), manifest_path.parent))
    out.sort(key=lambda p: (p.manifest.id, _order(p.manifest.version)))
    return out


def _order(text: str) -> tuple[int, int, int]:
    try:
        return version_key(text)
    except ValueError:
        return (0, 0, 0)


def remove_pack(spec: str, root: Path | None = None) -> list[InstalledPack]:
    """Remove ``ID`` (every version) or ``ID@VERSION``; returns what was removed.
    Raises :class:`PackError` (``not-installed``) when nothing matches."""
    ident, _, version = spec.partition("@")
    chosen = [
        p for p in installed_packs(root) if p.manifest.id == ident and (not version or p.manifest.version == version)
    ]
    if not chosen:
        raise PackError(
            [
                Problem(
                    "not-installed",
                    spec,
                    "",
                    "no installed pack matches; 'raftwright pack list' shows the installed ones",
                )
            ]
        )
    for pack in chosen:
        shutil.rmtree(pack.folder)
        parent = pack.folder.parent
        if parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
    log.info("removed %s", ", ".join(p.manifest.label for p in chosen))
    return chosen


def installed_pack_for(path: Path, root: Path | None = None) -> InstalledPack | None:
    """The installed pack a file belongs to, if any (to play it with the pack's catalog)."""
    resolved = path.resolve()
    for pack in installed_packs(root):
        if resolved.is_relative_to(pack.folder.resolve()):
            return pack
    return None
