"""The snapshot cache: folded states of a match, kept so that a read need not fold from seq 1.

Snapshots are a cache, never truth: each is keyed by the `engine.VERSION` that folded it, and deleting any of them
changes no answer. Policy: one snapshot at every seq that is a multiple of SNAPSHOT_EVERY, plus one at the head
(see `recorder.log`).
"""
from __future__ import annotations

import sqlite3

import msgpack
import sqlite_utils

import engine
from recorder.canonical import decode
from recorder.sql import writing

SNAPSHOT_EVERY = 32


class Snapshots:
    """The `snapshots` table of `db`, read and written for the running engine version."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def seqs(self, match_id: str) -> list[int]:
        """The seqs of the match that have a snapshot folded by the running engine version."""
        rows = self.db.execute('SELECT seq FROM snapshots WHERE "match" = ? AND engine_version = ? ORDER BY seq',
                               [match_id, engine.VERSION])
        return [row[0] for row in rows]

    def get(self, match_id: str, seq: int) -> dict | None:
        """The cached state after event `seq`, if the running engine version folded one."""
        row = self.db.execute('SELECT state FROM snapshots WHERE "match" = ? AND seq = ? AND engine_version = ?',
                              [match_id, seq, engine.VERSION]).fetchone()
        return None if row is None else decode(row[0])

    def newest(self, match_id: str, seq: int) -> tuple[int, dict | None]:
        """(seq, state) of the newest snapshot at or before `seq`; (0, None) if there is none."""
        row = self.db.execute('SELECT seq, state FROM snapshots WHERE "match" = ? AND seq <= ? AND engine_version = ? '
                              'ORDER BY seq DESC LIMIT 1', [match_id, seq, engine.VERSION]).fetchone()
        return (row[0], decode(row[1])) if row else (0, None)

    def put(self, match_id: str, seq: int, state: dict) -> None:
        """Cache `state` as the state after `seq` (inside the caller's transaction)."""
        self.db["snapshots"].insert({"match": match_id, "seq": seq, "engine_version": engine.VERSION,
                                     "state": msgpack.packb(state, use_bin_type=True)}, replace=True)

    def put_quietly(self, match_id: str, states: list[tuple[int, dict]]) -> None:
        """Cache states computed by a read. Best effort: a busy database skips it, never fails the read."""
        try:
            with writing(self.db):
                for seq, state in states:
                    self.put(match_id, seq, state)
        except sqlite3.OperationalError:
            pass

    def drop_superseded_head(self, match_id: str, new_head: int) -> None:
        """Delete the head snapshots older than `new_head` that do not sit on a multiple of SNAPSHOT_EVERY."""
        self.db.execute('DELETE FROM snapshots WHERE "match" = ? AND seq < ? AND seq % ? != 0',
                        [match_id, new_head, SNAPSHOT_EVERY])

    def drop(self, match_id: str | None = None, seqs: list[int] | None = None) -> int:
        """Delete snapshots (all, one match's, or some seqs of one match); return how many."""
        sql, params = "DELETE FROM snapshots", []
        if match_id is not None:
            sql, params = sql + ' WHERE "match" = ?', [match_id]
            if seqs is not None:
                sql += f" AND seq IN ({', '.join('?' for _ in seqs)})"
                params += list(seqs)
        with writing(self.db):
            return self.db.execute(sql, params).rowcount
