"""Scenario packs (``.raftpack``): build, read safely, verify, install.  See the
manual's "Packs" page (docs/packs.md) and ``schema/pack-manifest.schema.json``."""

PACK_SUFFIX = ".raftpack"  # here, not only in .manifest: the studio tells a pack by its name before loading any of this
