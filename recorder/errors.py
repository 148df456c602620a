"""The recorder's errors: one hierarchy rooted in RecorderError.

Each maps to one answer of the HTTP API (contract section 3), so the web layer can translate by class alone:
NotFound -> 404, Forbidden -> 403, Conflict -> 409, Malformed -> 400, Refused -> 422, Busy -> 503. Messages name the
match, the seq and the field, so the person who sent the event can fix it without reading the code.
"""
from __future__ import annotations


class RecorderError(Exception):
    """Anything the log will not do."""


class NotFound(RecorderError):
    """An unknown match, seq or catalog."""


class Forbidden(RecorderError):
    """A key that may not do what it asks (a judge reissuing its own match token: only the organiser may)."""


class Conflict(RecorderError):
    """The log moved on: a stale `expected_seq`, a concurrent writer, or an idempotency key reused for other events."""


class Malformed(RecorderError):
    """The request or event is not well formed (bad shape, a float, an unknown catalog, an engine MalformedEvent).

    Always refused, whatever the match's policy (contract section 1, Legality).
    """


class Refused(RecorderError):
    """A strict match refused an event that breaks a rule; nothing was appended.

    `violations` is the engine's list of {"rule", "message", "seq"} maps.
    """

    def __init__(self, violations: list[dict], message: str | None = None) -> None:
        self.violations = violations
        if message is None:
            message = "; ".join(f"{v.get('message')} (rule {v.get('rule')})" for v in violations) or "refused"
        super().__init__(message)


class Busy(RecorderError):
    """The write lock could not be had in time (another writer holds the database); nothing was written.

    Safe to retry after `retry_after` seconds, with the same idempotency key if the request had one.
    """

    retry_after = 1


class Inconsistent(RecorderError):
    """The stored log and the engine disagree, so no state can be folded past `seq`.

    Either an event is missing from the middle of the log (the database was edited by hand), or the engine
    refuses an event that is already stored (a new `engine.VERSION` reads it differently). `replays.verify`
    reports where.
    """

    def __init__(self, match_id: str, seq: int, message: str) -> None:
        self.match_id = match_id
        self.seq = seq
        super().__init__(message)


class TooLarge(Malformed):
    """A request over one of the log's size limits (`recorder.limits`): a batch, a text, an event's `info`."""


class Undecodable(Inconsistent):
    """A stored event's bytes no longer decode (the database was edited by hand or damaged)."""

    def __init__(self, match_id: str, seq: int) -> None:
        super().__init__(match_id, seq, f"the stored event at seq {seq} of match {match_id} no longer decodes: "
                                        "run verify")


class NotALog(RecorderError):
    """The database file is not a riftlog database (not SQLite at all, or another program's)."""


class CannotOpen(RecorderError):
    """The database file cannot be opened or created: its folder is missing, a folder stands in its place, or the
    process may not read or write it."""
