"""The one interface the log is written against, and the two stores behind it (STYLE.md, "Two stores, one log").

`recorder.log.Log` speaks SQL through a `Store`: SQLite (`recorder.sqlite`, a file, the default) or PostgreSQL
(`recorder.postgres`, a server several `riftlog serve` processes share, contract section 6 "More than one
machine"). The SQL the log writes is the subset both understand (`?` placeholders, `"match"` quoted, `INSERT ...
ON CONFLICT`); what differs between them lives in the store:

- opening, the schema and its migrations, and refusing a database that is not riftlog's;
- the write transaction: SQLite takes its one write lock up front (BEGIN IMMEDIATE); PostgreSQL locks the
  match's row when the head is read (`lock_head`), so writers of different matches never wait for each other
  and two processes appending to one match are serialised on that row;
- a new match's id (one past the highest, read under a lock), a duplicate row as a `Conflict`, a lock not had
  in time as `Busy`;
- waking other processes when a group commits (`notify`: PostgreSQL's NOTIFY; SQLite's readers poll).

Which store a database is: a `postgresql://` or `postgres://` URL is PostgreSQL, anything else a SQLite path.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(database: str | Path) -> bool:
    """Whether `database` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return str(database).startswith(POSTGRES_SCHEMES)


class Store:
    """A connection to the log's database, used by one thread at a time (see `recorder.log.Log`)."""

    kind = "?"  # "sqlite" or "postgresql"
    key = ""  # what names this database among the process's hot heads (recorder.heads)

    # --- statements ----------------------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement (`?` placeholders); a cursor whose rows are tuples (`fetchone`, iteration)."""
        raise NotImplementedError

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        raise NotImplementedError

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict]:
        """Run one statement; its rows as dicts by column name."""
        raise NotImplementedError

    # --- transactions --------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """A write transaction, committed at the end (rolled back on an exception). `Busy` when the database
        cannot be written in time; nothing is then written."""
        raise NotImplementedError
        yield  # pragma: no cover

    @contextlib.contextmanager
    def savepoint(self, name: str = "job") -> Iterator[None]:
        """A nested transaction: on an exception only what was done inside it is undone."""
        self.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self.execute(f"ROLLBACK TO SAVEPOINT {name}")
            self.execute(f"RELEASE SAVEPOINT {name}")
            raise
        self.execute(f"RELEASE SAVEPOINT {name}")

    @contextlib.contextmanager
    def quietly(self) -> Iterator[bool]:
        """A short write for a cache (a read that folded snapshots): yields False when it should be skipped, and
        gives up at once rather than wait on writers; its failures are swallowed."""
        raise NotImplementedError
        yield False  # pragma: no cover

    @property
    def in_transaction(self) -> bool:
        raise NotImplementedError

    def changes(self) -> int:
        """A count that moves whenever the connection changed a row or a statement failed: the group commit
        (`recorder.writer`) tells from it whether a failed append left anything to undo."""
        raise NotImplementedError

    # --- what differs between the stores -------------------------------------------------------------------

    def lock_head(self, match_id: str, key: str | None) -> tuple | None:
        """Inside a write: (head_seq, head_hash, catalog, first request hash, first answer) of the match, with
        whatever the idempotency key `key` answered first (None, None if nothing), the match locked against
        other writers until the transaction ends; None for an unknown match."""
        raise NotImplementedError

    def lock_matches(self, match_ids: list[str], keys: list[tuple[str, str]] = ()) -> None:
        """Inside a write: lock these matches against other writers until it ends, in the order given (a group
        commit sorts them, so that two groups never wait for each other in a circle), and read what `lock_head`
        will ask of them (with the first answers under `keys`, (match, key) pairs) at once. SQLite's write lock
        holds them all already."""

    def write_head(self, match_id: str, rows: list[tuple], head_seq: int, head_hash: str,
                   first_answer: tuple | None) -> None:
        """Inside a write: insert an append's event rows, move the match's head to (`head_seq`, `head_hash`) and
        record its idempotency key's first answer (`first_answer`: (match, key, request hash, answer JSON), or
        None). A row already there raises the store's duplicate error (`is_duplicate`)."""
        self.executemany('INSERT INTO events ("match", seq, type, body, hash, prev_hash, recorded_at, client, '
                         "idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        self.execute("UPDATE matches SET head_seq = ?, head_hash = ? WHERE id = ?", [head_seq, head_hash, match_id])
        if first_answer is not None:
            self.execute('INSERT INTO idempotency ("match", key, request_hash, response) VALUES (?, ?, ?, ?)',
                         first_answer)

    def next_match_id(self) -> str:
        """m1, m2, ...: one past the highest number used (a deleted match's too: `deleted_matches`), inside a write
        that keeps it so until it commits."""
        raise NotImplementedError

    def is_duplicate(self, error: BaseException) -> bool:
        """Whether `error` is a primary key's refusal of a row already there."""
        raise NotImplementedError

    def notify(self, match_ids: Iterable[str]) -> None:
        """Inside a write: tell other processes, once it commits, which matches it appended to."""

    def notify_token(self, match_id: str) -> None:
        """Inside a write: tell other processes, once it commits, that the match's token was reissued (they drop
        the hash they keep hot). SQLite needs none: one server per file, and `riftlog reissue` refuses to run
        beside it."""

    def notify_delay(self, match_id: str) -> None:
        """Inside a write: tell other processes, once it commits, that the match's broadcast delay was set (their
        spectator streams follow the new one)."""

    def table_names(self) -> list[str]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


def open_store(database: str | Path, *, busy_timeout: float, shared: bool = False) -> Store:
    """The store of `database`: a PostgreSQL URL or a SQLite path (created if absent), its schema upgraded.

    `busy_timeout`: seconds a write waits for another writer's lock before it is `Busy`. `shared`: the store may
    be handed from thread to thread (still used by one at a time)."""
    if is_postgres(database):
        from recorder.postgres import PostgresStore

        return PostgresStore(str(database), busy_timeout=busy_timeout)
    from recorder.sqlite import SQLiteStore

    return SQLiteStore(database, busy_timeout=busy_timeout, shared=shared)
