"""What a Dask cluster run may fail on, said in one line: the scheduler address, the
scheduler that does not answer, no workers, a worker running other rules or another bot.

Kept apart from :mod:`engine.sim.cluster` so the command line can check an address and
name these failures without importing Dask (the optional extra ``raftwright[cluster]``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

#: seconds to wait for the scheduler to answer, and then for a first worker (``--cluster-timeout``)
DEFAULT_TIMEOUT = 5.0
SCHEMES = ("tcp", "tls")
EXAMPLE = "use local or tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786"


class ClusterError(Exception):
    """A cluster run that cannot start or must stop; the message is one line for a person."""


def check_address(address: str) -> str:
    """``address`` as Dask takes it (``local`` or ``tcp://HOST:PORT``); a bare
    ``HOST:PORT`` gets ``tcp://``.  Raises :class:`ClusterError` for anything else, before
    any connection is tried."""
    text = address.strip()
    if text == "local":
        return text
    if not text or any(c.isspace() for c in text):
        raise ClusterError(f"--cluster {address!r} is not a scheduler address; {EXAMPLE}")
    full = text if "://" in text else f"tcp://{text}"
    parts = urlsplit(full)
    try:
        port = parts.port
    except ValueError:
        port = None
        bad_port = True
    else:
        bad_port = False
    if parts.scheme not in SCHEMES:
        raise ClusterError(
            f"--cluster {address}: the scheme {parts.scheme!r} is not one Dask schedulers use; {EXAMPLE}"
        )
    if not parts.hostname:
        raise ClusterError(f"--cluster {address}: no host name; {EXAMPLE}")
    if bad_port or port is None or not 0 < port < 65536 or parts.path not in ("", "/") or parts.query:
        raise ClusterError(f"--cluster {address}: the port must be a number from 1 to 65535; {EXAMPLE}")
    return f"{parts.scheme}://{parts.netloc}"


__all__ = ["DEFAULT_TIMEOUT", "ClusterError", "check_address"]
