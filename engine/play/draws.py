"""The game's random draws written out for a plain :class:`random.Random` (issue 11
item 7: a random playout draws a few hundred numbers, and each ``randrange`` or
``shuffle`` step is two Python calls deep).

CPython 3.11's ``Random.randrange(n)`` for an int ``n > 0`` is ``_randbelow(n)``, which
for the base class is rejection sampling from ``getrandbits(n.bit_length())``;
``Random.shuffle`` swaps each index from the last down to 1 with one below it drawn so.
:func:`rand_below` and :func:`shuffle` make the same calls to ``getrandbits`` and so
the same numbers and the same RNG state; any other RNG class goes through its own
methods.  ``tests/engine/test_legal_fast_paths.py`` compares them over many seeds.
"""

from __future__ import annotations

import random
from typing import Any


def rand_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


__all__ = ["rand_below", "shuffle"]
