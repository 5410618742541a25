"""The ``raftwright`` command: the only package that imports both the engine and the
studio (``engine`` never names ``editor``; import-linter checks it)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def installed_version() -> str:
    """The version of the installed distribution (``pyproject.toml``'s, via metadata)."""
    try:
        return version("raftwright")
    except PackageNotFoundError:  # a checkout that was never installed
        return "0+unknown"


__all__ = ["installed_version"]
