"""The append-only log of contract section 4: one stream of events per match, in a SQLite file or on a PostgreSQL
server (`recorder.store`: the one interface, `recorder.sqlite` and `recorder.postgres` behind it).

A match is the events 1..head stored as canonical msgpack (`recorder.canonical`), each chained to the one before by
`hash = sha256(prev_hash || body)`. Every event is folded onto the head state with the engine before it is stored,
so the log only ever holds what the engine accepted (strict) or flagged (audit). States are never stored as truth:
the `snapshots` table is a cache of folds keyed by `engine.VERSION` (`recorder.snapshots`), and deleting it changes
no answer. Catalogs live in `recorder.catalogs`.

The head state of every match is kept hot in the process (`recorder.heads`): an append folds its events onto it
in place and writes only the events, the match's new head and, every SNAPSHOT_EVERY seqs, one compressed snapshot
(`recorder.snapshots`). A durable append of one event is five SQL statements: BEGIN IMMEDIATE, read the match's
head (and any first answer under its idempotency key), insert the event, move the head, COMMIT (plus one to record
the key). An acknowledged append has been made durable by the store (SQLite: WAL with `synchronous=FULL`;
PostgreSQL: its WAL flushed at COMMIT) and survives a crash of the process or of the machine.

Writes lock the match's head first (SQLite: its one write lock, `BEGIN IMMEDIATE`; PostgreSQL: the match's row),
then read the head, fold and insert: two writers of one match are serialised, and the loser sees the winner's head
(and gets `Conflict` if it sent a stale `expected_seq`). The primary key (match, seq) backs this up: a double write
is an error, never an overwrite. A writer that cannot get the lock within the busy timeout gets `Busy`. Many
appends can share one transaction (`prepare_append`, `write_append`, `make_hot`): see `recorder.writer`, the group
commit of the web app.
"""
from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import msgpack

import engine
from engine.shapes import stamped
from engine.views import SALT, hides_anything
from recorder import access
from recorder.access import token_hash
from recorder.keys import ServerKey, default_key_path
from recorder import limits
from recorder.canonical import GENESIS_HASH, canonical_bytes, chain_hash, decode, decode_event
from recorder.catalogs import DEMO_CATALOG, Catalogs
from recorder.errors import Conflict, Inconsistent, Malformed, NotFound, RecorderError, Refused, TooLarge
from recorder.heads import HOT, Head
from recorder.snapshots import SNAPSHOT_EVERY, Shared, Snapshots, encode
from recorder.store import Store, is_postgres, open_store

BUSY_TIMEOUT = 5.0  # seconds a write waits for another writer's lock before it is Busy
FOLD_AHEAD = 256  # a batch this long is folded before the write lock is taken (see `Log.append`)
NEW_MATCH = "(new match)"  # how messages name a match whose events are checked before it has an id

# What `create_match` may read a new match's later events from: given the state after the events so far, the next
# event, or None when there are no more.
Reader = Callable[[dict], "dict | None"]


def utc_now() -> str:
    """The default clock: UTC, ISO 8601 to the millisecond. Envelope metadata only; the fold never sees it."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")


class PreparedAppend(NamedTuple):
    """An append checked as far as it can be without the write lock: its events' canonical bytes and envelope."""

    match_id: str
    events: list[dict]
    bodies: list[bytes]
    envelope: dict
    expected_seq: int | None
    idempotency_key: str | None
    request_hash: str


class Folded(NamedTuple):
    """An append folded and chained onto the head (`base_seq`, `base_hash`) of its match: the rows to insert,
    the snapshots it passed, and the new head's state and hash."""

    base_seq: int
    base_hash: str
    catalog: str
    rows: list[tuple]
    snapshots: list[tuple[int, str, bytes]]
    state: dict
    head_hash: str


class Log:
    """The log at `path`: a SQLite file (created if absent) or a PostgreSQL URL; its schema upgraded on open.

    `clock` returns the wall-clock time stored as `recorded_at`/`created_at`; tests pass a fixed one.
    One Log is one connection: use it from one thread at a time (the web app keeps a pool, one per request).
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], str] = utc_now,
                 busy_timeout: float = BUSY_TIMEOUT, shared: bool = False, key_path: str | Path | None = None) -> None:
        self.path = path
        # The server's key (recorder.keys) authenticates the snapshot cache; read from its file on first use.
        self.key_path = key_path if key_path is not None else None if str(path) == ":memory:" else \
            default_key_path(path)
        self._key: ServerKey | None = None
        # `shared`: the log may be handed from thread to thread (a pool), still used by one thread at a time.
        self.db: Store = open_store(path, busy_timeout=busy_timeout, shared=shared)
        # The key of this database's entries in the process's hot heads (an in-memory database is its own).
        self.database = self.db.key
        self.clock = clock
        self.catalogs = Catalogs(self.db, clock)
        self.snapshots = Snapshots(self.db, lambda message: self.key.mac(message))

    def __repr__(self) -> str:
        return f"Log({str(self.path) if not is_postgres(self.path) else repr(self.db)!r})"

    @property
    def key(self) -> ServerKey:
        """The server's key at `key_path` (created there on first use; an in-memory log gets one of its own)."""
        if self._key is None:
            self._key = ServerKey.generate() if self.key_path is None else ServerKey.load(self.key_path)
        return self._key

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Log:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- writing -------------------------------------------------------------------------------------------

    def create_match(self, event: dict, *, meta: dict | None = None,
                     then: list[dict] | Reader | None = None) -> tuple[str, str]:
        """Record a new match whose seq 1 is `event` (a match_created); return its id ("m1", "m2", ...) and token.

        The token is shown once: the log keeps only its hash (`check_token`). `then`: the match's later events,
        for an import of a whole match: checked and folded before the write lock is taken, then written in the
        same transaction as seq 1 (all or nothing), without the limit of one append's batch.

        `then` may be a `Reader` instead of a list: called with the state after each event, it returns the next
        event (None: there are no more). A notation import reads each line against the log's own fold that way,
        so the match is folded once. An error about one of the events keeps the engine's or the canonical
        encoding's error as its `__cause__`, for the reader to say which of its lines it was.
        """
        if not isinstance(event, dict) or event.get("type") != "match_created":
            found = event.get("type") if isinstance(event, dict) else type(event).__name__
            raise Malformed(f"a match starts with a match_created event, not {found!r}")
        event = stamped(without_salt(event))  # its shape's version and edition, in its bytes (engine/shapes.py)
        body = canonical_bytes(_salted(event))
        if "info" in event and len(canonical_bytes({"info": event["info"]})) > limits.MAX_INFO:
            raise TooLarge(f"match_created's info takes {len(canonical_bytes({'info': event['info']}))} bytes; "
                           f"the limit is {limits.MAX_INFO}")
        envelope = self._envelope(meta)
        catalog_name = event.get("catalog", DEMO_CATALOG)
        if not isinstance(catalog_name, str):
            raise Malformed(f"match_created field catalog must be a catalog's name (a string), not {catalog_name!r}")
        try:
            catalog = self.catalog(catalog_name)
        except NotFound as error:
            raise Malformed(f"match_created names the catalog {catalog_name!r}: {error}") from None
        try:
            state = engine.apply(None, decode(body), catalog)
        except engine.EngineError as error:
            raise _verdict(error, "match_created (seq 1)") from error
        shared = Shared.of(state)
        players = event.get("players") or []
        token = secrets.token_urlsafe(24)
        digest = chain_hash(GENESIS_HASH, body)
        head = Head(1, digest, state)
        if then:
            folded = self._fold_new_match(then, body, digest, catalog_name, state, shared, envelope)
            head = Head(1 + len(folded.rows), folded.head_hash, folded.state)
        with self.db.writing():
            match_id = self.db.next_match_id()
            self.db.execute("INSERT INTO matches (id, token_hash, read_key, mode, policy, catalog, players, info, "
                            "created_at, head_seq, head_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            [match_id, token_hash(token), access.new_read_key(), event.get("mode"),
                             event.get("policy", "strict"),
                             catalog_name,
                             json.dumps([p.get("name") if isinstance(p, dict) else None for p in players]),
                             json.dumps(event["info"]) if "info" in event else None, envelope["recorded_at"],
                             head.seq, head.hash])
            self._insert_events(match_id, [(match_id, 1, "match_created", body, digest, GENESIS_HASH,
                                            envelope["recorded_at"], envelope["client"], None)])
            if then:
                self._insert_events(match_id, [(match_id, *row[1:]) for row in folded.rows])
                for seq, seq_hash, blob in folded.snapshots:
                    self.snapshots.put(match_id, seq, seq_hash, blob)
        HOT.keep_shared(self.database, match_id, catalog_name, shared)
        HOT.keep(self.database, match_id, catalog_name, head)
        return match_id, token

    def append(self, match_id: str, events: list[dict], *, expected_seq: int | None = None,
               idempotency_key: str | None = None, meta: dict | None = None) -> dict:
        """Append `events` to the match, all or none; return {"seq", "hash"} of the last one.

        - `expected_seq`: the head the client last saw; if the match has moved on, `Conflict` and nothing written.
        - `idempotency_key`: a retry with the same key and the same events writes nothing and returns the first
          answer, even if the head has moved since; the same key with different events is a `Conflict` (the
          client reused a key, and silently dropping its new events would lose them).
        - Each event is folded onto the head state: `Malformed` if the engine cannot read it, `Refused` (with
          the violations) if a strict match breaks a rule; an audit match stores the event with its violations.
        - `Busy` if the write lock could not be had within the busy timeout; nothing was written.

        A batch of FOLD_AHEAD events or more (an import) is folded before the write lock is taken, onto the head
        as it stands then; under the lock it is only written, if the head is still that one (else folded again
        there). So a long import holds the lock about as long as SQLite takes to insert its rows.
        """
        prepared = self.prepare_append(match_id, events, expected_seq=expected_seq,
                                       idempotency_key=idempotency_key, meta=meta)
        ahead = self.fold_ahead(prepared) if len(prepared.bodies) >= FOLD_AHEAD else None
        heads: dict[str, tuple[str, Head]] = {}
        with self.db.writing():
            answer = self.write_append(prepared, heads, ahead)
            self.db.notify({match_id})  # the live streams of every server (PostgreSQL), as the writer's groups do
        self.make_hot(heads)
        return answer

    def prepare_append(self, match_id: str, events: list[dict], *, expected_seq: int | None = None,
                       idempotency_key: str | None = None, meta: dict | None = None) -> PreparedAppend:
        """Check what `append` can check without the write lock; `Malformed` for a request that cannot be stored."""
        bodies = self._batch_bodies(match_id, events)
        envelope = self._envelope(meta)
        if expected_seq is not None and (not isinstance(expected_seq, int) or isinstance(expected_seq, bool)):
            raise Malformed(f"expected_seq must be an integer, not {expected_seq!r}")
        if idempotency_key is not None:
            limits.check_idempotency_key(idempotency_key)
        request_hash = "" if idempotency_key is None else _request_hash(events)
        return PreparedAppend(match_id, events, bodies, envelope, expected_seq, idempotency_key, request_hash)

    def write_append(self, prepared: PreparedAppend, heads: dict[str, tuple[str, Head]],
                     ahead: Folded | None = None) -> dict:
        """Write a prepared append inside the caller's write transaction; return its answer.

        `heads` holds the new head of every match written in this transaction (so a second append to the same
        match in it folds onto the first); once the transaction commits, `make_hot(heads)` keeps them in the
        process. If this raises, the match's head is dropped from `heads`: it was being changed in place.
        `ahead`: the append already folded onto some head (`fold_ahead`), used if that is still the head.
        """
        match_id, key = prepared.match_id, prepared.idempotency_key
        row = self.db.lock_head(match_id, key)
        if row is None:
            raise NotFound(f"no match {match_id!r} in this log")
        head_seq, head_hash, catalog_name, first_request_hash, first_answer = row
        if first_answer is not None:  # a retry: the same key was written before
            if first_request_hash != prepared.request_hash:
                raise Conflict(f"idempotency key {key!r} of match {match_id} was already used for other events; "
                               "use a new key for a new request")
            return json.loads(first_answer)
        if prepared.expected_seq is not None and prepared.expected_seq != head_seq:
            raise Conflict(f"match {match_id} is at seq {head_seq}, not {prepared.expected_seq}: "
                           f"fetch the events after {prepared.expected_seq} and try again")
        try:
            if ahead is None or (ahead.base_seq, ahead.base_hash, ahead.catalog) != (head_seq, head_hash,
                                                                                     catalog_name):
                catalog = self.catalog(catalog_name)
                state = self._head_to_change(match_id, catalog_name, catalog, head_seq, head_hash, heads)
                ahead = self._fold_batch(prepared, head_seq, head_hash, catalog_name, state,
                                         self._shared(match_id, catalog_name))
            else:
                heads.pop(match_id, None)  # folded from the head as stored; a pending one is the same head
            new_head = head_seq + len(ahead.rows)
            answer = {"seq": new_head, "hash": ahead.head_hash}
            first = None if key is None else (match_id, key, prepared.request_hash, json.dumps(answer))
            try:
                self.db.write_head(match_id, ahead.rows, new_head, ahead.head_hash, first)
            except Exception as error:
                if not self.db.is_duplicate(error):
                    raise
                raise Conflict(f"match {match_id} moved on while appending at seq {head_seq + 1}; "
                               "try again") from None
            for seq, digest, blob in ahead.snapshots:
                self.snapshots.put(match_id, seq, digest, blob)
        except BaseException:
            heads.pop(match_id, None)
            raise
        heads[match_id] = (catalog_name, Head(new_head, ahead.head_hash, ahead.state))
        return answer

    def _insert_events(self, match_id: str, rows: list[tuple]) -> None:
        """Insert event rows; the primary key (match, seq) turns a concurrent double write into a `Conflict`."""
        try:
            self.db.executemany('INSERT INTO events ("match", seq, type, body, hash, prev_hash, recorded_at, '
                                     "client, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        except Exception as error:
            if not self.db.is_duplicate(error):
                raise
            raise Conflict(f"match {match_id} moved on while appending at seq {rows[0][1]}; try again") from None

    def dry_run(self, match_id: str, events: list[dict], *, expected_seq: int | None = None) -> dict:
        """What `append` would make of `events` now, without writing anything (a recording screen asks before it
        sends): {"ok", "policy", "head_seq", "seq", "violations", "error"}. `violations` are the rules the events
        break: a strict match would refuse them (`ok` false, `seq` the head), an audit match would record them
        flagged (`seq` the new head). Violations a judge's ruling overrules (`ruled`, engine/judges_rulings.py) are
        listed but leave `ok` true: the ruling is the judge's word that the events go in as recorded, so a screen
        that asks first has nothing more to confirm. `Malformed` and `Conflict` (a stale `expected_seq`) as `append`
        raises them."""
        prepared = self.prepare_append(match_id, events, expected_seq=expected_seq)
        row = self._match_row(match_id)
        head_seq, catalog_name, policy = row["head_seq"], row["catalog"], row["policy"]
        if expected_seq is not None and expected_seq != head_seq:
            raise Conflict(f"match {match_id} is at seq {head_seq}, not {expected_seq}: "
                           f"fetch the events after {expected_seq} and try again")
        state = self._state(match_id, head_seq, catalog_name, self.catalog(catalog_name), save=False)
        try:
            folded = self._fold_batch(prepared, head_seq, row["head_hash"], catalog_name, state,
                                      self._shared(match_id, catalog_name))
        except Refused as refusal:
            return {"ok": False, "policy": policy, "head_seq": head_seq, "seq": head_seq,
                    "violations": refusal.violations, "error": str(refusal)}
        flagged = [violation for violation in folded.state["violations"] if violation.get("seq", 0) > head_seq]
        error = "; ".join(f"{v.get('message')} (rule {v.get('rule')})" for v in flagged) or None
        return {"ok": all(violation.get("ruled") for violation in flagged), "policy": policy, "head_seq": head_seq,
                "seq": head_seq + len(folded.rows), "violations": flagged, "error": error}

    def fold_ahead(self, prepared: PreparedAppend) -> Folded | None:
        """The append folded onto the match's head as it stands, without the write lock (see `append`); None if
        that cannot tell what the write will do (the head is not the expected one, or the fold refuses: the
        write folds again under the lock and answers then)."""
        row = self.db.execute("SELECT head_seq, head_hash, catalog FROM matches WHERE id = ?",
                              [prepared.match_id]).fetchone()
        if row is None or prepared.expected_seq not in (None, row[0]):
            return None
        head_seq, head_hash, catalog_name = row
        try:
            state = self._state(prepared.match_id, head_seq, catalog_name, self.catalog(catalog_name), save=False)
            return self._fold_batch(prepared, head_seq, head_hash, catalog_name, state,
                                    self._shared(prepared.match_id, catalog_name))
        except RecorderError:
            return None

    def _fold_batch(self, prepared: PreparedAppend, head_seq: int, head_hash: str, catalog_name: str,
                    state: dict, shared: Shared) -> Folded:
        """Fold a prepared append onto `state` (the head at `head_seq`, changed in place) and chain its hashes;
        `shared` is what the match's snapshots are stored against."""
        pairs = iter(zip(prepared.events, prepared.bodies))
        return self._fold(prepared.match_id, lambda _state: next(pairs, None), len(prepared.bodies),
                          Folded(head_seq, head_hash, catalog_name, [], [], state, head_hash), shared,
                          prepared.envelope, prepared.idempotency_key,
                          self._past(prepared.match_id, self.catalog(catalog_name)))

    def _fold_new_match(self, then: list[dict] | Reader, first: bytes, first_hash: str, catalog_name: str,
                        state: dict, shared: Shared, envelope: dict) -> Folded:
        """Fold the later events of a match being created (`create_match`'s `then`) onto its seq 1 (`state`,
        changed in place), each checked as it comes; a rewind among them goes back to a state of their own."""
        if callable(then):
            read = then
        else:
            events = iter(then)
            read = lambda _state: next(events, None)  # noqa: E731 - the list as a Reader
        catalog = self.catalog(catalog_name)
        bodies = [first]

        def pull(current: dict) -> tuple[dict, bytes] | None:
            event = read(current)
            if event is None:
                return None
            bodies.append(_event_body(event, f"match {NEW_MATCH}, event {len(bodies) + 1}"))
            return event, bodies[-1]

        return self._fold(NEW_MATCH, pull, 0, Folded(1, first_hash, catalog_name, [], [], state, first_hash),
                          shared, envelope, None,
                          lambda seq: engine.fold([decode(body) for body in bodies[:seq]], catalog))

    def _fold(self, match_id: str, pull: Callable[[dict], tuple[dict, bytes] | None], count: int, base: Folded,
              shared: Shared, envelope: dict, key: str | None, past: Callable[[int], dict]) -> Folded:
        """Fold the events that `pull` gives, each with its canonical bytes, onto `base` (a match's head: its
        state is changed in place) and chain their hashes. `pull` is handed the state so far and returns None
        when there are no more; `count` is how many there are, for messages (0: not known).

        The fold reads the canonical bytes, not the caller's dicts: the log holds exactly what the engine accepted."""
        rows, snapshots = base.rows, base.snapshots
        pulled: list[tuple[dict, bytes]] = []
        current = [base.state]
        prev_hash = base.head_hash

        def decoded() -> Iterator[dict]:
            while (pair := pull(current[0])) is not None:
                pulled.append(pair)
                yield decode(pair[1])

        try:
            for seq, state in enumerate(engine.steps(decoded(), self.catalog(base.catalog), base.state,
                                                     in_place=True, past=past), base.base_seq + 1):
                current[0] = state
                event, body = pulled[-1]
                digest = chain_hash(prev_hash, body)
                rows.append((match_id, seq, event["type"], body, digest, prev_hash, envelope["recorded_at"],
                             envelope["client"], key))
                if seq % SNAPSHOT_EVERY == 0:
                    snapshots.append((seq, digest, encode(state, shared)))
                prev_hash = digest
        except engine.EngineError as error:
            where = _where(match_id, base.base_seq + len(pulled), pulled[-1][0], len(pulled) - 1, count)
            raise _verdict(error, where) from error
        return base._replace(state=current[0], head_hash=prev_hash)

    def make_hot(self, heads: dict[str, tuple[str, Head]]) -> None:
        """Make the heads written by a committed transaction hot (see `write_append`)."""
        for match_id, (catalog_name, head) in heads.items():
            HOT.keep(self.database, match_id, catalog_name, head)

    def import_catalog(self, catalog: engine.Catalog, name: str | None = None, *, replace: bool = False) -> str:
        """Store `catalog` under `name` (default: the catalog's own `name`); return the name.

        Importing the same content again is a no-op. Different content under a name already taken is a
        `Conflict` unless `replace=True`: matches name their catalog, and a re-fold from seq 1 (verify, an
        engine upgrade) reads whatever is stored under that name then. Replacing drops the snapshots of the
        matches that use it. "demo" is the engine's built-in catalog and cannot be imported over. A catalog
        imported under another name than its own is renamed, so the engine sees the name the match gives.
        """
        stored = self.catalogs.store(catalog, name, replace=replace)
        HOT.forget(self.database, stored)
        return stored

    # --- reading -------------------------------------------------------------------------------------------

    def catalog(self, name: str) -> engine.Catalog:
        """The catalog called `name`: "demo" is `engine.demo_catalog()`, any other comes from `import_catalog`."""
        return self.catalogs.get(name)

    def is_salted(self, match_id: str) -> bool:
        """Whether the match was recorded with salts: its match_created carries one, as that of every match created
        since salting began, and so does each later event that hides anything from some view. Then its chain
        hashes give away nothing a view may not see. A match recorded before keeps its bytes (and its hashes), which
        the web app gives only to readers of its judge's view (docs/trust.md). `NotFound` for an unknown match."""
        salted = HOT.salted(self.database, match_id)
        if salted is None:
            salted = SALT in self.events(match_id, 0, 1)[0]["event"]
            HOT.keep_salted(self.database, match_id, salted)
        return salted

    def check_token(self, match_id: str, token: str) -> bool:
        """Whether `token` is the one `create_match` returned for the match (constant-time compare of hashes);
        `NotFound` for an unknown match."""
        digest = self.judge_token_hash(match_id)
        return isinstance(token, str) and hmac.compare_digest(token_hash(token), digest)

    def judge_token_hash(self, match_id: str) -> str:
        """The hash of the match's token; `NotFound` for an unknown match. Kept hot once read (it changes only when
        the token is reissued, which puts the new hash here: `recorder.tokens.reissue`), so a recorder's appends
        are authorised without reading the database."""
        digest = HOT.token_hash(self.database, match_id)
        if digest is None:
            digest = self._match_row(match_id)["token_hash"]
            HOT.keep_token_hash(self.database, match_id, digest)
        return digest

    def reader(self, match_id: str, token: str | None) -> str | None:
        """Whose read token `token` is for the match: "judge" (the match token), "P1", ..., or None (see
        `recorder.access`); `NotFound` for an unknown match."""
        match = self._match_row(match_id)
        player_count = len(json.loads(match["players"]) if match["players"] else [])
        return access.reader_of(match["token_hash"], match_id, player_count, token, read_key=match.get("read_key"),
                                generations=json.loads(match.get("player_generations") or "{}"))

    def publish(self, match_id: str) -> dict:
        """Make a finished match's judge view public (a replay shared after the round); return its summary.

        `Conflict` while the match is not over. Publishing twice keeps the first time."""
        access.check_publishable(match_id, self.state_at(match_id))
        with self.db.writing():
            self.db.execute("UPDATE matches SET published_at = COALESCE(published_at, ?) WHERE id = ?",
                            [self.clock(), match_id])
        return self.match(match_id)

    def set_broadcast_delay(self, match_id: str, delay: dict[str, int] | None) -> dict:
        """Hold the match's spectator view `delay` behind the record (`access.broadcast_delay`; None: live);
        return its summary. A setting of the match, outside its events and their hash chain."""
        self._match_row(match_id)  # NotFound first
        with self.db.writing():
            self.db.execute("UPDATE matches SET broadcast_delay = ? WHERE id = ?",
                            [json.dumps(delay) if delay else None, match_id])
            self.db.notify_delay(match_id)  # the spectator streams of every other server (PostgreSQL)
        return self.match(match_id)

    def received_times(self, match_id: str) -> Iterator[tuple[int, str | None]]:
        """(seq, when the server received it) of the match's events, newest first, read as the caller goes (a
        broadcast delay in seconds looks at the last few): `received_at` (recorder.schema m009), else, for an event
        stored before it, its `recorded_at`."""
        yield from self.db.execute('SELECT seq, COALESCE(received_at, recorded_at) FROM events WHERE "match" = ? '
                                   "ORDER BY seq DESC", [match_id])

    def matches(self, offset: int = 0, limit: int | None = None, *, newest_first: bool = False,
                archived: bool | None = None) -> list[dict]:
        """The matches, oldest first (or newest first), `limit` of them from `offset`: {id, mode, policy, catalog,
        players, info, head_seq, head_hash, created_at, published_at, broadcast_delay, archived_at}. `archived`:
        None every match, False those not archived (what the lists and the tournament page show), True only the
        archived ones (`recorder.archive`)."""
        order = "DESC" if newest_first else "ASC"
        rows = self.db.query(f"SELECT * FROM matches{_ARCHIVED[archived]} ORDER BY CAST(SUBSTR(id, 2) AS INTEGER) "
                             f"{order}, id {order} LIMIT ? OFFSET ?", [2**62 if limit is None else limit, offset])
        return [_match_summary(row) for row in rows]

    def match_count(self, *, archived: bool | None = None) -> int:
        """How many matches the log holds (`archived` as for `matches`)."""
        return self.db.execute(f"SELECT COUNT(*) FROM matches{_ARCHIVED[archived]}").fetchone()[0]

    def match(self, match_id: str) -> dict:
        """One match's summary, as in `matches()`; `NotFound` if the log has no such match."""
        return _match_summary(self._match_row(match_id))

    def events(self, match_id: str, after: int = 0, upto: int | None = None) -> list[dict]:
        """The events after seq `after` up to `upto` (default: the head): [{seq, event, hash, recorded_at, client}]."""
        head = self._match_row(match_id)["head_seq"]
        rows = self._event_rows(match_id, after, head if upto is None else min(upto, head))
        return [{"seq": row["seq"], "event": decode_event(row["body"], match_id, row["seq"]), "hash": row["hash"],
                 "recorded_at": row["recorded_at"], "client": row["client"]} for row in rows]

    def state_at(self, match_id: str, seq: int | None = None) -> dict:
        """The state after event `seq` (default: the head), from the newest snapshot at or before it.

        `NotFound` if the match has no event `seq`; `Inconsistent` if a stored event no longer folds.
        """
        match = self._match_row(match_id)
        head = match["head_seq"]
        if seq is None:
            seq = head
        if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= head:
            raise NotFound(f"match {match_id} has events 1 to {head}; there is no state after event {seq!r}")
        return self._state(match_id, seq, match["catalog"], self.catalog(match["catalog"]), save=True)

    def fold_states(self, match_id: str, upto: int | None = None, *, after: int = 0, state: dict | None = None,
                    save: bool = True) -> Iterator[tuple[int, dict, dict]]:
        """Fold the match's events after..upto onto `state`, the state after `after` (default: from seq 1),
        ignoring snapshots: yield (seq, event, state after it) for every seq. `state` itself is left untouched.

        For whoever needs every state (a timeline, or one carried on as the match grows) or a fold that trusts no
        cache (verify). The state yielded is the same object every time, changed in place by the next step: copy
        what you keep. With `save`, the multiples of SNAPSHOT_EVERY it passes are written to the cache if missing.
        `Inconsistent` at the first event that is missing or that the engine refuses.
        """
        match = self._match_row(match_id)
        catalog = self.catalog(match["catalog"])
        upto = match["head_seq"] if upto is None else min(upto, match["head_seq"])
        cached = set(self.snapshot_seqs(match_id)) if save else set()
        shared = self._shared(match_id, match["catalog"]) if save else None
        return self._fold_states(match_id, after, upto, catalog, state, cached, shared)

    def _fold_states(self, match_id: str, after: int, upto: int, catalog: engine.Catalog, state: dict | None,
                     cached: set[int], shared: Shared | None) -> Iterator[tuple[int, dict, dict]]:
        """`fold_states`; with `shared` (the match's, when saving) the multiples passed are cached."""
        passed = []
        for seq, seq_hash, event, folded in self._replay(match_id, after, upto, catalog, state, in_place=False):
            if shared is not None and seq % SNAPSHOT_EVERY == 0 and seq not in cached:
                passed.append((seq, seq_hash, encode(folded, shared)))
            yield seq, event, folded
        self.snapshots.put_quietly(match_id, passed)

    def recomputed_hash(self, match_id: str, seq: int) -> str | None:
        """The chain hash of event `seq`, computed from the stored bytes of events 1..seq (the stored hash columns
        are not read); None when the log does not hold every one of them. What a seal is checked against."""
        digest, expected = GENESIS_HASH, 1
        for row in self.db.execute('SELECT seq, body FROM events WHERE "match" = ? AND seq <= ? ORDER BY seq',
                                   [match_id, seq]):
            if row[0] != expected:
                return None
            digest, expected = chain_hash(digest, row[1]), expected + 1
        return digest if expected == seq + 1 else None

    def verify_chain(self, match_id: str) -> dict:
        """Check the hash chain: {"ok", "head_seq", "head_hash", "bad_seq", "error"}.

        Recomputes every hash from the stored bytes and checks the numbering 1..head, each prev_hash, and the
        head recorded on the match. `bad_seq` is the first seq that fails: an edited body or hash fails at its
        own seq, a deleted event at the missing seq, reordered events at the first one out of place, a deleted
        tail at the first seq past the last stored one.
        """
        match = self._match_row(match_id)
        result = {"ok": True, "head_seq": match["head_seq"], "head_hash": match["head_hash"],
                  "bad_seq": None, "error": None}

        def fail(seq: int, error: str) -> dict:
            return {**result, "ok": False, "bad_seq": seq, "error": f"match {match_id}, event {seq}: {error}"}

        expected, prev_hash = 1, GENESIS_HASH
        for row in self._event_rows(match_id, 0, None):
            if row["seq"] > match["head_seq"] and row["seq"] == expected:
                if self._match_row(match_id)["head_seq"] >= row["seq"]:
                    break  # appended since the head was read (a live match): the chain is checked up to that head
                return fail(expected, f"stored past the match's head ({match['head_seq']}): an added event")
            if row["seq"] != expected:
                return fail(expected, f"missing (the next stored event is {row['seq']})")
            if row["prev_hash"] != prev_hash:
                return fail(expected, "its prev_hash is not the hash of the event before it (edited or reordered)")
            if chain_hash(prev_hash, row["body"]) != row["hash"]:
                return fail(expected, "its hash does not match its bytes (edited event or hash)")
            try:
                event = decode(row["body"])
            except (ValueError, msgpack.UnpackException) as error:
                return fail(expected, f"its body is not msgpack ({error})")
            if not isinstance(event, dict) or event.get("type") != row["type"]:
                return fail(expected, f"its body is not the {row['type']!r} event its row says")
            prev_hash = row["hash"]
            expected += 1
        if expected - 1 != match["head_seq"]:
            return fail(expected, f"missing: the match's head is {match['head_seq']} but the log stops at "
                                  f"{expected - 1}")
        if prev_hash != match["head_hash"]:
            return fail(expected - 1, "the match's head hash is not the hash of its last event")
        return result

    # --- the snapshot cache --------------------------------------------------------------------------------

    def snapshot_seqs(self, match_id: str) -> list[int]:
        """The seqs of the match that have a snapshot folded by the running engine version."""
        return self.snapshots.seqs(match_id)

    def snapshot(self, match_id: str, seq: int) -> dict | None:
        """The cached state after event `seq`, if the running engine version folded one that checks out."""
        match = self._match_row(match_id)
        return self.snapshots.get(match_id, seq, self._shared(match_id, match["catalog"]))

    def drop_snapshots(self, match_id: str | None = None, seqs: list[int] | None = None) -> int:
        """Delete snapshots (all, one match's, or some seqs of one match); return how many. No answer changes.

        `seqs` is only read with a `match_id`."""
        return self.snapshots.drop(match_id, seqs)

    # --- internals -----------------------------------------------------------------------------------------

    def _envelope(self, meta: dict | None) -> dict:
        """The envelope columns of a write: `client` and `recorded_at` (default: the clock), from `meta`."""
        envelope = limits.check_meta(meta)
        return {"client": envelope["client"], "recorded_at": envelope["recorded_at"] or self.clock()}

    def _batch_bodies(self, match_id: str, events: list[dict]) -> list[bytes]:
        """The canonical bytes of each event of a batch, or `Malformed` naming the event that cannot be stored."""
        if not isinstance(events, list):
            raise Malformed(f"append to match {match_id} takes a list of events, not {type(events).__name__}")
        if not events:
            raise Malformed(f"no events to append to match {match_id}")
        limits.check_batch(len(events), match_id)
        return [_event_body(event, f"match {match_id}, event #{index} of {len(events)} in the batch")
                for index, event in enumerate(events, 1)]

    def _head_to_change(self, match_id: str, catalog_name: str, catalog: engine.Catalog, seq: int, seq_hash: str,
                        heads: dict[str, tuple[str, Head]]) -> dict:
        """The head state for a write to fold onto in place: this transaction's, else the hot one (taken out of
        the cache until the write commits), else one rebuilt from the snapshots and the log."""
        pending = heads.pop(match_id, None)
        if pending is not None and pending[1].seq == seq and pending[1].hash == seq_hash:
            return pending[1].state
        hot = HOT.take(self.database, match_id, catalog_name, seq, seq_hash)
        if hot is not None:
            return hot.state
        return self._state(match_id, seq, catalog_name, catalog, save=True)

    def _shared(self, match_id: str, catalog_name: str) -> Shared:
        """The card facts every state of the match shares, from a fold of its seq 1 (kept hot once known)."""
        shared = HOT.shared(self.database, match_id, catalog_name)
        if shared is None:
            (_seq, _hash, _event, state), = self._replay(match_id, 0, 1, self.catalog(catalog_name), None)
            shared = Shared.of(state)
            HOT.keep_shared(self.database, match_id, catalog_name, shared)
        return shared

    def _state(self, match_id: str, seq: int, catalog_name: str, catalog: engine.Catalog, *, save: bool) -> dict:
        """The state after `seq`: the newest usable snapshot at or before it, plus a fold of the events after it.

        A new object each time, the caller's to keep or change. A match whose `Shared` is not hot yet (the first
        write or read of it in this process) has its seq 1 folded once, for both: its `Shared`, and the state the
        fold goes on from (as `create_match` does). Below SNAPSHOT_EVERY there is no snapshot to look for."""
        start, state = 0, None
        shared = HOT.shared(self.database, match_id, catalog_name)
        if shared is None:
            (start, _hash, _event, state), = self._replay(match_id, 0, 1, catalog, None)
            shared = Shared.of(state)
            HOT.keep_shared(self.database, match_id, catalog_name, shared)
        found = self.snapshots.load(match_id, seq, shared) if seq >= SNAPSHOT_EVERY else None
        if found is not None:
            start, state = found
        passed = []
        for event_seq, seq_hash, _event, state in self._replay(match_id, start, seq, catalog, state):
            if event_seq % SNAPSHOT_EVERY == 0:
                passed.append((event_seq, seq_hash, encode(state, shared)))
        if save and passed:
            self.snapshots.put_quietly(match_id, passed)  # inside a write under way, if there is one
        assert state is not None, "a match always has its seq 1"
        return state

    def _past(self, match_id: str, catalog: engine.Catalog) -> Callable[[int], dict]:
        """The states a `rewind` goes back to (the engine asks for them by seq)."""
        return lambda seq: self._state(match_id, seq, self._match_row(match_id)["catalog"], catalog, save=False)

    def _replay(self, match_id: str, after: int, upto: int, catalog: engine.Catalog, state: dict | None, *,
                in_place: bool = True) -> Iterator[tuple[int, str, dict, dict]]:
        """Fold the stored events after..upto onto `state` (None: from seq 1), in place unless `in_place` is
        False: (seq, hash, event, state after it). A refusal means the log and the engine disagree
        (`Inconsistent`)."""
        current: list[Any] = [after, None, {}]

        def stored() -> Iterator[dict]:
            for seq, seq_hash, event in self._stored_events(match_id, after, upto):
                current[:] = seq, seq_hash, event
                yield event

        try:
            for state in engine.steps(stored(), catalog, state, in_place=in_place, past=self._past(match_id, catalog)):
                seq, seq_hash, event = current
                yield seq, seq_hash, event, state
        except engine.EngineError as error:
            seq, _hash, event = current
            raise Inconsistent(match_id, seq, f"match {match_id}, stored event {seq} ({event.get('type')}) no "
                                              f"longer folds with engine {engine.VERSION}: {error}") from None

    def _stored_events(self, match_id: str, after: int, upto: int) -> Iterator[tuple[int, str, dict]]:
        """(seq, hash, event) for seqs after..upto, `Inconsistent` at the first one missing."""
        expected = after + 1
        rows = self.db.execute('SELECT seq, hash, body FROM events WHERE "match" = ? AND seq > ? AND seq <= ? '
                               "ORDER BY seq", [match_id, after, upto])
        for seq, seq_hash, body in rows:
            if seq != expected:
                break
            yield seq, seq_hash, decode_event(body, match_id, seq)
            expected += 1
        if expected <= upto:
            raise Inconsistent(match_id, expected, f"match {match_id} has no stored event {expected} (its head is "
                                                   f"past it): the log was edited; run verify")

    def _event_rows(self, match_id: str, after: int, upto: int | None) -> list[dict]:
        sql = 'SELECT * FROM events WHERE "match" = ? AND seq > ?'
        params: list[Any] = [match_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        return list(self.db.query(sql + " ORDER BY seq", params))

    def _match_row(self, match_id: str) -> dict:
        rows = list(self.db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
        if not rows:
            raise NotFound(f"no match {match_id!r} in this log")
        return rows[0]


def _event_body(event: dict, where: str) -> bytes:
    """The canonical bytes to store of an event to append (`_salted`), or `Malformed` (its cause kept) saying
    `where` it is."""
    if isinstance(event, dict) and not isinstance(event.get("type"), str):
        raise Malformed(f"{where}: an event needs a type (a string)")
    try:
        body = canonical_bytes(_salted(without_salt(event)) if isinstance(event, dict) else event)
    except Malformed as error:
        raise type(error)(f"{where}: {error}") from error
    if event["type"] == "match_created":
        raise Malformed(f"{where}: match_created can only be seq 1 of a new match")
    return body


def without_salt(event: dict) -> dict:
    """`event` without a salt it was sent with (a stored event sent again): the recorder alone salts, each event it
    stores anew with a salt of its own."""
    return {key: value for key, value in event.items() if key != SALT} if SALT in event else event


def _salted(event: dict) -> dict:
    """The event to store: `event`, or a copy with a salt of 128 random bits when some view is not given the whole
    event (`engine.views.hides_anything`), so that its chain hash, which every reader gets, cannot be matched
    against guesses of the hidden cards (docs/trust.md, "Hidden cards and the hash chain")."""
    return {**event, SALT: secrets.token_hex(16)} if hides_anything(event) else event


def _request_hash(events: list[dict]) -> str:
    """What an idempotency key is matched on: the events as sent (a retry sends the same events, not the salts
    the recorder drew for them)."""
    sent = [canonical_bytes(without_salt(event)) for event in events]
    return hashlib.sha256(msgpack.packb(sent, use_bin_type=True)).hexdigest()


def _verdict(error: engine.EngineError, where: str) -> RecorderError:
    """The engine's verdict on an event as the recorder's error: `Refused` (a strict match's refusal) or
    `Malformed` (an event the engine cannot read)."""
    if isinstance(error, engine.IllegalEvent):
        return Refused(error.violations, f"{where} refused: {error}")
    return Malformed(f"{where}: {error}")


def _where(match_id: str, seq: int, event: dict, offset: int, count: int) -> str:
    """How a message names an event of a batch: match, seq, type, and its place in the batch if there are several."""
    place = f", #{offset + 1} of {count} in the batch" if count > 1 else ""
    return f"match {match_id}, event {seq} ({event.get('type')}{place})"


_ARCHIVED = {None: "", False: " WHERE archived_at IS NULL", True: " WHERE archived_at IS NOT NULL"}


def _match_summary(row: dict) -> dict:
    return {"id": row["id"], "mode": row["mode"], "policy": row["policy"], "catalog": row["catalog"],
            "players": json.loads(row["players"]) if row["players"] else [],
            "info": json.loads(row["info"]) if row["info"] else None,
            "head_seq": row["head_seq"], "head_hash": row["head_hash"], "created_at": row["created_at"],
            "published_at": row.get("published_at"), "archived_at": row.get("archived_at"),
            "broadcast_delay": json.loads(row["broadcast_delay"]) if row.get("broadcast_delay") else None}
