"""Reading what a request sends: bodies (JSON or msgpack), seqs, bearer tokens.

Every helper either returns a clean value or aborts with a status and a message that says what was expected.
"""
from __future__ import annotations

import json
import re
from typing import Any

import msgpack
from flask import abort, request

from recorder.limits import MAX_DEPTH

MSGPACK_TYPES = frozenset({"application/msgpack", "application/x-msgpack", "application/vnd.msgpack"})
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")  # at most 18 digits: beyond any seq, never a huge int


MAX_BODY_DEPTH = MAX_DEPTH + 4  # an event's own nesting, plus the body's {"events": [...]} around it
# A JSON string, or from an unclosed quote to the end: it matches at every `"` outside a string and nothing in it
# backtracks (possessive), so removing the strings is one pass over the body. A pattern that must find the closing
# quote fails at an unclosed one and is tried again at every later `"` of it: `"` then `\"` repeated took seconds at
# 24 KB and hours at 1 MiB, holding the GIL (issue 24).
_JSON_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_A_BRACKET = bytes(set(range(256)) - set(b"[]{}"))


def read_body() -> Any:
    """The request body, decoded from msgpack (by its Content-Type) or else from JSON; 400 for a body nested more
    than MAX_BODY_DEPTH deep, found before the JSON parser recurses into it (msgpack's parser stops itself
    about 1,000 deep, and the decoded value is measured next, without recursion)."""
    data = request.get_data(cache=True)  # MAX_CONTENT_LENGTH: 413 for a body over the limit
    if request.mimetype in MSGPACK_TYPES:
        if not data:
            abort(400, "empty body: expected a msgpack map")
        try:
            body = msgpack.unpackb(data, raw=False)
        except Exception as error:  # msgpack raises several unrelated classes for bad input
            abort(400, f"body is not valid msgpack: {error or type(error).__name__}")
        if _depth(body) > MAX_BODY_DEPTH:
            abort(400, f"body nests lists and maps more than {MAX_BODY_DEPTH} deep")
        return body
    if not data:
        abort(400, "empty body: expected a JSON object (or msgpack with Content-Type: application/msgpack)")
    if _json_depth(data) > MAX_BODY_DEPTH:
        abort(400, f"body nests lists and maps more than {MAX_BODY_DEPTH} deep")
    try:
        return json.loads(data, parse_constant=_refuse_constant)
    except ValueError as error:
        abort(400, f"body is not valid JSON: {error}")


def _json_depth(data: bytes) -> int:
    """How deep a JSON text nests its brackets, strings left out (an upper bound where the text is not JSON)."""
    depth = deepest = 0
    for bracket in _JSON_STRING.sub(b"", data).translate(None, _NOT_A_BRACKET):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _depth(value: Any) -> int:
    """How deep a decoded value nests lists and maps, measured without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if deepest > MAX_BODY_DEPTH:
                break
            todo += [(child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)]
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_int(name: str, value: str | None, default: int | None = None) -> int | None:
    """A whole-number query parameter, or `default` when it is absent or empty."""
    if value is None or value == "":
        return default
    if not WHOLE_NUMBER.fullmatch(value):  # not int(): it also reads "1_0", " 7" and non-ASCII digits
        abort(400, f"{name} must be a whole number (at most 18 digits), got {value!r}")
    return int(value)


PAGE, MAX_PAGE = 100, 500  # matches per page of a listing: the default, and the most one request may ask


def read_page() -> tuple[int, int]:
    """The `offset` (default 0) and `limit` (default PAGE, at most MAX_PAGE) of a listing."""
    offset = read_int("offset", request.args.get("offset"), default=0)
    limit = read_int("limit", request.args.get("limit"), default=PAGE)
    assert offset is not None and limit is not None
    if offset < 0:
        abort(400, f"offset must be >= 0, got {offset}")
    if not 1 <= limit <= MAX_PAGE:
        abort(400, f"limit must be 1 to {MAX_PAGE}, got {limit}")
    return offset, limit


def read_archived() -> bool:
    """`archived=1`: a list of the archived matches only (recorder/archive.py); absent or `0`: those not archived."""
    value = request.args.get("archived", "0")
    if value not in ("0", "1"):
        abort(400, f"archived must be 0 or 1 (1: list the archived matches), got {value[:20]!r}")
    return value == "1"


def read_seq(name: str, value: str | None, match_id: str, head_seq: int, out_of_range: int = 400) -> int:
    """A seq in 1..head_seq (default: the head); `out_of_range` is the status for a seq the match does not have."""
    seq = read_int(name, value, default=head_seq)
    assert seq is not None
    if not 1 <= seq <= head_seq:
        abort(out_of_range, f"{name}={seq} is out of range: match {match_id} has events 1 to {head_seq}")
    return seq



def player_ids(summary: dict[str, Any]) -> list[str]:
    """"P1", "P2", ... for a match summary of recorder.Log.match (players in match_created's order)."""
    return [f"P{index}" for index in range(1, len(summary["players"]) + 1)]


def bearer_token() -> str:
    """The token of an `Authorization: Bearer <token>` header; 401 when it is missing or ill-formed."""
    header = request.headers.get("Authorization")
    if header is None or not header.strip():
        abort(401, "missing Authorization header: send 'Authorization: Bearer <token>' with the match's token")
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        abort(401, "ill-formed Authorization header: expected 'Bearer <token>'")
    return token
