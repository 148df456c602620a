"""The judge's ruling beats the engine (contract section 7, "Cards the engine knows").

riftlog keeps the record; the judges rule. An event appended with the match token (the judge's or scorekeeper's)
may carry `ruling: {reason}`: a judge has ruled that it happened as recorded, whatever the engine reads. Such an
event is folded as recorded even in a strict match, where the engine would refuse it: each violation the engine
finds is kept in `state["violations"]` with `ruled: true` and the ruling's reason (`ruling`), not raised, so that
the record still shows which rule the engine read and that a judge overruled it. An event that cannot be applied
at all under a ruling (an unknown object, say) is kept, flagged and skipped, as an audit match skips it. In an
audit match a ruling marks the event's violations the same way.

The ruling is checked here for its shape only (a map holding a non-empty `reason` of at most MAX_REASON
characters); who may append one is the web API's business (only the match token appends at all: web/api.py says
why a player token is refused). A `match_created` carries none: a ruling is about an event of a match under way.

This module is a leaf: it reads the event and marks violations.
"""
from __future__ import annotations

from typing import Any

from engine.errors import MalformedEvent

FIELD = "ruling"
MAX_REASON = 1_000  # characters of a ruling's reason: a paragraph at most (the recorder's limit on text is 10,000)


def reason_of(event: dict[str, Any]) -> str | None:
    """The reason of the judge's ruling `event` carries, or None for an event without one; MalformedEvent naming
    the field for a ruling of any other shape than `{"reason": "a non-empty string"}`."""
    if FIELD not in event:
        return None
    ruling = event[FIELD]
    kind = event.get("type")
    if kind == "match_created":
        raise MalformedEvent("'match_created' carries no 'ruling': a judge's ruling is about an event appended to "
                             "a match under way")
    if not isinstance(ruling, dict) or set(ruling) != {"reason"}:
        shown = sorted(ruling) if isinstance(ruling, dict) else repr(ruling)[:100]
        raise MalformedEvent(f"'{kind}' event: field 'ruling' must be {{\"reason\": \"...\"}} (a judge's ruling and "
                             f"why), got {shown}")
    reason = ruling["reason"]
    if not isinstance(reason, str) or not reason.strip():
        raise MalformedEvent(f"'{kind}' event: field 'ruling.reason' must be a non-empty string (why the judge "
                             f"ruled so), got {repr(reason)[:100]}")
    if len(reason) > MAX_REASON:
        raise MalformedEvent(f"'{kind}' event: field 'ruling.reason' is {len(reason)} characters long; a ruling's "
                             f"reason is at most {MAX_REASON}")
    return reason


def recorded_reason(event: dict[str, Any]) -> str | None:
    """The reason of the ruling a recorded event carries, as a reader was given it (a public wording where it
    names a card the view has not seen: engine/views.py), or None: for the viewer and the report, which show it."""
    ruling = event.get(FIELD)
    reason = ruling.get("reason") if isinstance(ruling, dict) else None
    return reason if isinstance(reason, str) else None


def ruled(violations: list[dict[str, Any]], reason: str | None) -> list[dict[str, Any]]:
    """`violations` as a judge's ruling keeps them: each marked `ruled: true` with the ruling's reason, the rule
    the engine read and its message unchanged (`violations` itself when there is no ruling)."""
    if reason is None:
        return violations
    return [{**violation, "ruled": True, FIELD: reason} for violation in violations]
