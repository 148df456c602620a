"""The log's schema, created and upgraded by sqlite-utils 4 `Migrations` (recorded in `_sqlite_migrations`).

Add a new function at the end to change the schema; never edit one that has shipped, since a database records
which migrations it has applied by name and will not run them again.
"""
from __future__ import annotations

import sqlite3

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from recorder.errors import NotALog

migrations = Migrations("riftlog.recorder")


@migrations()
def m001_create_tables(db: Database) -> None:
    """The five tables of contract section 4.

    - `matches`: one row per match, the envelope of its seq 1 (`created_at`) and its head, so an append checks
      `expected_seq` and chains the next hash without reading events. `players` and `info` are copied from the
      match_created event for listings; the event itself stays the authority.
    - `events`: the log proper. The primary key (match, seq) makes a concurrent double write a conflict, never an
      overwrite. `body` is the canonical msgpack of the event; recorded_at, client and idempotency_key are
      envelope metadata the fold never reads.
    - `idempotency`: the first answer to each (match, key), with a hash of the events it carried.
    - `catalogs`: imported card catalogs, `Catalog.to_dict()` as JSON. The built-in "demo" is never stored.
    - `snapshots`: a cache of folded states keyed by the engine version that folded them.
    """
    db["matches"].create(
        {"id": str, "token_hash": str, "mode": str, "policy": str, "catalog": str, "players": str, "info": str,
         "created_at": str, "head_seq": int, "head_hash": str},
        pk="id", not_null={"token_hash", "mode", "policy", "catalog", "head_seq", "head_hash"},
    )
    db["events"].create(
        {"match": str, "seq": int, "type": str, "body": bytes, "hash": str, "prev_hash": str,
         "recorded_at": str, "client": str, "idempotency_key": str},
        pk=("match", "seq"), not_null={"match", "seq", "type", "body", "hash", "prev_hash"},
        foreign_keys=[("match", "matches", "id")],
    )
    db["idempotency"].create(
        {"match": str, "key": str, "request_hash": str, "response": str},
        pk=("match", "key"), not_null={"request_hash", "response"},
        foreign_keys=[("match", "matches", "id")],
    )
    db["catalogs"].create({"name": str, "body": str, "imported_at": str}, pk="name", not_null={"body"})
    db["snapshots"].create(
        {"match": str, "seq": int, "engine_version": str, "state": bytes},
        pk=("match", "seq"), not_null={"engine_version", "state"},
        foreign_keys=[("match", "matches", "id")],
    )


@migrations()
def m002_published(db: Database) -> None:
    """`matches.published_at`: when a judge published the finished match (its judge view is public since), or null."""
    db["matches"].add_column("published_at", str)


@migrations()
def m003_small_snapshots(db: Database) -> None:
    """Snapshots become compressed states without the card facts, each beside the chain hash of its seq.

    The old rows are a cache in the old format: dropped, not converted (reads rebuild what they need).
    """
    db["snapshots"].drop()
    db["snapshots"].create(
        {"match": str, "seq": int, "engine_version": str, "hash": str, "state": bytes},
        pk=("match", "seq"), not_null={"engine_version", "hash", "state"},
        foreign_keys=[("match", "matches", "id")],
    )


@migrations()
def m004_snapshot_macs(db: Database) -> None:
    """`snapshots.mac`: each snapshot's MAC with the server's key (`recorder.keys`), so that a state edited in the
    file is discarded, never served. Older rows have none and are rebuilt as they are needed."""
    db["snapshots"].add_column("mac", str)


@migrations()
def m005_broadcast_delay(db: Database) -> None:
    """`matches.broadcast_delay`: how far a judge holds the spectator view behind the record (JSON `{"seconds": N}`
    or `{"events": N}`), or null: a match setting, not an event (docs/web.md, "Broadcast delay")."""
    db["matches"].add_column("broadcast_delay", str)


@migrations()
def m006_reissued_tokens(db: Database) -> None:
    """Tokens handed out again (recorder/tokens.py, docs/web.md "Tables by phone"):

    - `matches.read_key`: what the players' read tokens are derived from once the match token has been reissued
      (the first match token's hash, so that the players' links keep working); null: the match token's hash.
    - `matches.player_generations`: JSON `{"P1": 1, ...}`, how many times each player's read token was reissued
      (a token of an earlier generation no longer reads); null: none was.
    - `organiser`: the one organiser key of the database (its sha256, as for match tokens), which may reissue any
      match's tokens and list a round's tables with their players' links.
    """
    db["matches"].add_column("read_key", str)
    db["matches"].add_column("player_generations", str)
    db["organiser"].create({"id": int, "token_hash": str, "created_at": str}, pk="id", not_null={"token_hash"})


@migrations()
def m007_pairings(db: Database) -> None:
    """`pairings`: a round's pairings as the organiser's software gave them (`riftlog pairings import`): each table
    of (event, round) with its two players, shown on the tournament page before and beside the tables' matches."""
    db["pairings"].create(
        {"event": str, "round": str, "table": str, "player1": str, "player2": str, "imported_at": str},
        pk=("event", "round", "table"), not_null={"player1", "player2"},
    )


@migrations()
def m008_archived_and_deleted(db: Database) -> None:
    """Matches under control (recorder/archive.py, docs/web.md "Archiving and deleting a match"):

    - `matches.archived_at`: when a judge or the organiser archived the match (it leaves the tournament page and
      the lists, its record untouched), or null;
    - `deleted_matches`: the id of each match deleted before its first game event, when and by whom, so that a
      new match never takes the id of a deleted one (a printed table card's links name it).
    """
    db["matches"].add_column("archived_at", str)
    db["deleted_matches"].create({"id": str, "deleted_at": str, "deleted_by": str}, pk="id")


@migrations()
def m009_received_at(db: Database) -> None:
    """`events.received_at`: when the server received the event, by its own clock, which a broadcast delay in
    seconds counts from (docs/web.md, "Broadcast delay"): `recorded_at` is what the recording client says, and an
    hour-old one would show the event at once. Stamped by the column's default in the insert itself (SQLite's clock,
    the server's machine, to the millisecond in UTC), so that no writer passes it and none can give another.

    SQLite adds no column with such a default (ALTER TABLE takes constants only): the table is made anew and its
    rows copied. Events stored before keep no receive time (null): they are read by their `recorded_at`."""
    columns = '"match", seq, type, body, hash, prev_hash, recorded_at, client, idempotency_key'
    db.execute("""CREATE TABLE "events_m009" (
   "match" TEXT NOT NULL REFERENCES "matches"("id"),
   "seq" INTEGER NOT NULL,
   "type" TEXT NOT NULL,
   "body" BLOB NOT NULL,
   "hash" TEXT NOT NULL,
   "prev_hash" TEXT NOT NULL,
   "recorded_at" TEXT,
   "client" TEXT,
   "idempotency_key" TEXT,
   "received_at" TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
   PRIMARY KEY ("match", "seq")
)""")
    db.execute(f'INSERT INTO "events_m009" ({columns}, received_at) SELECT {columns}, NULL FROM events')
    db.execute("DROP TABLE events")
    db.execute('ALTER TABLE "events_m009" RENAME TO "events"')


@migrations()
def m010_card_base(db: Database) -> None:
    """`matches.card_base`: the address (`http://192.168.1.20:5000/`) the match's recording link was last handed
    out on (its table card printed at creation or by a reissue, web/tablecard.py), or null where riftlog was not
    told (a match created before, or from the command line without `--url`). The token is shown once; this says
    whether the printed card still names the address the server is reached at (docs/web.md, "Cards printed for
    another address")."""
    db["matches"].add_column("card_base", str)


def check_is_riftlog(db: Database, path: object) -> None:
    """`NotALog` unless the file is an empty SQLite database (a new log) or one whose migrations are riftlog's:
    never add riftlog's tables to another program's database, nor answer a file that is not SQLite with a
    traceback."""
    try:
        tables = db.table_names()
        ours = "_sqlite_migrations" in tables and any(
            row["migration_set"] == migrations.name for row in db["_sqlite_migrations"].rows)
    except sqlite3.DatabaseError as error:
        raise NotALog(f"{path} is not a riftlog database ({error}): pass another --db") from None
    if tables and not ours:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise NotALog(f"{path} is the SQLite database of another program (tables {shown}), not a riftlog "
                      "database: pass another --db")


def upgrade(db: Database) -> None:
    """Apply every pending migration.

    Two processes opening a new file at once can race here; the loser's migration fails on the table the winner
    created, and is fine as long as nothing is pending once the dust settles.
    """
    if not migrations.pending(db):
        return
    try:
        migrations.apply(db)
    except (sqlite3.OperationalError, sqlite3.IntegrityError):
        if migrations.pending(db):
            raise

