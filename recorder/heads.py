"""What the process keeps hot of each match: its head state, what its snapshots are stored against (the card
facts every state of it shares, and its state at seq 1: `recorder.snapshots.Shared`), and its token's hash.

An append folds its events onto the head state in place, so it neither decodes a snapshot nor folds anything
already folded, nor copies the state. The entries are shared by every `Log` of the process on the same file (the web
app opens one per thread), and are only ever trusted against the database: a head is used only when the match's
row still names the same head seq and hash (another process may have appended), and is keyed by the engine
version and catalog name it was folded with. A head state is private to the writers: a write takes it out of the
cache (under SQLite's write lock, so one writer at a time), changes it, and puts it back once committed; reads
never see it. Nobody changes a `Shared`. A match's token hash changes only when its token is reissued
(`recorder.tokens.reissue` keeps the new one here; `riftlog reissue` refuses to run beside a server of the file):
keeping it lets an append be authorised without reading the database.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, NamedTuple

import engine
from recorder.snapshots import Shared

CACHED_MATCHES = 4096  # hot heads kept per process: a Regional's 800 tables and more, at ~150 KB of Python objects each


class Head(NamedTuple):
    """A match's head: the seq and chain hash of its last event, and the state after it."""

    seq: int
    hash: str
    state: dict[str, Any]


class Hot:
    """Heads and `Shared`s by (database, match, engine version, catalog), token hashes by (database, match); least
    recently used dropped."""

    def __init__(self, size: int = CACHED_MATCHES) -> None:
        self.size = size
        self._heads: OrderedDict[tuple, Head] = OrderedDict()
        self._shared: OrderedDict[tuple, Shared] = OrderedDict()
        self._token_hashes: OrderedDict[tuple, str] = OrderedDict()
        self._salted: OrderedDict[tuple, bool] = OrderedDict()  # whether a match is salted: its seq 1 never changes
        # (database, match) of every head kept, still counted while a write has it out of the cache
        self._known: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def take(self, database: str, match_id: str, catalog: str, seq: int, seq_hash: str) -> Head | None:
        """Like `head`, but the head leaves the cache: a write changes its state in place, and puts the new head
        back (`keep`) only once it has committed."""
        key = (database, match_id, engine.VERSION, catalog)
        with self._lock:
            head = self._heads.pop(key, None)
            if head is None or head.seq != seq or head.hash != seq_hash:
                return None
            return head

    def keep(self, database: str, match_id: str, catalog: str, head: Head) -> None:
        with self._lock:
            self._known.add((database, match_id))
        for dropped in self._put(self._heads, (database, match_id, engine.VERSION, catalog), head):
            with self._lock:
                self._known.discard(dropped[:2])

    def knows(self, database: str, match_id: str) -> bool:
        """Whether a head of the match is kept (it may be another process's old one: `take` tells), or out with a
        write that will put it back. A match this process never wrote, or wrote long ago, is not known: its first
        write here rebuilds its head from the snapshots and the log."""
        with self._lock:
            return (database, match_id) in self._known

    def shared(self, database: str, match_id: str, catalog: str) -> Shared | None:
        """What the match's snapshots are stored against, if known."""
        with self._lock:
            return self._shared.get((database, match_id, engine.VERSION, catalog))

    def keep_shared(self, database: str, match_id: str, catalog: str, shared: Shared) -> None:
        self._put(self._shared, (database, match_id, engine.VERSION, catalog), shared)

    def token_hash(self, database: str, match_id: str) -> str | None:
        """The hash of the match's token, if known."""
        with self._lock:
            return self._token_hashes.get((database, match_id))

    def keep_token_hash(self, database: str, match_id: str, digest: str) -> None:
        self._put(self._token_hashes, (database, match_id), digest)

    def salted(self, database: str, match_id: str) -> bool | None:
        """Whether the match's events are salted (`recorder.Log.is_salted`), if known."""
        with self._lock:
            return self._salted.get((database, match_id))

    def keep_salted(self, database: str, match_id: str, salted: bool) -> None:
        self._put(self._salted, (database, match_id), salted)

    def forget_token_hash(self, database: str, match_id: str) -> None:
        """Drop the match's token hash (another process reissued the token: the next check reads the new one)."""
        with self._lock:
            self._token_hashes.pop((database, match_id), None)

    def forget(self, database: str, catalog: str | None = None) -> None:
        """Drop what is kept of the matches of `database` (those using `catalog`, if given)."""
        with self._lock:
            for table in (self._heads, self._shared):
                for key in [key for key in table if key[0] == database and catalog in (None, key[3])]:
                    del table[key]
            self._known = {known for known in self._known if known[0] != database} if catalog is None else \
                {key[:2] for key in self._heads}

    def _put(self, table: OrderedDict, key: tuple, value: Any) -> list[tuple]:
        """Keep `value` under `key`; the keys dropped to make room."""
        dropped = []
        with self._lock:
            table[key] = value
            table.move_to_end(key)
            while len(table) > self.size:
                dropped.append(table.popitem(last=False)[0])
        return dropped


HOT = Hot()
