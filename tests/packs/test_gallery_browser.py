"""The gallery in a real browser (issue 26, tests): Debian's headless Chromium driven by
Playwright for Python through its executable path loads the site from ``http.server`` on
127.0.0.1, screenshots the index and a pack page, searches, filters by paws, follows
every link, and downloads a pack whose SHA-256 matches the page and the feed.

Skipped, with the reason, where Chromium or Playwright is missing (``.ci/run`` installs
both: ``apt-get install chromium`` and the ``test`` extra)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urljoin, urlsplit

import pytest
from gallery_helpers import FIXTURE, Server

from raftwright.cli import main

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (the test extra)")
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (apt-get install chromium; .ci/run does it)", allow_module_level=True)


@pytest.fixture(scope="module")
def site(gallery_packs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    out = tmp_path_factory.mktemp("browser") / "site"
    assert main(["site", *map(str, gallery_packs.values()), "-o", str(out), "--title", "Fixture gallery"]) == 0
    with Server(out) as server:
        server.site = out  # type: ignore[attr-defined]
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == []  # no script error on any page


def visible_titles(page: Any) -> list[str]:
    return sorted(page.locator(".card:not([hidden]) h2").all_inner_texts())


def test_index_search_and_paws_filter(site: Server, page: Any) -> None:
    page.goto(site.url + "index.html")
    assert visible_titles(page) == ["Fixture campaign", "Tutorial demo"]
    assert page.locator("#shown").inner_text() == "2 packs shown"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "gallery-index.png"), full_page=True)
    page.fill("#f-q", "tutorial")
    assert visible_titles(page) == ["Tutorial demo"]
    page.fill("#f-q", "")
    page.select_option("#f-paws", "2")  # the harder pack: a scenario of 2 paws or more
    assert visible_titles(page) == ["Fixture campaign"] and page.locator("#shown").inner_text() == "1 pack shown"
    page.select_option("#f-paws", "")
    page.select_option("#f-needs", "base")
    assert visible_titles(page) == ["Tutorial demo"]
    page.select_option("#f-needs", "")
    page.select_option("#f-mode", "advanced")
    assert visible_titles(page) == ["Fixture campaign"]


def test_the_filters_work_from_the_keyboard(site: Server, page: Any) -> None:
    page.goto(site.url + "index.html")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"  # the skip link comes first
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "f-q"
    page.keyboard.type("twenty")  # a scenario's name
    assert visible_titles(page) == ["Fixture campaign"]


def test_every_link_works(site: Server, page: Any) -> None:
    seen: set[str] = set()
    queue = [site.url + "index.html"]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        response = page.request.get(url)
        assert response.status == 200, url
        if not url.endswith(".html"):
            continue
        page.goto(url)
        targets = page.eval_on_selector_all("a[href], img[src], link[href], script[src]",
                                            "els => els.map(e => e.getAttribute('href') || e.getAttribute('src'))")  # fmt: skip
        for target in targets:
            absolute = urljoin(url, target).split("#")[0]
            if urlsplit(absolute).netloc == urlsplit(site.url).netloc:
                queue.append(absolute)
    assert len([u for u in seen if u.endswith(".raftpack")]) == 3  # every version's download
    assert any(u.endswith("print-and-play.pdf") for u in seen) and any("/sheets/" in u for u in seen)


def test_download_matches_the_page_and_the_feed(
    site: Server, page: Any, gallery_packs: dict[str, Path], tmp_path: Path
) -> None:
    page.goto(site.url + "index.html")
    page.select_option("#f-paws", "2")
    page.locator(".card:not([hidden]) h2 a").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"packs/{FIXTURE}.html")
    page.screenshot(path=str(SHOTS / "gallery-pack-page.png"), full_page=True)
    with page.expect_download() as caught:
        page.get_by_role("link", name=f"Download {FIXTURE}-1.0.0.raftpack").click()
    target = tmp_path / caught.value.suggested_filename
    caught.value.save_as(target)
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    assert page.locator("code.sha256").first.inner_text() == digest
    feed = json.loads(page.request.get(site.url + "index.json").body())
    entry = next(p for p in feed["packs"] if p["id"] == FIXTURE)
    assert (entry["sha256"], entry["size"]) == (digest, target.stat().st_size)
    assert target.read_bytes() == gallery_packs[f"{FIXTURE}@1.0.0"].read_bytes()
