"""Reading what a request sends: bodies (JSON or msgpack), seqs, bearer tokens.

Every helper either returns a clean value or aborts with a status and a message that says what was expected.
"""
from __future__ import annotations

import json
import re
from typing import Any

import msgpack
from flask import abort, request

MSGPACK_TYPES = frozenset({"application/msgpack", "application/x-msgpack", "application/vnd.msgpack"})
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")  # at most 18 digits: beyond any seq, never a huge int


def read_body() -> Any:
    """The request body, decoded from msgpack (by its Content-Type) or else from JSON."""
    data = request.get_data(cache=True)
    if request.mimetype in MSGPACK_TYPES:
        if not data:
            abort(400, "empty body: expected a msgpack map")
        try:
            return msgpack.unpackb(data, raw=False)
        except Exception as error:  # msgpack raises several unrelated classes for bad input
            abort(400, f"body is not valid msgpack: {error}")
    if not data:
        abort(400, "empty body: expected a JSON object (or msgpack with Content-Type: application/msgpack)")
    try:
        return json.loads(data, parse_constant=_refuse_constant)
    except ValueError as error:
        abort(400, f"body is not valid JSON: {error}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_int(name: str, value: str | None, default: int | None = None) -> int | None:
    """A whole-number query parameter, or `default` when it is absent or empty."""
    if value is None or value == "":
        return default
    if not WHOLE_NUMBER.fullmatch(value):  # not int(): it also reads "1_0", " 7" and non-ASCII digits
        abort(400, f"{name} must be a whole number (at most 18 digits), got {value!r}")
    return int(value)


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
