"""A schema that changes what it accepts must change its format version.

Every file Raftwright writes names its format version, and a Raftwright that meets a
later one says "update Raftwright" (issue code ``format-newer``) instead of refusing
fields it cannot know.  That only works if a schema never changes under the same
version: a field added to ``scenario-1`` makes every older Raftwright that reads
``scenario-1`` refuse the new files with a schema error (it happened once: the stored
estimate's ``layout`` and ``fingerprint`` were added to ``scenario-1`` on 2026-11-27).

So each published schema's content (its rules; descriptions and titles may change
freely) is recorded here by hash.  A change to a recorded schema fails this test: bump
the document's ``format_version`` (and the schema's ``$id``), add a migration for the
older version, and record the new schema below, keeping the old line.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = sorted((ROOT / "schema").glob("*.schema.json"))

#: $id -> sha256 (first 16 hex digits) of the schema without its prose
PUBLISHED: dict[str, str] = {
    "https://raftwright.org/schema/campaign-1.json": "f1f69c93d2d0f08c",
    "https://raftwright.org/schema/common-1.json": "b865eec9fbb16328",
    "https://raftwright.org/schema/components-1.json": "db33d2fa4b0a6783",
    "https://raftwright.org/schema/feed-1.json": "94dc688b70ee5d38",
    "https://raftwright.org/schema/pack-manifest-3.json": "4e8a7feb6e515be9",
    "https://raftwright.org/schema/replay-2.json": "be6f95117c00105b",
    "https://raftwright.org/schema/scenario-1.json": "15a0c90dbe01a1ea",
}
PROSE = ("description", "title", "examples", "$comment")


def rules_of(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: rules_of(v) for k, v in node.items() if k not in PROSE}
    if isinstance(node, list):
        return [rules_of(v) for v in node]
    return node


def digest(path: Path) -> tuple[str, str]:
    schema = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(rules_of(schema), sort_keys=True, separators=(",", ":"))
    return schema["$id"], hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_a_published_schema_never_changes_under_its_version(path: Path) -> None:
    schema_id, found = digest(path)
    assert schema_id in PUBLISHED, f"{path.name}: {schema_id} is new: record it in PUBLISHED ({found!r})"
    assert found == PUBLISHED[schema_id], (
        f"{path.name} changed what {schema_id} accepts: older Raftwright versions reading that version would "
        "refuse the new files. Bump format_version and the $id, migrate the old version, record the new hash"
    )


def test_the_guard_sees_a_rule_change_and_ignores_prose(tmp_path: Path) -> None:
    source = ROOT / "schema" / "scenario.schema.json"
    schema = json.loads(source.read_text(encoding="utf-8"))
    schema["description"] = "reworded"
    (tmp_path / "prose.json").write_text(json.dumps(schema), encoding="utf-8")
    assert digest(tmp_path / "prose.json") == digest(source)
    schema["properties"]["a_new_field"] = {"type": "string"}
    (tmp_path / "rule.json").write_text(json.dumps(schema), encoding="utf-8")
    assert digest(tmp_path / "rule.json") != digest(source)
