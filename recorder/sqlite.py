"""The log in one SQLite file (the default store, `recorder.store`).

The file runs in WAL mode with `synchronous=FULL`: every commit fsyncs the WAL, so an acknowledged append survives
a crash of the process or of the machine. A write takes SQLite's one write lock up front (BEGIN IMMEDIATE), so what
it reads is still the head when it writes; a lock not had within the busy timeout is `Busy`, never a bare
"database is locked". The schema is sqlite-utils 4 `Migrations` (`recorder.schema`).
"""
from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import sqlite_utils

from recorder import schema
from recorder.errors import Busy, CannotOpen, NotALog
from recorder.store import Store

QUIET_WAIT_MS = 50  # how long a cache write (`quietly`) waits for the write lock


class SQLiteStore(Store):
    """A connection to the SQLite file at `path` (":memory:" for a log of its own)."""

    kind = "sqlite"

    def __init__(self, path: str | Path, *, busy_timeout: float, shared: bool = False) -> None:
        self.path = path
        # `shared`: the store may be handed from thread to thread (a pool), still used by one thread at a time.
        self.sqlite = sqlite_utils.Database(connect(path, busy_timeout, shared))
        try:
            schema.check_is_riftlog(self.sqlite, path)
        except NotALog:
            self.sqlite.close()
            raise
        self.sqlite.enable_wal()
        self.sqlite.execute("PRAGMA synchronous = FULL")  # every commit fsyncs the WAL: acknowledged means durable
        self.sqlite.execute("PRAGMA foreign_keys = ON")
        schema.upgrade(self.sqlite)
        self.conn = self.sqlite.conn
        # An in-memory database is its own; a file is named by its resolved path.
        self.key = f":memory:{id(self)}" if str(path) == ":memory:" else str(Path(path).resolve())

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict]:
        return self.sqlite.query(sql, params)

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT: the write lock first, so that what the write reads is still the head."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if is_busy(error):
                raise Busy("the database is busy (another writer holds it): nothing was written; try again") from None
            raise
        try:
            yield
        except BaseException:
            self.conn.rollback()
            raise
        else:
            try:
                self.conn.commit()
            except sqlite3.OperationalError as error:
                self.conn.rollback()
                if is_busy(error):
                    raise Busy("the database was busy at commit: nothing was written; try again") from None
                raise

    @contextlib.contextmanager
    def quietly(self) -> Iterator[bool]:
        """Inside a write already under way: write in it. Otherwise a write that waits QUIET_WAIT_MS at most for
        the lock; skipped when busy."""
        if self.conn.in_transaction:
            yield True
            return
        waited = self.conn.execute("PRAGMA busy_timeout").fetchone()[0]
        self.conn.execute(f"PRAGMA busy_timeout = {QUIET_WAIT_MS}")
        try:
            with self.writing():
                yield True
        except (sqlite3.OperationalError, Busy):
            pass
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {int(waited)}")

    @property
    def in_transaction(self) -> bool:
        return self.conn.in_transaction

    def changes(self) -> int:
        return self.conn.total_changes

    def lock_head(self, match_id: str, key: str | None) -> tuple | None:
        # One statement (each hands the GIL round); the write lock is already held since BEGIN IMMEDIATE.
        return self.conn.execute('SELECT m.head_seq, m.head_hash, m.catalog, i.request_hash, i.response FROM matches m '
                                 'LEFT JOIN idempotency i ON i."match" = m.id AND i.key = ? WHERE m.id = ?',
                                 [key, match_id]).fetchone()

    def next_match_id(self) -> str:
        row = self.conn.execute("SELECT COALESCE(MAX(CAST(SUBSTR(id, 2) AS INTEGER)), 0) FROM (SELECT id FROM "
                                "matches UNION ALL SELECT id FROM deleted_matches) WHERE id GLOB 'm[0-9]*'").fetchone()
        return f"m{row[0] + 1}"

    def is_duplicate(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def table_names(self) -> list[str]:
        return self.sqlite.table_names()

    def close(self) -> None:
        self.sqlite.close()


def connect(path: str | Path, busy_timeout: float, shared: bool) -> sqlite3.Connection:
    """A connection to the SQLite file at `path` (created if absent); `CannotOpen` naming why not, where SQLite
    would only say "unable to open database file": a folder that does not exist, a folder in the file's place."""
    if str(path) != ":memory:":
        file = Path(path)
        if not file.parent.is_dir():
            raise CannotOpen(f"cannot open the database {path}: the folder {file.parent} does not exist (create it "
                             "first, or pass another --db)")
        if file.is_dir():
            raise CannotOpen(f"cannot open the database {path}: it is a folder, not a file (pass a file's path "
                             "as --db)")
    try:
        return sqlite3.connect(str(path), timeout=busy_timeout, check_same_thread=not shared)
    except sqlite3.OperationalError as error:
        raise CannotOpen(f"cannot open the database {path}: {error} (check that this user may read and write it "
                         "and its folder, or pass another --db)") from None


def is_busy(error: sqlite3.OperationalError) -> bool:
    """Whether SQLite gave up waiting for a lock ("database is locked" / "database is busy")."""
    text = str(error)
    return "locked" in text or "busy" in text
