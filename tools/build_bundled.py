#!/usr/bin/env python3
"""Write the official campaigns under campaigns/<id>/ from the 39 challenges in
../shared/reference/components.json (the COMP1110 transcription).

Run from the checkout: ``python tools/build_bundled.py [--check]``.  Each challenge goes
through ``engine.interop.comp1110.challenge_to_scenario`` and is saved in our own
formats (``engine.model.formats.save_scenario`` / ``save_campaign``); nothing from ../shared is
copied.  The source's difficulty groups 0-5 are Tutorial, Practice and Campaigns 1-4
(RULINGS §2.3).  ``--check`` exits 1 when a committed file differs from a fresh
conversion or a stray file sits in a campaign folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.interop.comp1110_challenge import challenge_to_scenario, slugify, stand_in_note  # noqa: E402
from engine.model.formats import campaign_to_dict, canonical_json, save_campaign, save_scenario, scenario_to_dict  # noqa: E402
from engine.model.library import BUNDLED_CAMPAIGN_IDS, CAMPAIGN_FILE  # noqa: E402
from engine.model.scenario import Campaign, CampaignEntry, RuleOptions, Scenario  # noqa: E402

SHARED = ROOT.parent / "shared" / "reference" / "components.json"
OUT = ROOT / "campaigns"
AUTHOR = "The City of Games (layout via the COMP1110 transcription)"
NAMES = {
    "tutorial": "Tutorial",
    "practice": "Practice",
    **{f"campaign-{n}": f"Campaign {n}" for n in range(1, 5)},
}
SOURCE = (
    "Layouts come from the ANU COMP1110 2024 transcription of the campaign book (unofficial); its six difficulty groups are taken to be Tutorial, Practice and Campaigns 1-4 "
    "in book order. Island boards are drawn at set-up, as the rulebook says."
)
DESCRIPTIONS = {
    "tutorial": "The four tutorial scenarios. Finishing Tutorial 1 unlocks communication tokens; "
    "finishing Tutorial 2 unlocks water tokens (rulebook, Additional rules 1 and 2).",
    "practice": "Four practice scenarios on small boards.",
    "campaign-4": "The transcription has only 7 of this campaign's 8 scenarios; the missing one's "
    "name and layout are not known.",
}
UNLOCKS = {("tutorial", 1): ("communication_tokens",), ("tutorial", 2): ("water_tokens",)}


def rules_for(book_index: int) -> RuleOptions:
    """Rulebook set-up: talk/meow tokens from Tutorial 2 (step 4), the 3 water tokens
    from Tutorial 3 (step 5).  ``book_index`` counts scenarios from Tutorial 1 = 0."""
    return RuleOptions(
        players=(1, 2, 3, 4), water_tokens=3 if book_index >= 2 else 0, communication_tokens=book_index >= 1
    )


def scenario_for(entry: dict, campaign_id: str, number: int, book_index: int) -> Scenario:
    imported = challenge_to_scenario(entry["challenge"], entry["name"])
    stand_ins = [(c.ident or "", c.at) for c in imported.cards if c.stand_in]
    notes = " ".join(
        filter(
            None,
            [
                f"{NAMES[campaign_id]}, scenario {number}. The island boards are drawn at set-up, as the "
                "rulebook says.",
                stand_in_note(stand_ins),
                f"The layout follows the COMP1110 transcription of the campaign book (its challenge "
                f"{entry['index'] + 1}); the book's paw rating is not known, so no difficulty is set.",
            ],
        )
    )
    return imported.with_changes(
        id=f"{campaign_id}-{number}-{slugify(entry['name'])}",
        campaign=campaign_id,
        difficulty=None,
        mode="standard",
        author=AUTHOR,
        notes=notes,
        rules=rules_for(book_index),
    )


def build(src: dict) -> dict[Path, Scenario | Campaign]:
    """Every output path with the model to save there, in book order."""
    groups: dict[int, list[dict]] = {}
    for entry in src["challenges"]["list"]:
        groups.setdefault(int(entry["difficulty"]), []).append(entry)
    if sorted(groups) != list(range(len(BUNDLED_CAMPAIGN_IDS))):
        raise SystemExit(f"expected difficulty groups 0-5 in {SHARED}, found {sorted(groups)}")
    out: dict[Path, Scenario | Campaign] = {}
    book_index = 0
    for group, campaign_id in enumerate(BUNDLED_CAMPAIGN_IDS):
        entries = []
        for number, entry in enumerate(sorted(groups[group], key=lambda e: e["index"]), 1):
            file = f"{number:02d}-{slugify(entry['name'])}.scenario.json"
            out[OUT / campaign_id / file] = scenario_for(entry, campaign_id, number, book_index)
            entries.append(CampaignEntry(file, UNLOCKS.get((campaign_id, number), ())))
            book_index += 1
        description = " ".join(filter(None, [DESCRIPTIONS.get(campaign_id, ""), SOURCE]))
        out[OUT / campaign_id / CAMPAIGN_FILE] = Campaign(
            id=campaign_id,
            name=NAMES[campaign_id],
            scenarios=tuple(entries),
            points_per_win=5,
            water_token_penalty=1,
            description=description,
            author=AUTHOR,
        )
    return out


def text_of(model: Scenario | Campaign) -> str:
    return canonical_json(scenario_to_dict(model) if isinstance(model, Scenario) else campaign_to_dict(model))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    if not SHARED.exists():
        print(f"cannot find {SHARED}; the shared reference folder must sit beside the checkout", file=sys.stderr)
        return 2
    outputs = build(json.loads(SHARED.read_text(encoding="utf-8")))
    stale: list[str] = []
    for campaign_id in BUNDLED_CAMPAIGN_IDS:
        folder = OUT / campaign_id
        extra = [p for p in folder.glob("*.json") if p not in outputs] if folder.is_dir() else []
        for path in extra:
            if args.check:
                stale.append(f"stray: {path.relative_to(ROOT)} is not produced by the conversion; delete it")
            else:
                path.unlink()
                print(f"removed {path.relative_to(ROOT)}")
    for path, model in outputs.items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text_of(model):
                stale.append(f"stale: {path.relative_to(ROOT)}; run python tools/build_bundled.py")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(model, Scenario):
            save_scenario(model, path)
        else:
            save_campaign(model, path)
        print(f"wrote {path.relative_to(ROOT)}")
    for line in stale:
        print(line, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
