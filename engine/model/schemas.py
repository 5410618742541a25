"""The versioned JSON Schemas (draft 2020-12) under ``schema/``, loaded once into a
``referencing`` registry so that schemas can ``$ref`` each other by ``$id``.

``jsonschema`` and ``referencing`` are imported on the first schema check, not with
this module: the studio reads a bundled scenario whose check is cached
(:mod:`engine.model.schema_cache`) and paints it before it needs them (issue 28 item 7).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.model.resources import schema_dir

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMA_FILES = {
    "common": "common.schema.json",
    "components": "components.schema.json",
    "scenario": "scenario.schema.json",
    "campaign": "campaign.schema.json",
    "replay": "replay.schema.json",
    "pack": "pack-manifest.schema.json",
    "feed": "feed.schema.json",
}


#: our one keyword beyond draft 2020-12: ``"equalRows": true`` on an array of strings
#: says every row has the same length (a special board's outline or face is a
#: rectangle, ``.`` marking squares off the board).  JSON Schema cannot say it.
EQUAL_ROWS = "equalRows"
EQUAL_ROWS_MESSAGE = (
    "its rows differ in length ({widths}); give every row the same number of letters "
    "('.' for squares that are not part of the board)"
)


def _equal_rows(_validator: Any, wanted: Any, instance: Any, _schema: Any) -> Any:
    if wanted is not True or not isinstance(instance, list):
        return
    widths = [len(row) for row in instance if isinstance(row, str)]
    if len(set(widths)) > 1:
        from jsonschema import ValidationError

        yield ValidationError(EQUAL_ROWS_MESSAGE.format(widths=", ".join(map(str, widths))))


@cache
def raftwright_validator_class() -> type[Draft202012Validator]:
    """Draft 2020-12 with :data:`EQUAL_ROWS`; imports ``jsonschema`` on the first call."""
    from jsonschema import Draft202012Validator, validators

    extended: type[Draft202012Validator] = validators.extend(Draft202012Validator, {EQUAL_ROWS: _equal_rows})
    return extended


@dataclass(frozen=True)
class SchemaError:
    """One JSON Schema violation: where (a JSON pointer), what, and which schema keyword."""

    path: str  # JSON pointer to the offending value
    message: str
    validator: str


@cache
def _registry_and_schemas() -> tuple[Registry, dict[str, dict[str, Any]]]:
    from referencing import Registry, Resource

    schemas: dict[str, dict[str, Any]] = {}
    resources = []
    for name, filename in SCHEMA_FILES.items():
        path = schema_dir() / filename
        if not path.exists():
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        schemas[name] = schema
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources), schemas


@cache
def validator(name: str) -> Draft202012Validator:
    registry, schemas = _registry_and_schemas()
    if name not in schemas:
        raise KeyError(f"no schema named {name!r} in {schema_dir()}")
    checker: Draft202012Validator = raftwright_validator_class()(schemas[name], registry=registry)
    return checker


def schema(name: str) -> dict[str, Any]:
    return _registry_and_schemas()[1][name]


def _pointer(parts: Any) -> str:
    return "".join(f"/{str(p).replace('~', '~0').replace('/', '~1')}" for p in parts)


def schema_errors(name: str, document: Any) -> list[SchemaError]:
    """All schema violations, most specific first, sorted by location."""
    out = []
    for err in validator(name).iter_errors(document):
        # a oneOf/anyOf failure is clearer through its best sub-error
        leaf = err
        while leaf.context:
            leaf = min(leaf.context, key=lambda e: (-len(e.absolute_path), e.validator))
        out.append(SchemaError(_pointer(leaf.absolute_path), leaf.message, str(leaf.validator)))
    out.sort(key=lambda e: e.path)
    return out
