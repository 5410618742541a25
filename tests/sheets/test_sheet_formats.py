"""SVG and PDF sheets and the campaign booklet: text stays text, pages have the paper's size."""

from __future__ import annotations

import io
import unicodedata
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader
from sheet_helpers import TUTORIAL_1, bundled, fixture_tokens_scenario

from editor.sheets import SheetError, render_booklet, render_scenario
from engine.check.validate_files import open_campaign_with_scenarios
from engine.model.catalog import Catalog
from engine.model.resources import campaigns_dir

SVG = "{http://www.w3.org/2000/svg}"
POINTS = {"a4": (595, 842), "letter": (612, 792)}


def svg_texts(data: bytes) -> list[str]:
    root = ET.fromstring(data)
    return [" ".join("".join(t.itertext()).split()) for t in root.iter(f"{SVG}text")]


def pdf_text(reader: PdfReader, page: int | None = None) -> str:
    pages = reader.pages if page is None else [reader.pages[page]]
    text = " ".join(p.extract_text() for p in pages)
    return " ".join(unicodedata.normalize("NFKC", text).split())  # ligatures and tabs as plain text


def test_svg_parses_and_carries_the_name_and_checklist_as_text(catalog: Catalog) -> None:
    texts = svg_texts(render_scenario(fixture_tokens_scenario(), catalog, "svg"))
    assert "Fixture: tokens" in texts
    assert "Additional objectives" in texts and "• Green arrives first" in texts
    assert "Water × 2" in texts and "Set-up" in texts


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_sheet_is_one_page_of_the_paper_with_the_name_as_text(catalog: Catalog, paper: str) -> None:
    reader = PdfReader(io.BytesIO(render_scenario(bundled(TUTORIAL_1), catalog, "pdf", paper=paper)))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert sorted((round(float(box.width)), round(float(box.height)))) == sorted(POINTS[paper])
    assert "First steps" in pdf_text(reader)


def test_campaign_1_booklet_has_cover_scenarios_and_scoring_table(catalog: Catalog) -> None:
    campaign, entries = open_campaign_with_scenarios(campaigns_dir() / "campaign-1" / "campaign.json")
    scenarios = [s for _, s in entries]
    calls: list[tuple[int, int]] = []
    data = render_booklet(campaign, scenarios, catalog, progress=lambda done, total: calls.append((done, total)))
    reader = PdfReader(io.BytesIO(data))
    # cover, eight scenarios two to a page, the scoring table
    assert len(reader.pages) == 1 + 4 + 1
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == POINTS["a4"]
    assert "Campaign 1" in pdf_text(reader, 0)
    body = pdf_text(reader)
    for scenario in scenarios:
        assert scenario.name in body
    table = pdf_text(reader, -1)
    assert "5 points for each scenario won, minus 1 for each water token used" in table
    assert "Total" in table
    assert calls[-1][0] == calls[-1][1]
    assert pdf_text(reader, 1).count("Water tokens used") == 2  # one scoring box per scenario


def test_letter_booklet(catalog: Catalog) -> None:
    campaign, entries = open_campaign_with_scenarios(campaigns_dir() / "tutorial" / "campaign.json")
    reader = PdfReader(io.BytesIO(render_booklet(campaign, [s for _, s in entries], catalog, paper="letter")))
    assert (round(float(reader.pages[0].mediabox.width)), round(float(reader.pages[0].mediabox.height))) == (612, 792)


def test_unknown_format_and_paper_are_refused(catalog: Catalog) -> None:
    with pytest.raises(SheetError, match="unknown format 'gif'"):
        render_scenario(bundled(TUTORIAL_1), catalog, "gif")
    with pytest.raises(SheetError, match="unknown paper 'a3'"):
        render_scenario(bundled(TUTORIAL_1), catalog, "pdf", paper="a3")
