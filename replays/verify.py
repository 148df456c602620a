"""Verification of a recorded match: the hash chain, then a re-fold from seq 1 that trusts no cache."""
from __future__ import annotations

import recorder
from recorder import Log
from replays.errors import NotFound


def verify(log: Log, match_id: str) -> dict:
    """{"ok", "head_seq", "head_hash", "bad_seq", "error", "snapshots_dropped"} for the match.

    First the chain (`Log.verify_chain`): an edited, deleted or reordered event fails at its seq. Then every
    event is folded again from seq 1 with the running engine, ignoring snapshots: a stored event the engine now
    refuses (malformed, or illegal in a strict match) fails at its seq. Along the way each cached snapshot is
    compared with the fresh fold; one that differs is dropped (the cache heals) and listed in
    `snapshots_dropped`, without failing the match, since the log itself is sound.
    """
    try:
        result = {**log.verify_chain(match_id), "snapshots_dropped": []}
    except recorder.NotFound as error:
        raise NotFound(str(error)) from None
    if not result["ok"]:
        return result
    cached = set(log.snapshot_seqs(match_id))
    stale = []
    try:
        for seq, _event, state in log.fold_states(match_id, save=False):
            if seq in cached and log.snapshot(match_id, seq) != state:
                stale.append(seq)
    except recorder.Inconsistent as error:
        result.update(ok=False, bad_seq=error.seq, error=str(error))
    if stale:
        log.drop_snapshots(match_id, stale)
        result["snapshots_dropped"] = stale
    return result
