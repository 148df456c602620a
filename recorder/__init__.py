"""The recorder: the append-only log of riftlog (contract section 4), in a SQLite file or on PostgreSQL.

```python
from recorder import Log

log = Log("riftlog.db")                                          # or Log("postgresql://user@host/name")
match_id, token = log.create_match(match_created_event)          # seq 1, ("m1", token)
log.append(match_id, [event, ...], expected_seq=1)               # {"seq": 2, "hash": "..."}, all or nothing
log.events(match_id, after=0)                                    # [{seq, event, hash, recorded_at, client}]
log.state_at(match_id, 7)                                        # the fold of events 1..7, via snapshots
writer = Writer("riftlog.db")                                    # one per process: group commit for many threads
writer.append(log, match_id, [event])                            # as log.append, committed with other callers'
log.verify_chain(match_id)                                       # {"ok", "head_seq", "head_hash", "bad_seq", "error"}
```

Events are stored as canonical msgpack and chained by sha256 (see `recorder.canonical`); the engine checks each
event before it is stored (see `recorder.log`). Errors are one hierarchy rooted in `RecorderError`.
"""
from __future__ import annotations

from recorder.canonical import GENESIS_HASH, canonical_bytes, chain_hash, decode
from recorder.errors import (Busy, CannotOpen, Conflict, Forbidden, Inconsistent, Malformed, NotALog, NotFound,
                             RecorderError, Refused, TooLarge, Undecodable)
from recorder.log import DEMO_CATALOG, SNAPSHOT_EVERY, Log, token_hash, utc_now
from recorder.writer import Writer

__all__ = [
    "DEMO_CATALOG", "GENESIS_HASH", "SNAPSHOT_EVERY", "Busy", "CannotOpen", "Conflict", "Forbidden", "Inconsistent",
    "Log", "Malformed", "NotFound", "RecorderError", "Refused", "Writer", "canonical_bytes", "chain_hash", "decode",
    "token_hash", "utc_now",
]
