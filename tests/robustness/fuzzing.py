"""Mutated files and the loaders they go through, shared by the Hypothesis tests
(``tests/robustness/test_fuzz_*.py``, few examples) and the scale run
(``tests/robustness/fuzz_at_scale.py``, at least 10^5 cases).

Mutators take a :class:`random.Random`, so Hypothesis drives them through
``st.randoms()`` and the scale run through a seeded ``random.Random``.  A *case* is
one mutated file through one entry point; it passes when the entry point returns or
raises only the documented error (:class:`FormatError` / :class:`CatalogError`), and
the CLI exits 0, 1 or 2 without a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Callable

from hypothesis import HealthCheck, settings

from editor.playtest.replays import read_replay
from engine.check.validate_files import open_campaign, open_scenario, validate_path
from engine.model.catalog import CatalogError, load_catalog_file, load_catalogs
from engine.model.formats import FormatError
from raftwright.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]

settings.register_profile(
    "robustness",
    max_examples=int(os.environ.get("RAFTWRIGHT_FUZZ_EXAMPLES", "25")),  # small in make test
    deadline=None,
    derandomize=True,  # the same cases on every run: a failure in CI reproduces locally
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
ROBUSTNESS = settings.get_profile("robustness")


def replay_seed() -> bytes:
    """A small replay document (no game played: the engine's own format)."""
    doc = {
        "format": "raftwright.replay",
        "format_version": 1,
        "seed": 7,
        "players": 1,
        "scenario": json.loads(SEEDS["scenario"][0].decode("utf-8")),
        "actions": [],
    }
    return json.dumps(doc).encode("utf-8")


SEEDS: dict[str, list[bytes]] = {
    "scenario": [p.read_bytes() for p in sorted((ROOT / "campaigns").glob("*/*.scenario.json"))[:4]],
    "campaign": [p.read_bytes() for p in sorted((ROOT / "campaigns").glob("*/campaign.json"))[:1]],
    "catalog": [
        (ROOT / "campaigns" / "catalogs" / "kickstarter-pack.components.json").read_bytes(),
        json.dumps(
            {
                "format": "raftwright.components",
                "format_version": 1,
                "id": "fixture-cards",
                "name": "Fixture cards",  # made-up fixture components, not real card data
                "location_cards": [
                    {"number": 40, "grid": ["ggg", "gfg", "ggg"], "cats": [{"colour": "green", "square": [0, 0]}]}
                ],
                "box": {"location_cards": 1},
            }
        ).encode("utf-8"),
    ],
}
SEEDS["replay"] = [replay_seed()]
KINDS = sorted(SEEDS)

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**31,
    10**30,
    1.5,
    -0.0,
    "",
    " ",
    "x" * 300,
    "Cat \ud83d",
    "\udc80",
    "raftwright.scenario",
    "raftwright.components",
    "../../etc/passwd",
    "a b",
    [],
    {},
    [0, 0],
    [17, 17],
    [99, -3],
    ["a"],
    {"kind": "raft"},
    [[[]]],
    {"format": None},
]
ODD_BYTES = [
    b"\x00",
    b"\xff",
    b"\xc3",
    b"[",
    b"]",
    b"{",
    b"}",
    b'"',
    b"\\",
    b"\\ud83d",
    b",",
    b":",
    b"NaN",
    b"1e999",
    b"-",
    b"\xef\xbb\xbf",
    b"\n",
    b"9" * 40,
]


def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every value in ``doc`` (iterative)."""
    out: list[tuple[Any, Any]] = []
    stack = [doc]
    while stack:
        value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, child in items:
            out.append((value, key))
            stack.append(child)
    return out


def _nest(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def mutate_structure(rnd: random.Random, data: bytes) -> bytes:
    doc = json.loads(data.decode("utf-8"))
    for _ in range(rnd.randint(1, 3)):
        nodes = _nodes(doc)
        if not nodes:
            break
        container, key = rnd.choice(nodes)
        action = rnd.randrange(7)
        if action == 0:
            container[key] = copy.deepcopy(rnd.choice(ODD_VALUES))  # never share (or change) the pool
        elif action == 1:
            del container[key]
        elif action == 2 and isinstance(container, list):
            container.insert(key, copy.deepcopy(container[key]))  # the same element twice: duplicate ids, overlaps
        elif action == 3:
            container[key] = _nest(rnd.choice([33, 40, 200]))
        elif action == 4 and isinstance(container, dict):
            container[rnd.choice(["format", "zzz", "id", "name", "\ud83d"])] = copy.deepcopy(rnd.choice(ODD_VALUES))
        elif action == 5 and isinstance(container[key], (int, float)) and not isinstance(container[key], bool):
            container[key] = container[key] + rnd.choice([-1, 1, 100, -1000, 0.5])
        elif action == 6 and isinstance(container[key], list):
            container[key] = [copy.deepcopy(x) for x in container[key] * rnd.choice([0, 2, 20])]
    text = json.dumps(doc, ensure_ascii=rnd.random() < 0.7)
    return text.encode("utf-8", "surrogatepass")


def mutate_bytes(rnd: random.Random, data: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        at = rnd.randrange(len(buf) + 1)
        action = rnd.randrange(6)
        if action == 0 and buf:
            buf[min(at, len(buf) - 1)] = rnd.randrange(256)
        elif action == 1:
            del buf[at : at + rnd.randint(1, 40)]
        elif action == 2:
            buf[at:at] = rnd.choice(ODD_BYTES)
        elif action == 3:
            buf[at:at] = buf[at : at + rnd.randint(1, 200)]
        elif action == 4:
            del buf[at:]
        else:
            buf[at:at] = b"[" * rnd.choice([33, 1000, 100_000])
    return bytes(buf)


def mutate(rnd: random.Random, kind: str) -> bytes:
    seed = rnd.choice(SEEDS[kind])
    if rnd.random() < 0.55:
        return mutate_structure(rnd, seed)
    return mutate_bytes(rnd, seed)


# --- entry points ---------------------------------------------------------------------
EXPECTED = (FormatError, CatalogError)


def _cli(args: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(args)
    if code not in (0, 1, 2) or "Traceback" in err.getvalue():
        raise AssertionError(f"raftwright {' '.join(args)} exited {code}: {err.getvalue()[-500:]}")


ENTRY_POINTS: dict[str, Callable[[Path], object]] = {
    "open_scenario": open_scenario,
    "open_campaign": open_campaign,
    "validate_path": validate_path,
    "load_catalog_file": load_catalog_file,
    "load_catalogs": lambda path: load_catalogs([path.parent]),
    "read_replay": read_replay,
    "cli validate": lambda path: _cli(["validate", str(path)]),
    "cli show": lambda path: _cli(["show", str(path)]),
}
FOR_KIND: dict[str, list[str]] = {
    "scenario": ["open_scenario", "validate_path", "cli validate", "cli show"],
    "campaign": ["open_campaign", "validate_path", "cli validate"],
    "catalog": ["load_catalog_file", "load_catalogs", "validate_path", "cli validate"],
    "replay": ["read_replay", "validate_path", "open_scenario"],
}


def run_case(folder: Path, kind: str, entry: str, data: bytes) -> tuple[str, str | None]:
    """Run one case: ("accepted" | "refused", None) when it held, else ("crash", what)."""
    suffix = {"catalog": ".components.json", "campaign": ".campaign.json"}.get(kind, f".{kind}.json")
    path = folder / f"case{suffix}"
    path.write_bytes(data)
    try:
        ENTRY_POINTS[entry](path)
    except EXPECTED:
        return "refused", None
    except BaseException as exc:  # noqa: BLE001 - a crash is what we are looking for
        return "crash", f"{entry} on a mutated {kind}: {exc.__class__.__name__}: {str(exc)[:300]}"
    finally:
        path.unlink(missing_ok=True)
    return "accepted", None


def case_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="raftwright-fuzz-"))
