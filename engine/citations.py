"""Citations by rules edition: the rule a violation cites, in the document of its match's edition.

The engine's rules modules cite the rules as they always have (a bare number of the 2025 texts, `v1.3 N` where
only Core Rules v1.3 says it, `TR N` for the Tournament Rules; ../shared/rules/README.md, "Citing rules").
`cite(rule, edition)` turns that citation into the one of the match's edition:

- "v1.3": the citation exactly as the engine writes it, so that a match stored before editions folds to the same
  bytes (its violations keep today's strings);
- "v1.4": the rule of Core Rules v1.4 that says what the message claims (`v1.4 N`), and `TR N` of the Tournament
  Rules of 2026-07-16 (their numbers did not move). Where v1.4 changed the rule so that the message would no
  longer be true, the table says so (`"v1.4": null` with a note) and the old citation is kept: it names the
  rule the engine applied, rather than a v1.4 number that does not say it;
- "2025": the bare number of the 2025 texts where the engine cites v1.3 and the 2025 texts say the same; else
  the v1.3 citation (v1.3 alone defines the modes' teammates, XP, Hunt, ...).

The table (engine/data/citations.json, one line a citation with a note where the words changed) was made by
reading the texts side by side (scripts/align_rules.py finds the candidates); docs/editions.md lists what v1.4
changed. It is read once at import: at fold time a citation costs one dict lookup, and only for a violation.
"""
from __future__ import annotations

import json
from pathlib import Path

V13, V14, Y2025 = "v1.3", "v1.4", "2025"
EDITIONS = (V14, V13, Y2025)
DEFAULT = V13  # a state with no `rules` was stored before editions: it was recorded under v1.3

TABLE: dict[str, dict[str, str | None]] = json.loads(
    (Path(__file__).resolve().parent / "data" / "citations.json").read_text(encoding="utf-8"))

# edition -> {the engine's citation -> that edition's}; an entry the edition does not change is left out.
_BY_EDITION: dict[str, dict[str, str]] = {
    V13: {},
    V14: {rule: entry[V14] for rule, entry in TABLE.items() if entry.get(V14) and entry[V14] != rule},
    Y2025: {rule: entry[Y2025] for rule, entry in TABLE.items() if entry.get(Y2025)},
}


def cite(rule: str, edition: str) -> str:
    """The citation of `rule` (as the engine writes it) in a match of `edition`; a citation the table does not
    list (a procedure of riftlog, say) is returned as it is. An unknown edition is an error naming it."""
    try:
        return _BY_EDITION[edition].get(rule, rule)
    except KeyError:
        raise ValueError(f"unknown rules edition {edition!r}: one of {', '.join(EDITIONS)}") from None


def changed_in_v14() -> dict[str, str]:
    """The citations whose message v1.4 no longer bears out (kept as they are in a v1.4 match), with why."""
    return {rule: str(entry.get("note")) for rule, entry in TABLE.items() if entry.get(V14) is None}
