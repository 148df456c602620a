"""Cursors over a recorded match (seek, step by event / resolution / turn) and the verification of a match."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import engine
import recorder
import replays
from recorder import Log
from recorder.snapshots import Shared, encode
from positions import ARENA, COMBAT, PASSES, transcript
from replays import Cursor, Moment, OutOfRange, notation

TURNS = 22  # 72 events: past the first multiple of SNAPSHOT_EVERY


def fold_prefix(log: Log, match_id: str, seq: int) -> dict:
    """The invariant's right-hand side: a plain fold of the first `seq` stored events, no cache involved."""
    events = [row["event"] for row in log.events(match_id, upto=seq)]
    return engine.fold(events, log.catalog(log.match(match_id)["catalog"]))


def tamper(path: Path, sql: str, params: tuple = ()) -> None:
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(sql, params)
    connection.close()


@pytest.fixture
def game(log: Log, duel_created: dict, duel_game) -> str:
    """m1: a strict duel through its setup and 22 turns, 72 events appended in batches of up to 10.

    Turns (the state's `turn` after each seq): 0 for seqs 1-5 (setup), turn 1 starts at seq 6 (the second
    mulligan), and each end_turn starts the next: turn k starts at seq 3k + 3, turn 23 at the head, 72.
    """
    match_id, _ = log.create_match(duel_created)
    script = duel_game(TURNS)
    for start in range(0, len(script), 10):
        log.append(match_id, script[start:start + 10])
    return match_id


# --- the invariant -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cache", ["as recorded", "all snapshots deleted", "another engine version"])
def test_seeking_to_n_equals_folding_the_first_n_events(log: Log, game: str, cache: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if cache == "all snapshots deleted":
        log.drop_snapshots()
    if cache == "another engine version":
        monkeypatch.setattr(engine, "VERSION", engine.VERSION + "-next")
    cursor = Cursor(log, game)
    assert cursor.head_seq == 72 > recorder.SNAPSHOT_EVERY
    for seq in range(1, cursor.head_seq + 1):
        assert cursor.state(seq) == fold_prefix(log, game, seq), f"seq {seq}"
    assert cursor.state() == cursor.state(72)


def test_seeking_backwards_and_at_random_equals_folding(log: Log, game: str) -> None:
    cursor = Cursor(log, game)
    for seq in (72, 1, 64, 63, 33, 32, 31, 65, 2, 40):
        assert cursor.state(seq) == fold_prefix(log, game, seq), f"seq {seq}"


def test_a_cursor_rebuilds_the_snapshot_cache_as_it_seeks(log: Log, game: str) -> None:
    log.drop_snapshots()
    Cursor(log, game).state(70)
    assert log.snapshot_seqs(game) == [64]


def test_a_state_is_the_callers_to_keep(log: Log, game: str) -> None:
    cursor = Cursor(log, game)
    state = cursor.state(40)
    state["players"].clear()
    assert cursor.state(40) == fold_prefix(log, game, 40)


@pytest.mark.parametrize("seq", [0, -1, 73, "5", 1.5, True])
def test_a_seq_outside_the_match_is_out_of_range(log: Log, game: str, seq: object) -> None:
    with pytest.raises(OutOfRange, match="m1 has events 1 to 72"):
        Cursor(log, game).state(seq)  # type: ignore[arg-type]


def test_an_unknown_match_has_no_cursor(log: Log) -> None:
    with pytest.raises(replays.NotFound, match="'m404'"):
        Cursor(log, "m404")


def test_a_cursor_sees_new_events_after_refresh(log: Log, game: str) -> None:
    cursor = Cursor(log, game)
    log.append(game, [{"type": "note", "text": "time called"}])
    assert cursor.head_seq == 72
    assert cursor.refresh() == 73 == cursor.head_seq
    assert cursor.state(73)["seq"] == 73
    assert cursor.timeline[-1] == Moment(73, "note", cursor.state(72)["turn"])


# --- stepping ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seq, direction, expected", [(1, 1, 2), (1, -1, 1), (40, -1, 39), (72, 1, 72), (72, -1, 71)])
def test_stepping_by_event_is_clamped_to_the_match(log: Log, game: str, seq: int, direction: int,
                                                   expected: int) -> None:
    assert Cursor(log, game).step(seq, "event", direction) == expected


def test_the_timeline_has_each_seqs_type_and_turn(log: Log, game: str) -> None:
    timeline = Cursor(log, game).timeline
    assert [moment.seq for moment in timeline] == list(range(1, 73))
    assert timeline[:10] == [
        Moment(1, "match_created", 0), Moment(2, "game_started", 0), Moment(3, "draw", 0), Moment(4, "draw", 0),
        Moment(5, "mulligan", 0), Moment(6, "mulligan", 1), Moment(7, "channel", 1), Moment(8, "draw", 1),
        Moment(9, "end_turn", 2), Moment(10, "channel", 2),
    ]
    assert timeline[-1] == Moment(72, "end_turn", 23)


@pytest.mark.parametrize("seq, direction, expected", [
    (1, 1, 6),     # from the setup to turn 1
    (5, 1, 6),
    (6, 1, 9),     # turn 1 -> turn 2
    (8, 1, 9),
    (70, 1, 72),   # turn 22 -> turn 23 at the head
    (72, 1, 72),   # no later turn: nowhere to go
    (10, -1, 9),   # inside turn 2: back to its first seq
    (11, -1, 9),
    (9, -1, 6),    # at the start of turn 2: back to the start of turn 1
    (6, -1, 1),    # at the start of turn 1: back to the setup
    (3, -1, 1),
    (1, -1, 1),
])
def test_stepping_by_turn(log: Log, game: str, seq: int, direction: int, expected: int) -> None:
    assert Cursor(log, game).step(seq, "turn", direction) == expected


def test_the_timeline_is_folded_once_per_cursor(log: Log, game: str, folded: list[int]) -> None:
    cursor = Cursor(log, game)
    seq = 1
    for _ in range(5):
        seq = cursor.step(seq, "turn", 1)
    cursor.step(seq, "resolution", -1)
    assert seq == 18 and folded == list(range(1, 73))


def test_a_new_cursor_on_the_same_head_reuses_the_timeline(log: Log, game: str, folded: list[int]) -> None:
    Cursor(log, game).timeline
    folded.clear()
    again = Cursor(log, game)
    assert again.step(1, "turn", 1) == 6 and folded == []
    log.append(game, [{"type": "note", "text": "later"}])
    assert Cursor(log, game).timeline[-1] == Moment(73, "note", again.timeline[-1].turn)
    assert folded == [73, 73]  # the append's fold, then the timeline carried on by the new event only


def test_a_timeline_is_folded_again_when_the_log_under_it_changed(log: Log, tmp_db: Path, game: str,
                                                                  folded: list[int]) -> None:
    Cursor(log, game).timeline
    tamper(tmp_db, 'UPDATE events SET hash = ? WHERE "match" = ? AND seq = 72', ("00" * 32, game))
    log.append(game, [{"type": "note", "text": "later"}])
    folded.clear()
    assert Cursor(log, game).timeline[-1].seq == 73
    assert folded == list(range(1, 74))  # the stored hash at the old head is not the timeline's: no carrying on


def test_the_timeline_names_every_chain_item_the_match_had(log: Log, demo_ids: list[str]) -> None:
    cards = Cursor(log, demo_ids[0]).chain_cards
    assert set(cards.values()) == {"Shakedown", "Discipline", "Hard Bargain"}  # units never wait on the chain


@pytest.fixture
def resolutions(log: Log, audit_created: dict) -> str:
    """An audit match with `resolve` events at seqs 3, 4 and 7 (flagged and skipped: there is no chain)."""
    match_id, _ = log.create_match(audit_created)
    resolve = {"type": "resolve", "item": "c1", "effects": []}
    note = {"type": "note", "text": "x"}
    log.append(match_id, [note, resolve, resolve, note, note, resolve, note])
    return match_id


@pytest.mark.parametrize("seq, direction, expected", [
    (1, 1, 3), (3, 1, 4), (4, 1, 7), (5, 1, 7), (7, 1, 7), (8, 1, 8),
    (8, -1, 7), (7, -1, 4), (5, -1, 4), (4, -1, 3), (3, -1, 3), (1, -1, 1),
])
def test_stepping_by_resolution(log: Log, resolutions: str, seq: int, direction: int, expected: int) -> None:
    assert Cursor(log, resolutions).step(seq, "resolution", direction) == expected


TIMELINE = [Moment(seq, kind, turn) for seq, kind, turn in [
    (1, "match_created", 0), (2, "resolve", 0), (3, "note", 1), (4, "resolve", 1), (5, "note", 2),
    (6, "note", 2), (7, "rewind", 1), (8, "note", 1), (9, "resolve", 1),
]]


@pytest.mark.parametrize("seq, direction, expected", [
    (1, 1, 3), (3, 1, 5), (5, 1, 7), (6, 1, 7), (7, 1, 7), (9, 1, 9),  # a rewind to turn 1 starts a new run
    (9, -1, 7), (7, -1, 5), (6, -1, 5), (5, -1, 3), (4, -1, 3), (3, -1, 1), (2, -1, 1), (1, -1, 1),
])
def test_turns_are_runs_on_the_timeline(seq: int, direction: int, expected: int) -> None:
    assert replays.step_turn(TIMELINE, seq, direction) == expected


@pytest.mark.parametrize("seq, direction, expected", [
    (1, 1, 2), (2, 1, 4), (4, 1, 9), (9, 1, 9), (9, -1, 4), (4, -1, 2), (2, -1, 2), (8, -1, 4),
])
def test_resolutions_on_a_timeline(seq: int, direction: int, expected: int) -> None:
    assert replays.step_resolution(TIMELINE, seq, direction) == expected


@pytest.mark.parametrize("seq, by, direction, message", [
    (0, "event", 1, "events 1 to 72"),
    (73, "turn", -1, "events 1 to 72"),
    (5, "phase", 1, "step by one of event, resolution, turn"),
    (5, "event", 2, "direction must be"),
])
def test_a_step_that_cannot_be_taken_is_out_of_range(log: Log, game: str, seq: int, by: str, direction: int,
                                                     message: str) -> None:
    with pytest.raises(OutOfRange, match=message):
        Cursor(log, game).step(seq, by, direction)


# --- verify ------------------------------------------------------------------------------------------------------

def test_a_recorded_match_verifies(log: Log, game: str) -> None:
    head = log.match(game)
    assert replays.verify(log, game) == {"ok": True, "head_seq": 72, "head_hash": head["head_hash"],
                                         "bad_seq": None, "error": None, "snapshots_dropped": []}


def test_verify_catches_an_edited_event(log: Log, tmp_db: Path, game: str) -> None:
    forged = recorder.canonical_bytes({"type": "note", "text": "P2 conceded"})
    tamper(tmp_db, 'UPDATE events SET body = ? WHERE "match" = ? AND seq = 40', (forged, game))
    result = replays.verify(log, game)
    assert (result["ok"], result["bad_seq"]) == (False, 40)


def test_verify_fails_at_a_stored_event_the_engine_refuses(log: Log, tmp_db: Path, game: str) -> None:
    """Someone with the file appends an illegal event and recomputes the chain: the chain holds, the re-fold not."""
    head = log.match(game)
    body = recorder.canonical_bytes({"type": "end_turn", "player": "P1"})  # P1's turn 23 is in its channel phase
    digest = recorder.chain_hash(head["head_hash"], body)
    tamper(tmp_db, 'INSERT INTO events ("match", seq, type, body, hash, prev_hash) VALUES (?, 73, ?, ?, ?, ?)',
           (game, "end_turn", body, digest, head["head_hash"]))
    tamper(tmp_db, "UPDATE matches SET head_seq = 73, head_hash = ? WHERE id = ?", (digest, game))
    assert log.verify_chain(game)["ok"]
    result = replays.verify(log, game)
    assert (result["ok"], result["bad_seq"], result["head_seq"]) == (False, 73, 73)
    assert "stored event 73 (end_turn)" in result["error"]
    with pytest.raises(replays.Unreplayable, match="event 73"):
        Cursor(log, game).state(73)


def test_verify_trusts_no_snapshot_and_drops_a_wrong_one(log: Log, tmp_db: Path, game: str) -> None:
    truth = log.state_at(game, 64)
    tamper(tmp_db, 'UPDATE snapshots SET state = ? WHERE "match" = ? AND seq = 64',
           (encode({**truth, "turn": 999}, Shared.of(log.state_at(game, 1))), game))
    result = replays.verify(log, game)
    assert result["ok"] and result["snapshots_dropped"] == [64]
    assert log.snapshot_seqs(game) == []
    assert Cursor(log, game).state(64) == truth


def test_verify_an_unknown_match(log: Log) -> None:
    with pytest.raises(replays.NotFound):
        replays.verify(log, "m7")


@pytest.mark.parametrize("lines, expected", [
    (PASSES, {4: "priority", 5: "priority", 8: "beginning"}),
    (COMBAT, {4: "focus", 5: "focus"}),
])
def test_the_timeline_says_what_each_pass_passed(log: Log, lines: tuple[str, ...], expected: dict[int, str]) -> None:
    match_id, _ = notation.import_match(log, transcript(*lines))
    cursor = Cursor(log, match_id)
    assert cursor.passes == expected
    assert {seq for seq, event in enumerate(cursor.events, 1) if event["type"] == "pass"} == set(expected)
    assert all(replays.passing(cursor.state(seq - 1)) == passed for seq, passed in expected.items())


def test_a_pass_with_nothing_to_pass_passes_nothing() -> None:
    state = engine.fold(notation.parse_match(transcript(f"position {ARENA}")), engine.demo_catalog())
    assert replays.passing(state) is None


def test_the_timeline_names_every_battlefield_the_match_had(log: Log) -> None:
    match_id, _ = notation.import_match(log, transcript(
        "game 1: P1 first; P1 Zaun Warrens; P2 Altar to Unity", "P1 concede",
        "game 2: P1 first; P1 Back-Alley Bar; P2 Grove of the God-Willow", mode="match"))
    assert Cursor(log, match_id).battlefield_names == {"bf1": "Zaun Warrens", "bf2": "Altar to Unity",
                                                       "bf3": "Back-Alley Bar", "bf4": "Grove of the God-Willow"}


def test_a_timeline_carried_on_as_the_match_grows_says_what_a_fold_from_seq_1_says(log: Log) -> None:
    lines = (*PASSES, "P2 concede", "game 2: P2 first; P1 Back-Alley Bar; P2 Grove of the God-Willow")
    events = notation.parse_match(transcript(*lines, mode="match"))
    match_id, _ = notation.import_match(log, transcript(*lines[:3], mode="match"))
    assert Cursor(log, match_id).passes == {4: "priority"}  # the timeline of the first head, cached
    log.append(match_id, events[4:], expected_seq=4)
    grown = Cursor(log, match_id)
    assert grown.passes == {4: "priority", 5: "priority", 8: "beginning"}
    assert set(grown.battlefield_names) == {"bf1", "bf2", "bf3", "bf4"}
