"""Property: a mutated scenario, campaign, catalog or replay file never crashes a
loader or the CLI; only the documented error (FormatError / CatalogError, exit 2)
comes out, or issues (exit 1).  Issue 16, item 8."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Iterator

import pytest
from fuzzing import FOR_KIND, KINDS, ROBUSTNESS, case_folder, mutate, run_case
from hypothesis import given
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    made = case_folder()
    yield made
    shutil.rmtree(made, ignore_errors=True)


@pytest.mark.parametrize("kind", KINDS)
@ROBUSTNESS
@given(rnd=st.randoms(use_true_random=False), pick=st.integers(min_value=0, max_value=99))
def test_mutated_files_never_crash_a_loader(folder: Path, kind: str, rnd: random.Random, pick: int) -> None:
    data = mutate(rnd, kind)
    entries = FOR_KIND[kind]
    outcome, crash = run_case(folder, kind, entries[pick % len(entries)], data)
    assert crash is None, crash
