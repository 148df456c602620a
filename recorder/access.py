"""Who may read what (contract section 3, "Read access"): the judge's token, the players' tokens, publishing.

The match token (`Log.create_match`) is the judge's key. Each player's read token is derived from the match's
read key, 256 random bits drawn when the match is created and kept in the log (`matches.read_key`), never handed
out: `HMAC-SHA256(key=read key, "riftlog read <match> <player>")`. The judge can print the player tokens again at
any time (`recorder.tokens.player_tokens`), a player token never gives away the match token or the key, and no
token computes another. Whoever holds the database file can derive them too, but that reader sees every event.

A token handed out again (`recorder.tokens.reissue`) changes what is derived: a player's token reissued for the
n-th time is `HMAC(key, "riftlog read <match> <player> <n>")` (the earlier one no longer reads), and reissuing the
match token draws a new read key, so that every player token the old match token could have printed dies with it
(issue 24: a lost match token must not keep reading both hands); the new table card carries the players' new links.

A match created before read keys were drawn has none (`read_key` null): its players' tokens are derived from the
sha256 of its first match token until that token is reissued, which draws it a key like any other match's.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from recorder.errors import Conflict, Malformed

JUDGE = "judge"
SPECTATOR = "spectator"


def token_hash(token: str) -> str:
    """What the log keeps of a match's token: its sha256, so a copy of the file does not hand out write access."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_read_key() -> str:
    """A match's read key: 256 random bits, as hex (see the module's docstring)."""
    return secrets.token_hex(32)


def player_token(token_digest: str, match_id: str, player: str, generation: int = 0) -> str:
    """The read token of `player` in the match whose read key is `token_digest` (hex: its `read_key`, or for a
    match created before read keys its first match token's sha256), reissued `generation` times."""
    message = f"riftlog read {match_id} {player}" + (f" {generation}" if generation else "")
    mac = hmac.new(bytes.fromhex(token_digest), message.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode("ascii")


def caster_token(token_digest: str, match_id: str) -> str:
    """The caster's token of the match whose read key is `token_digest` (web/overlay.py: the broadcast overlays
    with both hands, under the broadcast delay): derived as the players' are, from a message no player's token is
    made from, so it computes no other token and dies with the read key when the match token is reissued."""
    mac = hmac.new(bytes.fromhex(token_digest), f"riftlog caster {match_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode("ascii")


def player_tokens(token_digest: str, match_id: str, player_count: int,
                  generations: dict[str, int] | None = None) -> dict[str, str]:
    """{"P1": token, "P2": token, ...} for a match of `player_count` players (`generations`: how many times each
    was reissued)."""
    return {f"P{n}": player_token(token_digest, match_id, f"P{n}", (generations or {}).get(f"P{n}", 0))
            for n in range(1, player_count + 1)}


def reader_of(token_digest: str, match_id: str, player_count: int, token: str | None, *,
              read_key: str | None = None, generations: dict[str, int] | None = None) -> str | None:
    """Whose `token` it is: "judge", a player ("P1", ...), or None for no token or a token of nobody (the players'
    tokens are derived from `read_key`, default the match token's hash, reissued `generations` times).

    Constant-time comparisons, so a wrong token tells nothing about the right one.
    """
    if not isinstance(token, str) or not token or not token.isascii():  # every token is URL-safe base64
        return None
    if hmac.compare_digest(token_hash(token), token_digest):
        return JUDGE
    for player, expected in player_tokens(read_key or token_digest, match_id, player_count, generations).items():
        if hmac.compare_digest(token, expected):
            return player
    return None


def views_of(reader: str | None, players: list[str], published: bool) -> list[str]:
    """The views a reader may ask for: the judge every view, a player theirs and the spectator's, anyone the
    spectator's (and every view of a published match)."""
    if reader == JUDGE or published:
        return [JUDGE, *players, SPECTATOR]
    if reader in players:
        return [reader, SPECTATOR]
    return [SPECTATOR]


def check_publishable(match_id: str, head_state: dict) -> None:
    """A match may be published once it is over (a winner, or the phase `over`); `Conflict` before that."""
    if head_state.get("winner") is None and head_state.get("match_winner") is None and \
            head_state.get("phase") != "over":
        raise Conflict(f"match {match_id} is not finished: a judge may publish it once it has a winner")


DELAY_LIMITS = {"seconds": 3_600, "events": 1_000}  # the longest broadcast delay a judge may set, of each kind


def broadcast_delay(body: Any) -> dict[str, int] | None:
    """The broadcast delay a judge asks for: `{"seconds": N}` or `{"events": N}` (a whole number, at most
    DELAY_LIMITS), or None for none (`{}`, or N = 0). `Malformed` names what is wrong."""
    if not isinstance(body, dict):
        raise Malformed('the broadcast delay must be an object: {"seconds": N}, {"events": N} or {} for none')
    unknown = [key for key in body if key not in DELAY_LIMITS]
    if unknown:
        raise Malformed(f"unknown field(s) {', '.join(map(repr, unknown))}: give \"seconds\" or \"events\"")
    if len(body) > 1:
        raise Malformed('give one of "seconds" or "events", not both')
    if not body:
        return None
    [(kind, amount)] = body.items()
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= DELAY_LIMITS[kind]:
        raise Malformed(f'"{kind}" must be a whole number from 0 to {DELAY_LIMITS[kind]:,}, got {str(amount)[:50]!r}')
    return {kind: amount} if amount else None
