"""Copying a log from one store to another (`riftlog migrate`): a SQLite file to PostgreSQL, or back.

A match is copied as it is stored, never re-encoded: its row (id, token hash, times, publication and broadcast
delay, archiving), its events' bytes, hashes and envelopes, and the first answers under its idempotency keys, so that its
hash chain, its seal, its tokens (reissued ones too) and a recorder's retries all hold on the other store.
Snapshots are a cache and are not copied (the target rebuilds them). The catalogs the matches name, the
organiser's key, the rounds' pairings and the ids of deleted matches are copied first.

Each match is copied in one transaction of the target and checked inside it (`check`, e.g. `replays.verify`: the
hash chain and a fold from seq 1) before it commits: a match that does not check out is not copied at all, and
the others are. A match the target holds already is left alone if it is the same record (same head hash), and
reported otherwise: a copy never overwrites.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from recorder.catalogs import DEMO_CATALOG
from recorder.errors import RecorderError
from recorder.heads import HOT
from recorder.log import Log

# `received_at` copied as it is (null stays null: the target's default would stamp the copy's time instead).
EVENT_COLUMNS = '"match", seq, type, body, hash, prev_hash, recorded_at, client, idempotency_key, received_at'
MATCH_COLUMNS = ("id", "token_hash", "mode", "policy", "catalog", "players", "info", "created_at", "head_seq",
                 "head_hash", "published_at", "broadcast_delay", "read_key", "player_generations", "archived_at",
                 "card_base")


class Copied(NamedTuple):
    """What became of one match: "copied", "present" (the same record was there already) or "failed" (`error`)."""

    match_id: str
    outcome: str
    events: int
    error: str | None = None


class NotCopied(RecorderError):
    """A match that did not check out on the target: its transaction is rolled back."""


def copy_organiser(source: Log, target: Log) -> bool:
    """Copy the database's organiser key (its hash: recorder.tokens) unless the target has one; whether it did."""
    row = source.db.execute("SELECT token_hash, created_at FROM organiser WHERE id = 1").fetchone()
    if row is None:
        return False
    with target.db.writing():
        return target.db.execute("INSERT INTO organiser (id, token_hash, created_at) VALUES (1, ?, ?) "
                                 "ON CONFLICT (id) DO NOTHING", list(row)).rowcount == 1


def copy_pairings(source: Log, target: Log) -> int:
    """Copy the rounds' pairings (recorder.pairings) in the order they were imported; those the target has already
    (same event, round and table) are kept. Returns how many were copied."""
    rows = [tuple(row) for row in source.db.execute(
        'SELECT event, round, "table", player1, player2, imported_at FROM pairings ORDER BY rowid')]
    copied = 0
    with target.db.writing():
        for row in rows:
            copied += target.db.execute('INSERT INTO pairings (event, round, "table", player1, player2, imported_at) '
                                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event, round, \"table\") DO NOTHING",
                                        row).rowcount
    return copied


def copy_deleted(source: Log, target: Log) -> int:
    """Copy the ids of the deleted matches (recorder.archive), so that the target never hands one out again; returns
    how many the target did not have."""
    rows = [tuple(row) for row in source.db.execute("SELECT id, deleted_at, deleted_by FROM deleted_matches")]
    with target.db.writing():
        return sum(target.db.execute("INSERT INTO deleted_matches (id, deleted_at, deleted_by) VALUES (?, ?, ?) "
                                     "ON CONFLICT (id) DO NOTHING", row).rowcount for row in rows)


def copy_catalogs(source: Log, target: Log) -> list[str]:
    """Copy every catalog of `source` into `target` (the same content again is a no-op; other content under the
    same name is a `Conflict`); return their names."""
    names = [row[0] for row in source.db.execute("SELECT name FROM catalogs ORDER BY name")]
    for name in names:
        if name != DEMO_CATALOG:
            target.import_catalog(source.catalog(name), name)
    return names


def copy_matches(source: Log, target: Log, check: Callable[[Log, str], dict] | None = None) -> Iterator[Copied]:
    """Copy every match of `source` into `target`, one transaction each, oldest first; yield each one's outcome
    as it is done (for a progress bar). `check(target, match_id)` is run inside the transaction, before it commits;
    a result whose "ok" is false leaves the match out."""
    copy_catalogs(source, target)
    copy_organiser(source, target)
    copy_pairings(source, target)
    copy_deleted(source, target)
    for summary in source.matches():
        yield copy_match(source, target, summary["id"], check)


def copy_match(source: Log, target: Log, match_id: str, check: Callable[[Log, str], dict] | None = None) -> Copied:
    """Copy one match (see the module's docstring)."""
    row = next(source.db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
    present = list(target.db.query("SELECT head_seq, head_hash FROM matches WHERE id = ?", [match_id]))
    if present:
        if (present[0]["head_seq"], present[0]["head_hash"]) == (row["head_seq"], row["head_hash"]):
            return Copied(match_id, "present", row["head_seq"])
        return Copied(match_id, "failed", 0, f"match {match_id} is in the target already with another record "
                                             f"(head {present[0]['head_seq']}, not {row['head_seq']}): not copied")
    events = [tuple(event) for event in source.db.execute(
        f'SELECT {EVENT_COLUMNS} FROM events WHERE "match" = ? ORDER BY seq', [match_id])]
    answers = [tuple(answer) for answer in source.db.execute(
        'SELECT "match", key, request_hash, response FROM idempotency WHERE "match" = ? ORDER BY key', [match_id])]
    try:
        with target.db.writing():
            target.db.execute(f"INSERT INTO matches ({', '.join(MATCH_COLUMNS)}) "
                              f"VALUES ({', '.join('?' for _ in MATCH_COLUMNS)})",
                              [row.get(column) for column in MATCH_COLUMNS])
            if events:
                target.db.executemany(f"INSERT INTO events ({EVENT_COLUMNS}) "
                                      f"VALUES ({', '.join('?' for _ in EVENT_COLUMNS.split(','))})",
                                      [(event[0], event[1], event[2], bytes(event[3]), *event[4:])
                                       for event in events])
            if answers:
                target.db.executemany('INSERT INTO idempotency ("match", key, request_hash, response) '
                                      "VALUES (?, ?, ?, ?)", answers)
            if check is not None:
                result = check(target, match_id)
                if not result.get("ok"):
                    raise NotCopied(result.get("error") or f"match {match_id} does not verify on the target")
    except Exception as error:  # noqa: BLE001 - this match is not copied (rolled back); the others go on
        HOT.forget(target.database)  # nothing folded for the match that was not copied is kept
        return Copied(match_id, "failed", 0, f"match {match_id}: {error}")
    return Copied(match_id, "copied", len(events))
