"""Damaged packs: whatever bytes arrive, reading a pack either succeeds or raises
:class:`PackError` with known codes; it never crashes with another exception."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.packs.errors import REFUSAL_CODES, PackError
from engine.packs.reader import open_pack

FLIPS = st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=255)), min_size=1, max_size=8)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=FLIPS)
def test_corrupted_bytes_are_refused_not_crashed(tutorial_pack, flips: list[tuple[int, int]]) -> None:
    data = bytearray(tutorial_pack[0])
    for offset, value in flips:
        data[offset % len(data)] = value
    try:
        open_pack(bytes(data))
    except PackError as exc:
        assert exc.problems and all(p.code in REFUSAL_CODES for p in exc.problems)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0))
def test_truncated_packs_are_refused(tutorial_pack, cut: int) -> None:
    data = tutorial_pack[0]
    try:
        open_pack(data[: cut % len(data)])
    except PackError as exc:
        assert exc.problems


def test_a_central_directory_claiming_a_newer_zip_version(tutorial_pack) -> None:
    """Found by the fuzzer: zipfile raises NotImplementedError for it."""
    data = bytearray(tutorial_pack[0])
    offset = data.find(b"PK\x01\x02")
    data[offset + 6] = 64  # "version needed to extract": 6.4
    with pytest.raises(PackError) as caught:
        open_pack(bytes(data))
    assert caught.value.codes == ["pack-unreadable"]


def test_an_entry_with_an_empty_name(tutorial_pack) -> None:
    """Found by the fuzzer: zipfile's ``ZipInfo.is_dir()`` raised IndexError on an entry
    whose name is empty; the pack is refused naming the entry's name instead."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(tutorial_pack[0])) as source, zipfile.ZipFile(buffer, "w") as damaged:
        for info in source.infolist():
            damaged.writestr(info, source.read(info))
        damaged.writestr(zipfile.ZipInfo(""), b"{}")
    with pytest.raises(PackError) as caught:
        open_pack(buffer.getvalue())
    assert "entry-name" in caught.value.codes
