"""One pack version as the gallery site publishes it (:mod:`engine.packs.site` builds the
site, :mod:`engine.packs.site_html` draws its pages; both read this)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.packs.manifest import PACK_SUFFIX, sha256
from engine.packs.reader import Pack


@dataclass(frozen=True)
class Published:
    """One pack version on the site: the checked pack, its bytes and where its files go."""

    pack: Pack
    data: bytes

    @property
    def folder(self) -> str:
        m = self.pack.manifest
        return f"packs/{m.id}/{m.version}"

    @property
    def file_path(self) -> str:
        return f"{self.folder}/{self.pack.manifest.id}-{self.pack.manifest.version}{PACK_SUFFIX}"

    @property
    def digest(self) -> str:
        return sha256(self.data)

    def asset(self, path: str) -> str:
        return f"{self.folder}/{path}"


__all__ = ["Published"]
