"""The ``raftwright`` command: the only package that imports both the engine and the
studio (``engine`` never names ``editor``; import-linter checks it)."""

from __future__ import annotations


def installed_version() -> str:
    """The version of the installed distribution (``pyproject.toml``'s, via metadata;
    imported here, when asked: importlib.metadata is a tenth of a second of start-up)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("raftwright")
    except PackageNotFoundError:  # a checkout that was never installed
        return "0+unknown"


__all__ = ["installed_version"]
