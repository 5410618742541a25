"""Sheets as the campaign book prints them (issue 25, item 9): new rules under the
scenario that introduces them, no token hidden under a card's badge, booklet text of
7 pt or more, a key for every mark, the Kickstarter token list on the left (as the
Kickstarter pack's text puts it) and numbered booklet pages."""

from __future__ import annotations

import unicodedata

from pypdf import PdfReader
from PySide6.QtCore import QRectF
from sheet_helpers import TUTORIAL_1, bundled, fixture_tokens_scenario

from editor.painting import badge_corner
from editor.sheets import make_sheet
from editor.sheets.booklet import MIN_PT, booklet_pages, introduced_rules, smallest_pt
from editor.sheets.content import sheet_text
from editor.sheets.export import page_layout
from engine.check.validate_files import open_campaign, open_campaign_with_scenarios
from engine.model.catalog import Catalog, default_catalog
from engine.model.resources import campaigns_dir
from engine.model.scenario import CardPlacement
from raftwright.cli import main


def _page_area() -> QRectF:
    rect = page_layout("a4").paintRectPoints()
    return QRectF(0, 0, rect.width(), rect.height() - 14)


def test_a_new_rule_stands_under_the_scenario_that_introduces_it() -> None:
    """Rulebook, 'Additional rules' 1 and 2: communication tokens are used once Tutorial 1
    is completed, water tokens once Tutorial 2 is: Tutorials 2 and 3 introduce them."""
    campaign, entries = open_campaign_with_scenarios(campaigns_dir() / "tutorial" / "campaign.json")
    assert introduced_rules(campaign, 4) == [(), ("communication_tokens",), ("water_tokens",), ()]
    pages = booklet_pages(campaign, [s for _, s in entries], default_catalog(), _page_area())
    sheets = [sheet for page in pages for sheet, _ in page]
    news = [[line for line in s.text.checklist if line.startswith("New rule")] for s in sheets]
    assert news == [[], ["New rule: communication tokens"], ["New rule: water tokens"], []]


def test_a_badge_moves_to_a_corner_without_a_token() -> None:
    raft = CardPlacement("raft", (3, 6), "A")
    assert badge_corner(raft, set()) == 0
    assert badge_corner(raft, {(3, 6)}) == 1  # the printed corner holds a token: the next one clockwise
    assert badge_corner(raft, {(3, 6), (3, 8)}) == 2
    turned = CardPlacement("raft", (3, 6), "A", rotation=1)
    assert badge_corner(turned, {(3, 8)}) == 2  # a turned card's printed corner is turned too
    assert badge_corner(raft, {(3, 6), (3, 8), (5, 8), (5, 6)}) == 0  # all taken: where it is printed


def test_booklet_text_card_numbers_and_checklists_print_at_seven_points_or_more() -> None:
    for campaign_id in ("tutorial", "campaign-4"):
        campaign, entries = open_campaign_with_scenarios(campaigns_dir() / campaign_id / "campaign.json")
        pages = booklet_pages(campaign, [s for _, s in entries], default_catalog(), _page_area())
        scaled = [(sheet, scale) for page in pages for sheet, scale in page]
        assert len(scaled) == len(entries)
        # the smallest sheet text (the key, the badge's card numbers) and the checklist
        assert all(smallest_pt(sheet, scale) >= MIN_PT for sheet, scale in scaled), campaign_id
        assert all(sheet.fonts.body.pixelSize() * scale >= MIN_PT for sheet, scale in scaled)


def test_every_mark_in_the_checklist_is_explained_in_a_key() -> None:
    path = campaigns_dir() / "tutorial" / "04-down-the-river.scenario.json"
    text = sheet_text(bundled(path))
    marked = next(line for line in text.checklist if line.startswith("Location cards"))
    assert "*" in marked
    assert any(line.startswith("* a stand-in: the real card's layout is unknown") for line in text.key)
    assert sheet_text(bundled(TUTORIAL_1)).key == []  # no mark, no key


def test_the_kickstarter_token_list_stands_left_of_the_island(catalog: Catalog) -> None:
    sheet = make_sheet(fixture_tokens_scenario(), catalog)
    assert sheet.text.kickstarter
    assert sheet.island_rect.left() > sheet.size.width() * 0.15  # a column before the island
    plain = make_sheet(bundled(TUTORIAL_1), catalog)
    assert plain.island_rect.left() < sheet.island_rect.left()  # no tokens: no column


def test_booklet_pages_are_numbered(tmp_path) -> None:
    out = tmp_path / "tutorial.pdf"
    assert main(["booklet", "tutorial", "-o", str(out)]) == 0
    texts = [unicodedata.normalize("NFKC", p.extract_text()).split() for p in PdfReader(out).pages]
    assert len(texts) >= 3
    for number, words in enumerate(texts[1:], 2):
        assert str(number) in words, number
    campaign = open_campaign(campaigns_dir() / "tutorial" / "campaign.json")
    assert campaign.name in " ".join(texts[0])
