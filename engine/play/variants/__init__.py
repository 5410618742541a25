"""The variant registry: one engine, rule differences as named hooks (:class:`RuleSet`).

``VARIANTS`` maps a name to its rule set.  :func:`register_variant` adds one (the
advanced game is not a variant: a scenario's ``mode`` turns it on in any variant,
through the hooks of :class:`RuleSet`);
:func:`get_variant` looks one up and names the known variants when it fails.
"""

from __future__ import annotations

from .base import ANY_COLOUR, CROSSABLE, DISASTER, ICONLESS_READINGS, LAST_STEP, OUT, RAFT_ENTRIES, UNUSABLE, RuleSet
from .comp1110 import COMP1110
from .solo import SOLO
from .standard import STANDARD

VARIANTS: dict[str, RuleSet] = {}


def register_variant(rules: RuleSet, *, replace: bool = False) -> RuleSet:
    """Add a variant under ``rules.name``; re-registering a name needs ``replace``."""
    if rules.name in VARIANTS and not replace and VARIANTS[rules.name] is not rules:
        raise ValueError(f"a variant named {rules.name!r} is already registered; pick another name")
    VARIANTS[rules.name] = rules
    return rules


def get_variant(name: str | RuleSet) -> RuleSet:
    if isinstance(name, RuleSet):
        return name
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise KeyError(f"unknown rules variant {name!r}; known variants: {known}") from None


for _rules in (STANDARD, SOLO, COMP1110):
    register_variant(_rules)

__all__ = [
    "ANY_COLOUR", "CROSSABLE", "DISASTER", "ICONLESS_READINGS", "LAST_STEP", "OUT", "RAFT_ENTRIES", "UNUSABLE",
    "RuleSet", "VARIANTS", "get_variant", "register_variant",
]  # fmt: skip
