"""The bots' version and the rules-and-bot fingerprint an estimate is tied to.

``BOTS_VERSION`` goes up whenever a bot can choose otherwise in the same position (a
weight, a search, an ordering).  :func:`fingerprint` joins it to the rules' version: two
estimates with the same fingerprint were played by the same bots under the same rules, so
their games may be pooled (a Dask worker with another fingerprint is refused) and a stored
estimate with another fingerprint is stale.  The golden games' test holds both numbers to
the recorded play.
"""

from __future__ import annotations

from engine.play.version import RULES_VERSION

BOTS_VERSION = 3


def fingerprint() -> str:
    """``"rules-R.bots-B"``: what made an estimate (stable text for files and ``--json``)."""
    return f"rules-{RULES_VERSION}.bots-{BOTS_VERSION}"


__all__ = ["BOTS_VERSION", "fingerprint"]
