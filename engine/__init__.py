"""Raftwright's shared rules engine: pure Python, never imports Qt (DESIGN.md)."""
