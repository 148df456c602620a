"""The log on a PostgreSQL server (contract section 6, "More than one machine"), beside `recorder.sqlite`.

`--db postgresql://user@host:port/name`: the same tables, bytes, chain and guarantees as the SQLite file, on a
server that any number of `riftlog serve` processes, on one machine or several, share.

- Connections come from one psycopg_pool `ConnectionPool` per database and process; a `Store` holds one for its
  life (a `Log` is one connection, as with SQLite) and gives it back when closed. The connections run in
  autocommit; a write is an explicit BEGIN ... COMMIT (`writing`), so a read outside one sees every commit.
- Appends to one match are serialised on the match's row: the head is read with `FOR NO KEY UPDATE`
  (`lock_head`), so a second writer, in this process or another, waits until the first commits and then reads the
  head it wrote: never a gap, a duplicate or a fork of the chain, and a hot head is used only when it is that head
  (`recorder.heads`). Writers of different matches never wait for each other. The group commit locks its
  matches in the order of their ids (`recorder.writer`), so two processes' groups cannot deadlock.
- A new match's id is read under a transaction-scoped advisory lock (`next_match_id`).
- A lock not had within the busy timeout (`lock_timeout`), a deadlock, or a server that went away is `Busy`
  (503, retried with the same idempotency key), never a traceback.
- Every group commit sends `NOTIFY riftlog_appends` with the match ids it wrote, delivered at its commit: the
  live streams of every other process wake on it (`web.hub`) instead of polling.
- Durability is the server's: a COMMIT is acknowledged once PostgreSQL has flushed its WAL (its default
  `synchronous_commit = on`).

The schema is created and upgraded by the migrations below, recorded by name in `riftlog_migrations` (the
counterpart of SQLite's `_sqlite_migrations`); a database whose tables are another program's is refused.
"""
from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from recorder.errors import Busy, Malformed, NotALog
from recorder.heads import HOT
from recorder.store import Store

POOL_SIZE = 48  # connections one process keeps at most per database (the web app's pooled logs, its writer, its hub)
OPEN_WAIT = 10.0  # seconds `keep_open` waits for the connections it asks for
QUIET_WAIT_MS = 50  # how long a cache write (`quietly`) waits for a lock
CHANNEL = "riftlog_appends"  # what a group commit NOTIFYs, the matches it wrote as its payload
TOKEN_CHANGED = "token "  # ... and a reissue of a match's token, as "token <match id>"
DELAY_CHANGED = "delay "  # ... and a new broadcast delay, as "delay <match id>"
NEW_MATCH_LOCK = 0x7269_6674  # the advisory lock taken while a new match's id is chosen ("rift")
MIGRATION_LOCK = 0x7269_6674 + 1  # ... and while the schema is upgraded

# The schema, one migration per entry: add new ones at the end, never edit one that has shipped (a database
# records which it has applied by name). The tables are SQLite's (recorder.schema): m001 as they stood after
# SQLite's m005, then one migration for each of SQLite's later ones, under the same name.
MIGRATIONS: list[tuple[str, str]] = [
    ("m001_create_tables", """
        CREATE TABLE matches (
            id text PRIMARY KEY, token_hash text NOT NULL, mode text NOT NULL, policy text NOT NULL,
            catalog text NOT NULL, players text, info text, created_at text, head_seq integer NOT NULL,
            head_hash text NOT NULL, published_at text, broadcast_delay text);
        CREATE TABLE events (
            "match" text NOT NULL REFERENCES matches (id), seq integer NOT NULL, type text NOT NULL,
            body bytea NOT NULL, hash text NOT NULL, prev_hash text NOT NULL, recorded_at text, client text,
            idempotency_key text, PRIMARY KEY ("match", seq));
        CREATE TABLE idempotency (
            "match" text NOT NULL REFERENCES matches (id), key text NOT NULL, request_hash text NOT NULL,
            response text NOT NULL, PRIMARY KEY ("match", key));
        CREATE TABLE catalogs (name text PRIMARY KEY, body text NOT NULL, imported_at text);
        CREATE TABLE snapshots (
            "match" text NOT NULL REFERENCES matches (id), seq integer NOT NULL, engine_version text NOT NULL,
            hash text NOT NULL, state bytea NOT NULL, mac text, PRIMARY KEY ("match", seq));
    """),
    ("m006_reissued_tokens", """
        ALTER TABLE matches ADD COLUMN read_key text, ADD COLUMN player_generations text;
        CREATE TABLE organiser (id integer PRIMARY KEY, token_hash text NOT NULL, created_at text);
    """),
    # `rowid`: the order rows were imported in, which SQLite keeps by itself (recorder.pairings reads it).
    ("m007_pairings", """
        CREATE TABLE pairings (
            event text NOT NULL, round text NOT NULL, "table" text NOT NULL, player1 text NOT NULL,
            player2 text NOT NULL, imported_at text, rowid bigserial, PRIMARY KEY (event, round, "table"));
    """),
    ("m008_archived_and_deleted", """
        ALTER TABLE matches ADD COLUMN archived_at text;
        CREATE TABLE deleted_matches (id text PRIMARY KEY, deleted_at text, deleted_by text);
    """),
    # The default is set after the column is added, so that the rows already there keep none (null).
    ("m009_received_at", """
        ALTER TABLE events ADD COLUMN received_at text;
        ALTER TABLE events ALTER COLUMN received_at
            SET DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    """),
    ("m010_card_base", """
        ALTER TABLE matches ADD COLUMN card_base text;
    """),
]

_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()
_upgraded: set[tuple[int, str]] = set()


@functools.lru_cache(maxsize=512)
def _sql(sql: str) -> str:
    """The log's SQL (`?` placeholders) in psycopg's (`%s`; a literal `%` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


def pool(url: str) -> ConnectionPool:
    """This process's pool of connections to `url` (a forked worker gets its own, never its parent's)."""
    key = (os.getpid(), url)
    with _pools_lock:
        found = _pools.get(key)
        if found is None:
            found = _pools[key] = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, kwargs={"autocommit": True},
                                                 check=ConnectionPool.check_connection, open=True,
                                                 name=f"riftlog {redacted(url)}")
        return found


def keep_open(url: str, connections: int, wait: float = OPEN_WAIT) -> None:
    """Keep at least `connections` connections to `url` open in this process's pool (at most POOL_SIZE), and wait
    up to `wait` seconds for them: what a server's threads hold at once while they answer (`web.serving`).

    The pool otherwise opens connections on demand, one at a time: when the first burst of requests reaches a
    server that has just started, each request waits for every connection opened before its own (measured: up
    to 65 ms with one server, 280 ms on the second server of two, on the first appends of a round). A database
    slow to answer is not waited for past `wait`: the pool goes on opening them in the background."""
    found = pool(url)
    wanted = min(connections, POOL_SIZE)
    if found.min_size < wanted:
        found.resize(wanted, POOL_SIZE)
    deadline = time.monotonic() + wait
    while found.get_stats().get("pool_available", 0) < wanted and time.monotonic() < deadline:
        time.sleep(0.01)


def close_pools() -> None:
    """Close every pool of this process (their connections given back close with them)."""
    with _pools_lock:
        pools = [found for (pid, _url), found in _pools.items() if pid == os.getpid()]
        _pools.clear()
    for found in pools:
        found.close()


def redacted(url: str) -> str:
    """`url` without its password, for messages and logs."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    host, port, name, user = info.get("host", ""), info.get("port", ""), info.get("dbname", ""), info.get("user")
    return f"postgresql://{f'{user}@' if user else ''}{host}{f':{port}' if port else ''}/{name}"


class PostgresStore(Store):
    """A connection to the PostgreSQL database at `url`, from the process's pool."""

    kind = "postgresql"

    def __init__(self, url: str, *, busy_timeout: float) -> None:
        self.url = url
        self.key = url
        self.busy_timeout = busy_timeout
        self._conn: psycopg.Connection | None = None
        # What the write under way knows: the matches it has locked, their rows as it has left them (head seq,
        # head hash, catalog; None: no such match), and first answers under idempotency keys (None: none yet).
        # Only this transaction can change them while it holds the locks, so they are read once per group commit.
        self._locked: set[str] = set()
        self._rows: dict[str, list | None] = {}
        self._answers: dict[tuple[str, str], tuple | None] = {}
        self._pool: ConnectionPool | None = None  # the pool `_conn` came from (given back to it, and only to it)
        self._changes = 0
        self._upgrade()

    def __repr__(self) -> str:
        return f"PostgresStore({redacted(self.url)!r})"

    # --- the connection ------------------------------------------------------------------------------------

    @property
    def conn(self) -> psycopg.Connection:
        """The store's connection, taken from the pool on first use (again after the server went away)."""
        if self._conn is None:
            self._pool = pool(self.url)
            try:
                conn = self._pool.getconn(timeout=max(self.busy_timeout, 1.0))
            except PoolTimeout:
                raise Busy(f"no connection to {redacted(self.url)} could be had in time: nothing was written; "
                           "try again") from None
            try:
                conn.execute(f"SET lock_timeout = {int(self.busy_timeout * 1000)}")
            except psycopg.Error:
                self._give_back(conn)
                raise Busy(f"the database {redacted(self.url)} is not answering: nothing was written; "
                           "try again") from None
            self._conn = conn
        return self._conn

    def _give_back(self, conn: psycopg.Connection) -> None:
        """Hand `conn` back to its pool (which drops it if broken); closed instead if the pool has closed."""
        try:
            assert self._pool is not None
            self._pool.putconn(conn)
        except Exception:  # noqa: BLE001 - the pool was closed meanwhile (close_pools): nothing to give back to
            conn.close()

    def _drop_if_broken(self) -> None:
        if self._conn is not None and (self._conn.broken or self._conn.closed):
            self._give_back(self._conn)
            self._conn = None

    def _run(self, call: Any, sql: str) -> Any:
        """`call(conn)`, psycopg's errors made the recorder's: a lock not had in time, a deadlock or a server gone
        is `Busy`; the rest (a duplicate key among them) is left as it is."""
        if not sql.lstrip()[:6].upper().startswith("SELECT"):
            self._changes += 1
        try:
            return call(self.conn)
        except (pg_errors.LockNotAvailable, pg_errors.QueryCanceled, pg_errors.DeadlockDetected,
                pg_errors.SerializationFailure) as error:
            self._changes += 1
            raise Busy(f"the database is busy (another writer holds the match): nothing was written; try again "
                       f"({type(error).__name__})") from error
        except (psycopg.DataError, UnicodeEncodeError) as error:  # e.g. a NUL character in a match id
            self._changes += 1
            raise Malformed(f"a value PostgreSQL cannot store or look up ({str(error).strip()})") from error
        except psycopg.OperationalError as error:
            self._changes += 1
            self._drop_if_broken()
            raise Busy(f"the database {redacted(self.url)} did not answer ({str(error).strip() or 'gone'}); "
                       "what was not acknowledged may not have been written: try again") from error
        except psycopg.Error:
            self._changes += 1
            raise

    # --- statements ----------------------------------------------------------------------------------------

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor:
        return self._run(lambda conn: conn.execute(_sql(sql), params), sql)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if len(rows) == 1:  # an append of one event: one statement, without setting up a pipeline
            self.execute(sql, rows[0])
            return

        def many(conn: psycopg.Connection) -> None:
            with conn.cursor() as cursor:
                cursor.executemany(_sql(sql), rows)

        self._run(many, sql)

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict]:
        def rows(conn: psycopg.Connection) -> list[dict]:
            with conn.cursor(row_factory=dict_row) as cursor:
                cursor.execute(_sql(sql), params)
                return cursor.fetchall()

        return iter(self._run(rows, sql))

    # --- transactions --------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        self._locked, self._rows, self._answers = set(), {}, {}
        self.execute("BEGIN")
        try:
            yield
        except BaseException:
            self._rollback()
            raise
        try:
            self.execute("COMMIT")
        except Busy:
            self._rollback()
            raise

    def _rollback(self) -> None:
        """Undo the transaction under way; a connection that went away has nothing left to undo."""
        if self._conn is None or self._conn.broken or self._conn.closed:
            self._drop_if_broken()
            return
        try:
            self._conn.execute("ROLLBACK")
        except psycopg.Error:
            self._drop_if_broken()

    @contextlib.contextmanager
    def quietly(self) -> Iterator[bool]:
        """Inside a write: write in it. Otherwise a short transaction that waits QUIET_WAIT_MS at most for a lock
        and is dropped on any failure."""
        if self.in_transaction:
            yield True
            return
        try:
            with self.writing():
                self.execute(f"SET LOCAL lock_timeout = {QUIET_WAIT_MS}")
                yield True
        except (Busy, psycopg.Error):
            pass

    @property
    def in_transaction(self) -> bool:
        return self._conn is not None and self._conn.info.transaction_status != TransactionStatus.IDLE

    def changes(self) -> int:
        return self._changes

    # --- what differs --------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def savepoint(self, name: str = "job") -> Iterator[None]:
        try:
            with super().savepoint(name):
                yield
        except BaseException:
            self._rows, self._answers = {}, {}  # what was undone is read again (the locks stay)
            raise

    def lock_matches(self, match_ids: list[str], keys: list[tuple[str, str]] = ()) -> None:
        """One statement locks them all, in the order given, and reads their heads; one more reads the first
        answers under `keys` ((match, key) pairs). Each writer that held one of the locks has committed by then,
        and under READ COMMITTED a statement sees every commit made before it began: what is read is current."""
        wanted = [match_id for match_id in match_ids if match_id not in self._locked]
        if wanted:
            rows = self.execute("SELECT id, head_seq, head_hash, catalog FROM matches WHERE id = ANY(?) ORDER BY id "
                                "FOR NO KEY UPDATE", [wanted]).fetchall()
            self._locked.update(wanted)
            self._rows.update(dict.fromkeys(wanted))
            self._rows.update({row[0]: list(row[1:]) for row in rows})
        asked = [pair for pair in dict.fromkeys(keys) if pair not in self._answers]
        if asked:
            found = self.execute('SELECT "match", key, request_hash, response FROM idempotency WHERE ("match", key) '
                                 "IN (SELECT * FROM unnest(?::text[], ?::text[]))",
                                 [[pair[0] for pair in asked], [pair[1] for pair in asked]]).fetchall()
            self._answers.update(dict.fromkeys(asked))
            self._answers.update({(row[0], row[1]): (row[2], row[3]) for row in found})

    def lock_head(self, match_id: str, key: str | None) -> tuple | None:
        self.lock_matches([match_id], [] if key is None else [(match_id, key)])
        if match_id not in self._rows:  # locked, but read again after a savepoint was undone
            row = self.execute("SELECT head_seq, head_hash, catalog FROM matches WHERE id = ?", [match_id]).fetchone()
            self._rows[match_id] = None if row is None else list(row)
        if key is not None and (match_id, key) not in self._answers:
            self._answers[(match_id, key)] = self.execute(
                'SELECT request_hash, response FROM idempotency WHERE "match" = ? AND key = ?', [match_id, key]
            ).fetchone()
        row = self._rows[match_id]
        if row is None:
            return None
        return (*row, *((self._answers.get((match_id, key)) if key is not None else None) or (None, None)))

    def write_head(self, match_id: str, rows: list[tuple], head_seq: int, head_hash: str,
                   first_answer: tuple | None) -> None:
        """One statement: the events, the key's first answer and the new head (a round trip, not three)."""
        values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s, %s)"] * len(rows))
        params: list[Any] = [value for row in rows for value in row]
        answer = ""
        if first_answer is not None:
            answer = ', answer AS (INSERT INTO idempotency ("match", key, request_hash, response) ' \
                     "VALUES (%s, %s, %s, %s))"
            params += list(first_answer)
        sql = ('WITH appended AS (INSERT INTO events ("match", seq, type, body, hash, prev_hash, recorded_at, '
               f"client, idempotency_key) VALUES {values}){answer} "
               "UPDATE matches SET head_seq = %s, head_hash = %s WHERE id = %s")
        params += [head_seq, head_hash, match_id]
        self._run(lambda conn: conn.execute(sql, params), "INSERT")
        known = self._rows.get(match_id)
        if known is not None:
            known[:2] = [head_seq, head_hash]
        if first_answer is not None:
            self._answers[(match_id, first_answer[1])] = (first_answer[2], first_answer[3])
    def next_match_id(self) -> str:
        self.execute("SELECT pg_advisory_xact_lock(?)", [NEW_MATCH_LOCK])
        row = self.execute("SELECT COALESCE(MAX(CAST(SUBSTR(id, 2) AS bigint)), 0) FROM (SELECT id FROM matches "
                           "UNION ALL SELECT id FROM deleted_matches) ids WHERE id ~ '^m[0-9]+$'").fetchone()
        return f"m{row[0] + 1}"

    def is_duplicate(self, error: BaseException) -> bool:
        return isinstance(error, pg_errors.UniqueViolation)

    def notify(self, match_ids: Iterable[str]) -> None:
        payload = " ".join(sorted(match_ids))
        if payload:
            self.execute("SELECT pg_notify(?, ?)", [CHANNEL, payload])

    def notify_token(self, match_id: str) -> None:
        self.execute("SELECT pg_notify(?, ?)", [CHANNEL, f"{TOKEN_CHANGED}{match_id}"])

    def notify_delay(self, match_id: str) -> None:
        self.execute("SELECT pg_notify(?, ?)", [CHANNEL, f"{DELAY_CHANGED}{match_id}"])

    def table_names(self) -> list[str]:
        return [row[0] for row in self.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "ORDER BY table_name")]

    def close(self) -> None:
        if self._conn is not None:
            if self.in_transaction:
                self._rollback()
            if self._conn is not None:
                self._give_back(self._conn)
            self._conn = None

    # --- the schema ----------------------------------------------------------------------------------------

    def _upgrade(self) -> None:
        """Refuse another program's database; apply the pending migrations (once per process, under an advisory
        lock, so that servers starting together do not race)."""
        key = (os.getpid(), self.url)
        if key in _upgraded:
            return
        tables = self.table_names()
        if tables and "riftlog_migrations" not in tables:
            shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
            self.close()
            raise NotALog(f"{redacted(self.url)} holds the tables of another program ({shown}), not a riftlog "
                          "database: pass another --db")
        try:
            with self.writing():
                self.execute("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK])
                self.execute("CREATE TABLE IF NOT EXISTS riftlog_migrations (name text PRIMARY KEY, applied_at "
                             "timestamptz NOT NULL DEFAULT now())")
                applied = {row[0] for row in self.execute("SELECT name FROM riftlog_migrations")}
                for name, ddl in MIGRATIONS:
                    if name not in applied:
                        self.conn.execute(ddl)
                        self.execute("INSERT INTO riftlog_migrations (name) VALUES (?)", [name])
        except BaseException:
            self.close()
            raise
        _upgraded.add(key)


class Listener:
    """A thread that LISTENs for the group commits of every process on the database at `url` (`notify`) and calls
    `callback(match_ids)` for each, from its own thread (a callback must not block); `on_delay(match_id)` when a
    match's broadcast delay was set (`notify_delay`). After the connection was lost
    (the server restarted), notifications may have been missed meanwhile: `callback(None)` says so, and the
    listener goes on once it has connected again."""

    RECONNECT = 0.5  # seconds between attempts to connect again
    WAKE = 1.0  # seconds between two looks at whether the listener was stopped

    def __init__(self, url: str, callback: Any, on_delay: Any = None) -> None:
        self.url = url
        self.callback = callback
        self.on_delay = on_delay
        self._stopped = threading.Event()
        self._connected = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"riftlog-listen {redacted(url)}", daemon=True)
        self._thread.start()

    def wait_connected(self, timeout: float) -> bool:
        """Whether the listener is listening (within `timeout` seconds)."""
        return self._connected.wait(timeout)

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(self.WAKE * 2)

    def _run(self) -> None:
        missed = False
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._connected.set()
                    if missed:
                        self.callback(None)
                    while not self._stopped.is_set():
                        for notice in conn.notifies(timeout=self.WAKE):
                            if notice.payload.startswith(TOKEN_CHANGED):  # reissued: read the new hash when needed
                                HOT.forget_token_hash(self.url, notice.payload[len(TOKEN_CHANGED):])
                            elif notice.payload.startswith(DELAY_CHANGED):
                                if self.on_delay is not None:
                                    self.on_delay(notice.payload[len(DELAY_CHANGED):])
                            else:
                                self.callback(set(notice.payload.split()))
            except psycopg.Error:
                self._connected.clear()
                missed = True
                self._stopped.wait(self.RECONNECT)
