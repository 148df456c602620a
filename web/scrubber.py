"""The viewer's scrubber: one horizontal bar over the whole match, with its turns, violations, notes and voided spans,
for seeing the shape of a match at a glance and seeking by clicking.

The bar is cut into at most BUCKETS equal runs of seqs (one per seq for a short match), and every mark is drawn per
run, so a page of a 20,000-event match draws as many elements as one of 200. What the runs hold depends only on
the match up to its head, not on the view: it is worked out once per head and kept with the cursor's timeline.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from flask import render_template
from markupsafe import Markup

import replays

BUCKETS = 160
TURN_LABELS = 12  # at most this many turn numbers are written under the bar


class Bucket(NamedTuple):
    """One run of seqs first..last of the bar: the turns that start in it (the first and how many), whether a game
    starts in it, and how many of its seqs are flagged with a violation, have notes about them, or are voided."""

    first: int
    last: int
    turn: Any
    turns: int
    game_start: bool
    flagged: int
    notes: int
    voided: int


class Span(NamedTuple):
    """A run of buckets holding voided events, as a share of the bar: where it starts and how wide it is (%)."""

    first: int
    last: int
    left: float
    width: float


class Scrubber(NamedTuple):
    head_seq: int
    buckets: list[Bucket]
    voided_spans: list[Span]
    turn_labels: list[tuple[float, Any]]  # (position on the bar in %, turn number), spread out
    notes_about: dict[int, list[int]]  # seq: the seqs of the notes about it, oldest first


def scrubber(cursor: replays.Cursor) -> Scrubber:
    """The scrubber of the cursor's match at its head, worked out once per head."""
    known = cursor.memo.get("scrubber")
    if known is None:
        known = cursor.memo["scrubber"] = _scrubber(cursor)
    return known


def runs_html(cursor: replays.Cursor, viewer: str, link: str) -> Markup:
    """The bar's runs and voided spans as HTML (templates/scrubber_runs.html), each run a link to `link` (the
    match's page in this view) at its first seq: rendered once per head and view, as nothing in it depends on the
    page's seq, so stepping through a long match does not draw 160 links again for every page."""
    key = f"scrubber runs {viewer}"
    html = cursor.memo.get(key)
    if html is None:
        html = cursor.memo[key] = Markup(render_template("scrubber_runs.html", scrubber=scrubber(cursor), link=link))
    return html


def position(seq: int, head_seq: int) -> float:
    """Where the middle of `seq` falls on the bar, in % of its width."""
    return round((seq - 0.5) * 100 / head_seq, 3)


def _scrubber(cursor: replays.Cursor) -> Scrubber:
    head, moments, events, state = cursor.head_seq, cursor.timeline, cursor.events, cursor.head_state
    count = min(head, BUCKETS)
    bounds = [(index * head // count + 1, (index + 1) * head // count) for index in range(count)]
    bucket_of = [0] * (head + 1)  # seq -> bucket index
    for index, (first, last) in enumerate(bounds):
        bucket_of[first:last + 1] = [index] * (last - first + 1)

    turn_starts: list[tuple[int, Any]] = []
    game_starts, notes_about = set(), {}
    previous = object()
    for moment, event in zip(moments, events):
        if moment.turn != previous and moment.turn not in (None, 0):
            turn_starts.append((moment.seq, moment.turn))
        previous = moment.turn
        if moment.type in ("game_started", "position"):
            game_starts.add(bucket_of[moment.seq])
        if moment.type == "note":
            about = event.get("about")
            about = about if isinstance(about, int) and not isinstance(about, bool) and 1 <= about <= head \
                else moment.seq  # a note about nothing in the match marks itself
            notes_about.setdefault(about, []).append(moment.seq)

    def tally(seqs) -> list[int]:
        counts = [0] * count
        for seq in seqs:
            if isinstance(seq, int) and 1 <= seq <= head:
                counts[bucket_of[seq]] += 1
        return counts

    flagged = tally({violation.get("seq") for violation in state.get("violations") or []})
    noted = tally(seq for seq, notes in notes_about.items() for _ in notes)
    voided = tally(state.get("voided") or [])
    first_turn: dict[int, Any] = {}
    turns = [0] * count
    for seq, turn in turn_starts:
        first_turn.setdefault(bucket_of[seq], turn)
        turns[bucket_of[seq]] += 1
    buckets = [Bucket(first, last, first_turn.get(index), turns[index], index in game_starts, flagged[index],
                      noted[index], voided[index]) for index, (first, last) in enumerate(bounds)]

    spans, start = [], None
    for index in range(count + 1):
        if index < count and voided[index]:
            start = index if start is None else start
        elif start is not None:
            first, last = bounds[start][0], bounds[index - 1][1]
            spans.append(Span(first, last, round((first - 1) * 100 / head, 3),
                              round((last - first + 1) * 100 / head, 3)))
            start = None
    labels: list[tuple[float, Any]] = []
    for seq, turn in turn_starts:  # evenly spread, none closer than a share of the bar (a rewind restarts a turn)
        left = position(seq, head)
        if not labels or left - labels[-1][0] >= 100 / TURN_LABELS:
            labels.append((left, turn))
    return Scrubber(head, buckets, spans, labels, notes_about)
