"""The versions of stored event shapes, and the upcasters that read old shapes as the current one (issue 25).

A stored event outlives the code that wrote it: its bytes are hashed into the chain and signed by seals, so they
are never rewritten. When an event type's shape changes, the new shape gets the next version, and an upcaster
reads the old shape as the new one each time it is read (eventsourcing's `upcast_v1_v2`); the stored bytes stay
as they were. docs/engine.md, "Changing an event's shape", says how to add one.

- `CURRENT` names the types whose shape is past version 1, with their current version. A stored event of such a
  type names its shape's version in its `version` field; none means version 1 (every event stored before this
  module). The recorder stores `stamped(event)`, so a new event's bytes name their version. Types whose shape never
  changed are stored as they always were, and their `version` field, if a client sent one, is theirs.
- `read(event)` is a stored event as the code of now reads it: in the current shape of its type, named with that
  shape's version. An event stored in the current shape is read as it was stored, so that a reader given it whole
  can hash its bytes again (the chain stays verifiable); one upcast from an older shape is not its stored bytes.
  recorder/canonical.py `decode_event` applies it to every stored event, the one place stored bytes become events;
  nothing is ever written back. `engine.views.as_sent` leaves the recorder's fields out (a transcript's event).

Versions of match_created: 1 (no `rules`: every match recorded before rules editions, under Core Rules v1.3);
2 (`rules` names the edition, engine/editions.py); 3 (`abilities` says whether the engine checks the abilities from
the cards, engine/cards: every match stored before it was recorded on the recorder's word, "declared").
"""
from __future__ import annotations

from typing import Any, Callable

from engine import cards
from engine.editions import DEFAULT, RECORDED_BEFORE_EDITIONS
from engine.errors import EngineError

Event = dict[str, Any]

CURRENT: dict[str, int] = {"match_created": 3}  # every other type: 1


class LaterShape(EngineError):
    """A stored event of a shape version this code does not know: it was written by a later riftlog."""


def version_of(event: Event) -> int:
    """The shape version a stored event of a type in `CURRENT` names (`version`; none, or not a number, is 1)."""
    version = event.get("version", 1)
    return version if type(version) is int else 1


def upcast_match_created_v1_v2(event: Event) -> Event:
    """A match_created of before rules editions names no edition: it was recorded under Core Rules v1.3."""
    return {"rules": RECORDED_BEFORE_EDITIONS, **event}


def upcast_match_created_v2_v3(event: Event) -> Event:
    """A match_created of before the engine knew its cards was recorded with what abilities did on the recorder's
    word: it is read as such ("declared"), so that it folds exactly as it did."""
    return {"abilities": cards.RECORDED_BEFORE_CHECKS, **event}


UPCASTERS: dict[tuple[str, int], Callable[[Event], Event]] = {
    ("match_created", 1): upcast_match_created_v1_v2,
    ("match_created", 2): upcast_match_created_v2_v3,
}


def read(event: Event) -> Event:
    """The stored `event` in the current shape of its type: `event` itself when it is of that shape (or its type's
    shape never changed), else a new map upcast to it and named with its version. `LaterShape` for a version beyond
    the current one."""
    kind = event.get("type")
    if kind not in CURRENT:  # most events: a type whose shape never changed
        return event
    version = version_of(event)
    if version > CURRENT[kind]:
        raise LaterShape(f"'{kind}' event of shape version {version}: this riftlog reads versions 1 to "
                         f"{CURRENT[kind]} (the event was written by a later one)")
    if version == CURRENT[kind]:
        return event
    while version < CURRENT[kind]:
        event = UPCASTERS[(kind, version)](event)
        version += 1
    return {**event, "version": version}


def stamped(event: Event) -> Event:
    """A new event as it is to be stored: named with the current version of its shape (a type whose shape never
    changed is left as it is, so its events keep the bytes they always had). A new match_created that names no
    edition is played under the default one, and its bytes say so (contract section 7): a default may change,
    what a stored match was played under may not."""
    kind = event.get("type")
    if kind not in CURRENT:
        return event
    if kind == "match_created":
        return {**event, "rules": event.get("rules", DEFAULT), "abilities": event.get("abilities", cards.DEFAULT),
                "version": CURRENT[kind]}
    return {**event, "version": CURRENT[kind]}
