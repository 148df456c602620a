"""Seals: the server's signature on a match's head, short enough to write on the match slip (contract section 3).

At the end of a game the judge asks for the seal (`GET /api/matches/<id>/seal`, `riftlog seal MATCH`) and writes
its `code` on the slip, e.g. `57-QX4M-B7TK-2ZPA-LW3R`: the head seq, then the first 80 bits of the Ed25519
signature of (match, seq, chain hash at seq) in base32. Ed25519 signatures are deterministic, so checking a code
(`verify?seal=CODE`, `riftlog verify MATCH --seal CODE`) recomputes the chain hash at that seq from the stored
event bytes, signs it again and compares: any edit, deletion, reordering or truncation of events 1..seq, even with
every hash after it recomputed, gives another hash and so another code, and making a matching code needs the
private key, which is never in the database. The full `signature` and the `public_key` in the seal let anyone
check it without the server. Events appended after the seal are not covered by it (seal again).
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
CODE = re.compile(r"([0-9]{1,18})-?([A-Z2-7]{16})")
_LOOKALIKES = str.maketrans({"0": "O", "1": "I", "8": "B"})  # not in the base32 alphabet: read as the letters


def message(match_id: str, seq: int, head_hash: str) -> bytes:
    """What a seal signs."""
    return f"riftlog seal v1\n{match_id}\n{seq}\n{head_hash}".encode("utf-8")


def code_of(seq: int, signature: bytes) -> str:
    """`<seq>-XXXX-XXXX-XXXX-XXXX`: the seq and the first 80 bits of the signature in base32 (A-Z, 2-7)."""
    letters = base64.b32encode(signature).decode("ascii")[:CODE_BITS // 5]
    return f"{seq}-" + "-".join(letters[index:index + 4] for index in range(0, len(letters), 4))


def parse_code(code: str) -> tuple[int, str]:
    """(seq, the 16 letters) of a code as a judge may copy it back: any case, spaces or dashes, 0/1/8 for O/I/B.
    `Malformed` names what is expected."""
    if not isinstance(code, str) or len(code) > 64:
        raise Malformed("a seal code looks like 57-QX4M-B7TK-2ZPA-LW3R (the seq, then 16 letters and digits 2-7)")
    seq, _, letters = code.strip().partition("-")
    cleaned = seq.strip() + "-" + re.sub(r"[\s-]", "", letters).upper().translate(_LOOKALIKES)
    match = CODE.fullmatch(cleaned)
    if not match:
        raise Malformed(f"{code!r} is not a seal code: expected the seq, then 16 letters and digits 2-7, "
                        "e.g. 57-QX4M-B7TK-2ZPA-LW3R")
    return int(match.group(1)), match.group(2)


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


def check(log: Log, match_id: str, code: str, key: ServerKey) -> dict:
    """`verify` of the match, plus the seal: {"ok", ..., "seal": {"seq", "ok", "error"}}; "ok" is false when the
    log no longer matches the sealed head (or does not verify at all)."""
    seq, letters = parse_code(code)
    report = verify(log, match_id)
    recomputed = log.recomputed_hash(match_id, seq)
    if recomputed is None:
        sealed = {"seq": seq, "ok": False, "error": f"the seal is for seq {seq}, but match {match_id} no longer "
                                                   f"holds every event up to it (head {report['head_seq']})"}
    else:
        expected = code_of(seq, key.sign(message(match_id, seq, recomputed))).split("-", 1)[1].replace("-", "")
        good = hmac.compare_digest(expected, letters)
        sealed = {"seq": seq, "ok": good, "error": None if good else (
            f"events 1 to {seq} of match {match_id} are not what was sealed (or the code was copied wrong, or "
            "sealed with another key): the record was changed")}
    return {**report, "ok": bool(report["ok"] and sealed["ok"]), "seal": sealed}


def check_full(seal_answer: dict) -> bool:
    """Whether a seal's `signature` is the `public_key`'s signature of its (match, head_seq, head_hash): the
    check anyone can make offline, without the server."""
    try:
        signature = base64.b64decode(seal_answer["signature"], validate=True)
        signed = message(seal_answer["match"], seal_answer["head_seq"], seal_answer["head_hash"])
    except (KeyError, TypeError, ValueError):
        return False
    return check_signature(seal_answer["public_key"], signature, signed)
