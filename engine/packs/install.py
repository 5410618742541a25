"""Installed packs: ``<user folder>/packs/<id>/<version>/`` holding the pack's files and
its (current-format) manifest.  One version of a pack id is installed at a time.

The rename dance (so an install or a remove killed at any moment never loses the
installed copy and never leaves half a pack):

1. the new pack is written into ``packs/.staging-<id>-<pid>-*`` (nothing else changes);
2. every installed version of that id is moved aside, one rename each, to
   ``packs/.old-<pid>-*/pack`` beside an ``origin.json`` saying where it came from
   and which version replaces it;
3. the staging folder is renamed to ``packs/<id>/<version>``;
4. the ``.old-*`` folders are deleted.

:func:`recover` runs before every scan, install and remove: a ``.staging-*`` folder of
a process that is gone is deleted; a ``.old-*`` folder whose replacement is in place
is deleted, and one whose replacement is not (killed between 2 and 3) is renamed back.
So the packs folder always shows the old state or the new one.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from engine.model.files import atomic_write
from engine.model.userdirs import user_packs_dir
from engine.packs.errors import PackError, Problem
from engine.packs.fields import shown
from engine.packs.install_scan import (
    DamagedPack,
    InstalledPack,
    alive,
    os_reason,
    scan_packs,
    version_order,
)  # fmt: skip
from engine.packs.limits import MANIFEST_NAME
from engine.packs.manifest import Manifest
from engine.packs.reader import Pack

log = logging.getLogger(__name__)

__all__ = [
    "DamagedPack",
    "InstalledPack",
    "install_pack",
    "installed_pack_for",
    "installed_packs",
    "recover",
    "remove_pack",
    "scan_installed",
    "scan_packs",
]

_ORIGIN = "origin.json"
_ACTIVE: set[Path] = set()  # this process's staging and moved-aside folders while it works


def _root(root: Path | None) -> Path:
    return root if root is not None else user_packs_dir()


def recover(root: Path | None = None) -> None:
    """Finish or undo what a killed install or remove left behind (see the module's
    doc).  Never raises: a folder it cannot tidy stays for the next start."""
    packs = _root(root)
    try:
        leftovers = sorted(p for p in packs.iterdir() if p.name.startswith((".staging-", ".old-")))
    except OSError:
        return
    for folder in leftovers:
        owner = _owner(folder.name)
        if folder in _ACTIVE or (owner != os.getpid() and alive(owner)):
            continue  # an install is under way (here, or in another Raftwright)
        try:
            if folder.name.startswith(".old-"):
                _recover_old(packs, folder)
            shutil.rmtree(folder)
        except OSError:
            continue


def _owner(name: str) -> int | None:
    """The process id in ``.staging-<id>-<pid>-*`` / ``.old-<pid>-*`` names."""
    for part in name.split("-"):
        if part.startswith("p") and part[1:].isdigit():
            return int(part[1:])
    return None


def _recover_old(packs: Path, folder: Path) -> None:
    kept = folder / "pack"
    if not kept.is_dir():
        return
    try:
        origin = json.loads((folder / _ORIGIN).read_text(encoding="utf-8"))
        back = packs.joinpath(*str(origin["from"]).split("/"))
        replaced_by = packs.joinpath(*str(origin["by"]).split("/"))
    except (OSError, ValueError, KeyError, TypeError):
        return
    if not replaced_by.is_dir() and not back.exists() and back.resolve().is_relative_to(packs.resolve()):
        back.parent.mkdir(parents=True, exist_ok=True)
        os.replace(kept, back)


def installed_packs(root: Path | None = None) -> list[InstalledPack]:
    """Every installed pack whose manifest can be read (id, then version order); the
    damaged ones are in :func:`scan_packs`."""
    recover(root)
    return scan_packs(_root(root))[0]


def scan_installed(root: Path | None = None) -> tuple[list[InstalledPack], list[DamagedPack]]:
    """:func:`recover`, then the usable installed packs and the damaged ones."""
    recover(root)
    return scan_packs(_root(root))


def _problem(code: str, pack: str, message: str, entry: str = "") -> PackError:
    return PackError([Problem(code, pack, entry, message)])


def _decide(pack: Pack, installed: list[InstalledPack], force: bool) -> None:
    """Refuse a downgrade, the same version with other contents, or the very same pack,
    unless ``force``; naming both versions."""
    m = pack.manifest
    if force:
        return
    for other in installed:
        o = other.manifest
        if o.version == m.version:
            if _contents(o) == _contents(m):
                raise _problem(
                    "already-installed",
                    pack.name,
                    f"{m.label} is installed already in {other.folder}, with the same contents; use it as it is, "
                    "or install with --force to write it again",
                )
            raise _problem(
                "version-contents-differ",
                pack.name,
                f"{o.label} is installed with different contents from this {m.label}; a changed pack needs a new "
                "version number (ask its author), or use --force to replace the installed copy",
            )
        if version_order(o.version) > version_order(m.version):
            raise _problem(
                "version-downgrade",
                pack.name,
                f"{o.label} is installed, newer than this {m.label}; use --force to go back to {m.version}",
            )


def _contents(manifest: Manifest) -> dict[str, object]:
    """What a pack holds and says, without the build date (a rebuild the next day is the same pack)."""
    return {k: v for k, v in manifest.to_dict().items() if k != "created"}


def install_pack(
    pack: Pack, *, force: bool = False, root: Path | None = None, after: Callable[[str], None] | None = None
) -> InstalledPack:
    """Install a pack read by :func:`~engine.packs.reader.open_pack`, replacing every
    installed version of its id once the new one is in place.  Raises :class:`PackError`:
    ``already-installed``, ``version-downgrade``, ``version-contents-differ`` (unless
    ``force``), ``install-failed`` (nothing changed).  ``after`` is called after each
    step of the rename dance (tests kill the install there)."""
    packs = _root(root)
    step = after or (lambda name: None)
    manifest = pack.manifest
    recover(root)
    good, broken = scan_packs(packs)
    current = [p for p in good if p.manifest.id == manifest.id]
    damaged = [d for d in broken if d.id == manifest.id]
    _decide(pack, current, force)
    target = packs / manifest.id / manifest.version
    staging: Path | None = None
    moved: list[tuple[Path, Path]] = []
    try:
        packs.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".staging-{manifest.id}-p{os.getpid()}-", dir=packs))
        _ACTIVE.add(staging)
        step("staging")
        _write_files(staging, pack)
        step("staged")
        for old in [*(p.folder for p in current), *(d.folder for d in damaged)]:
            aside = Path(tempfile.mkdtemp(prefix=f".old-p{os.getpid()}-", dir=packs))
            _ACTIVE.add(aside)
            origin = {"from": old.relative_to(packs).as_posix(), "by": target.relative_to(packs).as_posix()}
            atomic_write(aside / _ORIGIN, json.dumps(origin).encode("utf-8"))
            os.replace(old, aside / "pack")
            moved.append((aside, old))
            step("moved-aside")
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging, target)
        step("renamed")
    except (OSError, PackError) as exc:
        for aside, old in reversed(moved):  # put every installed copy back
            try:
                os.replace(aside / "pack", old)
            except OSError:
                pass  # recover() at the next start puts it back
        _tidy(staging, target.parent, *(aside for aside, _ in moved))
        _ACTIVE.difference_update({staging, *(aside for aside, _ in moved)})
        if isinstance(exc, PackError):
            raise
        raise _problem(
            "install-failed",
            pack.name,
            f"cannot write {manifest.label} into {packs}: {os_reason(exc, packs)}; nothing was changed: free some "
            "space or make the folder writable, then install again",
        ) from None
    _tidy(*(aside for aside, _ in moved), *(old.parent for _, old in moved if old.parent != target.parent))
    _ACTIVE.difference_update({staging, *(aside for aside, _ in moved)})
    log.info("installed pack %s in %s", manifest.label, target)
    return InstalledPack(manifest, target)


def _tidy(*folders: Path | None) -> None:
    """Remove leftovers: staging or moved-aside folders, and id folders left empty."""
    for folder in folders:
        if folder is None or not folder.exists():
            continue
        try:
            if folder.name.startswith("."):
                shutil.rmtree(folder)
            elif not any(folder.iterdir()):
                folder.rmdir()
        except OSError:
            pass  # recover() tries again at the next start


def _write_files(staging: Path, pack: Pack) -> None:
    inside = staging.resolve()
    files = {**pack.files, MANIFEST_NAME: pack.manifest.to_bytes()}
    for entry, data in sorted(files.items()):
        dest = staging.joinpath(*entry.split("/"))
        if not dest.resolve().is_relative_to(inside) or dest.resolve() == inside:
            raise _problem(
                "entry-name",
                pack.name,
                "would be written outside the pack's folder; rebuild the pack with plain entry names",
                entry,
            )
        dest.parent.mkdir(parents=True, exist_ok=True)
        with open(dest, "xb") as fh:
            fh.write(data)


def remove_pack(spec: str, root: Path | None = None) -> list[InstalledPack | DamagedPack]:
    """Remove ``ID`` (every version) or ``ID@VERSION``, damaged ones included; returns
    what was removed.  Raises :class:`PackError`: ``not-installed`` when nothing
    matches, ``remove-failed`` when the folder cannot be changed (it stays installed)."""
    packs = _root(root)
    recover(root)
    ident, _, version = spec.partition("@")
    good, damaged = scan_packs(packs)
    chosen: list[InstalledPack | DamagedPack] = [
        p for p in good if p.manifest.id == ident and (not version or p.manifest.version == version)
    ]
    chosen += [d for d in damaged if d.id == ident and (not version or d.version == version)]
    if not chosen:
        raise _problem(
            "not-installed",
            shown(spec),
            "no installed pack matches; check the name with 'raftwright pack list', which shows the installed ones",
        )
    for pack in chosen:
        try:  # one rename takes it out of the library; deleting the files follows
            aside = Path(tempfile.mkdtemp(prefix=f".old-p{os.getpid()}-", dir=packs))
            os.replace(pack.folder, aside / "pack")
        except OSError as exc:
            raise _problem(
                "remove-failed",
                _label(pack),
                f"cannot remove {pack.folder}: {os_reason(exc, packs)}; it stays installed: make the folder writable, "
                "then remove it again",
            ) from None
        _tidy(aside, pack.folder.parent)
    log.info("removed %s", ", ".join(_label(p) for p in chosen))
    return chosen


def _label(pack: InstalledPack | DamagedPack) -> str:
    return pack.manifest.label if isinstance(pack, InstalledPack) else pack.label


def installed_pack_for(path: Path, root: Path | None = None) -> InstalledPack | None:
    """The installed pack a file belongs to, if any (to play it with the pack's catalog)."""
    resolved = path.resolve()
    for pack in installed_packs(root):
        if resolved.is_relative_to(pack.folder.resolve()):
            return pack
    return None
