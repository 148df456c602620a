"""The snapshot cache: folded states of a match, kept so that a read need not fold from seq 1.

Snapshots are a cache, never truth: each is keyed by the `engine.VERSION` that folded it, and deleting any of them
changes no answer. What is stored is small:

- one snapshot at every seq that is a multiple of SNAPSHOT_EVERY, never one per append (the head state of a match
  is kept hot in the process instead, see `recorder.heads`);
- without the card facts (`engine.fold.SHARED`, written once by match_created and shared by every later state):
  a loaded snapshot gets them back from the match's seq 1;
- as zlib-compressed msgpack, primed with the match's state at seq 1 (a preset dictionary: most of a state's
  keys and names are already in it), so that a late-game state of ~19 KB packs to under 2 KB;
- beside the chain hash of its seq and a MAC (HMAC-SHA256 with the server's key, `recorder.keys`, which is never
  in the database) over (match, seq, engine version, hash, stored bytes). `load` checks both before it trusts the
  state: a snapshot that does not belong to the log as it stands, or whose state was edited in the file (a forged
  winner), is discarded and rebuilt, never served. `_usable` is the one place a snapshot is checked before use.
"""
from __future__ import annotations

import hmac
import zlib
from collections.abc import Callable
from typing import Any, NamedTuple

import msgpack

import engine
from engine.fold import SHARED
from recorder.store import Store

SNAPSHOT_EVERY = 64
_COMPRESSION = 6  # zlib level: 9 saves under 1% more and costs 20% more time


class Shared(NamedTuple):
    """What every snapshot of a match is stored against: the card facts its states share (`engine.fold.SHARED`,
    left out of the stored bytes) and the msgpack of its state at seq 1 (the compression's preset dictionary)."""

    facts: dict[str, Any]
    dictionary: bytes

    @classmethod
    def of(cls, first: dict[str, Any]) -> Shared:
        """From the match's state at seq 1."""
        return cls({key: first[key] for key in SHARED}, _pack(first))


def encode(state: dict[str, Any], shared: Shared) -> bytes:
    """The stored bytes of a state: msgpack without the card facts, compressed against the state at seq 1."""
    compressor = zlib.compressobj(_COMPRESSION, zdict=shared.dictionary)
    return compressor.compress(_pack(state)) + compressor.flush()


def decode(blob: bytes, shared: Shared) -> dict[str, Any]:
    """The state `encode` stored, with the match's card facts attached again (last, as `copy_state` puts them)."""
    decompressor = zlib.decompressobj(zdict=shared.dictionary)
    state = msgpack.unpackb(decompressor.decompress(blob) + decompressor.flush(), raw=False)
    state.update(shared.facts)
    return state


def _pack(state: dict[str, Any]) -> bytes:
    return msgpack.packb({key: value for key, value in state.items() if key not in SHARED}, use_bin_type=True)


class Snapshots:
    """The `snapshots` table of `db`, read and written for the running engine version."""

    def __init__(self, db: Store, mac: Callable[[bytes], str]) -> None:
        self.db = db
        self.mac = mac  # the server key's MAC (ServerKey.mac), read from its file on first use

    def _mac_of(self, match_id: str, seq: int, seq_hash: str, blob: bytes) -> str:
        return self.mac(f"riftlog snapshot\n{match_id}\n{seq}\n{engine.VERSION}\n{seq_hash}\n".encode() + blob)

    def seqs(self, match_id: str) -> list[int]:
        """The seqs of the match that have a snapshot folded by the running engine version."""
        rows = self.db.execute('SELECT seq FROM snapshots WHERE "match" = ? AND engine_version = ? ORDER BY seq',
                               [match_id, engine.VERSION])
        return [row[0] for row in rows]

    def get(self, match_id: str, seq: int, shared: Shared) -> dict | None:
        """The cached state after event `seq`, if the running engine version folded one that checks out."""
        found = self.load(match_id, seq, shared, exact=True)
        return found[1] if found else None

    def load(self, match_id: str, seq: int, shared: Shared, *, exact: bool = False
             ) -> tuple[int, dict[str, Any]] | None:
        """(seq, state) of the newest usable snapshot at or before `seq` (exactly at it with `exact`), or None.

        A snapshot that fails its check is dropped (quietly: the cache is best effort) and the next older one
        is tried."""
        sql = ('SELECT s.seq, s.state, s.hash, s.mac, e.hash FROM snapshots s LEFT JOIN events e '
               'ON e."match" = s."match" AND e.seq = s.seq '
               f'WHERE s."match" = ? AND s.seq {"=" if exact else "<="} ? AND s.engine_version = ? '
               'ORDER BY s.seq DESC')
        bad = []
        try:
            for found_seq, blob, claimed, mac, actual in self.db.execute(sql, [match_id, seq, engine.VERSION]):
                state = self._usable(match_id, found_seq, blob, claimed, mac, actual, shared)
                if state is not None:
                    return found_seq, state
                bad.append(found_seq)
        finally:
            if bad:
                self.drop_quietly(match_id, bad)
        return None

    def _usable(self, match_id: str, seq: int, blob: bytes, claimed: str, mac: str | None, actual: str | None,
                shared: Shared) -> dict[str, Any] | None:
        """The snapshot's state if it may be served: it claims the chain hash of the stored event at its seq, its
        MAC is the server key's over what it claims, and it decodes to a state at that seq. None means discard
        and rebuild."""
        if actual is None or claimed != actual or not isinstance(mac, str) or not isinstance(blob, bytes):
            return None
        if not hmac.compare_digest(mac, self._mac_of(match_id, seq, claimed, blob)):
            return None
        try:
            state = decode(blob, shared)
        except (ValueError, zlib.error, msgpack.UnpackException, TypeError, AttributeError):
            return None
        return state if isinstance(state, dict) and state.get("seq") == seq else None

    def put(self, match_id: str, seq: int, seq_hash: str, blob: bytes) -> None:
        """Cache `blob` (a state as `encode` stored it) as the state after `seq`, whose event has the chain hash
        `seq_hash`, inside the caller's transaction."""
        self.db.execute('INSERT INTO snapshots ("match", seq, engine_version, hash, state, mac) '
                        'VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT ("match", seq) DO UPDATE SET '
                        'engine_version = excluded.engine_version, hash = excluded.hash, state = excluded.state, '
                        'mac = excluded.mac',
                        [match_id, seq, engine.VERSION, seq_hash, blob, self._mac_of(match_id, seq, seq_hash, blob)])

    def put_quietly(self, match_id: str, states: list[tuple[int, str, bytes]]) -> None:
        """Cache states computed by a read (inside the write under way, if any). Best effort: if the lock is not
        had at once (`Store.quietly`), skip it; a read never waits long on writers or fails because of them."""
        if not states:
            return
        with self.db.quietly() as writable:
            if writable:
                for seq, seq_hash, blob in states:
                    self.put(match_id, seq, seq_hash, blob)

    def drop(self, match_id: str | None = None, seqs: list[int] | None = None) -> int:
        """Delete snapshots (all, one match's, or some seqs of one match); return how many."""
        sql, params = "DELETE FROM snapshots", []
        if match_id is not None:
            sql, params = sql + ' WHERE "match" = ?', [match_id]
            if seqs is not None:
                sql += f" AND seq IN ({', '.join('?' for _ in seqs)})"
                params += list(seqs)
        with self.db.writing():
            return self.db.execute(sql, params).rowcount

    def drop_quietly(self, match_id: str, seqs: list[int]) -> None:
        """`drop` for a read that found bad snapshots: skipped if the database is busy or a write is open."""
        with self.db.quietly() as writable:
            if writable:
                self.db.execute(f'DELETE FROM snapshots WHERE "match" = ? AND seq IN ({", ".join("?" for _ in seqs)})',
                                [match_id, *seqs])
