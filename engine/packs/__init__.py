"""Scenario packs (``.raftpack``): build, read safely, verify, install.  See the
manual's "Packs" page (docs/packs.md) and ``schema/pack-manifest.schema.json``."""
