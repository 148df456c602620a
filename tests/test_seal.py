"""Seals (contract section 3, "Live and judge reads"): the server's Ed25519 signature on a match's head, a short
code for the match slip, and the checks of a record against it: API, CLI, and the key kept beside the database."""
from __future__ import annotations

import json
import os
import sqlite3

import pytest

from recorder import SNAPSHOT_EVERY, canonical
from recorder.keys import KeyFileError, ServerKey
from replays import seal


@pytest.fixture
def key(tmp_db) -> ServerKey:
    return ServerKey.load(f"{tmp_db}.seal-key")


@pytest.fixture
def sealed(log, demo_ids, key):
    """The strict demo match and its seal."""
    return demo_ids[0], seal.seal(log, demo_ids[0], key)


def rewrite_chain(db_path, match_id: str, seq: int, change) -> None:
    """Edit event `seq` with `change(event)` and recompute every hash after it, and the match's head: the
    tampering a plain hash chain cannot see."""
    connection = sqlite3.connect(db_path)
    rows = connection.execute('SELECT seq, body FROM events WHERE "match" = ? ORDER BY seq', [match_id]).fetchall()
    digest = canonical.GENESIS_HASH
    for row_seq, body in rows:
        if row_seq == seq:
            event = canonical.decode(body)
            change(event)
            body = canonical.canonical_bytes(event)
        prev, digest = digest, canonical.chain_hash(digest, body)
        connection.execute('UPDATE events SET body = ?, hash = ?, prev_hash = ? WHERE "match" = ? AND seq = ?',
                           [body, digest, prev, match_id, row_seq])
    connection.execute("UPDATE matches SET head_hash = ? WHERE id = ?", [digest, match_id])
    connection.commit()
    connection.close()


def test_a_seal_signs_the_head_and_its_code_is_short(log, sealed, key):
    match_id, answer = sealed
    head = log.match(match_id)
    assert (answer["match"], answer["head_seq"], answer["head_hash"]) == (match_id, head["head_seq"],
                                                                         head["head_hash"])
    assert answer["key_id"] == key.key_id
    assert answer["code"].startswith(f"{head['head_seq']}-") and len(answer["code"]) <= 24
    assert seal.check_full(answer)
    assert not seal.check_full({**answer, "head_hash": "00" * 32})
    assert seal.check(log, match_id, answer["code"], key)["ok"]


def test_a_code_copied_back_loosely_still_reads(log, sealed, key):
    match_id, answer = sealed
    seq, letters = answer["code"].split("-", 1)
    loose = f" {seq} - {letters.lower().replace('-', ' ').replace('o', '0').replace('i', '1')} "
    assert seal.check(log, match_id, loose, key)["ok"]


def test_a_rewritten_chain_passes_a_plain_verify_but_not_the_seal(log, sealed, key, tmp_db):
    match_id, answer = sealed
    rewrite_chain(tmp_db, match_id, 1, lambda event: event.update(info={"event": "forged"}))
    assert log.verify_chain(match_id)["ok"]
    checked = seal.check(log, match_id, answer["code"], key)
    assert not checked["ok"] and not checked["seal"]["ok"]
    assert "not what was sealed" in checked["seal"]["error"]


def test_events_appended_after_the_seal_keep_it_good(log, sealed, key):
    match_id, answer = sealed
    log.append(match_id, [{"type": "note", "text": "after the slip"}])
    assert seal.check(log, match_id, answer["code"], key)["ok"]


def test_another_key_does_not_check(log, sealed, tmp_path):
    match_id, answer = sealed
    other = ServerKey.load(tmp_path / "other.key")
    assert not seal.check(log, match_id, answer["code"], other)["ok"]


@pytest.mark.parametrize("code", ["", "57", "57-ABC", "x-QX4MB7TK2ZPALW3R", "57-QX4M-B7TK-2ZPA-LW3R-EXTRA", "9" * 70])
def test_a_code_that_is_no_code_is_malformed(log, demo_ids, key, code):
    from recorder import Malformed

    with pytest.raises(Malformed, match="seal code"):
        seal.check(log, demo_ids[0], code, key)


def test_the_key_is_created_once_beside_the_database_and_private(tmp_db, key):
    path = f"{tmp_db}.seal-key"
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert ServerKey.load(path).key_id == key.key_id


def test_a_key_file_that_is_no_key_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.key"
    path.write_text("not a key")
    with pytest.raises(KeyFileError, match="cannot use the seal key file"):
        ServerKey.load(path)


def test_the_api_seals_and_checks(client, app, demo_ids, tmp_db):
    match_id = demo_ids[0]
    answer = client.get(f"/api/matches/{match_id}/seal").json
    assert seal.check_full(answer)
    assert client.get(f"/api/matches/{match_id}/verify?seal={answer['code']}").json["ok"] is True
    rewrite_chain(tmp_db, match_id, 1, lambda event: event["info"].update(table=99))
    assert client.get(f"/api/matches/{match_id}/verify").json["ok"] is True  # the chain alone still holds
    checked = client.get(f"/api/matches/{match_id}/verify?seal={answer['code']}").json
    assert checked["ok"] is False and checked["seal"]["seq"] == answer["head_seq"]
    bad = client.get(f"/api/matches/{match_id}/verify?seal=nonsense")
    assert bad.status_code == 400 and "seal code" in bad.json["error"]


def test_a_match_that_does_not_verify_gets_no_seal(client, demo_ids, tmp_db):
    connection = sqlite3.connect(tmp_db)
    connection.execute('DELETE FROM events WHERE "match" = ? AND seq = 5', [demo_ids[0]])
    connection.commit()
    connection.close()
    response = client.get(f"/api/matches/{demo_ids[0]}/seal")
    assert response.status_code == 409 and "cannot be sealed" in response.json["error"]


def test_the_cli_seals_and_verifies_against_a_seal(runner, tmp_db, demo_ids):
    from riftlog_cli import cli

    sealed = runner.invoke(cli, ["--db", str(tmp_db), "seal", demo_ids[0]])
    assert sealed.exit_code == 0, sealed.output
    code = json.loads(sealed.stdout)["code"]
    good = runner.invoke(cli, ["--db", str(tmp_db), "verify", demo_ids[0], "--seal", code])
    assert good.exit_code == 0 and json.loads(good.stdout)["seal"]["ok"]
    rewrite_chain(tmp_db, demo_ids[0], 1, lambda event: event["info"].update(round=7))
    bad = runner.invoke(cli, ["--db", str(tmp_db), "verify", demo_ids[0], "--seal", code])
    assert bad.exit_code == 1
    assert "fails verification" in bad.stderr


def test_a_snapshot_edited_in_the_file_is_discarded_and_rebuilt_never_served(log, duel_created, duel_game, tmp_db):
    """A forged state (a winner) written over a cached snapshot, its claimed hash left right, is not served."""
    from recorder import snapshots

    match_id, _ = log.create_match(duel_created)
    log.append(match_id, duel_game(30))
    seq = SNAPSHOT_EVERY
    truth = log.state_at(match_id, seq + 3)
    assert seq in log.snapshot_seqs(match_id)
    shared = log._shared(match_id, "demo")
    row = log.db.execute('SELECT state FROM snapshots WHERE "match" = ? AND seq = ?', [match_id, seq]).fetchone()
    forged = {**snapshots.decode(row[0], shared), "winner": "P2"}
    connection = sqlite3.connect(tmp_db)
    connection.execute('UPDATE snapshots SET state = ? WHERE "match" = ? AND seq = ?',
                       [snapshots.encode(forged, shared), match_id, seq])
    connection.commit()
    connection.close()
    with type(log)(tmp_db) as reopened:
        assert reopened.state_at(match_id, seq + 3) == truth
        assert reopened.state_at(match_id, seq)["winner"] is None
        assert reopened.snapshot(match_id, seq)["winner"] is None  # rebuilt from the events, with a good MAC


def test_snapshots_made_with_another_key_are_not_trusted(log, duel_created, duel_game, tmp_db, tmp_path):
    match_id, _ = log.create_match(duel_created)
    log.append(match_id, duel_game(30))
    seq = SNAPSHOT_EVERY
    assert seq in log.snapshot_seqs(match_id)
    with type(log)(tmp_db, key_path=tmp_path / "another.key") as other:
        assert other.snapshots.load(match_id, seq, other._shared(match_id, "demo"), exact=True) is None


# --- codes as people type them: any spacing, dashes or case; a code that is no code said so -------------------


def loose_forms(code: str) -> list[str]:
    """The ways a judge may copy a code back: no dashes, spaces, lower case, a word processor's dashes, a space
    between every character, with the lookalikes 0, 1 and 8 for O, I and B."""
    compact = code.replace("-", "")
    return [compact, code.replace("-", " "), code.lower(), code.replace("-", "\u2013"), " ".join(compact),
            f"  {code.lower().replace('-', ' - ')}  ", code.replace("O", "0").replace("I", "1").replace("B", "8")]


def no_codes(code: str) -> list[tuple[str, str]]:
    """(a code copied wrong, what the answer names): a letter missing, one too many, a character outside the
    alphabet, a wrong letter (caught by the check letter), two neighbours swapped (Luhn mod 32 catches every swap
    but of A and 7, the values 0 and 31), the seq left out."""
    seq, letters = code.split("-", 1)
    wrong = code[:-1] + ("A" if code[-1] != "A" else "B")
    changed = f"{seq}-" + ("Z" if letters[0] != "Z" else "Y") + letters[1:]
    swapped_at = next(index for index in range(len(letters) - 1)
                      if letters[index] != letters[index + 1] and "-" not in letters[index:index + 2]
                      and {letters[index], letters[index + 1]} != {"A", "7"})
    swapped = f"{seq}-" + letters[:swapped_at] + letters[swapped_at + 1] + letters[swapped_at] + letters[swapped_at + 2:]
    return [(code[:-2], "it has 16 letters"), (code + "Q", "it has 18 letters"),
            (code[:5] + "9" + code[6:], "'9' is not one of its letters"), (code + "!", "'!' is not in a seal code"),
            (wrong, "check letter"), (changed, "check letter"), (swapped, "check letter"),
            # without its seq: letters first, or the first letters 2-7 read as a seq before too few letters
            (letters, "must start with the seq" if letters[0].isalpha() else "letters, a seal code has 17"),
            ("", "it is empty")]


def test_a_code_reads_back_with_any_spacing_dashes_or_case(log, sealed, key):
    match_id, answer = sealed
    for loose in loose_forms(answer["code"]):
        checked = seal.check(log, match_id, loose, key)
        assert checked["ok"] and checked["seal"]["seq"] == answer["head_seq"], loose


def test_every_code_copied_wrong_is_no_code_never_a_changed_record(log, sealed, key):
    match_id, answer = sealed
    for wrong, says in no_codes(answer["code"]):
        with pytest.raises(seal.NotASealCode, match="not a valid seal code") as raised:
            seal.check(log, match_id, wrong, key)
        assert says in str(raised.value) and "was changed" not in str(raised.value), (wrong, str(raised.value))


def test_one_wrong_character_anywhere_is_caught_by_the_check_letter():
    """Luhn mod 32 over the seq's digits and the letters: every single substitution is caught."""
    for seq, signature in ((7, bytes(range(64))), (1234, bytes(range(64, 128))), (57, b"\xff" * 64)):
        code = seal.code_of(seq, signature)
        compact = code.replace("-", "")
        for index, original in enumerate(compact):
            alphabet = "0123456789" if index < len(str(seq)) else seal.ALPHABET
            for replacement in alphabet:
                if replacement == original or (index == 0 and replacement == "0"):
                    continue
                with pytest.raises(seal.NotASealCode):
                    seal.parse_code(compact[:index] + replacement + compact[index + 1:])


def test_the_api_reads_loose_codes_and_answers_no_code_with_400(client, demo_ids):
    match_id = demo_ids[0]
    code = client.get(f"/api/matches/{match_id}/seal").json["code"]
    for loose in loose_forms(code):
        answer = client.get(f"/api/matches/{match_id}/verify", query_string={"seal": loose})
        assert answer.status_code == 200 and answer.json["ok"] is True, loose
    for wrong, says in no_codes(code):
        answer = client.get(f"/api/matches/{match_id}/verify", query_string={"seal": wrong})
        assert answer.status_code == 400, wrong
        assert "not a valid seal code" in answer.json["error"] and says in answer.json["error"], wrong


def test_the_cli_reads_loose_codes_and_answers_no_code_as_such(runner, tmp_db, demo_ids):
    from riftlog_cli import cli

    code = json.loads(runner.invoke(cli, ["--db", str(tmp_db), "seal", demo_ids[0]]).stdout)["code"]
    for loose in (code.lower().replace("-", " "), code.replace("-", "")):
        result = runner.invoke(cli, ["--db", str(tmp_db), "verify", demo_ids[0], "--seal", loose])
        assert result.exit_code == 0, (loose, result.output)
    for wrong, says in no_codes(code)[:-1]:
        result = runner.invoke(cli, ["--db", str(tmp_db), "verify", demo_ids[0], "--seal", wrong])
        assert result.exit_code == 1 and "not a valid seal code" in result.stderr and says in result.stderr, wrong
        assert "Traceback" not in result.output and "fails verification" not in result.stderr
