"""Which catalog a scenario is checked, drawn and played with: the one way every
command and the studio find a scenario's components.

- a file inside an installed pack: the bundled catalogs plus that pack's components
  (:meth:`~engine.packs.install.InstalledPack.catalog`);
- a pack file itself (``.raftpack``): the same, read from the pack
  (:func:`catalog_of_pack`);
- any other file: the default catalog (bundled plus the user's ``catalogs/`` folder).

All three end in :func:`~engine.packs.components.pack_catalog` (or the default
catalog), so ``render``, ``booklet``, ``difficulty``, ``play``, ``show``, ``validate``,
``pack verify``, the import dialog and the studio see the same components.
"""

from __future__ import annotations

from pathlib import Path

from engine.model.catalog import Catalog, CatalogError, default_catalog
from engine.packs.components import pack_catalog
from engine.packs.errors import PackError
from engine.packs.install import InstalledPack, installed_pack_for
from engine.packs.manifest import PACK_SUFFIX
from engine.packs.reader import Pack, open_pack

__all__ = ["catalog_for", "catalog_of_pack", "pack_of"]


def catalog_of_pack(pack: Pack) -> Catalog:
    """The bundled catalogs plus a read pack's own components (raises CatalogError)."""
    docs = {f.path: pack.documents[f.path] for f in pack.manifest.of_kind("components") if f.path in pack.documents}
    return pack_catalog(pack.manifest.id, docs)


def pack_of(path: Path, root: Path | None = None) -> InstalledPack | None:
    """The installed pack ``path`` lies in, if any."""
    return installed_pack_for(Path(path), root)


def catalog_for(path: str | Path, root: Path | None = None) -> Catalog:
    """The catalog for a scenario, campaign or replay file at ``path``, or a pack file.
    Raises :class:`CatalogError` naming the pack when its components cannot be used."""
    path = Path(path)
    if path.name.endswith(PACK_SUFFIX) and path.is_file():
        try:
            return catalog_of_pack(open_pack(path, name=str(path)))
        except PackError as exc:
            raise CatalogError(str(exc)) from None
    installed = pack_of(path, root)
    if installed is None:
        return default_catalog()
    try:
        return installed.catalog()
    except (OSError, ValueError) as exc:
        if isinstance(exc, CatalogError):
            raise
        raise CatalogError(
            f"{installed.folder}: the installed pack {installed.manifest.label} has a components file that cannot "
            f"be read ({exc}); install the pack again with 'raftwright pack install --force'"
        ) from None
