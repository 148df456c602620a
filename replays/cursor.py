"""Cursors over a recorded match: the state after any seq, and stepping by event, chain resolution or turn.

A cursor reads the log; it never re-folds from seq 1 to answer `state(n)`: the log starts from the newest cached
snapshot at or before n and folds the events after it, saving the multiples of SNAPSHOT_EVERY it passes, so a
deleted cache rebuilds itself as it is used. Stepping by resolution or turn needs the type and turn of every seq:
the cursor folds the match once for that (its timeline). The newest timeline of each match is kept for the
process, keyed by the database, the match and the engine version, so a viewer that opens a new cursor for every
page does not fold the match again; when the match has grown since (its stored hash at the timeline's head is
still the timeline's head hash), only the new events are folded onto the timeline's head state.

A cursor sees the match as it was when the cursor was made (`head_seq`); `refresh()` picks up later events.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any, NamedTuple

import engine
import recorder
from engine.views import redact_events
from recorder import Log
from replays.errors import NotFound, OutOfRange, Unreplayable

STEPS = ("event", "resolution", "turn")
CACHED_TIMELINES = 64


class Moment(NamedTuple):
    """One seq of a match's timeline: the event's type and the turn of the state after it."""

    seq: int
    type: str
    turn: Any


class Timeline(NamedTuple):
    """What one fold of a whole match tells: every seq's moment and event, the card of every chain item it ever
    had (items leave the state as they resolve, and a timeline still wants to say which card `c7` was), the name
    of every battlefield it had (a best of three plays each game on other battlefields), what each `pass` passed
    (a `pass` event names only its player; the state before it says what it ends), and the state at the head,
    whose seq and chain hash it names. `views` keeps the events as each view may see them. `texts` keeps each
    view's one-line wording of each seq as the viewer writes it (web.describe): a seq's wording depends only on
    the events up to it, so it is carried on as the match grows. `memo` keeps what a caller works out from the
    whole timeline at this head (the viewer's scrubber); it is not carried on."""

    head_seq: int
    head_hash: str
    moments: list[Moment]
    events: list[dict]
    chain_cards: dict[str, str]
    battlefield_names: dict[str, str]
    passes: dict[int, str]
    head_state: dict
    views: dict[str, list[dict]]
    texts: dict[str, dict[int, str]]
    memo: dict[str, Any]


_timelines: OrderedDict[tuple[str, str, str], Timeline] = OrderedDict()
_timelines_lock = threading.Lock()


class Cursor:
    """A read-only view of one match of `log`, seekable to any seq 1..head."""

    def __init__(self, log: Log, match_id: str, upto: int | None = None) -> None:
        """The match as it is now, or as it was after event `upto` (a spectator's page under a broadcast delay:
        its timeline is folded for that head, not taken from the cache of the match's head)."""
        self.log = log
        self.match_id = match_id
        try:
            match = log.match(match_id)
        except recorder.NotFound as error:
            raise NotFound(str(error)) from None
        self.head_seq: int = match["head_seq"]
        self._head_hash: str = match["head_hash"]
        self._timeline: Timeline | None = None
        if upto is not None and 1 <= upto < self.head_seq:
            self.head_seq, self._head_hash = upto, log.events(match_id, upto - 1, upto)[0]["hash"]

    def __repr__(self) -> str:
        return f"Cursor({self.log!r}, {self.match_id!r})  # head_seq={self.head_seq}"

    def refresh(self) -> int:
        """Pick up events appended since the cursor was made; return the new head seq."""
        match = self.log.match(self.match_id)
        if match["head_seq"] != self.head_seq:
            self.head_seq, self._head_hash, self._timeline = match["head_seq"], match["head_hash"], None
        return self.head_seq

    def state(self, seq: int | None = None) -> dict:
        """The state after event `seq` (default: the head). `OutOfRange` outside 1..head."""
        seq = self.head_seq if seq is None else seq
        self._check_seq(seq)
        try:
            return self.log.state_at(self.match_id, seq)
        except recorder.Inconsistent as error:
            raise Unreplayable(error.seq, str(error)) from None

    @property
    def timeline(self) -> list[Moment]:
        """(seq, type, turn) for every seq 1..head, from one fold of the match."""
        return self._fold_timeline().moments

    @property
    def events(self) -> list[dict]:
        """Every event of the match up to the head, seq 1 first."""
        return self._fold_timeline().events

    @property
    def chain_cards(self) -> dict[str, str]:
        """The card of every chain item the match had up to the head, by item id."""
        return self._fold_timeline().chain_cards

    @property
    def battlefield_names(self) -> dict[str, str]:
        """The name of every battlefield the match had up to the head, by battlefield id."""
        return self._fold_timeline().battlefield_names

    @property
    def passes(self) -> dict[int, str]:
        """What each `pass` of the match passed, by seq: see `passing`."""
        return self._fold_timeline().passes

    @property
    def head_state(self) -> dict:
        """The state after the head event."""
        return self._fold_timeline().head_state

    def events_seen_by(self, viewer: str) -> list[dict]:
        """Every event up to the head as `viewer` may see it (`engine.views.redact_events`), worked out once per
        timeline and view."""
        timeline = self._fold_timeline()
        if viewer not in timeline.views:
            catalog = self.log.catalog(self.log.match(self.match_id)["catalog"])
            timeline.views[viewer] = redact_events(timeline.events, viewer, {card["name"] for card in catalog})
        return timeline.views[viewer]

    def texts(self, viewer: str) -> dict[int, str]:
        """The wording of each seq for `viewer` described so far, by seq: a cache its describer fills."""
        return self._fold_timeline().texts.setdefault(viewer, {})

    @property
    def memo(self) -> dict[str, Any]:
        """A cache for what a caller works out from the whole timeline at this head."""
        return self._fold_timeline().memo

    def fold(self, after: int, upto: int) -> Iterator[tuple[int, dict, dict]]:
        """(seq, event, state after it) for every seq after `after` up to `upto`, folded from the state after
        `after` (0: from the start). The state is one object changed in place by each step: copy what you keep."""
        state = self.state(after) if after else None
        try:
            yield from self.log.fold_states(self.match_id, upto, after=after, state=state)
        except recorder.Inconsistent as error:
            raise Unreplayable(error.seq, str(error)) from None

    def _fold_timeline(self) -> Timeline:
        if self._timeline is None:
            key = (str(self.log.path), self.match_id, engine.VERSION)
            with _timelines_lock:
                known = _timelines.get(key)
            if known is not None and (known.head_seq, known.head_hash) == (self.head_seq, self._head_hash):
                self._timeline = known
                return known
            grows = known is not None and known.head_seq < self.head_seq and \
                self.log.events(self.match_id, known.head_seq - 1, known.head_seq)[0]["hash"] == known.head_hash
            self._timeline = self._fold(known if grows else None)
            if known is None or known.head_seq <= self.head_seq:  # a cursor on an older head keeps its own
                with _timelines_lock:
                    _timelines[key] = self._timeline
                    _timelines.move_to_end(key)
                    while len(_timelines) > CACHED_TIMELINES:
                        _timelines.popitem(last=False)
        return self._timeline

    def _fold(self, known: Timeline | None) -> Timeline:
        """The timeline up to the cursor's head: `known` (an earlier head of the same log) carried on with the
        events after it, else a fold from seq 1."""
        if known is None:
            moments, events, chain_cards, battlefield_names, passes, state, after = [], [], {}, {}, {}, None, 0
            texts: dict[str, dict[int, str]] = {}
            next_pass = None  # what a `pass` would pass in the state so far (fold_states reuses its state object)
        else:
            moments, events, chain_cards = list(known.moments), list(known.events), dict(known.chain_cards)
            battlefield_names, passes = dict(known.battlefield_names), dict(known.passes)
            state, after = known.head_state, known.head_seq
            texts = {viewer: dict(described) for viewer, described in known.texts.items()}
            next_pass = passing(state)
        try:
            for seq, event, state in self.log.fold_states(self.match_id, self.head_seq, after=after, state=state):
                moments.append(Moment(seq, event.get("type"), state.get("turn")))
                events.append(event)
                if event.get("type") == "pass" and next_pass is not None:
                    passes[seq] = next_pass
                next_pass = passing(state)
                for item in state.get("chain") or []:
                    chain_cards.setdefault(item["id"], item.get("card"))
                for field in state.get("battlefields") or []:
                    battlefield_names.setdefault(field["id"], field.get("name"))
        except recorder.Inconsistent as error:
            raise Unreplayable(error.seq, str(error)) from None
        return Timeline(self.head_seq, self._head_hash, moments, events, chain_cards, battlefield_names, passes,
                        state or {}, {}, texts, {})

    def step(self, seq: int, by: str = "event", direction: int = 1) -> int:
        """The seq one step from `seq`, forward (+1) or back (-1); `seq` itself when there is nowhere to go.

        - "event": the next or previous seq, clamped to 1..head.
        - "resolution": the next or previous seq whose event is a `resolve` (a chain item resolving).
        - "turn": forward, the first seq whose state's turn differs from the turn at `seq`; back, the first seq
          of the current turn if `seq` is past it, else the first seq of the turn before. Turns are runs of
          equal `turn` on the timeline, so a judge's rewind into an earlier turn starts a new run.
        """
        self._check_seq(seq)
        if direction not in (1, -1):
            raise OutOfRange(f"direction must be +1 or -1, not {direction!r}")
        if by == "event":
            return min(max(seq + direction, 1), self.head_seq)
        if by == "resolution":
            return step_resolution(self.timeline, seq, direction)
        if by == "turn":
            return step_turn(self.timeline, seq, direction)
        raise OutOfRange(f"cannot step by {by!r}: step by one of {', '.join(STEPS)}")

    def _check_seq(self, seq: int) -> None:
        if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= self.head_seq:
            raise OutOfRange(f"match {self.match_id} has events 1 to {self.head_seq}; {seq!r} is not one of them")


def passing(state: dict) -> str | None:
    """What a `pass` recorded in `state` passes, as the engine reads it (engine.turn.pass_event): "priority" on a
    chain (334.1.c), "focus" in a showdown without one (344.3), "beginning" for the turn player's beginning step
    (its end, then Hold scores); None when a pass would be refused."""
    if state.get("chain"):
        return "priority"
    if state.get("showdown") is not None:
        return "focus"
    if state.get("phase") == "beginning":
        return "beginning"
    return None


def step_resolution(timeline: list[Moment], seq: int, direction: int) -> int:
    """The nearest `resolve` strictly after (+1) or before (-1) `seq` on the timeline, else `seq`."""
    others = timeline[seq:] if direction > 0 else reversed(timeline[:seq - 1])
    return next((moment.seq for moment in others if moment.type == "resolve"), seq)


def step_turn(timeline: list[Moment], seq: int, direction: int) -> int:
    """The first seq of the next turn (+1), or of the current or previous turn (-1); see `Cursor.step`."""
    if direction > 0:
        turn = timeline[seq - 1].turn
        return next((moment.seq for moment in timeline[seq:] if moment.turn != turn), seq)
    start = turn_start(timeline, seq)
    if start < seq:
        return start
    return turn_start(timeline, start - 1) if start > 1 else seq


def turn_start(timeline: list[Moment], seq: int) -> int:
    """The first seq of the run of equal turns that `seq` belongs to."""
    turn = timeline[seq - 1].turn
    while seq > 1 and timeline[seq - 2].turn == turn:
        seq -= 1
    return seq
