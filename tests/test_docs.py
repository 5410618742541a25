"""The manual (docs/, MkDocs) builds with ``mkdocs build --strict``: a broken link, a
missing anchor or a page left out of the navigation fails the build (issue 30, item 5).
The README stays short and points into the manual; the code cites the manual, not a
design document outside the repository."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config), "--site-dir", str(site)],
        capture_output=True,
        text=True,
        cwd=config.parent,
    )


def test_the_manual_builds_strict(tmp_path: Path) -> None:
    result = mkdocs_build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}"
    pages = {p.relative_to(DOCS).with_suffix(".html").as_posix() for p in DOCS.rglob("*.md")}
    built = {p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*.html")}
    assert pages <= built


@pytest.mark.parametrize(
    "damage, message",
    [
        ("[gone](no-such-page.md)", "no-such-page.md"),
        ("[gone](studio.md#no-such-heading)", "no-such-heading"),
        (None, "orphan.md"),
    ],
)
def test_a_broken_link_or_a_page_outside_the_nav_fails_the_build(
    tmp_path: Path, damage: str | None, message: str
) -> None:
    """The strict build is a real check: a copy of the manual with one fault fails it."""
    copy = tmp_path / "checkout"
    (copy / "docs").mkdir(parents=True)
    for page in DOCS.rglob("*"):
        if page.is_file():
            target = copy / "docs" / page.relative_to(DOCS)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(page.read_bytes())
    (copy / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    if damage is None:
        (copy / "docs" / "orphan.md").write_text("# Orphan\n", encoding="utf-8")
    else:
        gallery = copy / "docs" / "gallery.md"
        gallery.write_text(gallery.read_text(encoding="utf-8") + f"\n{damage}\n", encoding="utf-8")
    result = mkdocs_build(copy / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert message in result.stdout + result.stderr


def test_every_page_is_in_the_nav() -> None:
    nav = set(re.findall(r":\s*([\w/-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.MULTILINE))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages == nav


def test_the_readme_is_short_and_its_links_resolve() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    links = re.findall(r"\]\((?!https?:)([^)#\s]+)", text)
    assert any(link.startswith("docs/") for link in links)
    assert [link for link in links if not (ROOT / link).is_file()] == []
    pages = {p.relative_to(ROOT).as_posix() for p in DOCS.glob("*.md")}
    assert pages <= set(links), "a manual page the README does not link"


def test_the_code_cites_the_manual_not_a_missing_design_document() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("engine", "editor", "raftwright", "tests", "bench", "tools")
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "DESIGN.md" in line and path.name != "test_docs.py"
    ]
    cited += [
        f"pyproject.toml:{n}"
        for n, line in enumerate((ROOT / "pyproject.toml").read_text().splitlines(), 1)
        if "DESIGN.md" in line
    ]
    assert cited == [], "cite docs/architecture.md instead"


def test_every_outcome_reason_is_documented() -> None:
    from engine.play.outcome import REASONS

    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = page.split("\n## Outcome reasons\n", 1)[1].split("\n## ", 1)[0]
    assert [r for r in REASONS if f"`{r}`" not in section] == []


def test_every_pack_refusal_code_is_in_the_packs_page() -> None:
    from engine.packs.errors import REFUSAL_CODES

    page = (DOCS / "packs.md").read_text(encoding="utf-8")
    assert [code for code in REFUSAL_CODES if f"| `{code}` |" not in page] == []
