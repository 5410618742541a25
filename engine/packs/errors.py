"""Refusals of a pack: a stable code, the pack, the entry and what is wrong.

A refusal is data (:class:`Problem`) collected while reading; :class:`PackError`
carries one or more of them when a pack cannot be used at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.wording import plain_text
from engine.packs.fields import shown

#: every refusal code, with what it means (the table in docs/packs.md comes from here)
REFUSAL_CODES: dict[str, str] = {
    "pack-unreadable": "the file cannot be read or is not a zip archive",
    "pack-too-large": "the pack file is larger than the limit",
    "entry-count": "the pack holds more entries than the limit",
    "entry-name": "an entry name is empty, absolute, has a drive letter, a backslash, '.' or '..' parts",
    "entry-special": "an entry is a symbolic link, a folder or another special file",
    "entry-duplicate": "two entries have the same name",
    "entry-case-collision": "two entry names differ only in case (they collide on Windows and macOS)",
    "entry-encrypted": "an entry is encrypted",
    "entry-compression": "an entry uses a compression method other than stored or deflated",
    "entry-too-large": "an entry is larger than the per-entry limit",
    "total-too-large": "the entries together are larger than the total limit",
    "compression-ratio": "an entry expands more than the compression-ratio limit (a zip bomb)",
    "entry-corrupt": "an entry's data does not match its zip checksum",
    "entry-size-lie": "an entry holds more or less data than its zip header declares",
    "entry-path-collision": "an entry's name is also used as a folder by another entry (a.png and a.png/b.png)",
    "image-too-large": "a sheet or preview image has more pixels than the limit",
    "text-unsavable": "a text holds a lone UTF-16 surrogate (half of an emoji), so it cannot be saved",
    "json-invalid": "a JSON entry is not valid UTF-8 JSON",
    "json-too-large": "a JSON entry is larger than the JSON size limit",
    "json-too-deep": "a JSON entry nests deeper than the limit",
    "manifest-missing": "the pack has no manifest.json",
    "manifest-format": "manifest.json is not a Raftwright pack manifest",
    "format-newer": "the manifest's format version is newer than this Raftwright reads",
    "engine-newer": "the pack needs a newer Raftwright",
    "manifest-invalid": "manifest.json does not match its schema",
    "manifest-file-missing": "the manifest lists a file the pack does not hold",
    "manifest-file-unlisted": "the pack holds a file the manifest does not list",
    "manifest-file-twice": "the manifest lists a file (or describes a scenario) twice",
    "campaign-scenario-missing": "a campaign names a scenario file the pack does not hold",
    "file-size-mismatch": "a file's size differs from the manifest's",
    "file-checksum-mismatch": "a file's SHA-256 differs from the manifest's",
    "file-kind-mismatch": "a file is not of the kind the manifest says",
    "file-invalid": "a scenario, campaign, catalog or replay does not match its schema",
    "component-redefines-bundled": "the pack's custom components redefine a bundled component",
    "catalog-duplicate-id": "the pack's components define a component id twice",
    "catalog-board-face": "a board face of the pack has the wrong size, fire strip or (special boards) unequal rows",
    "catalog-location-cats": "a location card of the pack puts a cat on fire or two cats on one square",
    "catalog-disaster-effect": "a disaster card of the pack has an effect field or cat word its kind does not take",
    "catalog-hybrid-tile": "a hybrid fire tile of the pack has a safe spot off its cells or no fire square",
    "catalog-too-large": "the pack's components catalog defines more than 1,000 components",
    "needs-mismatch": "a scenario's requirements in the manifest differ from what it uses (a warning of verify)",
    "already-installed": "this version of the pack is installed already, with the same contents",
    "version-downgrade": "a newer version of the pack is installed (use --force to go back)",
    "version-contents-differ": "this version is installed with different contents (use --force to replace it)",
    "install-failed": "the pack could not be written (a full disk, a read-only folder); nothing was changed",
    "remove-failed": "the pack could not be removed (a read-only folder); it stays installed",
    "installed-damaged": "an installed pack's folder or manifest is damaged (remove it and install it again)",
    "field-invalid": "a manifest field given to build cannot be used (the message says what it must look like)",
    "official-layout": "a scenario to pack is one of the publisher's official layouts (a warning)",
    "not-installed": "no installed pack has that id (and version)",
    "scenario-errors": "a scenario to pack has errors (build refused unless told otherwise)",
    "estimate-stale": "a scenario's stored difficulty estimate was made on another layout or by another rules/bot "
    "version (build refused unless told to estimate again or leave it out)",
    "source-unreadable": "a file given to build cannot be read",
    "replay-outcome-changed": "a golden playthrough ends differently with this engine",
    "replay-broken": "a golden playthrough can no longer be replayed (an action is illegal now)",
}


@dataclass(frozen=True)
class Problem:
    """``pointer`` locates the problem inside ``entry`` (a JSON pointer such as
    ``/cards/0``) for programs and tooltips; the message a person reads names the element
    in words instead."""

    code: str
    pack: str
    entry: str
    message: str
    pointer: str = ""

    def line(self) -> str:
        """One line, as ``validate`` prints issues: ``PACK: error: MESSAGE (ENTRY)``, in
        plain words: what is wrong and the fix, without the code (for programs:
        :data:`REFUSAL_CODES`, ``PackError.codes``) or the rules it cites.  Text that
        came from a pack has its control characters escaped."""
        where = f" ({self.entry})" if self.entry else ""
        return shown(f"{self.pack}: error: {plain_text(self.message)}{where}")


class PackError(Exception):
    """A pack that cannot be used; ``problems`` lists every reason found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.line() for p in problems))

    @property
    def codes(self) -> list[str]:
        return [p.code for p in self.problems]
