"""Campaign edits for the library dock: the designer's own campaigns live in
``<user folder>/campaigns/<id>/campaign.json`` with their scenario files beside them.
Bundled campaigns are read-only.  Every change is saved at once (atomically)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from engine.check.open_files import open_campaign, open_scenario
from engine.model.formats import FormatError, document_kind, read_json
from engine.model.library import CAMPAIGN_FILE, bundled_campaign_paths
from engine.model.resources import campaigns_dir
from engine.model.scenario import Campaign, CampaignEntry, Scenario

from .files import save_campaign_file, save_scenario_file, user_campaigns_dir
from .savenames import listable_name

#: the campaign schema's pattern for a listed file (schema/campaign.schema.json)
LISTABLE_REFERENCE = re.compile(r"(?!/)[A-Za-z0-9._/-]{1,200}\.json")


@dataclass(frozen=True)
class EntryInfo:
    """One listed scenario: its file, and its name or why it cannot be read.  Only
    the name is read here (the library lists dozens of files); opening checks the rest."""

    index: int
    path: Path
    name: str | None
    problem: str = ""

    @property
    def title(self) -> str:
        if self.name is not None:
            return f"{self.index + 1}. {self.name}"
        return f"{self.index + 1}. {self.path.name} ({self.problem})"


def slug(name: str) -> str:
    """An identifier (schema pattern ``[a-z0-9][a-z0-9._-]*``) from a display name."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return (text or "campaign")[:80]


def is_bundled(path: str | Path) -> bool:
    try:
        Path(path).resolve().relative_to(campaigns_dir().resolve())
    except ValueError:
        return False
    return True


def bundled_campaigns() -> list[Path]:
    try:
        return bundled_campaign_paths()
    except FormatError:
        return sorted(p for p in campaigns_dir().glob(f"*/{CAMPAIGN_FILE}"))


def user_campaigns() -> list[Path]:
    return sorted(user_campaigns_dir().glob(f"*/{CAMPAIGN_FILE}"))


def entries(campaign_path: Path, campaign: Campaign) -> list[EntryInfo]:
    out = []
    for index, entry in enumerate(campaign.scenarios):
        path = campaign_path.parent / entry.scenario
        try:
            data = read_json(path)
        except FormatError as exc:
            out.append(EntryInfo(index, path, None, "missing" if not path.exists() else str(exc).split(": ", 1)[-1]))
            continue
        name = data.get("name") if document_kind(data) == "scenario" else None
        out.append(EntryInfo(index, path, name if isinstance(name, str) else None, "not a scenario file"))
    return out


def create_campaign(name: str, folder: Path | None = None) -> Path:
    """A new empty campaign in the user's folder; returns its campaign file."""
    root = folder or user_campaigns_dir()
    base = slug(name)
    ident, n = base, 2
    while (root / ident).exists():
        ident, n = f"{base}-{n}", n + 1
    path = root / ident / CAMPAIGN_FILE
    path.parent.mkdir(parents=True)
    save_campaign_file(Campaign(id=ident, name=name.strip() or ident), path)
    return path


def _editable(campaign_path: Path) -> Campaign:
    if is_bundled(campaign_path):
        raise PermissionError(
            f"{campaign_path} is a bundled campaign and cannot be changed; create your own campaign in the library and add scenarios to it"
        )
    return open_campaign(campaign_path)


def add_scenario(campaign_path: Path, scenario_path: Path) -> int:
    """List a scenario file in a campaign.  A file outside the campaign's folder is
    copied into it first (campaign entries are relative paths).  Returns its index."""
    campaign = _editable(campaign_path)
    folder = campaign_path.parent.resolve()
    source = scenario_path.resolve()
    open_scenario(source)  # refuse what would not open, with the located message
    try:
        relative = source.relative_to(folder)
    except ValueError:
        stem = listable_name(source.name.removesuffix(".json").removesuffix(".scenario"))
        target, n = folder / f"{stem}.scenario.json", 2
        while target.exists():
            target, n = folder / f"{stem}-{n}.scenario.json", n + 1
        shutil.copyfile(source, target)
        relative = target.relative_to(folder)
    if not LISTABLE_REFERENCE.fullmatch(relative.as_posix()) or ".." in relative.as_posix():
        raise FormatError(
            source,
            f'the campaign cannot list this file under the name "{relative.as_posix()}" (a campaign names its '
            f'files with letters A-Z, digits, ".", "-" and "_", ending in .json); save the scenario as '
            f'"{listable_name(source.name.removesuffix(".json").removesuffix(".scenario"))}.scenario.json" and add it again',
        )
    entry = CampaignEntry(relative.as_posix())
    save_campaign_file(replace(campaign, scenarios=campaign.scenarios + (entry,)), campaign_path)
    return len(campaign.scenarios)


def add_new_scenario(campaign_path: Path, scenario: Scenario) -> Path:
    """Write ``scenario`` as a new file in the campaign's folder and list it."""
    folder = campaign_path.parent
    target, n = folder / f"{scenario.id}.scenario.json", 2
    while target.exists():
        target, n = folder / f"{scenario.id}-{n}.scenario.json", n + 1
    save_scenario_file(replace(scenario, campaign=open_campaign(campaign_path).id), target)
    add_scenario(campaign_path, target)
    return target


def remove_entry(campaign_path: Path, index: int) -> None:
    """Take a scenario out of the campaign (its file stays)."""
    campaign = _editable(campaign_path)
    kept = tuple(e for i, e in enumerate(campaign.scenarios) if i != index)
    save_campaign_file(replace(campaign, scenarios=kept), campaign_path)


def move_entry(campaign_path: Path, index: int, step: int) -> int:
    campaign = _editable(campaign_path)
    items = list(campaign.scenarios)
    target = index + step
    if not (0 <= index < len(items) and 0 <= target < len(items)):
        return index
    items[index], items[target] = items[target], items[index]
    save_campaign_file(replace(campaign, scenarios=tuple(items)), campaign_path)
    return target


def update_campaign(campaign_path: Path, **fields: object) -> Campaign:
    """Change metadata (name, description, author, points_per_win, water_token_penalty, unlocks)."""
    campaign = replace(_editable(campaign_path), **fields)  # type: ignore[arg-type]
    save_campaign_file(campaign, campaign_path)
    return campaign


def unlisted_entries(campaign_path: Path) -> list[str]:
    """The ``file`` entries of a campaign that stop it from being read: a name the
    campaign format refuses, or a file that is missing or is not a scenario.  Empty
    when the campaign file itself is broken beyond its entries (then only Delete helps)."""
    data = read_json(campaign_path)
    listed = data.get("scenarios") if isinstance(data, dict) else None
    if not isinstance(listed, list):
        return []
    bad = []
    for entry in listed:
        name = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(name, str):
            bad.append(repr(entry))
            continue
        path = campaign_path.parent / name
        if not LISTABLE_REFERENCE.fullmatch(name) or ".." in name or not path.is_file():
            bad.append(name)
            continue
        try:
            if document_kind(read_json(path)) != "scenario":
                bad.append(name)
        except FormatError:
            bad.append(name)
    return bad


def repair_campaign(campaign_path: Path) -> list[str]:
    """Take the entries :func:`unlisted_entries` names out of the campaign (their files
    stay) and save it; returns what was taken out.  Raises :class:`FormatError` when
    the campaign still cannot be read (then it can only be deleted)."""
    if is_bundled(campaign_path):
        raise PermissionError(f"{campaign_path} is a bundled campaign and cannot be changed")
    bad = unlisted_entries(campaign_path)
    data = read_json(campaign_path)
    if bad and isinstance(data, dict):
        kept = [
            e for e in data["scenarios"] if not (isinstance(e, dict) and e.get("file") in bad) and isinstance(e, dict)
        ]
        data = {**data, "scenarios": kept}
    campaign = open_campaign(campaign_path, data)  # still unreadable: the located reason
    save_campaign_file(campaign, campaign_path)
    return bad


def trash_campaign(campaign_path: Path) -> None:
    """Move a campaign's folder (the campaign file and its scenarios) to the system
    trash; raises :class:`OSError` naming the folder when the platform has no trash."""
    if is_bundled(campaign_path):
        raise PermissionError(f"{campaign_path} is a bundled campaign; it cannot be deleted")
    folder = campaign_path.parent
    data_home = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    if data_home:  # Qt puts the trash there but does not make the folder (a fresh account may lack it)
        Path(data_home).mkdir(parents=True, exist_ok=True)
    from PySide6.QtCore import QFile  # loaded when a campaign is deleted, not at the studio's start

    if not QFile.moveToTrash(str(folder)):
        raise OSError(
            f"could not move {folder} to the trash (the system offers no trash there); "
            "delete the folder in your file manager"
        )
