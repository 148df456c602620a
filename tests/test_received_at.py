"""When the server received each event (recorder.schema m009, recorder.postgres m009): stamped by the store's own
clock in the insert, whatever `recorded_at` the recording client sent, on both stores; a log from before keeps its
events' bytes, and their receive time is their `recorded_at` (issue 24, hole 11; docs/web.md "Broadcast delay")."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

from sqlite_utils import Database

import recorder
import replays
from recorder import schema

AN_HOUR_AGO = (datetime.now(timezone.utc) - timedelta(hours=1)).isoformat(timespec="milliseconds")
EVENT_COLUMNS = '"match", seq, type, body, hash, prev_hash, recorded_at, client, idempotency_key'


def near_now(stamp: str) -> bool:
    return abs(datetime.fromisoformat(stamp) - datetime.now(timezone.utc)) < timedelta(minutes=1)


def test_the_store_stamps_when_it_received_an_event_not_when_its_client_says(database, duel_created, duel_game):
    with recorder.Log(database) as log:
        match_id, _ = log.create_match(duel_created, meta={"recorded_at": AN_HOUR_AGO})
        log.append(match_id, duel_game(0), meta={"recorded_at": AN_HOUR_AGO, "client": "offline tablet"})
        times = list(log.received_times(match_id))
        assert [seq for seq, _ in times] == list(range(len(duel_game(0)) + 1, 0, -1))  # newest first
        assert all(near_now(stamp) for _, stamp in times), times
        assert {entry["recorded_at"] for entry in log.events(match_id)} == {AN_HOUR_AGO}  # kept as sent


def test_an_upgraded_sqlite_log_keeps_its_events_and_reads_their_recorded_at(tmp_path, duel_created, duel_game):
    """A log written before m009 (its events copied into a file migrated up to m008): the upgrade makes the table
    anew with every row's bytes, the chain still verifies, the old events read by their `recorded_at`, and what is
    appended next is stamped."""
    with recorder.Log(tmp_path / "new.db") as log:
        match_id, _ = log.create_match(duel_created, meta={"recorded_at": AN_HOUR_AGO})
        log.append(match_id, duel_game(0), meta={"recorded_at": AN_HOUR_AGO})
    old = tmp_path / "old.db"
    schema.migrations.apply(Database(old), stop_before="m009_received_at")
    with sqlite3.connect(old) as db:
        db.execute("ATTACH ? AS new", [str(tmp_path / "new.db")])
        assert "received_at" not in [row[1] for row in db.execute("PRAGMA table_info(events)")]
        kept = ", ".join(row[1] for row in db.execute("PRAGMA table_info(matches)"))  # the columns m008 had
        db.execute(f"INSERT INTO matches ({kept}) SELECT {kept} FROM new.matches")
        db.execute(f"INSERT INTO events ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM new.events")
        before = db.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY seq").fetchall()
    with recorder.Log(old) as log:
        assert replays.verify(log, match_id)["ok"]
        assert {stamp for _, stamp in log.received_times(match_id)} == {AN_HOUR_AGO}
        log.append(match_id, [{"type": "note", "text": "after the upgrade"}], meta={"recorded_at": AN_HOUR_AGO})
        newest_seq, newest = next(log.received_times(match_id))
        assert newest_seq == len(before) + 1 and near_now(newest)
    with sqlite3.connect(old) as db:
        assert db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE seq <= ? ORDER BY seq",
                          [len(before)]).fetchall() == before
        assert db.execute("SELECT count(*) FROM events WHERE received_at IS NULL").fetchone()[0] == len(before)
