"""riftlog's notation (.rln): PGN, FEN and SAN for Riftbound. A match is a header and one line per event; a
position is one line. See docs/notation.md for the format.

```python
from replays import notation

events = notation.parse_match(text)                     # every event, seq 1 first (match_created from the header)
events = notation.parse_events("P1 pass", state, catalog)   # body lines read against a state (left unchanged)
text = notation.write_match(events)                      # header, then a line per event, turn landmarks between
line = notation.write_event(state_before, event)         # one line
event = notation.parse_position("turn 5 P1 action first P1 | P1 0 bf:Zaun Warrens ...")
line = notation.write_position(event)                    # and `position_of(state)` for the position of a state
match_id, token = notation.import_match(log, text)       # all or nothing
text = notation.export_match(log, match_id)
```

Reading a line needs the state so far (names are resolved to ids against it), so a text is read line by line,
each event applied with the engine before the next line is read. In an audit match a line the engine flags is
still an event; in a strict match a line the engine refuses is an IllegalNotation at that line. Nothing is
returned, and nothing imported, unless every line reads.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Callable

import engine
from engine import Catalog, EngineError, IllegalEvent
from engine.views import conceal, redact_events
from recorder import Log, Malformed, Refused
from recorder import NotFound as NoSuchCatalog
from recorder.canonical import canonical_bytes
from replays.notation.errors import (AmbiguousReference, IllegalNotation, InvalidNotation, NotationError,
                                     UnknownReference)
from replays.notation.events import check_landmark, is_landmark, parse_event, write_landmark, write_line
from replays.notation.header import Tag, is_header_line, parse_header, read_tag, write_header
from replays.notation.position import parse_position, position_of, write_position
from replays.notation.text import comment_start

State = dict[str, Any]
Event = dict[str, Any]

__all__ = ["AmbiguousReference", "IllegalNotation", "InvalidNotation", "NotationError", "UnknownReference",
           "export_match", "import_match", "parse_event", "parse_events", "parse_match", "parse_position",
           "position_of", "write_event", "write_match", "write_position"]


# -- reading ---------------------------------------------------------------------------------------------------
def parse_match(text: str, catalog: Catalog | None = None) -> list[Event]:
    """Every event of a whole-match notation, seq 1 (the header's match_created) first.

    `catalog` defaults to the demo catalog; a header that names another catalog needs it passed in.
    """
    catalog = catalog or engine.demo_catalog()
    lines = text.splitlines()
    created, header, body_start = _read_header(lines, catalog)
    state = _apply(None, created, catalog, header[1], header[0])
    events, _ = _read_body(lines[body_start - 1:], state, catalog, body_start, owned=True, before=[created])
    return [created] + events


def _read_header(lines: list[str], catalog: Catalog) -> tuple[Event, tuple[int, str], int]:
    """The header's match_created, its first line (number, text), and the number of the first body line."""
    header, body_start = _header_lines(lines)
    if not header:
        raise InvalidNotation("expected the header ([Mode \"duel\"], [P1 \"...\"], ...) before the first event",
                              line=body_start, column=1, expected="a header line", text=_line(lines, body_start))
    return parse_header(header, catalog, body_start, _line(lines, body_start)), header[0], body_start


def parse_events(text: str, state: State, catalog: Catalog) -> list[Event]:
    """The events of body lines (no header) read against `state`, e.g. to append a typed sequence to a match."""
    events, _ = _read_body(text.splitlines(), state, catalog, 1)
    return events


def _header_lines(lines: list[str]) -> tuple[list[tuple[int, str]], int]:
    """The header's (line number, text) pairs and the number of the first body line."""
    header = []
    for number, text in enumerate(lines, 1):
        content = text[:comment_start(text)]
        if not content.strip():
            continue
        if not is_header_line(content):
            return header, number
        header.append((number, text))
    return header, len(lines) + 1


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 0 < number <= len(lines) else ""


class _Lines:
    """Body lines read one event at a time, each against the state the events before it led to (names are
    resolved against it); landmarks are checked, never events. Remembers the line of the last event read."""

    def __init__(self, lines: list[str], first_line: int) -> None:
        self._lines = enumerate(lines, first_line)
        self.event: Event = {}
        self.text = ""
        self.number = 0

    def __call__(self, state: State) -> Event | None:
        """The next line's event read against `state` (None when no line is left)."""
        for number, text in self._lines:
            content = text[:comment_start(text)]
            if not content.strip():
                continue
            if is_landmark(content):
                check_landmark(text, state, number)
                continue
            if is_header_line(content):
                raise InvalidNotation("expected an event, got a header line (header lines come before the first "
                                      "event)", line=number, column=_first_column(text), expected="an event",
                                      text=text)
            self.event, self.text, self.number = parse_event(text, state, number), text, number
            return self.event
        return None


def _read_body(lines: list[str], state: State, catalog: Catalog, first_line: int, *,
               owned: bool = False, before: list[Event] | None = None) -> tuple[list[Event], State]:
    """Read each line against the state so far and apply its event (`_Lines`).

    The events are folded as they are read (one `engine.steps`): in place when the caller hands over `state`
    (`owned`), else onto a copy, leaving the caller's state unchanged. `before` are the events that led to `state`,
    when known: a `rewind` goes back to one of their states."""
    events: list[Event] = []
    past = None if before is None else (lambda seq: engine.fold((before + events)[:seq], catalog))
    current = [state]  # the state so far: what the next line is read against
    lines_read = _Lines(lines, first_line)

    def read() -> Iterator[Event]:
        while (event := lines_read(current[0])) is not None:
            _check_storable(event, lines_read.text, lines_read.number)
            events.append(event)
            yield event

    try:
        for current[0] in engine.steps(read(), catalog, state, in_place=owned, past=past):
            pass
    except EngineError as error:
        raise _at_line(error, lines_read.event, lines_read.text, lines_read.number) from None
    return events, current[0]


def _first_column(text: str) -> int:
    return len(text) - len(text.lstrip()) + 1


def _apply(state: State | None, event: Event, catalog: Catalog, text: str, number: int) -> State:
    """`engine.apply` of one line's event, its verdicts as errors at that line (see `_at_line`)."""
    _check_storable(event, text, number)
    try:
        return engine.apply(state, event, catalog)
    except EngineError as error:
        raise _at_line(error, event, text, number) from None


def _check_storable(event: Event, text: str, number: int) -> None:
    """An event the log cannot store (a float, an integer over 64 bits, text that is not valid Unicode) is an
    error at its line. So whatever reads can be imported: nothing is refused once `import_match` starts writing."""
    try:
        canonical_bytes(event)
    except Malformed as error:
        raise _unstorable(event, text, number, error) from None


def _unstorable(event: Event, text: str, number: int, error: Malformed) -> InvalidNotation:
    return InvalidNotation(f"the log cannot store this {event['type']} event: {error}",
                           expected="an event the log can store", line=number, column=_first_column(text), text=text)


def _at_line(error: EngineError, event: Event, text: str, number: int) -> NotationError:
    """The engine's verdict on a line's event as an error at that line: a refusal or a malformation."""
    where = {"line": number, "column": _first_column(text), "text": text}
    if isinstance(error, IllegalEvent):
        reasons = "; ".join(f"{violation['message']} (rule {violation['rule']})" for violation in error.violations)
        return IllegalNotation(f"the engine refuses this {event['type']} event in a strict match: {reasons}",
                               violations=error.violations, expected="a legal event", **where)
    return InvalidNotation(f"the engine cannot read this {event['type']} event: {error}",
                           expected="an event the engine can read", **where)


# -- writing ---------------------------------------------------------------------------------------------------
def write_match(events: list[Event], catalog: Catalog | None = None, view: str = "judge") -> str:
    """The notation of a whole match: the header, then one line per event, a landmark before each turn.

    A line whose event the engine flagged ends with a comment naming the rules (comments are never read).
    For a `view` other than the judge's, each line is written from the event as that view may see it
    (`engine.views.redact_events`) against the state as it may see it (`conceal`), while the whole events drive
    the fold: a hidden card is written `?`, a hidden object by its id, a hidden deck list is a comment, and the
    remark on an event not applied names only its rule. Such a text reads as a record; it is not for importing.
    """
    catalog = catalog or engine.demo_catalog()
    shown = redact_events(events, view, {card["name"] for card in catalog})
    lines = [write_header(shown[0]), ""]
    state = engine.apply(None, events[0], catalog)

    def past(seq: int) -> State:
        """The state after event `seq`, for a rewind (an undo from the recording screen is one)."""
        return engine.fold(events[:seq], catalog)

    marked = 0
    for event, written in zip(events[1:], shown[1:]):
        if state["turn"] and state["turn"] != marked:
            if lines[-1]:
                lines.append("")
            lines.append(write_landmark(state))
            marked = state["turn"]
        line = write_line(conceal(state, view), written)
        state, remark = _advance(state, event, catalog, view, past)
        lines.append(f"{line}  # {remark}" if remark else line)
    return "\n".join(lines) + "\n"


def _advance(state: State, event: Event, catalog: Catalog, view: str = "judge",
             past: Callable[[int], State] | None = None) -> tuple[State, str]:
    """The state after `event` and a remark on it: the rules it was flagged for, or why it was not applied (the
    engine's message for the judge; others get the rule alone, since the message may name a hidden card), or for a
    rewind the seqs it voids."""
    try:
        after = engine.apply(state, event, catalog, past)
    except EngineError as error:
        rule = getattr(error, "violations", None) and error.violations[0].get("rule")
        return state, f"not applied: {error}" if view == "judge" else f"not applied{f' (rule {rule})' if rule else ''}"
    flagged = [violation for violation in after["violations"] if violation["seq"] == after["seq"]]
    if not flagged:
        voided = sorted(set(after["voided"]) - set(state["voided"]))
        if event.get("type") == "rewind" and voided:
            span = f"seq {voided[0]}" if len(voided) == 1 else f"seqs {voided[0]} to {voided[-1]}"
            return after, f"undoes {span}"
        return after, ""
    rules = ", ".join(violation["rule"] for violation in flagged)
    skipped = " (not applied)" if any(violation.get("skipped") for violation in flagged) else ""
    ruled = ", as the judge ruled" if any(violation.get("ruled") for violation in flagged) else ""
    return after, f"flagged: rule{'s' if len(flagged) > 1 else ''} {rules}{skipped}{ruled}"


def write_event(state_before: State | None, event: Event) -> str:
    """One event as notation: a line read against `state_before` (the header lines for match_created)."""
    if state_before is None or event.get("type") == "match_created":
        return write_header(event)
    return write_line(state_before, event)


# -- the log ---------------------------------------------------------------------------------------------------
def _catalog_tag(text: str) -> Tag | None:
    """The [Catalog "..."] line of a notation's header, if it has one."""
    header, _ = _header_lines(text.splitlines())
    return next((tag for tag in (read_tag(line, number) for number, line in header) if tag.name == "Catalog"), None)


def import_match(log: Log, text: str) -> tuple[str, str]:
    """Record a match from its notation; returns (match id, token). Every line is read before anything is
    written, so a text with an error leaves the log without the match; the match is written in one transaction."""
    tag = _catalog_tag(text)
    try:
        catalog = log.catalog(tag.value if tag is not None else "demo")
    except NoSuchCatalog as error:
        raise tag.error(UnknownReference, str(error), "a catalog of this log") from None
    lines = text.splitlines()
    created, (header_number, header_text), body_start = _read_header(lines, catalog)
    _check_storable(created, header_text, header_number)
    lines_read = _Lines(lines[body_start - 1:], body_start)
    # The log reads each line against its own fold of the events before it: the match is folded once.
    try:
        return log.create_match(created, meta={"client": "riftlog import"}, then=lines_read)
    except (Malformed, Refused) as error:
        cause = error.__cause__  # the engine's verdict, or why the log cannot store the event
        if not isinstance(cause, (EngineError, Malformed)):
            raise
        # About the last line read, or about seq 1 (the header's match_created) if no line was read yet.
        event, text, number = ((lines_read.event, lines_read.text, lines_read.number) if lines_read.number else
                               (created, header_text, header_number))
        if isinstance(cause, EngineError):
            raise _at_line(cause, event, text, number) from None
        raise _unstorable(event, text, number, cause) from None


def export_match(log: Log, match_id: str, view: str = "judge") -> str:
    """The notation of a recorded match, as `view` may see it (the judge's view: the whole record)."""
    events = [entry["event"] for entry in log.events(match_id)]
    return write_match(events, log.catalog(log.match(match_id)["catalog"]), view)
