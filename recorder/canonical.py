"""Canonical msgpack bytes of an event, and the hash chain over them (contract sections 1 and 4).

Canonical form, so that the same event always gives the same bytes (and so the same hash) on any machine:
- a map's keys are strings, written sorted by code point, recursively (msgpack itself keeps insertion order);
- lists and tuples are written as arrays; `None`, booleans, integers (64 bits) and strings as themselves;
- floats are refused: the contract stores integers, not floats, and a float's bytes would tie the hash to
  how a client happened to print a number. Bytes are refused too: an event must be JSON-compatible;
- strings as msgpack str, binary as bin (`use_bin_type=True`).

The hash chain: `hash(seq) = sha256(prev_hash_bytes || event_bytes)` as lowercase hex, where `prev_hash_bytes` is
the raw 32-byte digest of event seq-1, and 32 zero bytes for seq 1 (`GENESIS_HASH`). Editing, deleting or
reordering a stored event changes every hash after it, so `recorder.Log.verify_chain` finds it. The chain is
tamper-evident, not tamper-proof: someone who can write the file can recompute it, which is why the head hash is
worth writing down at the table (or on the result slip).
"""
from __future__ import annotations

import hashlib
import threading
from typing import Any

import msgpack

from engine import shapes
from recorder.errors import Inconsistent, Malformed, Undecodable
from recorder.limits import MAX_DEPTH, MAX_ENVELOPE_TEXT, MAX_TEXT, check_text

GENESIS_HASH = "00" * 32

_INT_MIN = -(2**63)
_INT_MAX = 2**64 - 1


def canonical_bytes(event: dict) -> bytes:
    """The canonical msgpack bytes of `event` (see the module docstring); `Malformed` names the offending field."""
    if not isinstance(event, dict):
        raise Malformed(f"an event must be a map, not {type(event).__name__}")
    try:
        return _packer().pack(_sorted(event))
    except _NotStorable:  # find the field again, this time keeping track of where we are, to name it
        return _packer().pack(_canonical(event, "event"))


_PACKERS = threading.local()


def _packer() -> msgpack.Packer:
    """This thread's msgpack Packer: `msgpack.packb` builds a new one for every call, which costs twice what
    packing an event does; a Packer is not to be shared between threads."""
    try:
        return _PACKERS.packer
    except AttributeError:
        _PACKERS.packer = msgpack.Packer(use_bin_type=True)
        return _PACKERS.packer


class _NotStorable(Exception):
    """Something in an event the log cannot store: `_canonical` says what and where."""


def _sorted(value: Any, depth: int = 0) -> Any:
    """`_canonical` without the paths it would name in an error: the fast way for the events that are fine. Any
    doubt (a float, a subclass, too long, too deep, text that is not ASCII and not valid Unicode) leaves it to
    `_canonical`, which decides and names the field."""
    kind = type(value)
    if kind is str:
        if len(value) > MAX_TEXT or not value.isascii() and not _is_unicode(value):
            raise _NotStorable
        return value
    if kind is int:
        if not _INT_MIN <= value <= _INT_MAX:
            raise _NotStorable
        return value
    if value is None or kind is bool:
        return value
    if depth >= MAX_DEPTH:
        raise _NotStorable
    if kind is dict:
        result = {}
        for key in sorted(value, key=_plain_key):
            item = value[key]  # most values are short ASCII text: taken as they are, without a call
            result[key] = item if type(item) is str and item.isascii() and len(item) <= MAX_TEXT else \
                _sorted(item, depth + 1)
        return result
    if kind is list or kind is tuple:
        return [_sorted(item, depth + 1) for item in value]
    raise _NotStorable


def _plain_key(key: Any) -> str:
    """A map key as `_sorted` sorts it: only ASCII text within the limit, else `_canonical` decides."""
    if type(key) is not str or not key.isascii() or len(key) > MAX_ENVELOPE_TEXT:
        raise _NotStorable
    return key


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def decode(body: bytes) -> Any:
    """The event (or state) stored as msgpack bytes."""
    return msgpack.unpackb(body, raw=False)


def decode_event(body: bytes, match_id: str, seq: int) -> dict:
    """A stored event in the current shape of its type, or `Undecodable` when its bytes are no longer a msgpack map
    with a type (`Inconsistent` when they are a shape a later riftlog wrote). The one place stored bytes become
    events: an event of an older shape is read through its upcasters (engine/shapes.py `read`), and its bytes stay
    as they were (they are hashed and sealed)."""
    try:
        event = decode(body)
    except (ValueError, TypeError, msgpack.UnpackException):
        raise Undecodable(match_id, seq) from None
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise Undecodable(match_id, seq)
    try:
        return shapes.read(event)
    except shapes.LaterShape as error:
        raise Inconsistent(match_id, seq, f"the stored event at seq {seq} of match {match_id} is a {error}") from None


def chain_hash(prev_hash: str, body: bytes) -> str:
    """`sha256(prev_hash_bytes || body)` as hex, `prev_hash` being the hex hash of the previous event."""
    return hashlib.sha256(bytes.fromhex(prev_hash) + body).hexdigest()


def _canonical(value: Any, path: str, depth: int = 0) -> Any:
    """`value` with every map's keys sorted, checked to hold only what the log can store exactly, and within the
    limits of `recorder.limits` (text length, nesting)."""
    if isinstance(value, str):
        check_text(value, path, MAX_TEXT)
        return value
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:
            raise Malformed(f"{path} is {value}, too large an integer for the log (64 bits at most)")
        return value
    if isinstance(value, float):
        raise Malformed(f"{path} is the float {value!r}: the log stores integers, not floats")
    if isinstance(value, (list, tuple, dict)) and depth >= MAX_DEPTH:
        raise Malformed(f"{path} nests lists and maps more than {MAX_DEPTH} deep")
    if isinstance(value, (list, tuple)):
        return [_canonical(item, f"{path}[{index}]", depth + 1) for index, item in enumerate(value)]
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str):
                raise Malformed(f"{path} has the key {str(key)[:100]!r}: map keys must be strings")
            check_text(key, f"{path} key", MAX_ENVELOPE_TEXT)
        return {key: _canonical(value[key], f"{path}.{key}", depth + 1) for key in sorted(value)}
    raise Malformed(f"{path} is a {type(value).__name__}: an event holds only maps, lists, strings, "
                    "integers, booleans and null")
