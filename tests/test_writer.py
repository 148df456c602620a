"""Group commit (recorder.Writer): many callers' appends in one transaction, each answered only once it committed;
a writer that cannot get the lock answers Busy (503 with Retry-After over HTTP), never "database is locked".
Every test runs on both stores (the `database` fixture)."""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
import recorder
from recorder import Busy, Conflict, Log, Refused, Writer
from recorder.store import is_postgres
from recorder.writer import _Job

NOTE = {"type": "note", "text": "table call"}


def stored_events(log: Log, match_id: str) -> list[dict]:
    return [row["event"] for row in log.events(match_id)]


@pytest.fixture
def tmp_db(database: Path | str) -> Path | str:
    """The log's database, in each store."""
    return database


@contextlib.contextmanager
def another_writer_holding_the_lock(path: Path | str) -> Iterator[None]:
    """Another process's connection holding the write lock for the duration: SQLite's file lock; on PostgreSQL,
    the matches table locked against every writer."""
    if is_postgres(path):
        import psycopg

        with psycopg.connect(str(path)) as connection:  # a transaction, rolled back when it closes
            connection.execute("LOCK TABLE matches IN EXCLUSIVE MODE")
            yield
            connection.rollback()
        return
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        connection.execute("ROLLBACK")
        connection.close()


def test_one_commit_writes_many_callers_appends_and_keeps_each_callers_error_its_own(log: Log,
                                                                                   duel_created: dict) -> None:
    first, _ = log.create_match(duel_created)
    second, _ = log.create_match(duel_created)
    jobs = [_Job(log.prepare_append(first, [NOTE])),
            _Job(log.prepare_append(second, [NOTE, NOTE])),
            _Job(log.prepare_append(first, [{"type": "end_turn", "player": "P2"}])),  # no game yet: refused
            _Job(log.prepare_append(first, [NOTE], expected_seq=2)),  # folds onto the first job's head
            _Job(log.prepare_append(second, [NOTE], expected_seq=2)),  # stale: the second job moved it to 3
            _Job(log.prepare_append(first, [NOTE], idempotency_key="k1")),
            _Job(log.prepare_append(first, [NOTE], idempotency_key="k1"))]  # a retry in the same group
    assert all(job.start() for job in jobs)
    writer = Writer(log.path)
    writer._commit(log, jobs)
    answers = []
    for job in jobs:
        try:
            answers.append(job.answer(0)["seq"])
        except (Refused, Conflict) as error:
            answers.append(type(error).__name__)
    assert answers == [2, 3, "Refused", 3, "Conflict", 4, 4]
    assert log.match(first)["head_seq"] == 4 and log.match(second)["head_seq"] == 3
    # One commit wrote to each match: a stream of either match is woken once (web.stream).
    assert writer.commits(first) == writer.commits(second) == 1
    assert writer.wait_for_commit(first, 0, timeout=0) == 1
    for match_id in (first, second):
        assert log.verify_chain(match_id)["ok"]
        assert log.state_at(match_id) == engine.fold(stored_events(log, match_id), engine.demo_catalog())


def test_an_append_that_fails_after_writing_a_row_is_undone_alone(log: Log, duel_created: dict) -> None:
    """Refusals come before any write, so a group has no savepoint per append; an append that fails after it
    wrote a row (its second event collides with a row forged past the match's head) has the group written again,
    each append in its own savepoint: that one is undone, the others are committed."""
    first, _ = log.create_match(duel_created)
    second, _ = log.create_match(duel_created)
    with log.db.writing():
        log.db.execute('INSERT INTO events ("match", seq, type, body, hash, prev_hash, recorded_at, client, '
                       'idempotency_key) SELECT "match", 3, type, body, hash, prev_hash, recorded_at, client, '
                       'idempotency_key FROM events WHERE "match" = ? AND seq = 1', [second])
    jobs = [_Job(log.prepare_append(first, [NOTE])),
            _Job(log.prepare_append(second, [NOTE, NOTE])),  # seq 2 is written, then seq 3 collides
            _Job(log.prepare_append(first, [NOTE], expected_seq=2))]
    assert all(job.start() for job in jobs)
    Writer(log.path)._commit(log, jobs)
    assert jobs[0].answer(0)["seq"] == 2 and jobs[2].answer(0)["seq"] == 3
    with pytest.raises(Conflict):
        jobs[1].answer(0)
    assert log.match(second)["head_seq"] == 1
    assert [row[0] for row in log.db.execute('SELECT seq FROM events WHERE "match" = ? ORDER BY seq', [second])] \
        == [1, 3]  # nothing of the failed append: only the forged row stays
    assert log.verify_chain(first)["ok"]


def test_concurrent_callers_each_get_their_events_written_once(tmp_db: Path, duel_created: dict) -> None:
    with Log(tmp_db) as log:
        match_ids = [log.create_match(duel_created)[0] for _ in range(8)]
    writer = Writer(tmp_db)
    acknowledged: dict[str, list[int]] = {match_id: [] for match_id in match_ids}
    errors = []

    def recorder_of(match_id: str) -> None:
        with Log(tmp_db) as own:
            try:
                for index in range(15):
                    answer = writer.append(own, match_id, [{"type": "note", "text": f"{match_id} {index}"}],
                                           idempotency_key=f"{match_id}-{index}")
                    acknowledged[match_id].append(answer["seq"])
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

    threads = [threading.Thread(target=recorder_of, args=(match_id,)) for match_id in match_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with Log(tmp_db) as log:
        for match_id in match_ids:
            assert acknowledged[match_id] == list(range(2, 17))
            assert [event.get("text") for event in stored_events(log, match_id)[1:]] == \
                [f"{match_id} {index}" for index in range(15)]
            assert log.verify_chain(match_id)["ok"]


def test_a_match_whose_head_this_process_does_not_keep_is_folded_by_its_caller_and_kept(tmp_db: Path,
                                                                                      duel_created: dict) -> None:
    """A match created by another process (or recorded through another server) has no head here: its first append
    is folded by the caller onto the head as stored (the writer thread only writes it), and the new head is kept,
    so the next append folds onto it."""
    from recorder.heads import HOT

    with Log(tmp_db) as log:
        match_id, _token = log.create_match(duel_created)
        log.append(match_id, [{"type": "note", "text": "from the command line"}])
        HOT.forget(log.database)  # as a process that never saw the match
        assert not HOT.knows(log.database, match_id)
        writer = Writer(tmp_db)
        assert writer.append(log, match_id, [NOTE], expected_seq=2)["seq"] == 3
        assert HOT.knows(log.database, match_id)
        assert writer.append(log, match_id, [NOTE], expected_seq=3)["seq"] == 4
        assert [event.get("text") for event in stored_events(log, match_id)[1:]] == \
            ["from the command line", NOTE["text"], NOTE["text"]]
        assert log.verify_chain(match_id)["ok"]
        head = HOT.take(log.database, match_id, "demo", 4, log.match(match_id)["head_hash"])
        assert head is not None and head.state == log.state_at(match_id, 4)


def test_a_writer_that_cannot_get_the_lock_is_busy_and_writes_nothing(tmp_db: Path, duel_created: dict) -> None:
    with Log(tmp_db) as log:
        match_id, _ = log.create_match(duel_created)
        with another_writer_holding_the_lock(tmp_db), pytest.raises(Busy, match="busy"):
            Writer(tmp_db, busy_timeout=0.01).append(log, match_id, [NOTE])
        assert log.match(match_id)["head_seq"] == 1
        assert Writer(tmp_db).append(log, match_id, [NOTE])["seq"] == 2


def test_an_append_not_started_in_time_is_withdrawn(log: Log, duel_created: dict) -> None:
    match_id, _ = log.create_match(duel_created)
    job = _Job(log.prepare_append(match_id, [NOTE]))
    with pytest.raises(Busy, match="waited 0 s"):
        job.answer(0)
    assert not job.start()  # the writer skips it: the caller was told nothing was written


def test_a_log_that_cannot_get_the_lock_is_busy_not_locked(tmp_db: Path, duel_created: dict) -> None:
    with Log(tmp_db, busy_timeout=0.01) as log:
        with another_writer_holding_the_lock(tmp_db), pytest.raises(Busy, match="nothing was written"):
            log.create_match(duel_created)
        assert log.matches() == []


def test_the_api_answers_503_with_retry_after_when_the_lock_is_held(tmp_db: Path, duel_created: dict) -> None:
    from web import create_app

    client = create_app({"TESTING": True, "DATABASE": str(tmp_db), "BUSY_TIMEOUT": 0.01}).test_client()
    created = client.post("/api/matches", json=duel_created).json
    headers = {"Authorization": f"Bearer {created['token']}"}
    with another_writer_holding_the_lock(tmp_db):
        busy = client.post(f"/api/matches/{created['id']}/events", json={"event": NOTE}, headers=headers)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == str(recorder.Busy.retry_after)
    assert "nothing was written" in busy.json["error"]
    done = client.post(f"/api/matches/{created['id']}/events", json={"event": NOTE}, headers=headers)
    assert done.status_code == 201 and done.json["seq"] == 2
