"""Scenario packs (``.raftpack``): build, read safely, verify, install.  See the
README's "Packs" section and ``schema/pack-manifest.schema.json``."""
