"""Validation with located problems (Tiled's Issues, python-chess ``status()``).

:func:`validate` checks a scenario (a :class:`~engine.model.scenario.Scenario` or a raw JSON
dict) against the schema and the game's rules and returns issues, errors first, then
by path; it never raises for content problems.  Files (campaigns with the scenario
files they list, catalogs, any Raftwright file by its ``"format"``) are checked in
:mod:`engine.check.validate_files`, which builds on this module.

Schema errors are mapped to the element they concern (:mod:`engine.check.schema_issues`);
the rule checks are in :mod:`engine.check.rulecheck` and :mod:`engine.check.rulecheck_cats`.
Every code is listed in :data:`ISSUE_CODES` and in docs/command-line.md ("Issue codes").
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.check.estimates import estimate_issues
from engine.check.issues import ERROR, WARNING, Issue, Where, sort_issues
from engine.check.rulecheck import build_layout, check_boards, check_cards, check_fire
from engine.check.rulecheck_cats import check_cats, check_objectives, check_tokens
from engine.check.schema_issues import schema_issues
from engine.model.catalog import Catalog, default_catalog
from engine.model.formats import scenario_from_dict, scenario_to_dict
from engine.model.jsonio import document_problem
from engine.model.scenario import Scenario
from engine.play.support import unplayed_rules

__all__ = ["ISSUE_CODES", "rule_issues", "sort_issues", "validate"]

ISSUE_CODES: dict[str, str] = {
    "schema": "the file breaks its JSON Schema (a missing, unknown or out-of-range field)",
    "format-newer": "the file is in a later format, written by a newer Raftwright: update Raftwright",
    "no-boards": "the scenario has no island boards",
    "board-overlap": "two island boards overlap",
    "island-disconnected": "a board shares no edge with the rest of the island",
    "fire-edge-invalid": "a small board's fire strip is on a long edge",
    "special-board-unknown": "a special board's shape is in no catalog, or its outline is no face of a board of that shape",
    "pin-invalid": "a pinned board is unknown, the wrong size, pinned twice, or turned out of its slot",
    "card-off-island": "a card hangs off the island",
    "card-overlap": "two cards overlap",
    "card-on-fire-strip": "a card covers a board's fire strip",
    "card-rotated": "a location or raft card is not placed number/letter top-left (warning)",
    "unknown-component": "a location or raft card that is not in the box",
    "unknown-layout": "a real card whose layout is not known yet (warning)",
    "location-stand-in": "a card stands in for a card whose layout is unknown (warning)",
    "component-reused": "the same physical card is placed twice",
    "box-exceeded": "the layout needs more of a component than the boxes hold",
    "no-raft": "the scenario has no raft card",
    "no-cat": "the scenario has no cats",
    "no-fire": "the scenario has no fire for fire tiles to spread from",
    "cat-no-destination": "a cat has no raft destination it could ever use",
    "cat-cut-off": "fire walls a cat off from every destination it may use",
    "token-off-island": "a token is off the island",
    "token-on-fire": "a token sits on fire",
    "token-not-on-destination": "an objective token is not on a raft destination",
    "token-overlap": "two tokens share a square",
    "objective-no-cat": "an objective names a colour with no cat",
    "objective-conflict": "objectives contradict or repeat each other",
    "objective-impossible": "an objective cannot be met (too few cats or map tokens)",
    "objective-needs-advanced": "'arrive together' in standard mode needs the advanced raft bonus (warning)",
    "objective-token-mismatch": "an objective token matches no objective (warning)",
    "not-playable-yet": "the scenario needs a rule the engine does not play yet, so it cannot be playtested (warning)",
    "campaign-scenario-missing": "a campaign lists a scenario file that does not exist",
    "campaign-scenario-unreadable": "a campaign lists a file that is not a readable scenario",
    "campaign-scenario-invalid": "a scenario listed by a campaign has errors",
    "campaign-scenario-duplicate": "a campaign lists a scenario file or scenario id twice",
    "campaign-scenario-mismatch": "a listed scenario names another campaign in its 'campaign' field (warning)",
    "catalog-duplicate-id": "a catalog defines a component id twice",
    "catalog-board-face": "a catalog board face has the wrong size or fire strip",
    "catalog-location-cats": "a catalog location card puts a cat on fire or two cats on one square",
    "catalog-disaster-effect": "a catalog disaster card's effect has a field or a cat word its kind does not take",
    "catalog-id-clash": "a catalog redefines a component of the bundled catalogs or of another catalog in its folder",
    "catalog-too-large": "a catalog defines more than 1,000 components (see Limits and recovery)",
    "catalog-hybrid-tile": "a hybrid fire tile's safe spot is not one of its cells, it has no fire square, or a tile "
    "with safe spots is not marked hybrid",
    "estimate-stale": "the stored difficulty estimate was made on another layout or by another rules/bot version, or "
    "predates those records (warning)",
    "text-unsavable": "a text holds a lone UTF-16 surrogate, or the document nests too deep, so it cannot be saved",
}

ELEMENT_LISTS = ("boards", "cards", "tokens", "objectives")
# rule checks that conclude from something being absent: unreliable once elements with
# schema errors are left out of the rule checks
NEEDS_COMPLETE: dict[str, frozenset[str]] = {
    "cards": frozenset(
        {
            "no-raft",
            "no-cat",
            "no-fire",
            "cat-no-destination",
            "cat-cut-off",
            "objective-no-cat",
            "objective-impossible",
            "objective-conflict",
            "token-not-on-destination",
            "objective-token-mismatch",
        }
    ),
    "tokens": frozenset({"objective-impossible", "objective-token-mismatch"}),
    "objectives": frozenset({"objective-token-mismatch"}),
}
NEUTRAL_OBJECTIVE = {"kind": "text", "text": "(left out: it has schema errors)"}


def rule_issues(scenario: Scenario, catalog: Catalog) -> list[Issue]:
    """The rule checks alone, for a scenario that is schema-valid."""
    lay = build_layout(scenario, catalog)
    return (
        check_boards(lay)
        + check_cards(lay)
        + check_fire(lay)
        + check_cats(lay)
        + check_tokens(lay)
        + check_objectives(lay)
        + playability_issues(scenario, catalog)
    )


def playability_issues(scenario: Scenario, catalog: Catalog | None = None) -> list[Issue]:
    """A warning per rule the scenario needs that the engine does not play yet: the
    layout is fine, but the playtest and the bots refuse it (never a wrong result)."""
    return [
        Issue("not-playable-yet", WARNING, f"cannot be playtested yet: the engine does not play {rule.rule} "
              f"({rule.source}), needed by {rule.needed_by}" + (f"; {rule.fix}" if rule.fix else ""), Where(rule.path))
        for rule in unplayed_rules(scenario, catalog)
    ]  # fmt: skip


def _convertible(doc: Mapping[str, Any], issues: list[Issue]) -> tuple[Scenario, dict[str, list[int]]] | None:
    """The scenario to rule-check despite schema errors, with elements that have errors
    left out (objectives replaced by a neutral one so numbering holds), and for each
    shortened list the original index of each kept element.  None when the errors
    leave no sensible island (root or board errors, a list that is not a list)."""
    bad: dict[str, set[int]] = {}
    top: set[str] = set()
    for iss in issues:
        parts = [p for p in iss.where.path.split("/") if p]
        if not parts or parts[0] == "boards":
            return None
        if parts[0] in ELEMENT_LISTS and len(parts) >= 2 and parts[1].isdigit():
            bad.setdefault(parts[0], set()).add(int(parts[1]))
        elif parts[0] in ELEMENT_LISTS:
            return None
        else:
            top.add(parts[0])
    clean: dict[str, Any] = {k: v for k, v in doc.items() if k not in top}
    clean.setdefault("id", "unnamed")
    clean.setdefault("name", "unnamed")
    kept: dict[str, list[int]] = {}
    for key, indices in bad.items():
        if key == "objectives":
            clean[key] = [NEUTRAL_OBJECTIVE if i in indices else o for i, o in enumerate(doc[key])]
        else:
            kept[key] = [i for i in range(len(doc[key])) if i not in indices]
            clean[key] = [doc[key][i] for i in kept[key]]
    try:
        return scenario_from_dict(clean), kept
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def _restore_paths(issues: list[Issue], kept: dict[str, list[int]], incomplete: set[str]) -> list[Issue]:
    out = []
    skip = frozenset().union(*(NEEDS_COMPLETE.get(k, frozenset()) for k in incomplete))
    for iss in issues:
        if iss.code in skip:
            continue
        parts = iss.where.path.split("/")
        if len(parts) >= 3 and parts[1] in kept and parts[2].isdigit():
            parts[2] = str(kept[parts[1]][int(parts[2])])
            iss = Issue(iss.code, iss.severity, iss.message, Where("/".join(parts), iss.where.squares))
        out.append(iss)
    return out


def validate(target: Scenario | Mapping[str, Any], catalog: Catalog | None = None) -> list[Issue]:
    """Schema and rule issues of a scenario, errors first, then by path.

    A :class:`Scenario` is checked through its JSON form too, so values the schema
    forbids (a square beyond 17, a bad id) are reported the same way as in a file."""
    catalog = catalog or default_catalog()
    if isinstance(target, Scenario):
        try:
            doc: Any = scenario_to_dict(target)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            return [
                Issue(
                    "schema",
                    ERROR,
                    f"the scenario holds a value that cannot be written to a file ({exc!r}); fix that element",
                )
            ]
    else:
        doc = target
    if not isinstance(doc, Mapping):
        return [
            Issue(
                "schema",
                ERROR,
                f"not a scenario: expected a JSON object, got {type(doc).__name__}; open a .scenario.json file",
            )
        ]
    problem = document_problem(doc)
    if problem is not None:  # too deep to check (or a lone surrogate): say where, never raise
        return [Issue("text-unsavable", ERROR, problem[1], Where(problem[0]))]
    issues = schema_issues("scenario", doc)
    if not issues:
        scenario = target if isinstance(target, Scenario) else scenario_from_dict(doc)
        return sort_issues(rule_issues(scenario, catalog) + estimate_issues(scenario))
    converted = None if issues[0].code == "format-newer" else _convertible(doc, issues)
    if converted is not None:
        scenario, kept = converted
        incomplete = {k for k in ELEMENT_LISTS if any(i.where.path.startswith(f"/{k}/") for i in issues)}
        issues += _restore_paths(rule_issues(scenario, catalog), kept, incomplete)
    return sort_issues(issues)
