"""Tokens handed out again: a lost match or player token reissued, and the organiser's key of a database.

A token is a key that can be lost (a phone left at a table, a slip in the bin) or seen by the wrong person (an
opponent reading a player's link). Reissuing one makes a new token and kills the old one at once, and records it in
the match's log as a judge's `note` naming who reissued which role, never the token or its hash: the record shows
that from that seq on someone else may hold the key, which a dispute about who recorded what may need to know.

Who may reissue (docs/web.md, "Tables by phone"):

- the **organiser** (the database's organiser key, `new_organiser_token`; one per database, kept as its sha256 as
  match tokens are, and derived from the server's key so that it can be printed again, `organiser_token`): any
  role of any match, the match token (the judge's) included;
- the **judge** (the match token): the players' read tokens of that match, not its own (a judge who lost the match
  token no longer holds it; one who holds it has no need).

The match token is random and kept only as a hash, so a reissued one is new and random too; the players' tokens
are derived (`recorder.access`): reissuing a player's bumps that player's generation, and reissuing the match token
draws a new read key, so that every player token it could print dies with it (their new links are on the new table
card). A reissue kills what the old token could read from then on; the web app also ends every live stream opened
with it (`web.hub.Hub.revoked`).
"""
from __future__ import annotations

import base64
import hmac
import json
import secrets
from typing import Any

from recorder import access
from recorder.access import JUDGE, token_hash
from recorder.errors import Forbidden, Malformed, NotFound
from recorder.heads import HOT, Head

ORGANISER = "organiser"
ROLES_BY = (ORGANISER, JUDGE)  # who may reissue, as the note names them


def new_organiser_token(log: Any) -> str:
    """A new organiser key for the database of `log`: the earlier one (if any) no longer works. The database keeps
    its sha256 and the moment it was made; the key itself is derived from that moment and the server's key
    (`organiser_token`), so that `riftlog organiser` can print the same link again after a restart."""
    with log.db.writing():
        row = log.db.execute("SELECT created_at FROM organiser WHERE id = 1").fetchone()
        stamp = log.clock()
        if row is not None and row[0] == stamp:  # two keys within the clock's tick: the second one must differ
            stamp = f"{stamp} {secrets.token_hex(4)}"
        token = _derived_organiser_token(log, stamp)
        log.db.execute("INSERT INTO organiser (id, token_hash, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO "
                       "UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at",
                       [token_hash(token), stamp])
    return token


def organiser_token(log: Any) -> str | None:
    """The database's organiser key as made, or None when it has none, or when the key cannot be derived again:
    made by a riftlog before keys were derived (a random one, kept only as its hash), or with another server key
    file (the database migrated, `$RIFTLOG_SEAL_KEY` set elsewhere). Then only `new_organiser_token` gives a link."""
    row = log.db.execute("SELECT token_hash, created_at FROM organiser WHERE id = 1").fetchone()
    if row is None or row[1] is None:
        return None
    token = _derived_organiser_token(log, row[1])
    return token if hmac.compare_digest(token_hash(token), row[0]) else None


def _derived_organiser_token(log: Any, stamp: str) -> str:
    """The organiser key made at `stamp`: an HMAC of it with the server's key (recorder.keys, a file kept apart
    from the database), so that a copy of the database alone does not give the key, as a hash alone would not."""
    digest = bytes.fromhex(log.key.mac(b"riftlog organiser key v1\n" + stamp.encode("utf-8")))
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def is_organiser(log: Any, token: str | None) -> bool:
    """Whether `token` is the database's organiser key (read from the file each time, so that a key made by
    `riftlog organiser` beside a running server replaces the old one at once). Constant-time comparison."""
    if not isinstance(token, str) or not token or not token.isascii():
        return False
    row = log.db.execute("SELECT token_hash FROM organiser WHERE id = 1").fetchone()
    return row is not None and hmac.compare_digest(token_hash(token), row[0])


def has_organiser(log: Any) -> bool:
    """Whether the database has an organiser key yet."""
    return log.db.execute("SELECT 1 FROM organiser WHERE id = 1").fetchone() is not None


def _row(log: Any, match_id: str) -> dict[str, Any]:
    rows = list(log.db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
    if not rows:
        raise NotFound(f"no match {match_id!r} in this log")
    return rows[0]


def _players(row: dict[str, Any]) -> list[str | None]:
    return json.loads(row["players"]) if row["players"] else []


def created_answer(log: Any, match_id: str, token: str) -> dict:
    """What creating a match answers (POST /api/matches, `riftlog create`): its id, the match token and the
    players' read tokens. The tokens are shown then; the log keeps only the match token's hash."""
    return {"id": match_id, "token": token, "player_tokens": player_tokens(log, match_id)}


def player_tokens(log: Any, match_id: str) -> dict[str, str]:
    """The players' read tokens of the match as they stand (after any reissue): {"P1": token, ...}."""
    row = _row(log, match_id)
    return access.player_tokens(row.get("read_key") or row["token_hash"], match_id, len(_players(row)),
                                json.loads(row.get("player_generations") or "{}"))


def caster_token(log: Any, match_id: str) -> str:
    """The match's caster token as it stands (`access.caster_token`: a new one once the match token is reissued)."""
    row = _row(log, match_id)
    return access.caster_token(row.get("read_key") or row["token_hash"], match_id)


def is_caster(log: Any, match_id: str, token: str | None) -> bool:
    """Whether `token` is the match's caster token (a constant-time comparison)."""
    return isinstance(token, str) and token.isascii() and hmac.compare_digest(token, caster_token(log, match_id))


def reissue(log: Any, match_id: str, role: str, by: str) -> dict[str, Any]:
    """Hand out `role`'s token of the match again ("judge": the match token; "P1", ...: a player's read token),
    reissued by `by` ("organiser" or "judge"): the old token no longer works from the moment this returns.

    Recorded in the same transaction as a judge's `note` in the match's log naming the role and who reissued it,
    so that either both happen or neither. Returns {"id", "role", "by", "seq" (the note's), "token" (the new match
    token, for the judge's role only), "player_tokens"}. `Malformed` for a role the match does not have,
    `Forbidden` for a judge reissuing the match token, `NotFound` for an unknown match; the append's own errors
    (`Busy`) as for any append."""
    if by not in ROLES_BY:
        raise Malformed(f"a token is reissued by the organiser or the judge, not {by!r}")
    row = _row(log, match_id)
    names = _players(row)
    players = [f"P{n}" for n in range(1, len(names) + 1)]
    if role != JUDGE and role not in players:
        raise Malformed(f"match {match_id} has no role {role!r}: reissue the judge's (match) token or one of "
                        f"{', '.join(players)}")
    if role == JUDGE and by != ORGANISER:
        raise Forbidden(f"only the organiser may reissue match {match_id}'s match token")
    log.judge_token_hash(match_id)  # hot now, so no later first read can put the old hash back
    prepared = log.prepare_append(match_id, [{"type": "note", "text": reissue_note(role, by, names)}])
    heads: dict[str, tuple[str, Head]] = {}
    token = None
    with log.db.writing():
        answer = log.write_append(prepared, heads)
        log.db.notify({match_id})
        if role == JUDGE:
            token = secrets.token_urlsafe(24)
            # A new read key: the players' tokens the old match token could print die with it.
            log.db.execute("UPDATE matches SET read_key = ?, token_hash = ? WHERE id = ?",
                           [access.new_read_key(), token_hash(token), match_id])
            log.db.notify_token(match_id)  # other servers of a PostgreSQL database forget the old hash
        else:
            generations = json.loads(row.get("player_generations") or "{}")
            generations[role] = generations.get(role, 0) + 1
            log.db.execute("UPDATE matches SET player_generations = ? WHERE id = ?",
                           [json.dumps(generations, sort_keys=True), match_id])
    log.make_hot(heads)
    if token is not None:
        HOT.keep_token_hash(log.database, match_id, token_hash(token))
    return {"id": match_id, "role": role, "by": by, "seq": answer["seq"],
            **({"token": token} if token is not None else {}), "player_tokens": player_tokens(log, match_id)}


def handed_out_on(log: Any, match_id: str, base: str) -> None:
    """Keep `base` (an absolute address ending in "/") as where the match's recording link was handed out: on the
    table card printed as it was created or its token reissued. Never the token. `NotFound` for an unknown match."""
    _row(log, match_id)
    with log.db.writing():
        log.db.execute("UPDATE matches SET card_base = ? WHERE id = ?", [base, match_id])


def card_base(log: Any, match_id: str) -> str | None:
    """The address the match's recording link was last handed out on (`handed_out_on`), or None when unknown."""
    return _row(log, match_id).get("card_base")


def reissue_note(role: str, by: str, names: list[str | None]) -> str:
    """The judge's note a reissue records: who reissued which role's token. Never the token nor its hash."""
    if role == JUDGE:
        return (f"The match token (the judge's key, which records this match) was reissued by the {by}: the token "
                "handed out before no longer works, nor do the players' read tokens it could print (new ones are "
                "on the new table card).")
    name = names[int(role[1:]) - 1] if role[1:].isdigit() and int(role[1:]) <= len(names) else None
    whose = f"{role}'s read token{f' ({name})' if name else ''}"
    return f"{whose} was reissued by the {by}: the token handed out before no longer works."
