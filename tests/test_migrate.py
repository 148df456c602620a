"""`riftlog migrate`: a SQLite log copied to PostgreSQL and back (recorder.migrate), every match verified inside its
own transaction before it commits, all of it or none of it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import recorder
import replays
from recorder import pairings, tokens
from replays import seal
from riftlog_cli import cli
from stores import tamper


@pytest.fixture
def postgres_url(postgres_cluster, tmp_path, monkeypatch) -> str:
    """A new, empty log on the session's PostgreSQL server; the key file is the SQLite log's (seals carry over)."""
    monkeypatch.setenv("RIFTLOG_SEAL_KEY", str(tmp_path / "riftlog.seal-key"))
    yield postgres_cluster.url()
    from recorder.postgres import close_pools

    close_pools()


def rows(log: recorder.Log, match_id: str) -> list[tuple]:
    """The match's event rows as stored: seq, type, bytes, hash, prev_hash, envelope and key."""
    return [(row[0], row[1], bytes(row[2]), *row[3:]) for row in log.db.execute(
        'SELECT seq, type, body, hash, prev_hash, recorded_at, client, idempotency_key FROM events '
        'WHERE "match" = ? ORDER BY seq', [match_id])]


def migrate(runner, source: Path | str, target: Path | str):
    return runner.invoke(cli, ["--db", str(source), "migrate", str(target)], catch_exceptions=False)


def test_a_sqlite_log_is_copied_to_postgres_and_back_byte_for_byte(runner, tmp_path, postgres_url, demo_tokens,
                                                                 duel_created):
    sqlite_file = tmp_path / "riftlog.db"
    with recorder.Log(sqlite_file) as source:
        match_id = next(iter(demo_tokens))
        source.append(match_id, [{"type": "note", "text": "kept"}], idempotency_key="retry-me")
        code = seal.seal(source, match_id, source.key)["code"]
        pairings.replace_round(source, "Regional", "1", [("2", "Cleo", "Dario"), ("1", "Ana", "Ben")])
        organiser = tokens.new_organiser_token(source)
        expected = {summary["id"]: rows(source, summary["id"]) for summary in source.matches()}
    result = migrate(runner, sqlite_file, postgres_url)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert summary["copied"] == len(expected) and summary["failed"] == []
    assert summary["events"] == sum(len(events) for events in expected.values())
    with recorder.Log(postgres_url) as copied:
        assert {summary["id"]: rows(copied, summary["id"]) for summary in copied.matches()} == expected
        for each, token in demo_tokens.items():
            assert copied.check_token(each, token)  # the judge's token still appends
            assert replays.verify(copied, each)["ok"]
        assert seal.check(copied, match_id, code, copied.key)["ok"]  # the seal made on SQLite holds
        assert tokens.is_organiser(copied, organiser)
        assert pairings.of_round(copied, "Regional", "1") == [{"table": "2", "players": ["Cleo", "Dario"]},
                                                              {"table": "1", "players": ["Ana", "Ben"]}]
        # A recorder's retry after the move is answered as the first time, and nothing is written twice.
        head = copied.match(match_id)["head_seq"]
        assert copied.append(match_id, [{"type": "note", "text": "kept"}], idempotency_key="retry-me")["seq"] == head
        new_id, _token = copied.create_match(duel_created)
        assert int(new_id[1:]) == len(expected) + 1  # ids go on after the copied ones
    back = tmp_path / "back.db"
    result = migrate(runner, postgres_url, back)
    assert result.exit_code == 0, result.output
    with recorder.Log(back) as returned:
        assert {each: rows(returned, each) for each in expected} == expected


def test_migrating_again_copies_nothing_twice(runner, tmp_path, postgres_url, demo_tokens):
    sqlite_file = tmp_path / "riftlog.db"
    assert migrate(runner, sqlite_file, postgres_url).exit_code == 0
    result = migrate(runner, sqlite_file, postgres_url)
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert (summary["copied"], summary["present"], summary["failed"]) == (0, len(demo_tokens), [])


def test_migrate_shows_its_progress_on_stderr_and_its_summary_on_stdout(runner, tmp_path, postgres_url,
                                                                        demo_tokens):
    """The progress bar (click's: on a terminal the bar, the share done and the match being copied; piped, its
    label) goes to stderr, so that stdout is the summary alone, as JSON."""
    result = migrate(runner, tmp_path / "riftlog.db", postgres_url)
    assert result.exit_code == 0, result.output
    assert f"copying {len(demo_tokens)} matches" in result.stderr
    assert json.loads(result.stdout)["copied"] == len(demo_tokens)


def test_a_match_that_does_not_verify_is_not_copied_and_the_others_are(runner, tmp_path, postgres_url, demo_tokens):
    sqlite_file = tmp_path / "riftlog.db"
    broken = list(demo_tokens)[1]
    tamper(sqlite_file, 'UPDATE events SET hash = ? WHERE "match" = ? AND seq = 3', ("ab" * 32, broken))
    result = migrate(runner, sqlite_file, postgres_url)
    assert result.exit_code == 1
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert [failure["match"] for failure in summary["failed"]] == [broken]
    assert "event 3" in summary["failed"][0]["error"]
    assert "1 match was not copied" in result.output
    with recorder.Log(postgres_url) as copied:
        assert [each["id"] for each in copied.matches()] == [each for each in demo_tokens if each != broken]
        assert copied.db.execute('SELECT COUNT(*) FROM events WHERE "match" = ?', [broken]).fetchone()[0] == 0


def test_a_match_the_target_holds_with_another_record_is_never_overwritten(runner, tmp_path, postgres_url,
                                                                           demo_tokens, duel_created):
    with recorder.Log(postgres_url) as target:
        target.create_match({**duel_created, "policy": "audit"})  # m1 there, another match
        before = rows(target, "m1")
    result = migrate(runner, tmp_path / "riftlog.db", postgres_url)
    assert result.exit_code == 1
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert [failure["match"] for failure in summary["failed"]] == ["m1"]
    assert "another record" in summary["failed"][0]["error"]
    with recorder.Log(postgres_url) as target:
        assert rows(target, "m1") == before


def test_migrating_onto_itself_is_refused(runner, tmp_path, demo_tokens):
    result = runner.invoke(cli, ["--db", str(tmp_path / "riftlog.db"), "migrate", str(tmp_path / "riftlog.db")])
    assert result.exit_code == 1 and "TARGET is the database being copied" in result.output
