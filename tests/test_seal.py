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
