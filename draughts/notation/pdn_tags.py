"""PDN tags that name the rules and the result: ``[GameType]`` and ``[Variant]`` to a rule set,
and a result in the variant's own form (``2-0`` in International, ``1-0`` elsewhere).

>>> result_for(rules_for_tags({"GameType": "20"}), "1-0"), result_for(rules_for_tags({"GameType": "21"}), "2-0")
('2-0', '1-0')
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import PdnError
from ..rules import VARIANTS, RuleSet, get_rules

__all__ = ["RESULTS", "GAMETYPES", "rules_for_tags", "is_no", "result_for"]

RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
# PDN result types: "Default" (1-0 ...) and "International" (2-0 ...; GameType 20 and 27).
_TO_INTERNATIONAL = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}
_TO_DEFAULT = {v: k for k, v in _TO_INTERNATIONAL.items()}

# GameType number -> variant key: every variant that has a GameType of its own (the ones
# with a variant_tag share one and are told apart by the [Variant] tag), plus Portuguese
# (28, played on the Spanish rule table, rules.py alias) and lidraughts' private 98 for
# Antidraughts (notation.md §4, "Not in the standard").
GAMETYPES: dict[int, str] = {r.pdn_gametype: r.key for r in VARIANTS.values() if r.variant_tag is None}
GAMETYPES.setdefault(28, "spanish")
_LIDRAUGHTS_GAMETYPES = {98: "antidraughts"}
# [Variant] names other writers use for the plain variants (lidraughts says "Standard").
_VARIANT_NAMES = {"standard": "international", "fmjd": "international"}

_GAMETYPE = re.compile(r"\s*([0-9]{1,4})\s*(?:,(.*))?$", re.DOTALL)


def rules_for_tags(tags: dict[str, str], positions: Mapping[str, tuple[int, int]] | None = None) -> RuleSet:
    """The rule set named by ``[GameType]`` and ``[Variant]`` tags; raises :class:`PdnError`.

    >>> rules_for_tags({"GameType": "20,W,10,10,N2,0"}).key
    'international'
    >>> rules_for_tags({"GameType": "25", "Variant": "Schlagdame"}).key
    'schlagdame'
    >>> rules_for_tags({}).key
    'international'
    """
    positions = positions or {}
    gametype = tags.get("GameType")
    variant_name = (tags.get("Variant") or "").strip().lower()
    # The variants that have no GameType of their own carry a [Variant] tag (RuleSet.variant_tag).
    tagged = next((r for r in VARIANTS.values() if r.variant_tag and variant_name == r.variant_tag), None)
    if tagged is None and variant_name:
        try:
            candidate = get_rules(variant_name)
        except ValueError:
            candidate = None
        if candidate is not None and candidate.variant_tag:
            tagged = candidate
    if gametype is not None:
        where = positions.get("GameType", (None, None))
        m = _GAMETYPE.match(gametype)
        if not m:
            raise PdnError(f"[GameType {gametype!r}] is not a GameType number", *where)
        number = int(m.group(1))
        if number in _LIDRAUGHTS_GAMETYPES:
            return get_rules(_LIDRAUGHTS_GAMETYPES[number])
        if number not in GAMETYPES:
            known = ", ".join(f"{n} {k}" for n, k in sorted(GAMETYPES.items()))
            raise PdnError(f"GameType {number} is not a draughts game this library plays (known: {known})", *where)
        rules = get_rules(GAMETYPES[number])
        if tagged is not None:
            if tagged.pdn_gametype != number:
                raise PdnError(f"[Variant {tags['Variant']!r}] is played with GameType {tagged.pdn_gametype},"
                               f" not {number}", *where)
            rules = tagged
        if m.group(2):
            _check_board(m.group(2), rules, where)
        return rules
    if tagged is not None:
        return tagged
    if variant_name:
        try:
            return get_rules(_VARIANT_NAMES.get(variant_name, variant_name))
        except ValueError:
            raise PdnError(f"unknown [Variant {tags['Variant']!r}]", *positions.get("Variant", (None, None))) from None
    return get_rules("international")  # the PDN default GameType is 20


def _check_board(details: str, rules: RuleSet, where: tuple[int | None, int | None]) -> None:
    """The board size in a full-details GameType (``20,W,10,10,N2,0``) must be the variant's."""
    fields = [f.strip() for f in details.split(",")]
    # ASCII digits only: str.isdigit() also says yes to "²", which int() refuses.
    if len(fields) >= 3 and all(re.fullmatch(r"[0-9]{1,3}", f) for f in fields[1:3]):
        size = sorted((int(fields[1]), int(fields[2])))
        if size != sorted((rules.rows, rules.cols)):
            raise PdnError(f"GameType {rules.pdn_gametype} is played on {rules.cols}x{rules.rows},"
                           f" not {fields[1]}x{fields[2]}", *where)


def is_no(value: str | None) -> bool:
    return value is not None and value.strip().lower() in ("no", "0", "false", "off")


def result_for(rules: RuleSet, result: str) -> str:
    """A result in the variant's PDN result type (International: 2-0 1-1 0-2)."""
    result = result.strip()
    if result not in RESULTS:
        raise PdnError(f"{result!r} is not a PDN result (one of {' '.join(RESULTS)})")
    table = _TO_INTERNATIONAL if rules.international_results else _TO_DEFAULT
    return table.get(result, result)
