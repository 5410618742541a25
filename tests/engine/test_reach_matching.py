"""The cats-to-destinations matching of the cut-off analysis (MV-3: two cats never
share a raft square): its greedy shortcut (issue 11 item 7) never changes the answer,
checked against every assignment on random small cases."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.play.reach import _unmatched


def _everyone_matched(options: dict[int, int]) -> bool:
    squares = sorted({bit for mask in options.values() for bit in range(mask.bit_length()) if mask >> bit & 1})
    cats = sorted(options)
    if len(squares) < len(cats):
        return False
    return any(
        all(options[cat] >> square & 1 for cat, square in zip(cats, chosen))
        for chosen in permutations(squares, len(cats))
    )


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.integers(0, 5), st.integers(0, 63), min_size=1, max_size=5))
def test_a_cat_is_left_out_exactly_when_no_matching_serves_every_cat(options: dict[int, int]) -> None:
    left_out = _unmatched(options)
    assert (left_out is None) == _everyone_matched(options)
    if left_out is not None:
        assert left_out in options
