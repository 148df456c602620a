"""The viewer's scrubber through Flask's test client: one bar over the whole match with its turns, violations,
notes and voided spans, drawn in at most BUCKETS runs however long the match is."""
from __future__ import annotations

import re

import pytest

import replays
from test_web import Page, as_reader
from web.scrubber import BUCKETS, TURN_LABELS, position

BUCKET = re.compile(r'<a class="bucket([^"]*)"\s+href="[^"]*seq=(\d+)[^"]*" data-first="(\d+)" data-last="(\d+)"'
                    r'(?: data-turn="(\d+)")?')


def buckets(html: str) -> list[dict]:
    """Every run of the scrubber: its classes, link, first and last seq and the turn that starts in it."""
    return [{"classes": set(classes.split()), "href_seq": int(href), "first": int(first), "last": int(last),
             "turn": int(turn) if turn else None}
            for classes, href, first, last, turn in BUCKET.findall(html)]


@pytest.fixture
def judged(client, log, demo_tokens, demo_ids):
    """The strict demo match (39 events) after a judge's rewind to seq 30 (seq 40), a note about seq 10 (41) and
    a note about nothing (42): its id."""
    match_id = demo_ids[0]
    log.append(match_id, [{"type": "rewind", "to": 30, "reason": "Hard Bargain was paid with an exhausted rune"}])
    log.append(match_id, [{"type": "note", "text": "Ben asks about the payment", "about": 10},
                          {"type": "note", "text": "table 4 is loud"}])
    as_reader(client, match_id, demo_tokens[match_id])
    return match_id


def test_a_short_match_has_one_run_per_seq_with_its_turn_marks(client, log, judged):
    html = client.get(f"/matches/{judged}?seq=20").get_data(as_text=True)
    runs = buckets(html)
    assert [(run["first"], run["last"], run["href_seq"]) for run in runs] == [(seq, seq, seq) for seq in range(1, 43)]
    timeline = replays.Cursor(log, judged).timeline
    starts = {moment.seq: moment.turn for before, moment in zip([None, *timeline], timeline)
              if moment.turn and (before is None or before.turn != moment.turn)}
    assert {run["first"]: run["turn"] for run in runs if "turn" in run["classes"]} == starts
    assert starts[40] == 5  # the rewind to seq 30 starts turn 5 again: a new run of turns
    assert [run["first"] for run in runs if "game" in run["classes"]] == [2]
    assert f'id="scrubber-seq" data-seq="20" style="left: {position(20, 42)}%"' in html  # in the middle of run 20
    assert position(20, 42) == round(19.5 * 100 / 42, 3)


def test_voided_events_are_a_span_on_the_bar_and_struck_through_on_the_timeline(client, judged):
    html = client.get(f"/matches/{judged}?seq=35").get_data(as_text=True)
    assert re.findall(r'class="voided-span"[^>]*data-first="(\d+)" data-last="(\d+)"', html) == [("31", "39")]
    assert [run["first"] for run in buckets(html) if "voided" in run["classes"]] == list(range(31, 40))
    page = Page(html)
    assert "voided" in page.attrs["timeline-35"]["class"].split() and "voided" in page.attrs["event"]["class"]
    assert "voided" not in page.attrs["timeline-40"]["class"].split()  # the rewind itself stands


def test_notes_attach_to_the_seq_they_are_about(client, judged):
    html = client.get(f"/matches/{judged}?seq=10").get_data(as_text=True)
    assert [run["first"] for run in buckets(html) if "noted" in run["classes"]] == [10, 32, 42]  # 32: the demo's
    assert Page(html).text("notes-here") == "note at seq 41: Ben asks about the payment"
    assert "notes-here" not in Page(client.get(f"/matches/{judged}?seq=41").get_data(as_text=True)).attrs


def test_violations_are_marked_where_they_were_recorded(client, log, demo_tokens, demo_ids):
    match_id = demo_ids[1]  # the audit demo match
    as_reader(client, match_id, demo_tokens[match_id])
    flagged = {violation["seq"] for violation in log.state_at(match_id)["violations"]}
    assert flagged
    for view in ("judge", "spectator"):
        html = client.get(f"/matches/{match_id}?seq=1&view={view}").get_data(as_text=True)
        assert {run["first"] for run in buckets(html) if "flagged" in run["classes"]} == flagged


def test_a_long_match_is_drawn_in_buckets_not_one_element_per_event(client, log, duel_created, duel_game):
    match_id, token = log.create_match(duel_created)
    log.append(match_id, duel_game(60))  # 185 events after match_created, more than BUCKETS
    as_reader(client, match_id, token)
    html = client.get(f"/matches/{match_id}?seq=100").get_data(as_text=True)
    runs = buckets(html)
    assert len(runs) == BUCKETS == html.count('class="bucket')
    assert runs[0]["first"] == 1 and runs[-1]["last"] == 186 and BUCKETS < 186
    assert all(run["first"] == before["last"] + 1 for before, run in zip(runs, runs[1:]))
    assert sum(run["turn"] is not None for run in runs) == 61  # each turn's start once (the last end_turn starts 61)
    assert f'id="scrubber-seq" data-seq="100" style="left: {position(100, 186)}%"' in html
    labels = re.findall(r'<span style="left: [\d.]+%">T(\d+)</span>', html)
    assert 1 < len(labels) <= TURN_LABELS and labels[0] == "1"
