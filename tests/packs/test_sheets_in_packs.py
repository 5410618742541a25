"""Rendered sheets and the preview image in packs built by the CLI."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pypdf import PdfReader

from engine.packs.reader import open_pack
from raftwright.cli import main

CAMPAIGN = Path(__file__).resolve().parents[2] / "campaigns" / "tutorial"


def test_png_sheets_and_the_preview_are_byte_stable(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "t.raftpack", tmp_path / "b" / "t.raftpack"
    for out in (first, second):
        out.parent.mkdir()
        assert main(["pack", "build", str(CAMPAIGN), "-o", str(out), "--licence", "CC0-1.0"]) == 0
    assert first.read_bytes() == second.read_bytes()
    manifest = open_pack(first).manifest
    assert [f.path for f in manifest.of_kind("preview")] == ["preview.png"]
    assert len([f for f in manifest.of_kind("sheet") if f.path.endswith(".png")]) == 4


def test_pdf_sheets_on_request(tmp_path: Path) -> None:
    out = tmp_path / "t.raftpack"
    assert main(["pack", "build", str(CAMPAIGN), "-o", str(out), "--pdf-sheets", "--all-rights-reserved"]) == 0
    pack = open_pack(out)
    pdfs = [f.path for f in pack.manifest.of_kind("sheet") if f.path.endswith(".pdf")]
    assert len(pdfs) == 4
    reader = PdfReader(io.BytesIO(pack.files[pdfs[0]]))
    assert len(reader.pages) == 1 and reader.metadata is not None
    assert reader.metadata["/CreationDate"] == "D:19800101000000Z"
    with zipfile.ZipFile(out) as archive:
        assert archive.testzip() is None
