"""Reissuing a lost token (recorder/tokens.py): a new token, the old one dead at once, a judge's note in the log
naming who reissued which role (never the token or its hash); the organiser's key of a database. On both stores
(the `database` fixture); on PostgreSQL, the other servers of the database forget the old token too."""
from __future__ import annotations

import pytest

import recorder
from engine.views import as_sent
from recorder import access, tokens


@pytest.fixture
def tmp_db(database):
    """The log's database, in each store."""
    return database


@pytest.fixture
def match(log, duel_created) -> tuple[str, str, dict[str, str]]:
    match_id, token = log.create_match(duel_created)
    return match_id, token, tokens.player_tokens(log, match_id)


def test_a_reissued_player_token_reads_and_the_old_one_does_not(log, match):
    match_id, token, players = match
    answer = tokens.reissue(log, match_id, "P1", "judge")
    assert answer["player_tokens"]["P1"] != players["P1"] and "token" not in answer
    assert log.reader(match_id, players["P1"]) is None
    assert log.reader(match_id, answer["player_tokens"]["P1"]) == "P1"
    assert log.reader(match_id, players["P2"]) == "P2"  # the other player's is untouched
    assert log.check_token(match_id, token)
    again = tokens.reissue(log, match_id, "P1", "organiser")
    assert log.reader(match_id, answer["player_tokens"]["P1"]) is None
    assert log.reader(match_id, again["player_tokens"]["P1"]) == "P1"


def test_a_reissued_match_token_appends_and_the_old_one_is_dead_at_once_with_every_player_token(log, match, tmp_db):
    """Issue 24, hole 4: the old match token could print the players' tokens, so a reissue of it kills them too
    (a new read key), or a lost match token would keep reading both hands."""
    match_id, token, players = match
    answer = tokens.reissue(log, match_id, "judge", "organiser")
    assert not log.check_token(match_id, token) and log.check_token(match_id, answer["token"])
    assert log.reader(match_id, token) is None and log.reader(match_id, answer["token"]) == "judge"
    assert set(answer["player_tokens"]) == {"P1", "P2"}
    for player in ("P1", "P2"):
        assert answer["player_tokens"][player] != players[player]
        assert log.reader(match_id, players[player]) is None
        assert log.reader(match_id, answer["player_tokens"][player]) == player
    assert answer["player_tokens"] == tokens.player_tokens(log, match_id)
    with recorder.Log(tmp_db) as other:  # another connection of the process, and the file itself
        assert not other.check_token(match_id, token) and other.check_token(match_id, answer["token"])
    recorder.heads.HOT._token_hashes.clear()  # a new process reads the file
    assert not log.check_token(match_id, token) and log.check_token(match_id, answer["token"])


def test_nothing_an_old_match_token_holds_computes_a_token_that_reads_after_its_reissue(log, match):
    """Issue 24, hole 4: player tokens used to be an HMAC keyed by the first match token's sha256, kept across a
    reissue; with the old token and the (small, visible) generation numbers an attacker computed every current
    player token. They are keyed by a random read key now, drawn anew by the reissue."""
    match_id, token, _players = match
    tokens.reissue(log, match_id, "P1", "judge")  # generations move too
    answer = tokens.reissue(log, match_id, "judge", "organiser")
    digest = recorder.token_hash(token)
    guesses = [access.player_token(digest, match_id, player, generation)
               for player in ("P1", "P2") for generation in range(10)]
    assert all(log.reader(match_id, guess) is None for guess in guesses)
    fresh = tokens.player_tokens(log, match_id)
    assert not set(fresh.values()) & set(guesses) and answer["player_tokens"] == fresh


def test_a_new_match_keeps_a_random_read_key_its_token_does_not_compute(log, duel_created):
    match_id, token = log.create_match(duel_created)
    digest = recorder.token_hash(token)
    assert tokens.player_tokens(log, match_id)["P1"] != access.player_token(digest, match_id, "P1")
    [row] = log.db.execute("SELECT read_key FROM matches WHERE id = ?", [match_id]).fetchall()
    assert len(row[0]) == 64 and row[0] != digest


def test_a_reissue_is_a_judge_note_naming_the_role_and_who_never_the_token(log, match):
    match_id, token, players = match
    first = tokens.reissue(log, match_id, "P2", "judge")
    second = tokens.reissue(log, match_id, "judge", "organiser")
    notes = [as_sent(entry["event"]) for entry in log.events(match_id, after=1)]
    assert [first["seq"], second["seq"]] == [2, 3]
    assert notes == [
        {"type": "note", "text": "P2's read token (Viktor) was reissued by the judge: the token handed out before no "
                                 "longer works."},
        {"type": "note", "text": "The match token (the judge's key, which records this match) was reissued by the "
                                 "organiser: the token handed out before no longer works, nor do the players' read "
                                 "tokens it could print (new ones are on the new table card)."}]
    text = repr(log.events(match_id))
    for secret in (token, second["token"], *players.values(), *first["player_tokens"].values()):
        assert secret not in text and recorder.token_hash(secret) not in text
    assert log.verify_chain(match_id)["ok"]


@pytest.mark.parametrize("role, by, error, message", [
    ("P3", "organiser", recorder.Malformed, "has no role 'P3'"),
    ("spectator", "organiser", recorder.Malformed, "has no role 'spectator'"),
    ("judge", "judge", recorder.Forbidden, "only the organiser may reissue"),
    ("P1", "P2", recorder.Malformed, "by the organiser or the judge"),
])
def test_a_reissue_that_may_not_be_is_refused_and_changes_nothing(log, match, role, by, error, message):
    match_id, token, players = match
    with pytest.raises(error, match=message):
        tokens.reissue(log, match_id, role, by)
    assert log.match(match_id)["head_seq"] == 1 and log.check_token(match_id, token)
    assert tokens.player_tokens(log, match_id) == players


def test_reissuing_for_an_unknown_match_is_not_found(log):
    with pytest.raises(recorder.NotFound):
        tokens.reissue(log, "m99", "P1", "organiser")


def test_a_new_organiser_key_replaces_the_old_one(log):
    assert not tokens.has_organiser(log) and not tokens.is_organiser(log, "anything")
    first = tokens.new_organiser_token(log)
    assert tokens.is_organiser(log, first) and tokens.has_organiser(log)
    second = tokens.new_organiser_token(log)
    assert tokens.is_organiser(log, second) and not tokens.is_organiser(log, first)
    assert not tokens.is_organiser(log, "") and not tokens.is_organiser(log, "é" * 32)
    assert first not in repr(list(log.db.query("SELECT * FROM organiser")))


REISSUE = """
import sys
from recorder import Log, tokens
with Log(sys.argv[1]) as log:
    print(tokens.reissue(log, sys.argv[2], "judge", "organiser")["token"])
"""


def test_a_match_token_reissued_on_postgres_is_forgotten_by_every_other_server(log, match, tmp_db):
    """Each server keeps a match's token hash hot (appends are authorised without a read); a reissue by another
    process is a NOTIFY that this process's listener takes as "read the hash again": the old token stops working
    here too, without a restart."""
    if not recorder.store.is_postgres(tmp_db):
        pytest.skip("one server per SQLite file: `riftlog reissue` refuses to run beside it")
    import subprocess
    import sys
    import time

    from recorder.postgres import Listener

    match_id, token, _players = match
    assert log.check_token(match_id, token)  # hot in this process, as in a server that authorised an append
    listening = Listener(str(tmp_db), lambda match_ids: None)
    try:
        assert listening.wait_connected(30)
        new = subprocess.run([sys.executable, "-c", REISSUE, str(tmp_db), match_id], capture_output=True, text=True,
                             check=True).stdout.strip()
        deadline = time.monotonic() + 30
        while log.check_token(match_id, token) and time.monotonic() < deadline:
            time.sleep(0.01)  # until the NOTIFY has been taken (bounded)
    finally:
        listening.stop()
    assert not log.check_token(match_id, token) and log.check_token(match_id, new)
