"""The bundled official content under campaigns/: the 39 scenarios of the COMP1110
transcription in source order with the source names, each converting back to exactly
its source challenge string, and the committed files equal a fresh conversion."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from script_modules import load_script

from engine.check.validate_files import open_campaign_with_scenarios, open_scenario
from engine.interop.comp1110 import scenario_to_challenge
from engine.model.catalog import Catalog
from engine.model.formats import canonical_json, scenario_to_dict
from engine.model.layout import compose_island, fixed_board_choices
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]


def bundled() -> list[tuple[str, int, Path, Scenario]]:
    """(campaign id, number in campaign, path, scenario) in book order."""
    out = []
    for path in bundled_campaign_paths():
        campaign, scenarios = open_campaign_with_scenarios(path)
        out += [(campaign.id, n, p, s) for n, (p, s) in enumerate(scenarios, 1)]
    return out


@pytest.fixture(scope="module")
def source(shared_dir: Path) -> list[dict]:
    return json.loads((shared_dir / "reference" / "components.json").read_text(encoding="utf-8"))["challenges"]["list"]


def test_every_source_challenge_is_bundled_in_order_with_its_name(source: list[dict]) -> None:
    scenarios = bundled()
    assert len(scenarios) == len(source) == 39
    groups = ["tutorial", "practice", "campaign-1", "campaign-2", "campaign-3", "campaign-4"]
    for entry, (campaign_id, _, _, scenario) in zip(source, scenarios):
        assert scenario.name == entry["name"]
        assert campaign_id == groups[entry["difficulty"]]
        assert scenario_to_challenge(scenario) == entry["challenge"], scenario.id


def test_ids_files_and_metadata() -> None:
    for book_index, (campaign_id, number, path, s) in enumerate(bundled()):
        assert s.id.startswith(f"{campaign_id}-{number}-") and path.name.startswith(f"{number:02d}-")
        assert path.name == f"{number:02d}-{s.id.removeprefix(f'{campaign_id}-{number}-')}.scenario.json"
        assert (s.campaign, s.difficulty, s.mode) == (campaign_id, None, "standard")
        assert s.author == "The City of Games (layout via the COMP1110 transcription)"
        assert "paw rating is not known" in s.notes and "RULINGS" not in s.notes  # a designer's words, no codes
        assert s.rules.players == (1, 2, 3, 4)
        assert s.rules.communication_tokens is (book_index >= 1)
        assert s.rules.water_tokens == (3 if book_index >= 2 else 0)
        assert all(b.pin is None for b in s.boards)


def test_campaign_files() -> None:
    campaigns = [open_campaign_with_scenarios(p)[0] for p in bundled_campaign_paths()]
    for c in campaigns:
        assert (c.points_per_win, c.water_token_penalty) == (5, 1)
        assert c.author.startswith("The City of Games")
    tutorial = campaigns[0]
    assert [e.unlocks for e in tutorial.scenarios] == [("communication_tokens",), ("water_tokens",), (), ()]
    assert all(not e.unlocks for c in campaigns[1:] for e in c.scenarios)
    assert "only 7 of this campaign's 8 scenarios" in campaigns[-1].description


def test_stand_ins_are_the_repeated_location_cards_and_are_explained() -> None:
    affected = 0
    for _, _, _, s in bundled():
        seen: set[str] = set()
        for _, card in s.cards_of("location"):
            assert card.stand_in is (card.ident in seen)
            seen.add(card.ident or "")
        stand_ins = [c for c in s.cards if c.stand_in]
        if stand_ins:
            affected += 1
            for c in stand_ins:
                assert f"ocation card {c.ident} at ({c.at[0]}, {c.at[1]})" in s.notes
            assert "knows 7 of the 12 location cards" in s.notes
        else:
            assert "stand in" not in s.notes and "stands in" not in s.notes
    assert affected == 11  # NOTATION §9.4: 11 of the 39 reuse a card


def test_every_scenario_sets_up_cleanly(catalog: Catalog) -> None:
    """Schema-valid (loading checks it), and the island composes: every card is in the
    catalog and on the boards, no card overlaps a fire strip or another card, each
    has one raft and at least one cat."""
    for _, _, path, s in bundled():
        layout = compose_island(s, catalog, fixed_board_choices(s, catalog))
        covered = Counter(sq for card in s.cards for sq in card.squares())
        strips = {sq for b in s.boards for sq in b.strip_squares()}
        assert max(covered.values()) == 1 and not strips & set(covered), path.name
        assert len(list(s.cards_of("raft"))) == 1 and layout.cats, path.name


def test_every_scenario_and_campaign_validates_without_errors(catalog: Catalog) -> None:
    from engine.check.validate import validate
    from engine.check.validate_files import validate_campaign

    for path in bundled_campaign_paths():
        assert [i for i in validate_campaign(path, catalog) if i.is_error] == [], path
    for _, _, path, s in bundled():
        issues = validate(s, catalog)
        assert [i.message for i in issues if i.is_error] == [], path.name
        # the stand-ins are flagged (as warnings), one per stand-in card
        assert sum(i.code == "location-stand-in" for i in issues) == sum(c.stand_in for c in s.cards), path.name


def test_files_are_canonical() -> None:
    for _, _, path, _ in bundled():
        assert path.read_text(encoding="utf-8") == canonical_json(scenario_to_dict(open_scenario(path)))


def _builder() -> ModuleType:
    return load_script(ROOT / "tools" / "build_bundled.py")


def test_committed_files_equal_a_fresh_conversion(shared_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    builder = _builder()
    assert builder.main(["--check"]) == 0, capsys.readouterr().err


def test_check_reports_stale_and_stray_files(
    shared_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    builder = _builder()
    out = tmp_path / "campaigns"
    shutil.copytree(ROOT / "campaigns", out, ignore=shutil.ignore_patterns("catalogs"))
    monkeypatch.setattr(builder, "OUT", out)
    monkeypatch.setattr(builder, "ROOT", tmp_path)
    assert builder.main(["--check"]) == 0
    (out / "practice" / "02-the-protector.scenario.json").write_text("{}\n", encoding="utf-8")
    (out / "campaign-2" / "extra.scenario.json").write_text("{}\n", encoding="utf-8")
    assert builder.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "stale: campaigns/practice/02-the-protector.scenario.json" in err
    assert "stray: campaigns/campaign-2/extra.scenario.json" in err
    assert builder.main([]) == 0 and builder.main(["--check"]) == 0  # rebuilding repairs both
    assert not (out / "campaign-2" / "extra.scenario.json").exists()
