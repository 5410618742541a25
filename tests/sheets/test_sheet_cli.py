"""``raftwright render`` and ``raftwright booklet``: outputs and exit codes (as validate)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from engine.model.resources import campaigns_dir
from raftwright.cli import main

TUTORIAL_1 = campaigns_dir() / "tutorial" / "01-first-steps.scenario.json"


def broken_file(tmp_path: Path) -> Path:
    """Fixture: Tutorial 1 with a location card moved onto the first fire card."""
    data = json.loads(TUTORIAL_1.read_text(encoding="utf-8"))
    location = next(c for c in data["cards"] if c["kind"] == "location")
    location["at"] = data["cards"][0]["at"]
    path = tmp_path / "broken.scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_render_each_format(tmp_path: Path) -> None:
    for fmt, magic in (("png", b"\x89PNG"), ("svg", b"<?xml"), ("pdf", b"%PDF")):
        out = tmp_path / f"sheet.{fmt}"
        assert main(["render", str(TUTORIAL_1), "-o", str(out)]) == 0
        assert out.read_bytes().startswith(magic)


def test_render_several_files_into_a_folder(tmp_path: Path) -> None:
    files = sorted((campaigns_dir() / "practice").glob("*.scenario.json"))[:2]
    assert main(["render", *map(str, files), "--format", "svg", "-o", str(tmp_path / "out")]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        f.name.replace(".scenario.json", ".svg") for f in files
    ]


def test_letter_paper_and_dpi(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["render", str(TUTORIAL_1), "-o", str(out), "--paper", "letter"]) == 0
    box = PdfReader(io.BytesIO(out.read_bytes())).pages[0].mediabox
    assert sorted((round(float(box.width)), round(float(box.height)))) == [612, 792]


def test_errors_draw_a_banner_exit_0_or_refuse_with_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = broken_file(tmp_path)
    out = tmp_path / "draft.svg"
    assert main(["render", str(source), "-o", str(out)]) == 0
    assert b"DRAFT:" in out.read_bytes()
    strict = tmp_path / "strict.svg"
    assert main(["render", str(source), "-o", str(strict), "--strict"]) == 1
    assert not strict.exists()
    assert "broken.scenario.json" in capsys.readouterr().err


def test_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.scenario.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["render", str(bad), "-o", str(tmp_path / "x.png")]) == 2
    assert main(["render", str(tmp_path / "missing.scenario.json")]) == 2
    assert "bad.scenario.json" in capsys.readouterr().err


def test_booklet_by_bundled_id_and_by_folder(tmp_path: Path) -> None:
    out = tmp_path / "c1.pdf"
    assert main(["booklet", "campaign-1", "-o", str(out)]) == 0
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 6
    assert main(["booklet", str(campaigns_dir() / "tutorial"), "-o", str(tmp_path / "t.pdf")]) == 0


def test_booklet_of_a_missing_campaign_exits_2(tmp_path: Path) -> None:
    assert main(["booklet", str(tmp_path / "nowhere.campaign.json"), "-o", str(tmp_path / "x.pdf")]) == 2
