"""The log's limits, and the checks of the envelope (what is stored beside an event: client, recorded_at and the
idempotency key).

Limits keep one request from filling the database or every later answer (a 50 MB note is listed on every page
that shows the note; a 50 MB `info` on every `GET /api/matches`). Each is generous for a real match: the longest
judge's note is a paragraph, a batch is a game at most, and an event nests 6 levels. Going over one is
`TooLarge` (HTTP 413), never a silent cut. MAX_DEPTH is also what keeps every accepted event writable in the
notation and readable again (its JSON values nest at most 64 deep) and far from Python's recursion limit.
"""
from __future__ import annotations

import datetime
import re
from typing import Any

from recorder.errors import Malformed, TooLarge

MAX_BATCH = 1000          # events in one append
MAX_TEXT = 10_000         # characters in any one string of an event (a note's text, a name, ...)
MAX_INFO = 4_096          # bytes of match_created's `info`, as canonical msgpack
MAX_DEPTH = 32            # lists and maps nested in one event
MAX_ENVELOPE_TEXT = 200   # characters of `client` and of an idempotency key
RECORDED_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})")
META_KEYS = ("client", "recorded_at")


def check_text(text: Any, what: str, limit: int) -> str:
    """`text` if it is a string of valid Unicode (no lone surrogates) of at most `limit` characters."""
    if not isinstance(text, str):
        raise Malformed(f"{what} must be a string, not {text!r}"[:300])
    if len(text) > limit:
        raise TooLarge(f"{what} is {len(text)} characters long; the limit is {limit}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise Malformed(f"{what} is not valid Unicode text: {error.reason} at character {error.start}") from None
    return text


def check_recorded_at(value: str) -> str:
    """An ISO 8601 time with its UTC offset (`2025-06-02T10:00:00.000+00:00`, `...Z`), as the client's clock said."""
    check_text(value, "meta field recorded_at", 40)
    if not RECORDED_AT.fullmatch(value):
        raise Malformed(f"meta field recorded_at must be an ISO 8601 time with its UTC offset, e.g. "
                        f"2025-06-02T10:00:00.000+00:00, not {value!r}")
    try:
        datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as error:
        raise Malformed(f"meta field recorded_at {value!r} is no real time: {error}") from None
    return value


def check_meta(meta: Any) -> dict[str, str | None]:
    """The envelope's `client` and `recorded_at` from a request's `meta` (both optional)."""
    meta = {} if meta is None else meta
    if not isinstance(meta, dict) or set(meta) - set(META_KEYS):
        raise Malformed(f"meta may hold only {', '.join(META_KEYS)}, not {str(meta)[:200]!r}")
    client, recorded_at = meta.get("client"), meta.get("recorded_at")
    return {"client": None if client is None else check_text(client, "meta field client", MAX_ENVELOPE_TEXT),
            "recorded_at": None if recorded_at is None else check_recorded_at(recorded_at)}


def check_idempotency_key(key: Any) -> str:
    if not isinstance(key, str) or not key:
        raise Malformed(f"idempotency_key must be a non-empty string, not {str(key)[:100]!r}")
    return check_text(key, "idempotency_key", MAX_ENVELOPE_TEXT)


def check_batch(count: int, match_id: str) -> None:
    if count > MAX_BATCH:
        raise TooLarge(f"a batch of {count} events for match {match_id}; the limit is {MAX_BATCH} per append "
                       "(send them in several appends)")
