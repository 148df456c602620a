"""Seals: the server's signature on a match's head, short enough to write on the match slip (contract section 3).

At the end of a game the judge asks for the seal (`GET /api/matches/<id>/seal`, `riftlog seal MATCH`) and writes
its `code` on the slip, e.g. `57-QX4M-B7TK-2ZPA-LW3R-B`: the head seq, then the first 80 bits of the Ed25519
signature of (match, seq, chain hash at seq) in base32, and a check letter (so that a code copied wrong is answered
as no code, never as a changed record). Ed25519 signatures are deterministic, so checking a code
(`verify?seal=CODE`, `riftlog verify MATCH --seal CODE`) recomputes the chain hash at that seq from the stored
event bytes, signs it again and compares: any edit, deletion, reordering or truncation of events 1..seq, even with
every hash after it recomputed, gives another hash and so another code, and making a matching code needs the
private key, which is never in the database. The full `signature` and the `public_key` in the seal let anyone
check it without the server.

Events appended after the seal are not covered by it (seal again). A sealed match still takes what the match token
appends (a judge's late note, or a correction the head judge orders after the slip was written: the record stays
the judge's), and checking a code says so plainly (`after_the_seal`): how many events follow the sealed seq, of
which kinds, and whether they change the result the slip was written from. A code whose events are intact but
whose result has since changed does not hold (`ok` false, `seal.holds` false): the slip no longer states the
record's result.
"""
from __future__ import annotations

import base64
import hmac
import re

from recorder import Log, Malformed
from recorder.keys import ServerKey, check_signature
from replays.errors import Unsealable
from replays.verify import verify

CODE_BITS = 80
LETTERS = CODE_BITS // 5  # the signature's letters in a code; then one check letter
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # base32 (RFC 4648)
_LOOKALIKES = str.maketrans({"0": "O", "1": "I", "8": "B"})  # not in the base32 alphabet: read as the letters
# What a judge may type between the characters of a code: spaces, dashes (also a word processor's), dots.
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212._]+")
_SEQ_SET_APART = re.compile(r"[0-9]+(\s*[-\u2010-\u2015\u2212]|\s+(?=[A-Za-z]))")
EXAMPLE = "57-QX4M-B7TK-2ZPA-LW3R-B"


class NotASealCode(Malformed):
    """A string that cannot be a seal code (wrong length, a character outside the alphabet, a check letter that
    does not match): a mistake in copying it, never a sign that the record was changed."""


def message(match_id: str, seq: int, head_hash: str) -> bytes:
    """What a seal signs."""
    return f"riftlog seal v1\n{match_id}\n{seq}\n{head_hash}".encode("utf-8")


def check_letter(seq: int, letters: str) -> str:
    """The code's last letter: the Luhn mod 32 check character of the seq's digits and the 16 letters, so that any
    one character copied wrong, and most swaps of two neighbours, make a code that is no code."""
    values = [int(digit) for digit in str(seq)] + [ALPHABET.index(letter) for letter in letters]
    return ALPHABET[(-_luhn_sum(values, double_last=True)) % 32]


def _luhn_sum(values: list[int], *, double_last: bool) -> int:
    """Luhn mod 32: every other value from the right doubled (the last one when a check letter is to follow it),
    a doubled value's two base-32 digits added."""
    total = 0
    for position, value in enumerate(reversed(values)):
        if (position % 2 == 0) == double_last:
            value *= 2
            value = value // 32 + value % 32
        total += value
    return total


def code_of(seq: int, signature: bytes) -> str:
    """`<seq>-XXXX-XXXX-XXXX-XXXX-C`: the seq, the first 80 bits of the signature in base32 (A-Z, 2-7) and a check
    letter."""
    letters = base64.b32encode(signature).decode("ascii")[:LETTERS]
    groups = [letters[index:index + 4] for index in range(0, LETTERS, 4)]
    return "-".join([str(seq), *groups, check_letter(seq, letters)])


def parse_code(code: object) -> tuple[int, str]:
    """(seq, the signature's 16 letters) of a code as a judge may copy it back: any case, any spaces or dashes,
    0/1/8 for O/I/B.

    `NotASealCode` names what is wrong: no seq in front, a character outside the alphabet, too few or too many
    letters, a check letter that does not match the rest."""
    if not isinstance(code, str) or not code.strip():
        raise NotASealCode(f"this is not a valid seal code: it is empty; a seal code looks like {EXAMPLE}")
    shown = code if len(code) <= 40 else code[:40] + "..."
    if len(code) > 100:
        raise NotASealCode(f"{shown!r} is not a valid seal code: it is {len(code)} characters long, a seal code "
                           f"about 24 (e.g. {EXAMPLE})")
    text = code.strip()
    compact = _SEPARATORS.sub("", text).upper()
    stray = next((char for char in compact if not (char.isascii() and char.isalnum())), None)
    if stray is not None:
        raise NotASealCode(f"{shown!r} is not a valid seal code: {stray!r} is not in a seal code, which holds the "
                           f"seq, then letters A-Z and digits 2-7 (e.g. {EXAMPLE})")
    leading = re.match(r"[0-9]*", text).group(0)
    if not leading:
        raise NotASealCode(f"{shown!r} is not a valid seal code: it must start with the seq, the number before "
                           f"the first dash (57 in {EXAMPLE})")
    # A dash after the seq (or a space before a letter) sets the seq apart as printed: read it so, and a check
    # letter left off is "16 letters", never another seq's code. Otherwise, however the code was spaced, the last
    # 17 characters are the letters and the check letter, and the digits before them the seq.
    if _SEQ_SET_APART.match(text):
        return _read(shown, leading, compact[len(leading):])
    seq_digits = compact[:-(LETTERS + 1)]
    if not seq_digits.isdigit():
        seq_digits = leading  # too short, or letters where the seq should end: named from the seq as typed
    return _read(shown, seq_digits, compact[len(seq_digits):])


def _read(shown: str, seq_digits: str, rest: str) -> tuple[int, str]:
    """(seq, 16 letters) of a code read as `seq_digits` then `rest`; `NotASealCode` naming what is wrong."""
    letters = rest.translate(_LOOKALIKES)
    wrong = next((char for char in letters if char not in ALPHABET), None)
    if wrong is not None:
        raise NotASealCode(f"{shown!r} is not a valid seal code: {wrong!r} is not one of its letters (A-Z and "
                           "2-7; 0, 1 and 8 are read as O, I and B)")
    if len(letters) != LETTERS + 1:
        raise NotASealCode(f"{shown!r} is not a valid seal code: after the seq {seq_digits} it has {len(letters)} "
                           f"letters, a seal code has {LETTERS + 1} (four groups of four and a check letter, e.g. "
                           f"{EXAMPLE})")
    seq = int(seq_digits)
    if seq < 1:
        raise NotASealCode(f"{shown!r} is not a valid seal code: its seq is {seq}, and a seal is of seq 1 or later")
    if check_letter(seq, letters[:LETTERS]) != letters[LETTERS]:
        raise NotASealCode(f"{shown!r} is not a valid seal code: its check letter {letters[LETTERS]!r} does not "
                           "match the rest, so a character was copied wrong (the record was not checked)")
    return seq, letters[:LETTERS]


def seal(log: Log, match_id: str, key: ServerKey) -> dict:
    """The seal of the match's head: {match, head_seq, head_hash, key_id, public_key, signature, code}.

    `Unsealable` when the log does not verify: a seal vouches for a sound record only."""
    report = verify(log, match_id)
    if not report["ok"]:
        raise Unsealable(f"match {match_id} does not verify, so it cannot be sealed: {report['error']}")
    seq, head_hash = report["head_seq"], report["head_hash"]
    signature = key.sign(message(match_id, seq, head_hash))
    return {"match": match_id, "head_seq": seq, "head_hash": head_hash, "key_id": key.key_id,
            "public_key": key.public_key, "signature": base64.b64encode(signature).decode("ascii"),
            "code": code_of(seq, signature)}


def check(log: Log, match_id: str, code: str, key: ServerKey, upto: int | None = None) -> dict:
    """`verify` of the match, plus the seal: {"ok", ..., "seal": {"seq", "ok", "error", "holds", "after"}}.

    `seal.ok`: events 1..seq are what was sealed. `seal.after` (null when nothing follows): what the record holds
    after the sealed seq, up to `upto` (default the head: the last seq the reader may see, under a broadcast
    delay), see `after_the_seal`. `seal.holds`: `seal.ok` and no later event changes the result. "ok" is false when
    the log no longer matches the sealed head, when later events change its result, or when it does not verify."""
    seq, letters = parse_code(code)
    report = verify(log, match_id)
    recomputed = log.recomputed_hash(match_id, seq)
    if recomputed is None:
        sealed = {"seq": seq, "ok": False, "error": f"the seal is for seq {seq}, but match {match_id} no longer "
                                                   f"holds every event up to it (head {report['head_seq']}): "
                                                   "events were removed since, or the code is another match's"}
    else:
        signature = key.sign(message(match_id, seq, recomputed))
        expected = base64.b32encode(signature).decode("ascii")[:LETTERS]
        good = hmac.compare_digest(expected, letters)
        sealed = {"seq": seq, "ok": good, "error": None if good else (
            f"events 1 to {seq} of match {match_id} are not what was sealed: the record was changed since (or "
            "the code is another match's, or was sealed with another server key)")}
    last = report["head_seq"] if upto is None else min(upto, report["head_seq"])
    sealed["after"] = after_the_seal(log, match_id, seq, last) if sealed["ok"] and seq < last else None
    sealed["holds"] = bool(sealed["ok"] and not (sealed["after"] or {}).get("result_changed"))
    if sealed["ok"] and not sealed["holds"]:
        sealed["error"] = (f"events 1 to {seq} of match {match_id} are what was sealed, but the events recorded "
                           f"after it (seq {seq + 1} to {last}) change its result: the slip no longer states it")
    return {**report, "ok": bool(report["ok"] and sealed["holds"]), "seal": sealed}


def after_the_seal(log: Log, match_id: str, seq: int, last: int) -> dict:
    """What follows the sealed `seq` up to `last`: {"events": N, "first", "last", "kinds": {type: count},
    "result_changed", "sealed_result", "result"}; a result is the state's winner, match winner and `result`
    (engine.results) at the sealed seq and at `last`."""
    kinds: dict[str, int] = {}
    for entry in log.events(match_id, after=seq, upto=last):
        kinds[entry["event"]["type"]] = kinds.get(entry["event"]["type"], 0) + 1
    sealed, now = outcome(log.state_at(match_id, seq)), outcome(log.state_at(match_id, last))
    return {"events": last - seq, "first": seq + 1, "last": last, "kinds": kinds, "result_changed": sealed != now,
            "sealed_result": sealed, "result": now}


def outcome(state: dict) -> dict:
    """The result a match slip states, read from a state: who won the game and the match, and how."""
    return {"winner": state.get("winner"), "match_winner": state.get("match_winner"),
            "result": state.get("result") or {"games": [], "match": None}}


def check_full(seal_answer: dict) -> bool:
    """Whether a seal's `signature` is the `public_key`'s signature of its (match, head_seq, head_hash): the
    check anyone can make offline, without the server."""
    try:
        signature = base64.b64decode(seal_answer["signature"], validate=True)
        signed = message(seal_answer["match"], seal_answer["head_seq"], seal_answer["head_hash"])
    except (KeyError, TypeError, ValueError):
        return False
    return check_signature(seal_answer["public_key"], signature, signed)
