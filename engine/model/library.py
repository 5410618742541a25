"""The bundled official campaigns (``campaigns/<id>/campaign.json``) and loading a
campaign together with its scenario files.

Book order: Tutorial, Practice, Campaigns 1-4.  The files are written by
``tools/build_bundled.py`` from the COMP1110 transcription (docs/interop.md, "Bundled content
and COMP1110 interop").
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from engine.model.formats import FormatError, load_campaign, load_scenario
from engine.model.resources import campaigns_dir
from engine.model.scenario import Campaign, Scenario

__all__ = [
    "BUNDLED_CAMPAIGN_IDS",
    "CAMPAIGN_FILE",
    "bundled_campaign_paths",
    "first_bundled_scenario_path",
    "load_campaign_with_scenarios",
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


def load_campaign_with_scenarios(
    path: str | os.PathLike[str],
    read_campaign: Callable[[Path], Campaign] = load_campaign,
    read_scenario: Callable[[Path], Scenario] = load_scenario,
) -> tuple[Campaign, list[tuple[Path, Scenario]]]:
    """Load a campaign and every scenario it lists (paths relative to the campaign file).

    Raises :class:`FormatError` for the campaign file, a listed scenario that does not
    exist (naming the entry), or a scenario file that does not load.  ``read_campaign``
    and ``read_scenario`` read the files (the check layer passes readers whose messages
    are located: :func:`engine.check.validate_files.open_campaign_with_scenarios`)."""
    path = Path(path)
    campaign = read_campaign(path)
    scenarios: list[tuple[Path, Scenario]] = []
    for n, entry in enumerate(campaign.scenarios, 1):
        scenario_path = path.parent / entry.scenario
        if not scenario_path.is_file():
            raise FormatError(
                path,
                f"/scenarios/{n - 1}: scenario {n} names '{entry.scenario}', which is not in {path.parent}; "
                "restore the file or remove the entry",
            )
        scenarios.append((scenario_path, read_scenario(scenario_path)))
    return campaign, scenarios


def first_bundled_scenario_path() -> Path:
    """The first scenario of the first bundled campaign (Tutorial 1), which the studio
    opens on ``make run``."""
    path = bundled_campaign_paths()[0]
    campaign = load_campaign(path)
    if not campaign.scenarios:
        raise FormatError(path, "the bundled campaign lists no scenarios; reinstall Raftwright")
    return path.parent / campaign.scenarios[0].scenario
