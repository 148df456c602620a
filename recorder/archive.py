"""Matches under control: a match created by mistake (a test match, an import made twice) archived or deleted.

- **Archive** hides a match from the tournament page and the match lists and nothing else: every event stays, it
  verifies, exports and reads as before, at the same links. It is a setting of the match (`matches.archived_at`),
  outside its events and their hash chain, as a broadcast delay is; unarchiving shows it again.
- **Delete** removes the match and every row of it (events, idempotency keys, snapshots, its row with its token's
  hash and its players' read key) in one transaction, and only **before its first game event**: while its log
  holds nothing but its `match_created` and judges' `note`s (a reissued token records one). Any other event
  (`game_started` or `position`, a `draw`, a `penalty`...) is a record of play or of a judge's call, and the match
  can then only be archived. The id of a deleted match is kept (`deleted_matches`) and never handed out again,
  so that a link printed for it can never show another match.

Who may (web/organiser.py): the organiser key, or the match's own token (the judge's); never a player's.
"""
from __future__ import annotations

from typing import Any

from recorder.errors import Conflict, NotFound
from recorder.heads import HOT

BEFORE_PLAY = ("match_created", "note")  # the only events of a match that may still be deleted


def set_archived(log: Any, match_id: str, archived: bool) -> dict[str, Any]:
    """Archive the match (archiving it again keeps the first time) or show it again; its summary.
    `NotFound` for an unknown match."""
    log.match(match_id)  # NotFound first
    with log.db.writing():
        if archived:
            log.db.execute("UPDATE matches SET archived_at = COALESCE(archived_at, ?) WHERE id = ?",
                           [log.clock(), match_id])
        else:
            log.db.execute("UPDATE matches SET archived_at = NULL WHERE id = ?", [match_id])
    return log.match(match_id)


def first_game_event(log: Any, match_id: str) -> tuple[int, str] | None:
    """(seq, type) of the match's first event that is not `match_created` nor a judge's note; None while it has
    none (it may be deleted)."""
    marks = ", ".join("?" for _ in BEFORE_PLAY)
    row = log.db.execute(f'SELECT seq, type FROM events WHERE "match" = ? AND type NOT IN ({marks}) ORDER BY seq '
                         "LIMIT 1", [match_id, *BEFORE_PLAY]).fetchone()
    return None if row is None else (row[0], row[1])


def delete(log: Any, match_id: str, by: str) -> dict[str, Any]:
    """Delete the match and all its rows, `by` whom ("organiser" or "judge"), in one transaction that holds the
    match against appends; {"id", "deleted_at", "deleted_by"}. `Conflict` (nothing deleted) once it has a game
    event, `NotFound` for an unknown match."""
    with log.db.writing():
        if log.db.lock_head(match_id, None) is None:
            raise NotFound(f"no match {match_id!r} in this log")
        found = first_game_event(log, match_id)
        if found is not None:
            raise Conflict(f"match {match_id} cannot be deleted: its event {found[0]} ({found[1]}) is a game event, "
                           "and a match is deleted only before its first one (nothing recorded but match_created "
                           "and judges' notes). Archive it instead: it leaves the tournament page and the lists, "
                           "and keeps its record")
        for table in ("snapshots", "idempotency", "events"):
            log.db.execute(f'DELETE FROM {table} WHERE "match" = ?', [match_id])
        log.db.execute("DELETE FROM matches WHERE id = ?", [match_id])
        deleted = {"id": match_id, "deleted_at": log.clock(), "deleted_by": by}
        log.db.execute("INSERT INTO deleted_matches (id, deleted_at, deleted_by) VALUES (?, ?, ?)",
                       list(deleted.values()))
        log.db.notify_token(match_id)  # the other servers of a PostgreSQL database forget its token's hash
    HOT.forget_token_hash(log.database, match_id)
    return deleted
