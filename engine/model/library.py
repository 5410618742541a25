"""The bundled official campaigns (``campaigns/<id>/campaign.json``).  Reading a campaign
with its scenario files is :func:`engine.check.validate_files.open_campaign_with_scenarios`
(the one checked loader of each file kind).

Book order: Tutorial, Practice, Campaigns 1-4.  The files are written by
``tools/build_bundled.py`` from the COMP1110 transcription (docs/interop.md, "Bundled content
and COMP1110 interop").
"""

from __future__ import annotations

from pathlib import Path

from engine.model.formats import FormatError
from engine.model.resources import campaigns_dir

__all__ = [
    "BUNDLED_CAMPAIGN_IDS",
    "CAMPAIGN_FILE",
    "bundled_campaign_paths",
]

BUNDLED_CAMPAIGN_IDS: tuple[str, ...] = ("tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4")
CAMPAIGN_FILE = "campaign.json"


def bundled_campaign_paths() -> list[Path]:
    """The bundled campaign files in book order; raises FormatError naming a missing one."""
    paths = [campaigns_dir() / cid / CAMPAIGN_FILE for cid in BUNDLED_CAMPAIGN_IDS]
    for path in paths:
        if not path.is_file():
            raise FormatError(
                path, "the bundled campaign is missing; reinstall Raftwright or run tools/build_bundled.py"
            )
    return paths
